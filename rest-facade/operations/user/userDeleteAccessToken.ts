import { DeleteAccessTokenDocument } from '../../__generated__/graphql.ts';
import { defineOperation, noContent } from '../../operation.ts';

export const userDeleteAccessToken = defineOperation({
  operationId: 'userDeleteAccessToken',
  document: DeleteAccessTokenDocument,
  variables: ({ params }) => ({ login: params.username, idOrName: params.token }),
  reply: () => noContent(),
});
