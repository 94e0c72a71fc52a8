import { RepositoryBlobDocument, RepositoryTreeDocument } from '../../__generated__/graphql.ts';
import { defineOperation, found, ok } from '../../operation.ts';
import { offsetToCursor } from '@pothos/plugin-relay';

/** Gitea's tree paging: per_page (at most DEFAULT_GIT_TREES_PER_PAGE, the default too) and a 1-based page. */
function treeWindow(query: { page?: number; per_page?: number }, max: number) {
  const limit = query.per_page && query.per_page > 0 && query.per_page <= max ? query.per_page : max;
  const page = query.page && query.page > 0 ? query.page : 1;
  return { page, limit, offset: (page - 1) * limit };
}

export const GetTree = defineOperation({
  operationId: 'GetTree',
  document: RepositoryTreeDocument,
  variables: ({ params, query, config }) => {
    const { limit, offset } = treeWindow(query, config.api.DEFAULT_GIT_TREES_PER_PAGE);
    return {
      owner: params.owner,
      name: params.repo,
      rev: params.sha,
      recursive: query.recursive ?? false,
      first: limit,
      after: offset > 0 ? offsetToCursor(offset - 1) : null,
    };
  },
  reply: ({ repository }, { query, config }) => {
    const { apiUrl, tree: lookedUp } = found(repository);
    const tree = found(lookedUp);
    const { page, offset } = treeWindow(query, config.api.DEFAULT_GIT_TREES_PER_PAGE);
    const url = (kind: string, oid: string) => `${apiUrl}/git/${kind}/${encodeURIComponent(oid)}`;
    return ok({
      sha: tree.oid,
      url: url('trees', tree.oid),
      tree: tree.nodes.map((e) => ({
        path: e.path,
        mode: e.mode,
        type: e.type,
        size: e.size,
        sha: e.oid,
        // Submodules have no URL here, as on GitHub and Gitea.
        url: e.type === 'tree' ? url('trees', e.oid) : e.type === 'commit' ? '' : url('blobs', e.oid),
      })),
      truncated: offset + tree.nodes.length < tree.totalCount,
      page,
      total_count: tree.totalCount,
    });
  },
});

export const GetBlob = defineOperation({
  operationId: 'GetBlob',
  document: RepositoryBlobDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, oid: params.sha }),
  reply: ({ repository }) => {
    const { apiUrl, blob: lookedUp } = found(repository);
    const blob = found(lookedUp);
    return ok({
      sha: blob.oid,
      url: `${apiUrl}/git/blobs/${encodeURIComponent(blob.oid)}`,
      size: blob.size,
      // Blobs above DEFAULT_MAX_BLOB_SIZE come without content, as in Gitea.
      ...(blob.contentBase64 !== null ? { encoding: 'base64', content: blob.contentBase64 } : { encoding: null, content: null }),
      lfs_oid: blob.lfs?.oid ?? null,
      lfs_size: blob.lfs?.size ?? null,
    });
  },
});
