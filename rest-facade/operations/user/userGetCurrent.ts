import { ViewerDocument } from '../../__generated__/graphql.ts';
import { toUser } from '../../convert/user.ts';
import { defineOperation, found, ok } from '../../operation.ts';

export const userGetCurrent = defineOperation({
  operationId: 'userGetCurrent',
  document: ViewerDocument,
  variables: () => ({}),
  reply: ({ viewer }) => ok(toUser(found(viewer))),
});
