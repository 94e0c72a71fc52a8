import { isDomainError } from '../../errors.ts';
import type { ServiceContext } from '../../services.ts';
import { mergePullRequest } from './merge.service.ts';
import type { MergeStyle } from './pull.inputs.ts';
import { serialWork, type Follower } from '../../events/follower.ts';

type Deps = Omit<ServiceContext, 'viewer'>;

/** What examining a pull request's schedule came to. */
export type AutoMergeOutcome = 'none' | 'waiting' | 'merged' | 'failed';

/**
 * Examines the merge scheduled on a pull request (Gitea's handlePullRequestAutoMerge) and carries it out when
 * nothing stands in the way: the merge runs as the one who scheduled it, with that account's permissions now,
 * through the same merge as the API's (merge.service.ts: who may merge, the style, conflicts, the base branch's
 * protection, deleting the head branch afterwards), without `force_merge`. It waits, keeping the schedule, while
 * the pull request is closed, conflicts or is being checked, and while the protection refuses the merge
 * (status checks, approvals, ...). A merge that fails otherwise (the doer may no longer merge, a conflict, a
 * work-in-progress title) keeps the schedule too and is reported, as Gitea logs it; the next event tries again.
 * The schedule is deleted in the merge's own transaction, so a merged pull request never keeps one; a schedule
 * cancelled while its merge was being built makes that merge undo itself (the base branch moves back).
 */
export async function examineAutoMerge(deps: Deps, pullId: number, report: (message: string, err: unknown) => void): Promise<AutoMergeOutcome> {
  const scheduled = await deps.db.autoMerge.findUnique({ where: { pullId }, include: { doer: true, pull: { include: { issue: true } } } });
  if (!scheduled) return 'none';
  const { pull, doer } = scheduled;
  // Closed, being checked, or conflicting (or its base branch gone): reopening, the check's end or a push brings it back.
  if (pull.hasMerged || pull.issue.isClosed || pull.status === 'checking' || pull.status === 'conflict' || pull.status === 'error') return 'waiting';
  const repo = await deps.db.repository.findUniqueOrThrow({ where: { id: pull.baseRepoId }, include: { owner: true } });
  const ctx: ServiceContext = { ...deps, viewer: { user: doer, method: 'password', grant: null } };
  try {
    await mergePullRequest(ctx, repo.owner.login, repo.name, pull.issue.number, {
      style: scheduled.style as MergeStyle,
      title: scheduled.title,
      message: scheduled.message,
      deleteBranchAfterMerge: scheduled.deleteBranchAfterMerge,
      forceMerge: false,
    }, { autoMergeId: scheduled.id });
  } catch (err) {
    if (isDomainError(err) && err.kind === 'VALIDATION' && Array.isArray(err.details?.reasons)) return 'waiting';
    // Merged meanwhile (by someone else, or by another instance examining the same event), or the schedule
    // cancelled while the merge was built (it was undone): nothing to report.
    const now = await deps.db.pullRequest.findUnique({ where: { id: pull.id }, select: { hasMerged: true, autoMerge: { select: { id: true } } } });
    if (!now || now.hasMerged || now.autoMerge?.id !== scheduled.id) return 'none';
    report(`the merge of pull request #${pull.issue.number} of ${repo.owner.login}/${repo.name} scheduled by ${doer.login} failed; it stays scheduled`, err);
    return 'failed';
  }
  await deps.events.publish('pull_request_auto_merge', {
    action: 'merged',
    actorId: doer.id,
    repoId: repo.id,
    issueId: pull.issueId,
    pullId: pull.id,
    number: pull.issue.number,
    doerId: doer.id,
  });
  return 'merged';
}

/**
 * The durable job of auto-merge: the schedules live in the database, and this follower examines them
 * (examineAutoMerge) on start, every one (so a schedule outlives a restart), and then whenever something may have
 * made one mergeable, as Gitea's notifier does: a success status on a pull request's head commit (`status`), an
 * approval or a dismissed review (`pull_request_review`), the end of a mergeability check that found it mergeable
 * (`pull_request_check`: after opening, reopening, retargeting, and every push to the head or the base), a reopened or
 * edited pull request (`pull_request`: a work-in-progress title taken off), and the scheduling itself
 * (`pull_request_auto_merge`). A push to the head keeps the schedule, as in Gitea: the new head
 * must pass the checks in turn. One examination runs after the other; a pull request waiting for its turn is not
 * queued twice. A failure is reported and the work goes on.
 */
export function followAutoMerges(deps: Deps, report: (message: string, err: unknown) => void): Follower {
  const { enqueue, follow, signal, follower } = serialWork(report);
  const waiting = new Set<number>();
  const examine = (pullIds: number[]) => {
    for (const id of pullIds) {
      if (waiting.has(id)) continue;
      waiting.add(id);
      enqueue(`the scheduled merge of pull request ${id} was not examined`, async () => {
        waiting.delete(id);
        await examineAutoMerge(deps, id, report);
      });
    }
  };
  enqueue('the scheduled merges were not examined on start', async () => {
    const pending = await deps.db.autoMerge.findMany({ select: { pullId: true }, orderBy: { id: 'asc' } });
    examine(pending.map((p) => p.pullId));
  });
  follow(deps.events.subscribe('status', signal), (event) => {
    if (event.state !== 'success') return;
    enqueue(`the scheduled merges of commit ${event.sha} were not examined`, async () => {
      const pulls = await deps.db.autoMerge.findMany({ where: { pull: { baseRepoId: event.repoId, headCommitId: event.sha } }, select: { pullId: true } });
      examine(pulls.map((p) => p.pullId));
    });
  });
  follow(deps.events.subscribe('pull_request_review', signal), (event) => {
    if (event.action === 'approved' || event.action === 'dismissed') examine([event.pullId]);
  });
  follow(deps.events.subscribe('pull_request_check', signal), (event) => {
    if (event.status === 'mergeable' || event.status === 'empty') examine([event.pullId]);
  });
  follow(deps.events.subscribe('pull_request', signal), (event) => {
    if (event.action === 'reopened' || event.action === 'edited') examine([event.pullId]);
  });
  follow(deps.events.subscribe('pull_request_auto_merge', signal), (event) => {
    if (event.action === 'scheduled') examine([event.pullId]);
  });
  return follower;
}
