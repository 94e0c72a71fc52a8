import { CreateForkDocument, MergeUpstreamDocument, RepositoryForksDocument } from '../../__generated__/graphql.ts';
import { toMergeUpstreamResponse } from '../../convert/fork.ts';
import { toRepository } from '../../convert/repository.ts';
import { accepted, defineOperation, found, list, ok } from '../../operation.ts';

export const listForks = defineOperation({
  operationId: 'listForks',
  document: RepositoryForksDocument,
  paged: true,
  variables: ({ params, page }) => ({ owner: params.owner, name: params.repo, ...page }),
  reply: ({ repository }) => list(found(repository).forks, toRepository),
});

export const createFork = defineOperation({
  operationId: 'createFork',
  document: CreateForkDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, organization: body?.organization || null, newName: body?.name || null }),
  // Gitea answers 202: the fork is complete when this returns, but clients expect that status.
  reply: ({ createFork }) => accepted(toRepository(createFork)),
});

export const repoMergeUpstream = defineOperation({
  operationId: 'repoMergeUpstream',
  document: MergeUpstreamDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, branch: body?.branch ?? '', ffOnly: body?.ff_only ?? false }),
  reply: ({ mergeUpstream }) => ok(toMergeUpstreamResponse(mergeUpstream)),
});
