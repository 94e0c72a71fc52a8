import { DeleteRepositoryDocument } from '../../__generated__/graphql.ts';
import { defineOperation, noContent } from '../../operation.ts';

export const repoDelete = defineOperation({
  operationId: 'repoDelete',
  document: DeleteRepositoryDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: () => noContent(),
});
