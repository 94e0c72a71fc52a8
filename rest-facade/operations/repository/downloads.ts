import { RepositoryArchiveDocument, RepositoryRawFileDocument, type RepositoryRawFileQuery } from '../../__generated__/graphql.ts';
import { defineOperation, notFoundReply, type Reply } from '../../operation.ts';

/**
 * Raw files and archives: the GraphQL document decides access and finds the object (blob or commit);
 * the bytes are streamed by the app from git (Reply.stream), never held in memory here.
 */

function rawReply(repository: RepositoryRawFileQuery['repository'], params: { owner: string; repo: string; filepath: string }): Reply {
  if (!repository) return notFoundReply(`repository ${params.owner}/${params.repo} does not exist`);
  const { entry } = repository.contents;
  if (entry.type !== 'file' && entry.type !== 'symlink') return notFoundReply(`"${entry.path || params.filepath}" is not a file`);
  return {
    status: 200,
    headers: { 'X-Gitea-Object-Type': entry.type },
    stream: {
      kind: 'blob',
      repositoryId: repository.databaseId,
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
  reply: ({ repository }, { params }) => rawReply(repository, params),
});

/** Graft stores no Git LFS objects, so a pointer file is served as it is, like any other file. */
export const repoGetRawFileOrLFS = defineOperation({
  operationId: 'repoGetRawFileOrLFS',
  document: RepositoryRawFileDocument,
  variables: ({ params, query }) => ({ owner: params.owner, name: params.repo, path: params.filepath, ref: query.ref }),
  reply: ({ repository }, { params }) => rawReply(repository, params),
});

export const repoGetArchive = defineOperation({
  operationId: 'repoGetArchive',
  document: RepositoryArchiveDocument,
  variables: ({ params, query }) => ({ owner: params.owner, name: params.repo, archive: params.archive, paths: query.path }),
  reply: ({ repository }, { params }) => {
    if (!repository) return notFoundReply(`repository ${params.owner}/${params.repo} does not exist`);
    const { archive } = repository;
    return {
      status: 200,
      headers: { Link: `<${repository.apiUrl}/archive/${archive.commitOid}.${archive.format}?rev=${archive.commitOid}>; rel="immutable"` },
      stream: {
        kind: 'archive',
        repositoryId: repository.databaseId,
        oid: archive.commitOid,
        format: archive.format as 'tar.gz' | 'zip' | 'bundle',
        filename: archive.fileName,
        prefix: archive.prefix,
        paths: archive.paths,
      },
    };
  },
});
