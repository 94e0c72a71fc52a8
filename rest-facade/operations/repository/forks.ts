import { CreateForkDocument, MergeUpstreamDocument, RepositoryForksDocument, type MergeUpstreamType } from '../../__generated__/graphql.ts';
import { toRepository } from '../../convert/repository.ts';
import { defineOperation, notFoundReply, ok, paginated } from '../../operation.ts';
import { connectionArgsFor } from '../../pagination.ts';

export const listForks = defineOperation({
  operationId: 'listForks',
  document: RepositoryForksDocument,
  variables: ({ params, query, config }) => ({ owner: params.owner, name: params.repo, ...connectionArgsFor(query, config).args }),
  reply: ({ repository }, { params, query, config }) =>
    repository
      ? paginated(repository.forks.nodes.map(toRepository), connectionArgsFor(query, config).window, repository.forks.totalCount)
      : notFoundReply(`repository ${params.owner}/${params.repo} does not exist`),
});

export const createFork = defineOperation({
  operationId: 'createFork',
  document: CreateForkDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, organization: body?.organization || null, newName: body?.name || null }),
  // Gitea answers 202: the fork is complete when this returns, but clients expect that status.
  reply: ({ createFork }) => ({ status: 202, body: toRepository(createFork) }),
});

const MERGE_TYPES: Record<MergeUpstreamType, string> = { UP_TO_DATE: 'up-to-date', FAST_FORWARD: 'fast-forward', MERGE: 'merge' };

export const repoMergeUpstream = defineOperation({
  operationId: 'repoMergeUpstream',
  document: MergeUpstreamDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, branch: body?.branch ?? '', ffOnly: body?.ff_only ?? false }),
  reply: ({ mergeUpstream }) => ok({ merge_type: MERGE_TYPES[mergeUpstream.mergeType] }),
});
