import { notFound } from '../../errors.ts';
import { interleave } from '../../events/interleave.ts';
import type { PullRequestEvent } from '../../events/topics.ts';
import type { ServiceContext } from '../../services.ts';
import { getRepository, getRepositoryById } from '../repo/repo.service.ts';
import { getPullRequest, PULLS_READ, readsPulls, type PullView } from './pull.service.ts';

/** One event of a repository's pull requests as the subscription delivers it, with the pull request as it is now. */
export interface PullEventView {
  action: PullRequestEvent['action'] | 'mergeability_computed';
  number: number;
  actorId: number | null;
  pull: PullView | null;
}

/**
 * The `pull_request` events of one repository and the ends of its mergeability checks, for as long as the caller
 * reads its pull requests: each event is authorised again when it is delivered, on a fresh context.
 */
export async function* pullRequestEvents(ctx: ServiceContext, owner: string, name: string, signal?: AbortSignal): AsyncGenerator<PullEventView> {
  const { repo } = await getRepository(ctx, owner, name, PULLS_READ);
  if (!repo.hasPullRequests) throw notFound(`repository ${owner}/${name} has no pull requests`);
  const changes = ctx.events.subscribe('pull_request', signal);
  const checks = ctx.events.subscribe('pull_request_check', signal);
  for await (const item of interleave(['pull_request', changes], ['pull_request_check', checks])) {
    if (item.event.repoId !== repo.id) continue;
    const fresh: ServiceContext = { ...ctx };
    const current = await getRepositoryById(fresh, repo.id).catch(() => null);
    if (!current || !(await readsPulls(fresh, current.repo))) continue;
    const pull = await getPullRequest(fresh, current.repo, item.event.number);
    if (item.topic === 'pull_request') yield { action: item.event.action, number: item.event.number, actorId: item.event.actorId > 0 ? item.event.actorId : null, pull };
    else yield { action: 'mergeability_computed', number: item.event.number, actorId: null, pull };
  }
}
