import { CreateRepositoryDocument } from '../../__generated__/graphql.ts';
import { toRepository } from '../../convert/repository.ts';
import { created, defineOperation } from '../../operation.ts';
import { createRepositoryInput } from './inputs.ts';

export const adminCreateRepo = defineOperation({
  operationId: 'adminCreateRepo',
  document: CreateRepositoryDocument,
  variables: ({ params, body }) => ({ owner: params.username, input: createRepositoryInput(body) }),
  reply: ({ createRepository }) => created(toRepository(createRepository)),
});
