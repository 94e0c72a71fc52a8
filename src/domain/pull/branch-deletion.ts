import type { PullRequestEvent } from '../../events/topics.ts';
import type { ServiceContext } from '../../services.ts';
import { closeIssuesIn, type TimelineRow } from '../issue/issue.service.ts';

type Deps = Omit<ServiceContext, 'viewer'>;

/** A branch that is gone: deleted through the API (`repo.branch`) or by a push (`repo.push` to the zero id). */
export interface DeletedBranch {
  repoId: number;
  branch: string;
  actorId: number | null;
}

/**
 * What deleting a branch means for pull requests (SPEC.md, states of pull requests; Gitea's
 * RetargetChildrenOnMerge, CloseBranchPulls and AddDeletePRBranchComment):
 * - open pull requests into the branch, when a merged pull request of the same repository came from it and
 *   repository.PULL_RETARGET_CHILDREN_ON_MERGE is on (the default), move to that pull request's base (a
 *   `change_target_branch` row, `edited`; their mergeability is checked again), unless an open pull request
 *   from the same head into that base exists already;
 * - every other open pull request from or into the branch is closed, with a `delete_branch` row naming the branch
 *   before the `close` row (`closed`);
 * - pull requests already closed or merged from the branch get the `delete_branch` row.
 * Set-based, whatever the number of pull requests: one read of them, then one transaction that reads again those
 * still to move or close, moves and closes them with an update each (the closed counters: one statement per
 * distinct count, closeIssuesIn) and inserts every timeline row at once; the events follow its commit. Returns
 * the pull requests to check again.
 */
export async function followBranchDeletion(deps: Deps, deleted: DeletedBranch): Promise<number[]> {
  const { repoId, branch } = deleted;
  const actor = deleted.actorId === null ? null : await deps.db.user.findUnique({ where: { id: deleted.actorId } });
  if (!actor) return [];
  const involved = await deps.db.pullRequest.findMany({
    where: { OR: [{ baseRepoId: repoId, baseBranch: branch }, { headRepoId: repoId, headBranch: branch }] },
    include: { issue: { select: { id: true, repoId: true, number: true, isClosed: true } } },
    orderBy: { id: 'asc' },
  });
  if (involved.length === 0) return [];
  const mergedFrom = deps.config.repository.PULL_RETARGET_CHILDREN_ON_MERGE
    ? involved.filter((p) => p.hasMerged && p.headRepoId === repoId && p.baseRepoId === repoId && p.headBranch === branch).at(-1)
    : undefined;
  const isHead = (p: (typeof involved)[number]) => p.headRepoId === repoId && p.headBranch === branch;
  const open = involved.filter((p) => !p.hasMerged && !p.issue.isClosed);
  const ended = involved.filter((p) => !open.includes(p) && isHead(p));
  const retargetTo = mergedFrom?.baseBranch ?? null;
  const candidates = retargetTo === null ? [] : open.filter((p) => !isHead(p) && p.baseRepoId === repoId);

  const { moved, closed } = await deps.db.$transaction(async (tx) => {
    let moved: typeof open = [];
    if (retargetTo !== null && candidates.length > 0) {
      // Still into the branch and open, and no open pull request from the same head into the new base: one read each.
      const [still, taken] = await Promise.all([
        tx.pullRequest.findMany({ where: { id: { in: candidates.map((p) => p.id) }, baseBranch: branch, hasMerged: false, issue: { isClosed: false } }, select: { id: true } }),
        tx.pullRequest.findMany({
          where: { baseRepoId: repoId, baseBranch: retargetTo, headBranch: { in: [...new Set(candidates.map((p) => p.headBranch))] }, hasMerged: false, issue: { isClosed: false } },
          select: { headRepoId: true, headBranch: true },
        }),
      ]);
      const stillIds = new Set(still.map((p) => p.id));
      const heads = new Set(taken.map((t) => `${t.headRepoId}:${t.headBranch}`));
      moved = candidates.filter((p) => stillIds.has(p.id) && !heads.has(`${p.headRepoId}:${p.headBranch}`));
      if (moved.length > 0) {
        await tx.pullRequest.updateMany({ where: { id: { in: moved.map((p) => p.id) } }, data: { baseBranch: retargetTo, status: 'checking', conflictedFiles: '' } });
        await tx.issue.updateMany({ where: { id: { in: moved.map((p) => p.issueId) } }, data: { updatedAt: new Date() } });
      }
    }
    const closing = open.filter((p) => !moved.includes(p));
    const closedIds = await closeIssuesIn(tx, closing.map((p) => p.issueId));
    const closed = closing.filter((p) => closedIds.has(p.issueId));
    const rows: (TimelineRow & { issueId: number; repoId: number; posterId: number })[] = [];
    const row = (p: (typeof involved)[number], data: TimelineRow) => rows.push({ ...data, issueId: p.issueId, repoId: p.issue.repoId, posterId: actor.id });
    for (const p of involved) {
      if (ended.includes(p)) row(p, { type: 'delete_branch', oldRef: branch });
      else if (moved.includes(p)) row(p, { type: 'change_target_branch', oldRef: branch, newRef: retargetTo });
      else if (closed.includes(p)) {
        row(p, { type: 'delete_branch', oldRef: branch });
        row(p, { type: 'close' });
      }
    }
    if (rows.length > 0) await tx.comment.createMany({ data: rows });
    return { moved, closed };
  });

  for (const p of involved) {
    const action: PullRequestEvent['action'] | null = moved.includes(p) ? 'edited' : closed.includes(p) ? 'closed' : null;
    if (action) await deps.events.publish('pull_request', { actorId: actor.id, repoId: p.baseRepoId, issueId: p.issueId, pullId: p.id, number: p.issue.number, action });
  }
  return moved.map((p) => p.id);
}
