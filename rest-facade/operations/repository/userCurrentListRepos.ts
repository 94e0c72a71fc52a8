import { RepositorySearchDocument } from '../../__generated__/graphql.ts';
import { toRepository } from '../../convert/repository.ts';
import { defineOperation, paginated } from '../../operation.ts';
import { connectionArgsFor } from '../../pagination.ts';

export const userCurrentListRepos = defineOperation({
  operationId: 'userCurrentListRepos',
  document: RepositorySearchDocument,
  variables: ({ viewer, query, config }) => ({ ownerLogin: viewer.user!.login, ...connectionArgsFor(query, config).args }),
  reply: ({ repositories }, { query, config }) =>
    paginated(repositories.nodes.map(toRepository), connectionArgsFor(query, config).window, repositories.totalCount),
});
