import { RepositoryLanguagesDocument } from '../../__generated__/graphql.ts';
import { defineOperation, found, ok } from '../../operation.ts';

export const repoGetLanguages = defineOperation({
  operationId: 'repoGetLanguages',
  document: RepositoryLanguagesDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: ({ repository }) => ok(Object.fromEntries(found(repository).languages.map((l) => [l.language, l.bytes]))),
});
