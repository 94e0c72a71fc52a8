import { UserByLoginDocument } from '../../__generated__/graphql.ts';
import { toUser } from '../../convert/user.ts';
import { defineOperation, found, ok } from '../../operation.ts';

export const userGet = defineOperation({
  operationId: 'userGet',
  document: UserByLoginDocument,
  variables: ({ params }) => ({ login: params.username }),
  reply: ({ user }) => ok(toUser(found(user))),
});
