import { RepositoryArchiveDocument, RepositoryRawFileDocument, type RepositoryRawFileQuery } from '../../__generated__/graphql.ts';
import { notFound } from '../../../src/errors.ts';
import { immutableArchiveApiUrl } from '../../convert/urls.ts';
import { defineOperation, found, type Reply } from '../../operation.ts';

/**
 * Raw files and archives: the GraphQL document decides access and finds the object (blob or commit);
 * the bytes are streamed by the app from git (Reply.stream), never held in memory here.
 */

function rawReply({ repository }: RepositoryRawFileQuery, { params }: { params: { filepath: string } }): Reply {
  const { databaseId, contents } = found(repository);
  const { entry } = contents;
  // Only files have raw bytes: Gitea answers 404 for a directory or a submodule.
  if (entry.type !== 'file' && entry.type !== 'symlink') throw notFound(`"${entry.path || params.filepath}" is not a file`);
  return {
    status: 200,
    headers: { 'X-Gitea-Object-Type': entry.type },
    stream: {
      kind: 'blob',
      repositoryId: databaseId,
      oid: entry.oid,
      size: entry.size,
      path: entry.path,
      etag: `"${entry.oid}"`,
      lastModified: entry.lastCommit?.committer.date,
    },
  };
}

export const repoGetRawFile = defineOperation({
  operationId: 'repoGetRawFile',
  document: RepositoryRawFileDocument,
  variables: ({ params, query }) => ({ owner: params.owner, name: params.repo, path: params.filepath, ref: query.ref }),
  reply: rawReply,
});

/** Graft stores no Git LFS objects, so a pointer file is served as it is, like any other file. */
export const repoGetRawFileOrLFS = defineOperation({
  operationId: 'repoGetRawFileOrLFS',
  document: RepositoryRawFileDocument,
  variables: ({ params, query }) => ({ owner: params.owner, name: params.repo, path: params.filepath, ref: query.ref }),
  reply: rawReply,
});

export const repoGetArchive = defineOperation({
  operationId: 'repoGetArchive',
  document: RepositoryArchiveDocument,
  variables: ({ params, query }) => ({ owner: params.owner, name: params.repo, archive: params.archive, paths: query.path }),
  reply: ({ repository }) => {
    const { archive, apiUrl, databaseId } = found(repository);
    return {
      status: 200,
      headers: { Link: `<${immutableArchiveApiUrl(apiUrl, archive.commitOid, archive.format)}>; rel="immutable"` },
      stream: {
        kind: 'archive',
        repositoryId: databaseId,
        oid: archive.commitOid,
        format: archive.format as 'tar.gz' | 'zip' | 'bundle',
        filename: archive.fileName,
        prefix: archive.prefix,
        paths: archive.paths,
      },
    };
  },
});
