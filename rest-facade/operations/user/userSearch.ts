import { SearchUsersDocument } from '../../__generated__/graphql.ts';
import { toUser } from '../../convert/user.ts';
import { defineOperation, searchResults } from '../../operation.ts';

/** Gitea wraps search results as {ok, data}; the total goes in X-Total-Count. */
export const userSearch = defineOperation({
  operationId: 'userSearch',
  document: SearchUsersDocument,
  paged: true,
  variables: ({ query, page }) => ({ query: query.q, id: query.uid, ...page }),
  reply: ({ users }) => searchResults(users, toUser),
});
