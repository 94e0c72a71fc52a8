import { RepositoryByNameDocument } from '../../__generated__/graphql.ts';
import { toRepository } from '../../convert/repository.ts';
import { defineOperation, found, ok } from '../../operation.ts';

export const repoGet = defineOperation({
  operationId: 'repoGet',
  document: RepositoryByNameDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: ({ repository }) => ok(toRepository(found(repository))),
});
