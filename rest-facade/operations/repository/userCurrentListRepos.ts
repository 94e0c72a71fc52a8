import { ViewerReachableRepositoriesDocument } from '../../__generated__/graphql.ts';
import { toRepository } from '../../convert/repository.ts';
import { defineOperation, paginated } from '../../operation.ts';
import { connectionArgsFor } from '../../pagination.ts';

/** Gitea's "my repositories": every repository the caller reaches, not only those it owns, by name. */
export const userCurrentListRepos = defineOperation({
  operationId: 'userCurrentListRepos',
  document: ViewerReachableRepositoriesDocument,
  variables: ({ query, config }) => connectionArgsFor(query, config).args,
  reply: ({ viewer }, { query, config }) =>
    paginated(viewer?.repositories.nodes.map(toRepository) ?? [], connectionArgsFor(query, config).window, viewer?.repositories.totalCount ?? 0),
});
