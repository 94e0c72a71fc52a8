import { ViewerDocument } from '../../__generated__/graphql.ts';
import { toUser } from '../../convert/user.ts';
import { defineOperation, notFoundReply, ok } from '../../operation.ts';

export const userGetCurrent = defineOperation({
  operationId: 'userGetCurrent',
  document: ViewerDocument,
  variables: () => ({}),
  reply: ({ viewer }) => (viewer ? ok(toUser(viewer)) : notFoundReply('no signed-in account')),
});
