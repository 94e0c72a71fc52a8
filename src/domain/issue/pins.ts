import { badRequest, conflict, invalid, notFound } from '../../errors.ts';
import type { IssuePinEvent } from '../../events/topics.ts';
import { transactionWithEvents } from '../../events/outbox.ts';
import type { Page, PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { repositoryPermission, satisfies, type Unit } from '../access/access.service.ts';
import type { RepositoryWithOwner } from '../repo/repo.service.ts';
import { withRelations, type IssueView } from './issue.service.ts';
import { loadIssueIn, lockRepositoryRow, moderatedRepository, timelineRow } from './moderation.ts';

/**
 * Pinned issues, as Gitea keeps them: a repository pins at most repository.ISSUE_MAX_PINNED issues (and as many
 * pull requests, counted apart) at positions 1…n with no gap: unpinning or moving one renumbers the others in the
 * same transaction. Pinning, unpinning and moving need a repository admin (Gitea's API: reqAdmin); pinning and
 * unpinning write the timeline rows `pin` and `unpin`. Pinning a pinned issue or unpinning one that is not
 * pinned changes nothing and succeeds, as in Gitea.
 */

const readable = async (ctx: ServiceContext, repo: RepositoryWithOwner, unit: Unit) =>
  satisfies(await repositoryPermission(ctx, repo), { unit, level: 'read' });

/** Pins an issue after the last pinned one; BAD_REQUEST (Gitea's 400) once the repository pins its maximum. */
export async function pinIssue(ctx: ServiceContext, owner: string, name: string, number: number): Promise<IssueView> {
  const { actor, repo } = await moderatedRepository(ctx, owner, name);
  const max = ctx.config.repository.ISSUE_MAX_PINNED;
  const issue = await transactionWithEvents(ctx, async (tx, publish) => {
    await lockRepositoryRow(ctx, tx, repo.id);
    const found = await loadIssueIn(tx, repo, number);
    if (found.pinOrder > 0) return found;
    const pinned = await tx.issue.aggregate({
      where: { repoId: repo.id, isPull: found.isPull, pinOrder: { gt: 0 } },
      _count: { _all: true },
      _max: { pinOrder: true },
    });
    if (pinned._count._all >= max) throw badRequest(`the repository already pins the most ${found.isPull ? 'pull requests' : 'issues'} it may (${max})`);
    const position = (pinned._max.pinOrder ?? 0) + 1;
    await tx.issue.update({ where: { id: found.id }, data: { pinOrder: position } });
    await timelineRow(tx, found, actor, 'pin');
    const event: IssuePinEvent = { action: 'pinned', actorId: actor.id, repoId: repo.id, issueId: found.id, number, position };
    await publish('issue_pin', event);
    return loadIssueIn(tx, repo, number);
  });
  return { issue, repo };
}

/** Unpins an issue; the issues pinned after it move up one place. */
export async function unpinIssue(ctx: ServiceContext, owner: string, name: string, number: number): Promise<IssueView> {
  const { actor, repo } = await moderatedRepository(ctx, owner, name);
  const issue = await transactionWithEvents(ctx, async (tx, publish) => {
    await lockRepositoryRow(ctx, tx, repo.id);
    const found = await loadIssueIn(tx, repo, number);
    if (found.pinOrder === 0) return found;
    await tx.issue.update({ where: { id: found.id }, data: { pinOrder: 0 } });
    await tx.issue.updateMany({ where: { repoId: repo.id, isPull: found.isPull, pinOrder: { gt: found.pinOrder } }, data: { pinOrder: { decrement: 1 } } });
    await timelineRow(tx, found, actor, 'unpin');
    const event: IssuePinEvent = { action: 'unpinned', actorId: actor.id, repoId: repo.id, issueId: found.id, number, position: 0 };
    await publish('issue_pin', event);
    return loadIssueIn(tx, repo, number);
  });
  return { issue, repo };
}

/**
 * Moves a pinned issue to `position` (1 is first); a position past the last pinned issue moves it last. The
 * issues between its old and new places shift by one. A position below 1 is VALIDATION; an issue that is not
 * pinned has no place to move from: CONFLICT.
 */
export async function moveIssuePin(ctx: ServiceContext, owner: string, name: string, number: number, position: number): Promise<IssueView> {
  if (!Number.isInteger(position) || position < 1) throw invalid('the position of a pinned issue is 1 or more');
  const { actor, repo } = await moderatedRepository(ctx, owner, name);
  const issue = await transactionWithEvents(ctx, async (tx, publish) => {
    await lockRepositoryRow(ctx, tx, repo.id);
    const found = await loadIssueIn(tx, repo, number);
    if (found.pinOrder === 0) throw conflict(`issue #${number} is not pinned`);
    const pinned = await tx.issue.count({ where: { repoId: repo.id, isPull: found.isPull, pinOrder: { gt: 0 } } });
    const target = Math.min(position, pinned);
    if (target === found.pinOrder) return found;
    const others = { repoId: repo.id, isPull: found.isPull, id: { not: found.id } };
    if (target < found.pinOrder) {
      await tx.issue.updateMany({ where: { ...others, pinOrder: { gte: target, lt: found.pinOrder } }, data: { pinOrder: { increment: 1 } } });
    } else {
      await tx.issue.updateMany({ where: { ...others, pinOrder: { gt: found.pinOrder, lte: target } }, data: { pinOrder: { decrement: 1 } } });
    }
    await tx.issue.update({ where: { id: found.id }, data: { pinOrder: target } });
    const event: IssuePinEvent = { action: 'moved', actorId: actor.id, repoId: repo.id, issueId: found.id, number, position: target };
    await publish('issue_pin', event);
    return loadIssueIn(tx, repo, number);
  });
  return { issue, repo };
}

/** A repository's pinned issues (not pull requests), first position first; NOT_FOUND when its issues are not readable. */
export async function listPinnedIssues(ctx: ServiceContext, repo: RepositoryWithOwner, window: PageWindow): Promise<Page<IssueView>> {
  if (!repo.hasIssues || !(await readable(ctx, repo, 'repo.issues'))) throw notFound(`repository ${repo.owner.login}/${repo.name} has no issues`);
  const where = { repoId: repo.id, isPull: false, pinOrder: { gt: 0 } };
  const [issues, totalCount] = await Promise.all([
    ctx.db.issue.findMany({ where, orderBy: { pinOrder: 'asc' }, skip: window.offset, take: window.limit }),
    ctx.db.issue.count({ where }),
  ]);
  return { items: (await withRelations(ctx, issues)).map((issue) => ({ issue, repo })), totalCount };
}

export interface PinsAllowed {
  issues: boolean;
  pullRequests: boolean;
}

/**
 * Whether one more issue, and one more pull request, may be pinned: fewer than ISSUE_MAX_PINNED are. Read by
 * whoever reads the repository's issues or pull requests (Gitea's unit check on new_pin_allowed); NOT_FOUND else.
 */
export async function newPinAllowed(ctx: ServiceContext, repo: RepositoryWithOwner): Promise<PinsAllowed> {
  const reads = (repo.hasIssues && (await readable(ctx, repo, 'repo.issues'))) || (repo.hasPullRequests && (await readable(ctx, repo, 'repo.pulls')));
  if (!reads) throw notFound(`repository ${repo.owner.login}/${repo.name} has no issues`);
  const counts = await ctx.db.issue.groupBy({ by: ['isPull'], where: { repoId: repo.id, pinOrder: { gt: 0 } }, _count: { _all: true } });
  const pinned = (isPull: boolean) => counts.find((c) => c.isPull === isPull)?._count._all ?? 0;
  const max = ctx.config.repository.ISSUE_MAX_PINNED;
  return { issues: pinned(false) < max, pullRequests: pinned(true) < max };
}
