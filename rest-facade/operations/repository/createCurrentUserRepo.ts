import { CreateRepositoryDocument } from '../../__generated__/graphql.ts';
import { toRepository } from '../../convert/repository.ts';
import { created, defineOperation } from '../../operation.ts';
import { createRepositoryInput } from './inputs.ts';

export const createCurrentUserRepo = defineOperation({
  operationId: 'createCurrentUserRepo',
  document: CreateRepositoryDocument,
  variables: ({ body }) => ({ input: createRepositoryInput(body) }),
  reply: ({ createRepository }) => created(toRepository(createRepository)),
});
