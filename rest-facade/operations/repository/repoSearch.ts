import { RepositorySearchDocument } from '../../__generated__/graphql.ts';
import { toRepository } from '../../convert/repository.ts';
import { defineOperation } from '../../operation.ts';
import { connectionArgsFor } from '../../pagination.ts';

/** Gitea's repository search: {ok, data} with X-Total-Count. */
export const repoSearch = defineOperation({
  operationId: 'repoSearch',
  document: RepositorySearchDocument,
  variables: ({ query, config }) => ({
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
    ...connectionArgsFor(query, config).args,
  }),
  reply: ({ repositories }, { query, config }) => ({
    status: 200,
    body: { ok: true, data: repositories.nodes.map(toRepository) },
    pagination: { window: connectionArgsFor(query, config).window, totalCount: repositories.totalCount },
  }),
});
