import { notFound } from '../../errors.ts';
import type { PullRequestCheckEvent, PullRequestEvent } from '../../events/topics.ts';
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

type Item = { topic: 'pull_request'; event: PullRequestEvent } | { topic: 'pull_request_check'; event: PullRequestCheckEvent };

/**
 * The `pull_request` events of one repository and the ends of its mergeability checks, for as long as the caller
 * reads its pull requests: each event is authorised again when it is delivered, on a fresh context.
 */
export async function* pullRequestEvents(ctx: ServiceContext, owner: string, name: string, signal?: AbortSignal): AsyncGenerator<PullEventView> {
  const { repo } = await getRepository(ctx, owner, name, PULLS_READ);
  if (!repo.hasPullRequests) throw notFound(`repository ${owner}/${name} has no pull requests`);
  const changes = ctx.events.subscribe('pull_request', signal);
  const checks = ctx.events.subscribe('pull_request_check', signal);
  for await (const item of merged(changes, checks)) {
    if (item.event.repoId !== repo.id) continue;
    const fresh: ServiceContext = { ...ctx };
    const current = await getRepositoryById(fresh, repo.id).catch(() => null);
    if (!current || !(await readsPulls(fresh, current.repo))) continue;
    const pull = await getPullRequest(fresh, current.repo, item.event.number);
    if (item.topic === 'pull_request') yield { action: item.event.action, number: item.event.number, actorId: item.event.actorId > 0 ? item.event.actorId : null, pull };
    else yield { action: 'mergeability_computed', number: item.event.number, actorId: null, pull };
  }
}

/** The events of both topics as they come; ending one ends both. */
async function* merged(changes: AsyncIterableIterator<PullRequestEvent>, checks: AsyncIterableIterator<PullRequestCheckEvent>): AsyncGenerator<Item> {
  const next = {
    pull_request: () => changes.next().then((r): Item | null => (r.done ? null : { topic: 'pull_request', event: r.value })),
    pull_request_check: () => checks.next().then((r): Item | null => (r.done ? null : { topic: 'pull_request_check', event: r.value })),
  };
  const pending = new Map<Item['topic'], Promise<Item | null>>([
    ['pull_request', next.pull_request()],
    ['pull_request_check', next.pull_request_check()],
  ]);
  try {
    for (;;) {
      const item = await Promise.race(pending.values());
      if (!item) return;
      pending.set(item.topic, next[item.topic]());
      yield item;
    }
  } finally {
    await Promise.all([changes.return?.(), checks.return?.()]);
  }
}
