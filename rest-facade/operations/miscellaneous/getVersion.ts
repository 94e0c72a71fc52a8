import { GetVersionDocument } from '../../__generated__/graphql.ts';
import { defineOperation, ok } from '../../operation.ts';

export const getVersion = defineOperation({
  operationId: 'getVersion',
  document: GetVersionDocument,
  variables: () => ({}),
  reply: (data) => ok({ version: data.giteaVersion }),
});
