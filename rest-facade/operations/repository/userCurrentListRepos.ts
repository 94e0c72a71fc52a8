import { ViewerReachableRepositoriesDocument } from '../../__generated__/graphql.ts';
import { toRepository } from '../../convert/repository.ts';
import { defineOperation, found, list } from '../../operation.ts';

/** Gitea's "my repositories": every repository the caller reaches, not only those it owns, by name. */
export const userCurrentListRepos = defineOperation({
  operationId: 'userCurrentListRepos',
  document: ViewerReachableRepositoriesDocument,
  paged: true,
  variables: ({ page }) => page,
  reply: ({ viewer }) => list(found(viewer).repositories, toRepository),
});
