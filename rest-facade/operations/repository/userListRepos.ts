import { RepositorySearchDocument } from '../../__generated__/graphql.ts';
import { toRepository } from '../../convert/repository.ts';
import { defineOperation, list } from '../../operation.ts';

export const userListRepos = defineOperation({
  operationId: 'userListRepos',
  document: RepositorySearchDocument,
  paged: true,
  variables: ({ params, page }) => ({ ownerLogin: params.username, ...page }),
  reply: ({ repositories }) => list(repositories, toRepository),
});
