import { UpdateRepositoryDocument } from '../../__generated__/graphql.ts';
import { toRepository } from '../../convert/repository.ts';
import { defineOperation, ok } from '../../operation.ts';
import { updateRepositoryInput } from './inputs.ts';

export const repoEdit = defineOperation({
  operationId: 'repoEdit',
  document: UpdateRepositoryDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, input: updateRepositoryInput(body) }),
  reply: ({ updateRepository }) => ok(toRepository(updateRepository)),
});
