import type { Prisma, Repository, User } from '../../db/models.ts';
import { insertRows } from '../../db/insert-rows.ts';
import { databaseTarget } from '../../db/provider.ts';
import { serialWork, type Follower } from '../../events/follower.ts';
import type { BranchEvent, IssueCommentEvent, IssuesEvent, PullRequestEvent, PullRequestReviewEvent, PushedRef, TagEvent } from '../../events/topics.ts';
import type { ServiceContext } from '../../services.ts';

type Deps = Omit<ServiceContext, 'viewer'>;

/** Gitea's op_type names (models/activities/action.go), as the feeds show them. */
export const OP_TYPES = [
  'create_repo', 'rename_repo', 'star_repo', 'watch_repo', 'commit_repo', 'create_issue', 'create_pull_request', 'transfer_repo',
  'push_tag', 'comment_issue', 'merge_pull_request', 'close_issue', 'reopen_issue', 'close_pull_request', 'reopen_pull_request',
  'delete_tag', 'delete_branch', 'mirror_sync_push', 'mirror_sync_create', 'mirror_sync_delete', 'approve_pull_request',
  'reject_pull_request', 'comment_pull', 'publish_release', 'pull_review_dismissed', 'pull_request_ready_for_review',
  'auto_merge_pull_request',
] as const;
export type OpType = (typeof OP_TYPES)[number];

const QUARTER_HOUR_S = 15 * 60;
const quarterHourOf = (at: Date) => Math.floor(at.getTime() / 1000 / QUARTER_HOUR_S) * QUARTER_HOUR_S;
const isZero = (oid: string) => /^0+$/.test(oid);
const BRANCH = 'refs/heads/';
const TAG = 'refs/tags/';

interface Entry {
  opType: OpType;
  actUserId: number;
  refName?: string;
  content?: string;
  commentId?: number | null;
}

/**
 * Writes the entries of one event in one statement (insertRows: up to 500 rows a statement, where Prisma's
 * createMany would split a push of 200 refs into several), stamped with the repository's privacy now.
 */
async function write(deps: Deps, repo: Repository, entries: Entry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const at = new Date();
  const rows: Omit<Prisma.ActionCreateManyInput, 'id'>[] = entries.map((e) => ({
    opType: e.opType,
    actUserId: e.actUserId,
    repoId: repo.id,
    commentId: e.commentId ?? null,
    refName: e.refName ?? '',
    content: e.content ?? '',
    isPrivate: repo.isPrivate,
    createdAt: at,
    quarterHour: quarterHourOf(at),
  }));
  const statements = insertRows(deps.db, databaseTarget(deps.config).provider, 'Action', rows);
  await (statements.length === 1 ? statements[0] : deps.db.$transaction(statements));
  return rows.length;
}

const repoOf = (deps: Deps, id: number) => deps.db.repository.findUnique({ where: { id }, include: { owner: true } });

/**
 * The entries of a push: a commit_repo per branch created or moved, a delete_branch per branch deleted, a push_tag
 * or delete_tag per tag. commit_repo's content has Gitea's shape (Commits, HeadCommit, CompareURL, Len) with the
 * head commit's id only and no list of commits: reading them would take a git process per push in the background,
 * which the pushes' cost (in git processes and statements) is kept free of.
 */
function pushEntries(repo: Repository & { owner: User }, actorId: number, changes: PushedRef[]): Entry[] {
  const entries: Entry[] = [];
  for (const change of changes) {
    if (change.ref.startsWith(TAG)) {
      entries.push({ opType: isZero(change.after) ? 'delete_tag' : 'push_tag', actUserId: actorId, refName: change.ref });
    } else if (change.ref.startsWith(BRANCH)) {
      if (isZero(change.after)) {
        entries.push({ opType: 'delete_branch', actUserId: actorId, refName: change.ref });
        continue;
      }
      const content = {
        Commits: [],
        HeadCommit: { Sha1: change.after },
        CompareURL: isZero(change.before) ? '' : `${repo.owner.login}/${repo.name}/compare/${change.before}...${change.after}`,
        Len: 0,
      };
      entries.push({ opType: 'commit_repo', actUserId: actorId, refName: change.ref, content: JSON.stringify(content) });
    }
  }
  return entries;
}

const issueRow = (deps: Deps, id: number) => deps.db.issue.findUnique({ where: { id }, select: { isPull: true, title: true, number: true } });

/** Issues (not pull requests: theirs come with `pull_request`) opened, closed or reopened. */
async function issueEntries(deps: Deps, event: IssuesEvent): Promise<Entry[]> {
  const op = ({ opened: 'create_issue', closed: 'close_issue', reopened: 'reopen_issue' } as const)[event.action as 'opened'];
  if (!op) return [];
  const issue = await issueRow(deps, event.issueId);
  if (!issue || issue.isPull) return [];
  return [{ opType: op, actUserId: event.actorId, content: `${issue.number}|${op === 'create_issue' ? issue.title : ''}` }];
}

async function pullEntries(deps: Deps, event: PullRequestEvent): Promise<Entry[]> {
  const ops: Partial<Record<PullRequestEvent['action'], OpType>> = {
    opened: 'create_pull_request',
    closed: 'close_pull_request',
    reopened: 'reopen_pull_request',
    merged: 'merge_pull_request',
  };
  const op = ops[event.action];
  if (!op) return [];
  const issue = await issueRow(deps, event.issueId);
  if (!issue) return [];
  return [{ opType: op, actUserId: event.actorId, content: `${issue.number}|${op === 'close_pull_request' || op === 'reopen_pull_request' ? '' : issue.title}` }];
}

/** A comment: comment_issue or comment_pull, with the comment's first 200 characters (Gitea's content). */
async function commentEntries(deps: Deps, event: IssueCommentEvent): Promise<Entry[]> {
  if (event.action !== 'created') return [];
  const [issue, comment] = await Promise.all([issueRow(deps, event.issueId), deps.db.comment.findUnique({ where: { id: event.commentId }, select: { body: true } })]);
  if (!issue || !comment) return [];
  return [{ opType: issue.isPull ? 'comment_pull' : 'comment_issue', actUserId: event.actorId, commentId: event.commentId, content: `${issue.number}|${[...comment.body].slice(0, 200).join('')}` }];
}

async function reviewEntries(deps: Deps, event: PullRequestReviewEvent): Promise<Entry[]> {
  const op = ({ approved: 'approve_pull_request', rejected: 'reject_pull_request', dismissed: 'pull_review_dismissed' } as const)[event.action as 'approved'];
  if (!op) return [];
  const review = await deps.db.review.findUnique({ where: { id: event.reviewId }, select: { body: true } });
  return [{ opType: op, actUserId: event.actorId, content: `${event.number}|${review?.body ?? ''}` }];
}

const branchEntries = (event: BranchEvent): Entry[] => {
  if (event.actorId === null) return [];
  if (event.action === 'deleted') return [{ opType: 'delete_branch', actUserId: event.actorId, refName: BRANCH + event.branch }];
  return [];
};

const tagEntries = (event: TagEvent): Entry[] =>
  event.actorId === null ? [] : [{ opType: event.action === 'deleted' ? 'delete_tag' : 'push_tag', actUserId: event.actorId, refName: TAG + event.tag }];

/**
 * Follows the bus for as long as the app runs and writes the activity feeds' entries (the Action table), one
 * event after the other, each event's entries in one statement: repositories created and transferred, pushes,
 * branches and tags deleted or created through the API, issues and pull requests opened, closed, reopened and
 * merged, comments, reviews approving, rejecting or dismissed, and releases published. A failure is reported and the next event goes on.
 */
export function followActivity(deps: Deps, report: (message: string, err: unknown) => void): Follower {
  const { enqueue, follow, signal, follower } = serialWork(report);
  const on = (what: string, repoId: number, entries: (repo: Repository & { owner: User }) => Promise<Entry[]> | Entry[]) =>
    enqueue(`the activity of ${what} in repository ${repoId} was not recorded`, async () => {
      const repo = await repoOf(deps, repoId);
      if (repo) await write(deps, repo, await entries(repo));
    });
  follow(deps.events.subscribe('repo.created', signal), (e) => on('a creation', e.repoId, () => [{ opType: 'create_repo', actUserId: e.actorId }]));
  follow(deps.events.subscribe('repo.transferred', signal), (e) =>
    on('a transfer', e.repoId, () => (e.actorId === null ? [] : [{ opType: 'transfer_repo', actUserId: e.actorId }])),
  );
  follow(deps.events.subscribe('repo.push', signal), (e) => {
    const pusher = e.pusherId;
    if (pusher !== null) on('a push', e.repoId, (repo) => pushEntries(repo, pusher, e.changes));
  });
  follow(deps.events.subscribe('repo.branch', signal), (e) => on('a branch', e.repoId, () => branchEntries(e)));
  follow(deps.events.subscribe('repo.tag', signal), (e) => on('a tag', e.repoId, () => tagEntries(e)));
  follow(deps.events.subscribe('issues', signal), (e) => on('an issue', e.repoId, () => issueEntries(deps, e)));
  follow(deps.events.subscribe('pull_request', signal), (e) => on('a pull request', e.repoId, () => pullEntries(deps, e)));
  follow(deps.events.subscribe('issue_comment', signal), (e) => on('a comment', e.repoId, () => commentEntries(deps, e)));
  follow(deps.events.subscribe('pull_request_review', signal), (e) => on('a review', e.repoId, () => reviewEntries(deps, e)));
  // Gitea's publish_release: the tag as the ref, the title as the content; edits and deletions leave no entry.
  follow(deps.events.subscribe('release', signal), (e) =>
    on('a release', e.repoId, () => (e.action === 'published' ? [{ opType: 'publish_release', actUserId: e.actorId, refName: e.tagName, content: e.title }] : [])),
  );
  return follower;
}
