import { RepositoryByIdDocument } from '../../__generated__/graphql.ts';
import { toRepository } from '../../convert/repository.ts';
import { defineOperation, found, ok } from '../../operation.ts';

export const repoGetByID = defineOperation({
  operationId: 'repoGetByID',
  document: RepositoryByIdDocument,
  variables: ({ params }) => ({ id: params.id }),
  reply: ({ repositoryById }) => ok(toRepository(found(repositoryById))),
});
