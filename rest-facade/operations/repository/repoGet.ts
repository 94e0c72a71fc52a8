import { RepositoryByNameDocument } from '../../__generated__/graphql.ts';
import { toRepository } from '../../convert/repository.ts';
import { defineOperation, notFoundReply, ok } from '../../operation.ts';

export const repoGet = defineOperation({
  operationId: 'repoGet',
  document: RepositoryByNameDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: ({ repository }, { params }) =>
    repository ? ok(toRepository(repository)) : notFoundReply(`repository ${params.owner}/${params.repo} does not exist`),
});
