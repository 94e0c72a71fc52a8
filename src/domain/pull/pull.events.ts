import { notFound } from '../../errors.ts';
import { interleave } from '../../events/interleave.ts';
import type { PullRequestEvent } from '../../events/topics.ts';
import type { ServiceContext } from '../../services.ts';
import { getRepository, getRepositoryById } from '../repo/repo.service.ts';
import { getPullRequest, PULLS_READ, readsPulls, type PullView } from './pull.service.ts';

/** One event of a repository's pull requests as the subscription delivers it, with the pull request as it is now. */
export interface PullEventView {
  action: PullRequestEvent['action'] | 'mergeability_computed' | 'auto_merge_scheduled' | 'auto_merge_cancelled' | 'auto_merged';
  number: number;
  actorId: number | null;
  pull: PullView | null;
}

const AUTO_MERGE_ACTIONS = { scheduled: 'auto_merge_scheduled', cancelled: 'auto_merge_cancelled', merged: 'auto_merged' } as const;

/**
 * The `pull_request` events of one repository, the ends of its mergeability checks and its auto-merge events
 * (scheduled, cancelled, carried out: `auto_merge_*`, `auto_merged`), for as long as the caller
 * reads its pull requests: each event is authorised again when it is delivered, on a fresh context.
 */
export async function* pullRequestEvents(ctx: ServiceContext, owner: string, name: string, signal?: AbortSignal): AsyncGenerator<PullEventView> {
  const { repo } = await getRepository(ctx, owner, name, PULLS_READ);
  if (!repo.hasPullRequests) throw notFound(`repository ${owner}/${name} has no pull requests`);
  const changes = ctx.events.subscribe('pull_request', signal);
  const checks = ctx.events.subscribe('pull_request_check', signal);
  const autoMerges = ctx.events.subscribe('pull_request_auto_merge', signal);
  const background = interleave(['pull_request_check', checks], ['pull_request_auto_merge', autoMerges]);
  for await (const outer of interleave(['pull_request', changes], ['background', background])) {
    const item = outer.topic === 'background' ? outer.event : outer;
    if (item.event.repoId !== repo.id) continue;
    const fresh: ServiceContext = { ...ctx };
    const current = await getRepositoryById(fresh, repo.id).catch(() => null);
    if (!current || !(await readsPulls(fresh, current.repo))) continue;
    const pull = await getPullRequest(fresh, current.repo, item.event.number);
    if (item.topic === 'pull_request') yield { action: item.event.action, number: item.event.number, actorId: item.event.actorId > 0 ? item.event.actorId : null, pull };
    else if (item.topic === 'pull_request_auto_merge') yield { action: AUTO_MERGE_ACTIONS[item.event.action], number: item.event.number, actorId: item.event.actorId, pull };
    else yield { action: 'mergeability_computed', number: item.event.number, actorId: null, pull };
  }
}
