import { SearchUsersDocument, UserByLoginDocument, ViewerDocument } from '../../__generated__/graphql.ts';
import { toUser } from '../../convert/user.ts';
import { defineOperation, found, ok, searchResults } from '../../operation.ts';

export const userGet = defineOperation({
  operationId: 'userGet',
  document: UserByLoginDocument,
  variables: ({ params }) => ({ login: params.username }),
  reply: ({ user }) => ok(toUser(found(user))),
});

export const userGetCurrent = defineOperation({
  operationId: 'userGetCurrent',
  document: ViewerDocument,
  variables: () => ({}),
  reply: ({ viewer }) => ok(toUser(found(viewer))),
});

/** Gitea wraps search results as {ok, data}; the total goes in X-Total-Count. */
export const userSearch = defineOperation({
  operationId: 'userSearch',
  document: SearchUsersDocument,
  paged: true,
  variables: ({ query, page }) => ({ query: query.q, id: query.uid, ...page }),
  reply: ({ users }) => searchResults(users, toUser),
});
