import { SearchUsersDocument } from '../../__generated__/graphql.ts';
import { toUser } from '../../convert/user.ts';
import { defineOperation } from '../../operation.ts';
import { connectionArgsFor } from '../../pagination.ts';

/** Gitea wraps search results as {ok, data}; the total goes in X-Total-Count. */
export const userSearch = defineOperation({
  operationId: 'userSearch',
  document: SearchUsersDocument,
  variables: ({ query, config }) => ({ query: query.q, id: query.uid, ...connectionArgsFor(query, config).args }),
  reply: ({ users }, { query, config }) => ({
    status: 200,
    body: { ok: true, data: users.nodes.map(toUser) },
    pagination: { window: connectionArgsFor(query, config).window, totalCount: users.totalCount },
  }),
});
