import { RepositoryByIdDocument } from '../../__generated__/graphql.ts';
import { toRepository } from '../../convert/repository.ts';
import { defineOperation, notFoundReply, ok } from '../../operation.ts';

export const repoGetByID = defineOperation({
  operationId: 'repoGetByID',
  document: RepositoryByIdDocument,
  variables: ({ params }) => ({ id: params.id }),
  reply: ({ repositoryById }, { params }) =>
    repositoryById ? ok(toRepository(repositoryById)) : notFoundReply(`repository ${params.id} does not exist`),
});
