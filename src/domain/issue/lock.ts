import { badRequest, conflict } from '../../errors.ts';
import type { IssueLockEvent } from '../../events/topics.ts';
import { transactionWithEvents } from '../../events/outbox.ts';
import type { ServiceContext } from '../../services.ts';
import type { IssueView } from './issue.service.ts';
import { loadIssueIn, moderatedRepository, timelineRow } from './moderation.ts';

/**
 * Locking an issue's conversation, as Gitea does: repository admins (Gitea's API: reqAdmin) lock with one of the
 * configured reasons (repository.ISSUE_LOCK_REASONS, matched whatever its case; none at all is allowed too) and
 * unlock. Each writes its timeline row in the same transaction: `lock` with the reason as its body, `unlock`.
 * Locking a locked issue is a CONFLICT (the issue names its own reason already); unlocking one that is not locked
 * changes nothing and succeeds, as in Gitea.
 */

/** The configured reason `reason` names, in the configuration's spelling; '' for none; BAD_REQUEST for another. */
export function lockReason(reasons: readonly string[], reason: string | null | undefined): string {
  const wanted = (reason ?? '').trim();
  if (wanted === '') return '';
  const found = reasons.find((r) => r.toLowerCase() === wanted.toLowerCase());
  if (!found) throw badRequest(`the lock reason "${wanted}" is not one of: ${reasons.join(', ')}`);
  return found;
}

export async function lockIssue(ctx: ServiceContext, owner: string, name: string, number: number, reason?: string | null): Promise<IssueView> {
  const { actor, repo } = await moderatedRepository(ctx, owner, name);
  const given = lockReason(ctx.config.repository.ISSUE_LOCK_REASONS, reason);
  const issue = await transactionWithEvents(ctx, async (tx, publish) => {
    const found = await loadIssueIn(tx, repo, number);
    // Only one of two concurrent locks may pass from unlocked to locked.
    const { count } = await tx.issue.updateMany({ where: { id: found.id, isLocked: false }, data: { isLocked: true } });
    if (count === 0) throw conflict(`issue #${number} is locked already`);
    await timelineRow(tx, found, actor, 'lock', given);
    const event: IssueLockEvent = { action: 'locked', actorId: actor.id, repoId: repo.id, issueId: found.id, number, reason: given };
    await publish('issue_lock', event);
    return loadIssueIn(tx, repo, number);
  });
  return { issue, repo };
}

export async function unlockIssue(ctx: ServiceContext, owner: string, name: string, number: number): Promise<IssueView> {
  const { actor, repo } = await moderatedRepository(ctx, owner, name);
  const issue = await transactionWithEvents(ctx, async (tx, publish) => {
    const found = await loadIssueIn(tx, repo, number);
    const { count } = await tx.issue.updateMany({ where: { id: found.id, isLocked: true }, data: { isLocked: false } });
    if (count === 0) return found;
    await timelineRow(tx, found, actor, 'unlock');
    const event: IssueLockEvent = { action: 'unlocked', actorId: actor.id, repoId: repo.id, issueId: found.id, number, reason: '' };
    await publish('issue_lock', event);
    return loadIssueIn(tx, repo, number);
  });
  return { issue, repo };
}
