import { AdminAdoptRepositoryDocument, AdminDeleteUnadoptedRepositoryDocument, AdminUnadoptedRepositoriesDocument } from '../../__generated__/graphql.ts';
import { defineOperation, list, noContent } from '../../operation.ts';

export const adminUnadoptedList = defineOperation({
  operationId: 'adminUnadoptedList',
  document: AdminUnadoptedRepositoriesDocument,
  paged: true,
  variables: ({ query, page }) => ({ pattern: query.query ?? query.pattern, ...page }),
  reply: ({ unadoptedRepositories }) => list(unadoptedRepositories, (node) => node.fullName),
});

export const adminAdoptRepository = defineOperation({
  operationId: 'adminAdoptRepository',
  document: AdminAdoptRepositoryDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: () => noContent(),
});

export const adminDeleteUnadoptedRepository = defineOperation({
  operationId: 'adminDeleteUnadoptedRepository',
  document: AdminDeleteUnadoptedRepositoryDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: () => noContent(),
});
