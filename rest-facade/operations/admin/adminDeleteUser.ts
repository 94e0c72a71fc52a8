import { AdminDeleteUserDocument } from '../../__generated__/graphql.ts';
import { defineOperation, noContent } from '../../operation.ts';

export const adminDeleteUser = defineOperation({
  operationId: 'adminDeleteUser',
  document: AdminDeleteUserDocument,
  variables: ({ params, query }) => ({ login: params.username, purge: query.purge }),
  reply: () => noContent(),
});
