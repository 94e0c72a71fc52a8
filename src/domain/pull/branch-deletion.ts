import type { ServiceContext } from '../../services.ts';
import { closeIssueIn, timeline } from '../issue/issue.service.ts';

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
 *   `change_target_branch` row, `edited`; their mergeability is checked again);
 * - every other open pull request from or into the branch is closed, with a `delete_branch` row naming the branch
 *   before the `close` row (`closed`);
 * - pull requests already closed or merged from the branch get the `delete_branch` row.
 * Returns the pull requests to check again.
 */
export async function followBranchDeletion(deps: Deps, deleted: DeletedBranch): Promise<number[]> {
  const { repoId, branch } = deleted;
  const actor = deleted.actorId === null ? null : await deps.db.user.findUnique({ where: { id: deleted.actorId } });
  if (!actor) return [];
  const involved = await deps.db.pullRequest.findMany({
    where: { OR: [{ baseRepoId: repoId, baseBranch: branch }, { headRepoId: repoId, headBranch: branch }] },
    include: { issue: true },
    orderBy: { id: 'asc' },
  });
  if (involved.length === 0) return [];
  const mergedFrom = deps.config.repository.PULL_RETARGET_CHILDREN_ON_MERGE
    ? involved.filter((p) => p.hasMerged && p.headRepoId === repoId && p.baseRepoId === repoId && p.headBranch === branch).at(-1)
    : undefined;
  const toCheck: number[] = [];
  for (const pull of involved) {
    const isHead = pull.headRepoId === repoId && pull.headBranch === branch;
    const open = !pull.hasMerged && !pull.issue.isClosed;
    const about = { actorId: actor.id, repoId: pull.baseRepoId, issueId: pull.issueId, pullId: pull.id, number: pull.issue.number };
    if (!open) {
      if (isHead) await timeline(deps.db, pull.issue, actor, [{ type: 'delete_branch', oldRef: branch }]);
      continue;
    }
    const retargetTo = !isHead && mergedFrom && pull.baseRepoId === repoId ? mergedFrom.baseBranch : null;
    if (retargetTo) {
      const moved = await deps.db.$transaction(async (tx) => {
        const taken = await tx.pullRequest.count({
          where: { id: { not: pull.id }, baseRepoId: repoId, baseBranch: retargetTo, headRepoId: pull.headRepoId, headBranch: pull.headBranch, hasMerged: false, issue: { isClosed: false } },
        });
        if (taken > 0) return false;
        const changed = await tx.pullRequest.updateMany({ where: { id: pull.id, baseBranch: branch }, data: { baseBranch: retargetTo, status: 'checking', conflictedFiles: '' } });
        if (changed.count === 0) return false;
        await tx.issue.update({ where: { id: pull.issueId }, data: { updatedAt: new Date() } });
        await timeline(tx, pull.issue, actor, [{ type: 'change_target_branch', oldRef: branch, newRef: retargetTo }]);
        return true;
      });
      if (moved) {
        toCheck.push(pull.id);
        await deps.events.publish('pull_request', { ...about, action: 'edited' });
        continue;
      }
    }
    const closed = await deps.db.$transaction((tx) => closeIssueIn(tx, pull.issue, actor, [{ type: 'delete_branch', oldRef: branch }, { type: 'close' }]));
    if (closed) await deps.events.publish('pull_request', { ...about, action: 'closed' });
  }
  return toCheck;
}
