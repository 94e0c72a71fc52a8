import type { Viewer } from '../../auth/viewer.ts';
import type { PushedRef } from '../../events/topics.ts';
import { logCommits } from '../../git/log.ts';
import type { ServiceContext } from '../../services.ts';
import { readableRepositoriesWhere } from '../access/access.service.ts';
import { repositoryPath } from '../repo/storage.ts';
import { recordCommitReferences } from './reference.service.ts';
import { serialWork, type Follower } from '../../events/follower.ts';

/**
 * The newest commits of one push whose messages are read for references. Gitea reads every commit an update
 * brings to a branch (and the last ten of a new branch); a bound keeps one push's work bounded here.
 */
export const MAX_COMMITS_READ_PER_PUSH = 1000;

const isZero = (oid: string) => /^0+$/.test(oid);

/** The work of a push: its pusher, its repository, and the refs it moved (`repo.push`). */
export interface PushReport {
  repoId: number;
  pusherId: number | null;
  changes: PushedRef[];
}

/**
 * Reads the commits a push brought to the repository's branches (new to the repository: not reachable from any
 * ref it had before), with one `git log` for the whole push, and records the issues their messages name as
 * commit_ref rows (reference.service.ts). A push by nobody (no pusher), of tags only, or by someone who reads
 * no issue anywhere (nothing could be named) runs no git at all. Returns how many rows were written.
 */
export async function recordPushReferences(deps: Omit<ServiceContext, 'viewer'>, push: PushReport): Promise<number> {
  const branches = push.changes.filter((c) => c.ref.startsWith('refs/heads/') && !isZero(c.after));
  if (push.pusherId === null || branches.length === 0) return 0;
  const [repo, pusher] = await Promise.all([
    deps.db.repository.findUnique({ where: { id: push.repoId }, include: { owner: true } }),
    deps.db.user.findUnique({ where: { id: push.pusherId } }),
  ]);
  if (!repo || !pusher) return 0;
  const viewer: Viewer = { user: pusher, method: 'password', grant: null };
  const anyIssue = await deps.db.issue.findFirst({ where: { repo: readableRepositoriesWhere(viewer) }, select: { id: true } });
  if (!anyIssue) return 0;
  const commits = await logCommits(
    repositoryPath(deps.config, repo.id),
    {
      revisions: branches.map((c) => c.after),
      exclude: push.changes.map((c) => c.before).filter((oid) => !isZero(oid)),
      excludeRefsBut: push.changes.map((c) => c.ref),
    },
    { skip: 0, limit: MAX_COMMITS_READ_PER_PUSH },
  );
  // Oldest first, as Gitea goes through a push.
  const ordered = commits.reverse().map((c) => ({ oid: c.oid, message: c.message }));
  return recordCommitReferences({ ...deps, viewer }, repo, pusher, ordered);
}

/**
 * Follows the bus's `repo.push` events (git pushes and API writes that commit) for as long as the app runs,
 * one push after the other, and records their commits' references. A failure is reported and the next push
 * goes on.
 */
export function followPushReferences(deps: Omit<ServiceContext, 'viewer'>, report: (message: string, err: unknown) => void): Follower {
  const { enqueue, follow, signal, follower } = serialWork(report);
  follow(deps.events.subscribe('repo.push', signal), (push) =>
    enqueue(`the references of a push to repository ${push.repoId} were not recorded`, () => recordPushReferences(deps, push)),
  );
  return follower;
}
