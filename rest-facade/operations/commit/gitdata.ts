import { offsetToCursor } from '@pothos/plugin-relay';
import { RepositoryBlobDocument, RepositoryTreeDocument } from '../../__generated__/graphql.ts';
import { toGitBlob, toGitTree } from '../../convert/gitdata.ts';
import { defineOperation, found, ok } from '../../operation.ts';

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
    const { apiUrl, tree } = found(repository);
    return ok(toGitTree(found(tree), apiUrl, treeWindow(query, config.api.DEFAULT_GIT_TREES_PER_PAGE)));
  },
});

export const GetBlob = defineOperation({
  operationId: 'GetBlob',
  document: RepositoryBlobDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, oid: params.sha }),
  reply: ({ repository }) => {
    const { apiUrl, blob } = found(repository);
    return ok(toGitBlob(found(blob), apiUrl));
  },
});
