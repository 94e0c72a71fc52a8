import { RepositorySearchDocument } from '../../__generated__/graphql.ts';
import { toRepository } from '../../convert/repository.ts';
import { defineOperation, searchResults } from '../../operation.ts';

/** Gitea's repository search: {ok, data} with X-Total-Count. */
export const repoSearch = defineOperation({
  operationId: 'repoSearch',
  document: RepositorySearchDocument,
  paged: true,
  variables: ({ query, page }) => ({
    query: query.q,
    topicOnly: query.topic,
    includeDescription: query.includeDesc,
    ownerId: query.uid,
    // Gitea: is_private filters; private=false leaves private repositories out (default: include them).
    isPrivate: query.is_private ?? (query.private === false ? false : undefined),
    isArchived: query.archived,
    isTemplate: query.template,
    mode: query.mode,
    sort: query.sort,
    order: query.order,
    ...page,
  }),
  reply: ({ repositories }) => searchResults(repositories, toRepository),
});
