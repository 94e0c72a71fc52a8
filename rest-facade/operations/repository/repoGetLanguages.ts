import { RepositoryLanguagesDocument } from '../../__generated__/graphql.ts';
import { defineOperation, notFoundReply, ok } from '../../operation.ts';

export const repoGetLanguages = defineOperation({
  operationId: 'repoGetLanguages',
  document: RepositoryLanguagesDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: ({ repository }, { params }) =>
    repository
      ? ok(Object.fromEntries(repository.languages.map((l) => [l.language, l.bytes])))
      : notFoundReply(`repository ${params.owner}/${params.repo} does not exist`),
});
