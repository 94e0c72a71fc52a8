import type { AutoMerge } from '../../db/models.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict, forbidden, invalid, notFound } from '../../errors.ts';
import { transactionWithEvents } from '../../events/outbox.ts';
import type { ServiceContext } from '../../services.ts';
import { atLeast } from '../access/access.service.ts';
import { loadIssue, signedIn, timeline } from '../issue/issue.service.ts';
import { admitHead, admitMerge } from './merge.service.ts';
import type { RepositoryWithOwner } from '../repo/repo.service.ts';
import type { MergePullInput } from './pull.inputs.ts';
import { pullRepository, type PullView } from './pull.service.ts';

/**
 * Auto-merge, "merge when checks succeed" (Gitea's pull_auto_merge): a merge scheduled by someone who may merge,
 * carried out later by the background job (auto-merge.ts) as that person, once the base branch's protection lets
 * it through (required status checks, approvals, ...). One schedule per pull request.
 */

/** What the schedule of a pull request says, as read back (GraphQL `PullRequest.autoMerge`). */
export type AutoMergeView = AutoMerge;

async function viewOf(ctx: ServiceContext, repo: RepositoryWithOwner, number: number): Promise<PullView> {
  const issue = await loadIssue(ctx.db, repo.id, number);
  const pull = await ctx.db.pullRequest.findUniqueOrThrow({ where: { issueId: issue.id } });
  return { issue, pull, repo };
}

/**
 * Schedules a pull request to merge when its checks succeed (Gitea's MergePullRequest with
 * merge_when_checks_succeed): the same checks as a merge now, except the base branch's protection (required
 * status checks, approvals, an outdated head, protected files), which is what the schedule waits for. A conflict
 * found by the last mergeability check is 422, as is a work-in-progress title or a head no longer at
 * `headCommitId`; a pull request already scheduled is 409. The schedule (the style, title, message and whether to
 * delete the head branch afterwards, the repository's default when not said) and its `pull_scheduled_merge`
 * timeline row are written in one transaction; `pull_request_auto_merge` `scheduled` is published, and the job
 * examines the pull request at once (it merges right away when nothing stands in the way, as in Gitea).
 * manually-merged is not scheduled: it marks the pull request merged at once (mergePullRequest).
 */
export async function scheduleAutoMerge(ctx: ServiceContext, owner: string, name: string, number: number, input: MergePullInput): Promise<PullView> {
  const style = input.style;
  if (style === 'manually_merged') throw invalid('a manually-merged pull request cannot be scheduled: mark it merged at once');
  const admitted = await admitMerge(ctx, owner, name, number, style);
  const { actor, repo, pull } = admitted;
  if (pull.status === 'conflict') throw invalid(`the pull request conflicts with the base branch: ${pull.conflictedFiles.split('\n').join(', ') || 'merge them locally'}`);
  const { head } = await admitHead(ctx, admitted, input.headCommitId);
  try {
    await transactionWithEvents(ctx, async (tx, publish) => {
      await tx.autoMerge.create({
        data: {
          pullId: pull.id,
          doerId: actor.id,
          style,
          title: input.title?.trim() || null,
          message: input.message?.trim() || null,
          deleteBranchAfterMerge: input.deleteBranchAfterMerge ?? repo.defaultDeleteBranchAfterMerge,
          headCommitId: head,
        },
      });
      await timeline(tx, pull.issue, actor, [{ type: 'pull_scheduled_merge' }]);
      await publish('pull_request_auto_merge', {
        action: 'scheduled',
        actorId: actor.id,
        repoId: repo.id,
        issueId: pull.issueId,
        pullId: pull.id,
        number,
        doerId: actor.id,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`pull request #${number} is already scheduled to merge when its checks succeed`);
    throw err;
  }
  return viewOf(ctx, repo, number);
}

/**
 * Cancels a pull request's scheduled merge (Gitea's CancelScheduledAutoMerge): 404 when none is scheduled; only the
 * one who scheduled it or an administrator of the repository may (403). The schedule goes and the
 * `pull_cancel_scheduled_merge` timeline row comes in one transaction; `pull_request_auto_merge` `cancelled` is
 * published. An archived repository refuses it (423).
 */
export async function cancelAutoMerge(ctx: ServiceContext, owner: string, name: string, number: number): Promise<PullView> {
  const actor = signedIn(ctx);
  const { repo, permission } = await pullRepository(ctx, owner, name, { unit: 'repo.pulls', level: 'read' });
  const pull = await ctx.db.pullRequest.findFirst({ where: { issue: { repoId: repo.id, number, isPull: true } }, include: { issue: true, autoMerge: true } });
  if (!pull) throw notFound(`pull request #${number} does not exist`);
  const scheduled = pull.autoMerge;
  if (!scheduled) throw notFound(`pull request #${number} is not scheduled to merge when its checks succeed`);
  if (scheduled.doerId !== actor.id && !atLeast(permission.level, 'admin')) {
    throw forbidden('only the one who scheduled the merge or an administrator of the repository may cancel it');
  }
  const removed = await transactionWithEvents(ctx, async (tx, publish) => {
    const gone = await tx.autoMerge.deleteMany({ where: { id: scheduled.id } });
    if (gone.count === 0) return false;
    await timeline(tx, pull.issue, actor, [{ type: 'pull_cancel_scheduled_merge' }]);
    await publish('pull_request_auto_merge', {
      action: 'cancelled',
      actorId: actor.id,
      repoId: repo.id,
      issueId: pull.issueId,
      pullId: pull.id,
      number,
      doerId: scheduled.doerId,
    });
    return true;
  });
  // Merged or cancelled by someone else meanwhile: there is nothing scheduled any more.
  if (!removed) throw notFound(`pull request #${number} is not scheduled to merge when its checks succeed`);
  return viewOf(ctx, repo, number);
}
