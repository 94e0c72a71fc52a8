import type { PushedRef } from '../../events/topics.ts';
import { commitTree } from '../../git/contents.ts';
import { changesBetween } from '../../git/diff.ts';
import { fetchObjects } from '../../git/fork.ts';
import { mergeBase } from '../../git/log.ts';
import { testMerge } from '../../git/merge.ts';
import { setPullHead } from '../../git/pull.ts';
import { readBranch } from '../../git/refs.ts';
import type { ServiceContext } from '../../services.ts';
import { repositoryPath } from '../repo/storage.ts';
import { followBranchDeletion, type DeletedBranch } from './branch-deletion.ts';
import { followReviewsOnPush } from '../review/review.service.ts';
import { serialWork, type Follower } from '../../events/follower.ts';

type Deps = Omit<ServiceContext, 'viewer'>;

const isZero = (oid: string) => /^0+$/.test(oid);
const BRANCH = 'refs/heads/';

/**
 * Computes a pull request's mergeability with `git merge-tree --write-tree` (no working tree, no ref written):
 * mergeable, conflict (with the conflicting paths), or empty (the head brings nothing the base lacks); error when
 * the base branch is gone. Also stores the merge base and the change's stats, and points refs/pull/<n>/head at
 * the head commit again. The result is stored only while the row still waits for this head (status checking,
 * same head commit): a push that moved the head meanwhile asks for a check of its own.
 */
export async function checkPullRequest(deps: Deps, pullId: number): Promise<string | null> {
  const pull = await deps.db.pullRequest.findUnique({ where: { id: pullId }, include: { issue: true } });
  if (!pull || pull.status !== 'checking') return null;
  const dir = repositoryPath(deps.config, pull.baseRepoId);
  const head = pull.headCommitId;
  await setPullHead(dir, pull.issue.number, head);
  const base = await readBranch(dir, pull.baseBranch);
  let data: { status: string; conflictedFiles: string; mergeBase?: string; additions?: number; deletions?: number; changedFiles?: number };
  if (!base) {
    data = { status: 'error', conflictedFiles: '' };
  } else {
    const merged = await testMerge(dir, base.oid, head);
    const ancestor = (await mergeBase(dir, base.oid, head)) ?? '';
    const stats = ancestor ? await changesBetween(dir, ancestor, head) : null;
    const baseTree = await commitTree(dir, base.oid);
    const status = merged.conflicted.length > 0 ? 'conflict' : merged.tree === baseTree ? 'empty' : 'mergeable';
    data = {
      status,
      conflictedFiles: merged.conflicted.join('\n'),
      mergeBase: ancestor,
      ...(stats ? { additions: stats.additions, deletions: stats.deletions, changedFiles: stats.files.length } : {}),
    };
  }
  const stored = await deps.db.pullRequest.updateMany({ where: { id: pull.id, headCommitId: head, status: 'checking' }, data });
  if (stored.count === 0) return null;
  await deps.events.publish('pull_request_check', { repoId: pull.baseRepoId, pullId: pull.id, number: pull.issue.number, status: data.status });
  return data.status;
}

/**
 * What a push means for the open pull requests it touches: a moved head branch (of the base repository or of a
 * fork) brings its commit into the base repository, moves refs/pull/<n>/head and the stored head, and publishes
 * `synchronized`; a moved base branch only asks for a new check. Returns the pull requests to check.
 */
export async function followPush(deps: Deps, push: { repoId: number; pusherId: number | null; changes: PushedRef[] }): Promise<number[]> {
  const moved = push.changes.filter((c) => c.ref.startsWith(BRANCH));
  if (moved.length === 0) return [];
  const toCheck: number[] = [];
  const open = { hasMerged: false, issue: { isClosed: false } };
  // Two statements per push, whatever the number of branches it moved (a mirror push moves thousands).
  const headAt = new Map(moved.filter((c) => !isZero(c.after)).map((c) => [c.ref.slice(BRANCH.length), c.after]));
  const heads = headAt.size
    ? await deps.db.pullRequest.findMany({ where: { headRepoId: push.repoId, headBranch: { in: [...headAt.keys()] }, ...open }, include: { issue: true } })
    : [];
  for (const pull of heads) {
    const after = headAt.get(pull.headBranch)!;
    if (pull.headCommitId === after) continue;
    const dir = repositoryPath(deps.config, pull.baseRepoId);
    if (pull.baseRepoId !== push.repoId) await fetchObjects(dir, repositoryPath(deps.config, push.repoId), after);
    await setPullHead(dir, pull.issue.number, after);
    await deps.db.pullRequest.update({ where: { id: pull.id }, data: { headCommitId: after, status: 'checking' } });
    await deps.db.issue.update({ where: { id: pull.issueId }, data: { updatedAt: new Date() } });
    toCheck.push(pull.id);
    await deps.events.publish('pull_request', {
      action: 'synchronized',
      actorId: push.pusherId ?? -1,
      repoId: pull.baseRepoId,
      issueId: pull.issueId,
      pullId: pull.id,
      number: pull.issue.number,
    });
  }
  // Reviews: the moved heads make earlier reviews stale (and dismiss approvals where the rule says so).
  const synchronized = heads.filter((pull) => toCheck.includes(pull.id));
  await followReviewsOnPush(
    deps,
    synchronized.map((pull) => ({ issueId: pull.issueId, baseRepoId: pull.baseRepoId, baseBranch: pull.baseBranch, headCommitId: headAt.get(pull.headBranch)!, pusherId: push.pusherId })),
  );
  const movedBranches = moved.map((c) => c.ref.slice(BRANCH.length));
  const bases = await deps.db.pullRequest.findMany({ where: { baseRepoId: push.repoId, baseBranch: { in: movedBranches }, ...open }, select: { id: true } });
  if (bases.length > 0) await deps.db.pullRequest.updateMany({ where: { id: { in: bases.map((b) => b.id) } }, data: { status: 'checking' } });
  toCheck.push(...bases.map((b) => b.id));
  return [...new Set(toCheck)];
}

/**
 * Keeps pull requests' mergeability current for as long as the app runs: on start, every pull request left
 * checking (the app stopped before its check ended) is checked again; then each push (`repo.push`) and each
 * opened, reopened or retargeted pull request (`pull_request`) and each deleted branch (branch-deletion.ts) is followed, one piece of work after the other,
 * so that a check never overwrites the outcome of a later push. A failure is reported and the work goes on.
 */
export function followPullRequests(deps: Deps, report: (message: string, err: unknown) => void): Follower {
  const { enqueue, follow, signal, follower } = serialWork(report);
  const check = (ids: number[]) => {
    for (const id of ids) enqueue(`the mergeability of pull request ${id} was not computed`, async () => void (await checkPullRequest(deps, id)));
  };
  enqueue('the pull requests left checking were not checked again', async () => {
    const pending = await deps.db.pullRequest.findMany({ where: { status: 'checking' }, select: { id: true } });
    check(pending.map((p) => p.id));
  });
  const deletion = (deleted: DeletedBranch) =>
    enqueue(`the pull requests of the deleted branch ${deleted.branch} of repository ${deleted.repoId} were not updated`, async () =>
      check(await followBranchDeletion(deps, deleted)),
    );
  follow(deps.events.subscribe('repo.push', signal), (push) => {
    enqueue(`the pull requests of a push to repository ${push.repoId} were not updated`, async () => check(await followPush(deps, push)));
    for (const change of push.changes) {
      if (change.ref.startsWith(BRANCH) && isZero(change.after)) deletion({ repoId: push.repoId, branch: change.ref.slice(BRANCH.length), actorId: push.pusherId });
    }
  });
  follow(deps.events.subscribe('repo.branch', signal), (event) => {
    if (event.action === 'deleted') deletion({ repoId: event.repoId, branch: event.branch, actorId: event.actorId ?? null });
  });
  follow(deps.events.subscribe('pull_request', signal), (event) => {
    if (event.action === 'opened' || event.action === 'reopened' || event.action === 'edited') check([event.pullId]);
  });
  return follower;
}
