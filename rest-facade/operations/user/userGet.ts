import { UserByLoginDocument } from '../../__generated__/graphql.ts';
import { toUser } from '../../convert/user.ts';
import { defineOperation, notFoundReply, ok } from '../../operation.ts';

export const userGet = defineOperation({
  operationId: 'userGet',
  document: UserByLoginDocument,
  variables: ({ params }) => ({ login: params.username }),
  reply: ({ user }, { params }) => (user ? ok(toUser(user)) : notFoundReply(`user "${params.username}" does not exist`)),
});
