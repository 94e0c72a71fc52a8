import { transactionWithEvents } from '../../events/outbox.ts';
import { isSiteAdmin, requireUser } from '../../auth/viewer.ts';
import type { Comment, Prisma } from '../../db/models.ts';
import { forbidden, invalid, notFound } from '../../errors.ts';
import { pageFrom, type Page, type PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { satisfies, type RepositoryPermission } from '../access/access.service.ts';
import { ISSUE_INCLUDE, withRelations, type IssueRow, type IssueView } from '../issue/issue.service.ts';
import { accountsById } from '../user/user.service.ts';
import type { RepositoryWithOwner } from '../repo/repo.service.ts';
import { getWritableRepository } from '../repo/writable.ts';
import { payloadBeforeDeletion } from '../webhook/snapshots.ts';
import type { CommentFilter, CommentInput } from './comment.inputs.ts';
import { COUNTED_TYPES, REFERENCE_TYPES, TYPES_WITH_CONTENT } from './comment.rules.ts';
import { assertNotBlocked } from '../block/block.rules.ts';
import { neuterReferences, planReferences, readsOf, writeReferences } from './reference.service.ts';

/** The poster, as a write reads its comment back; reads give pages their posters through the cache (withPosters). */
export const COMMENT_INCLUDE = { poster: true } as const satisfies Prisma.CommentInclude;
/** A comment with its issue, as a write reads it; reads use withPostersAndIssues. */
export const COMMENT_WITH_ISSUE_INCLUDE = { poster: true, issue: { include: ISSUE_INCLUDE } } as const satisfies Prisma.CommentInclude;

export type CommentRow = Prisma.CommentGetPayload<{ include: typeof COMMENT_INCLUDE }>;
export type CommentWithIssue = Prisma.CommentGetPayload<{ include: typeof COMMENT_WITH_ISSUE_INCLUDE }>;

/**
 * Rows just read (never shared with a cache) given their posters, through the cache of accounts: at most one
 * statement for a page. Prisma's `include` would cost a statement too, uncached, and builds its rows far more slowly.
 */
export async function withPosters(ctx: Pick<ServiceContext, 'db' | 'cache'>, rows: Comment[]): Promise<CommentRow[]> {
  const posters = await accountsById(ctx, rows.flatMap((row) => (row.posterId === null ? [] : [row.posterId])));
  return rows.map((row) => Object.assign(row, { poster: row.posterId === null ? null : (posters.get(row.posterId) ?? null) }));
}

/** Rows just read given their posters and their issues, the issues with their relations as the issue area reads them. */
async function withPostersAndIssues(ctx: ServiceContext, rows: Comment[]): Promise<CommentWithIssue[]> {
  const issueIds = [...new Set(rows.map((row) => row.issueId))];
  const [withPoster, issues] = await Promise.all([
    withPosters(ctx, rows),
    issueIds.length === 0 ? [] : ctx.db.issue.findMany({ where: { id: { in: issueIds } } }).then((found) => withRelations(ctx, found)),
  ]);
  const issueById = new Map(issues.map((issue) => [issue.id, issue]));
  return withPoster.map((row) => Object.assign(row, { issue: issueById.get(row.issueId)! }));
}

/** A row of an issue's timeline (a comment, or an event such as close or label), with the issue it is on. */
export interface CommentView {
  comment: CommentRow;
  issue: IssueView;
}

/** Gitea's order of comments and timelines: oldest first. */
const OLDEST_FIRST: Prisma.CommentOrderByWithRelationInput[] = [{ createdAt: 'asc' }, { id: 'asc' }];

const ISSUES_WRITE = { unit: 'repo.issues', level: 'write' } as const;
const PULLS_WRITE = { unit: 'repo.pulls', level: 'write' } as const;

type Reads = { issues: boolean; pulls: boolean };
const readsKind = (reads: Reads, isPull: boolean) => (isPull ? reads.pulls : reads.issues);

/** Whether the permission writes to the issues (or, for a pull request, the pull requests): Gitea's CanWriteIssuesOrPulls. */
function writesKind(repo: RepositoryWithOwner, permission: RepositoryPermission, isPull: boolean): boolean {
  return isPull ? repo.hasPullRequests && satisfies(permission, PULLS_WRITE) : repo.hasIssues && satisfies(permission, ISSUES_WRITE);
}

function updatedWithin(filter: CommentFilter): Prisma.CommentWhereInput {
  if (!filter.updatedSince && !filter.updatedBefore) return {};
  return { updatedAt: { ...(filter.updatedSince ? { gte: filter.updatedSince } : {}), ...(filter.updatedBefore ? { lte: filter.updatedBefore } : {}) } };
}

// ---------------------------------------------------------------------------------------------
// Reading

/**
 * A page of an issue's comments (rows of type comment), oldest first, counted in SQL. The issue was read through
 * the issue area (getIssue), which answers only those who read it.
 */
export async function listIssueComments(ctx: ServiceContext, view: IssueView, window: PageWindow, filter: CommentFilter = {}): Promise<Page<CommentView>> {
  const where: Prisma.CommentWhereInput = { issueId: view.issue.id, type: 'comment', ...updatedWithin(filter) };
  return pageFrom(
    ctx.db.comment.findMany({ where, orderBy: OLDEST_FIRST, skip: window.offset, take: window.limit }).then((rows) => withPosters(ctx, rows)),
    ctx.db.comment.count({ where }),
    (comment) => ({ comment, issue: view }),
  );
}

/**
 * A page of an issue's timeline: its comments and events of every type but code comments (which belong to pull
 * request reviews), oldest first. A reference from another place shows only to those who may read that place
 * (Gitea's isXRefCommentAccessible): an issue's or a comment's reference needs its repository's issues (pull
 * requests for a pull request's), a commit's needs its repository's code. The count is the SQL count of the same
 * rows, so pages and total agree.
 */
export async function listTimeline(ctx: ServiceContext, view: IssueView, window: PageWindow, filter: CommentFilter = {}): Promise<Page<CommentView>> {
  const where: Prisma.CommentWhereInput = { issueId: view.issue.id, type: { not: 'code' }, ...updatedWithin(filter), ...(await hiddenReferences(ctx, view)) };
  return pageFrom(
    ctx.db.comment.findMany({ where, orderBy: OLDEST_FIRST, skip: window.offset, take: window.limit }).then((rows) => withPosters(ctx, rows)),
    ctx.db.comment.count({ where }),
    (comment) => ({ comment, issue: view }),
  );
}

/** The condition that leaves out the reference rows of an issue whose sources the caller may not read. */
async function hiddenReferences(ctx: ServiceContext, view: IssueView): Promise<Prisma.CommentWhereInput> {
  const sources = await ctx.db.comment.groupBy({
    by: ['refRepoId'],
    where: { issueId: view.issue.id, type: { in: [...REFERENCE_TYPES] }, refRepoId: { not: null } },
  });
  if (sources.length === 0) return {};
  const ids = sources.map((s) => s.refRepoId!);
  const repos = await ctx.db.repository.findMany({ where: { id: { in: ids } }, include: { owner: true } });
  const unread = { issues: [] as number[], pulls: [] as number[], code: [] as number[] };
  for (const repo of repos) {
    const reads = await readsOf(ctx, repo);
    if (!reads.issues) unread.issues.push(repo.id);
    if (!reads.pulls) unread.pulls.push(repo.id);
    if (!reads.code) unread.code.push(repo.id);
  }
  // A repository that is gone hides its references too.
  const gone = ids.filter((id) => !repos.some((r) => r.id === id));
  const hidden: Prisma.CommentWhereInput[] = [
    { type: { in: ['issue_ref', 'comment_ref'] }, refRepoId: { in: [...unread.issues, ...gone] } },
    { type: 'pull_ref', refRepoId: { in: [...unread.pulls, ...gone] } },
    { type: 'commit_ref', refRepoId: { in: [...unread.code, ...gone] } },
  ].filter((condition) => (condition.refRepoId as { in: number[] }).in.length > 0);
  return hidden.length > 0 ? { NOT: { OR: hidden } } : {};
}

/**
 * A page of a repository's comments (rows of type comment on any of its issues), oldest first, counted in SQL:
 * comments on issues for those who read the issues, on pull requests for those who read the pull requests.
 */
export async function listRepositoryComments(ctx: ServiceContext, repo: RepositoryWithOwner, window: PageWindow, filter: CommentFilter = {}): Promise<Page<CommentView>> {
  const reads = await readsOf(ctx, repo);
  if (!reads.issues && !reads.pulls) throw notFound(`repository ${repo.owner.login}/${repo.name} has no issues`);
  const where: Prisma.CommentWhereInput = {
    repoId: repo.id,
    type: 'comment',
    ...updatedWithin(filter),
    ...(reads.issues && reads.pulls ? {} : { issue: { isPull: reads.pulls } }),
  };
  return pageFrom(
    ctx.db.comment.findMany({ where, orderBy: OLDEST_FIRST, skip: window.offset, take: window.limit }).then((rows) => withPostersAndIssues(ctx, rows)),
    ctx.db.comment.count({ where }),
    (row) => viewOf(row, repo),
  );
}

/** A row read with its issue, as a view: the issue with the repository it is in. */
function viewOf({ issue, ...comment }: CommentWithIssue, repo: RepositoryWithOwner): CommentView {
  return { comment, issue: { issue, repo } };
}

/**
 * A row of one of the repository's timelines by its id, of any type, for those who read the issue it is on;
 * null when there is none (or it is on another repository's issue).
 */
export async function getComment(ctx: ServiceContext, repo: RepositoryWithOwner, id: number): Promise<CommentView | null> {
  const found = await ctx.db.comment.findFirst({ where: { id, repoId: repo.id } });
  const [row] = found ? await withPostersAndIssues(ctx, [found]) : [];
  if (!row || !readsKind(await readsOf(ctx, repo), row.issue.isPull)) return null;
  return viewOf(row, repo);
}

/** An issue read by id (a reference's source, a dependency) as a view, when the caller reads it; else null. */
export async function readableIssue(ctx: ServiceContext, issue: IssueRow, repo: RepositoryWithOwner | null): Promise<IssueView | null> {
  if (!repo || !readsKind(await readsOf(ctx, repo), issue.isPull)) return null;
  return { issue, repo };
}

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * The repository a comment write acts on, with the caller's permission: hidden is 404, archived is 423 (LOCKED),
 * as for every write; the issues (or pull requests) unit must be readable, else 404 as in Gitea.
 */
async function commentRepository(ctx: ServiceContext, owner: string, name: string) {
  const { repo, permission } = await getWritableRepository(ctx, owner, name, 'read');
  return { repo, permission, reads: await readsOf(ctx, repo) };
}

function checkBody(body: string) {
  if (body === '') throw invalid('body must not be empty');
}

/**
 * Comments on an issue. Whoever reads it may, when signed in; on a locked issue only those who write to the issues
 * (and site admins), as Gitea answers with 403. The comment, the issue's comment count and last change, and the
 * rows of the issues its body references are written in one transaction; `issue_comment` (created) follows.
 */
export async function createComment(ctx: ServiceContext, owner: string, name: string, number: number, input: CommentInput): Promise<CommentView> {
  const actor = requireUser(ctx.viewer);
  checkBody(input.body);
  const { repo, permission, reads } = await commentRepository(ctx, owner, name);
  const issue = await ctx.db.issue.findUnique({ where: { repoId_number: { repoId: repo.id, number } }, select: { id: true, repoId: true, isPull: true, isLocked: true, posterId: true } });
  if (!issue || !readsKind(reads, issue.isPull)) throw notFound(`issue #${number} does not exist`);
  // Blocked by the issue's poster or the repository's owner: no comment, unless the doer administers the repository (Gitea).
  if (permission.level !== 'admin' && permission.level !== 'owner') await assertNotBlocked(ctx, [issue.posterId, repo.ownerId], actor);
  if (issue.isLocked && !writesKind(repo, permission, issue.isPull) && !isSiteAdmin(ctx.viewer)) {
    throw forbidden('this issue is locked: only those who may write to the issues comment on it');
  }
  const plan = await planReferences(ctx, repo, { markdown: input.body });
  const now = new Date();
  // The comment and its event are committed together (src/events/outbox.ts).
  const made = await transactionWithEvents(ctx, async (tx, publish) => {
    const comment = await tx.comment.create({
      data: { issueId: issue.id, repoId: repo.id, type: 'comment', posterId: actor.id, body: input.body, createdAt: now, updatedAt: now },
      include: COMMENT_INCLUDE,
    });
    await tx.issue.update({ where: { id: issue.id }, data: { commentCount: { increment: 1 }, updatedAt: now } });
    await writeReferences(tx, actor, { issue, commentId: comment.id }, plan, false);
    await publish('issue_comment', { action: 'created', actorId: actor.id, repoId: repo.id, issueId: issue.id, number, commentId: comment.id });
    return { comment, issue: await tx.issue.findUniqueOrThrow({ where: { id: issue.id }, include: ISSUE_INCLUDE }) };
  });
  return { comment: made.comment, issue: { issue: made.issue, repo } };
}

/** The row `id` of the repository's timelines that the caller may change: its poster's, or anyone's for writers. */
async function changeable(ctx: ServiceContext, owner: string, name: string, id: number) {
  const actor = requireUser(ctx.viewer);
  const { repo, permission, reads } = await commentRepository(ctx, owner, name);
  const row = await ctx.db.comment.findFirst({ where: { id, repoId: repo.id }, include: COMMENT_WITH_ISSUE_INCLUDE });
  if (!row || !readsKind(reads, row.issue.isPull)) throw notFound(`comment ${id} does not exist`);
  if (row.posterId !== actor.id && !writesKind(repo, permission, row.issue.isPull)) {
    throw forbidden('only its poster and those who may write to the issues may change a comment');
  }
  return { actor, repo, row };
}

/**
 * Changes the text of a comment (of its poster, or by a writer). A row without text of its own (an event such as
 * close) is answered unchanged, as Gitea answers it with 204. A new text neuters the references the old one made
 * and no longer makes and adds those it makes anew, in the same transaction; `issue_comment` (edited) carries the
 * text before.
 */
export async function updateComment(ctx: ServiceContext, owner: string, name: string, id: number, input: CommentInput): Promise<CommentView> {
  checkBody(input.body);
  const { actor, repo, row } = await changeable(ctx, owner, name, id);
  if (!TYPES_WITH_CONTENT.has(row.type) || input.body === row.body) return viewOf(row, repo);
  const plan = await planReferences(ctx, repo, { markdown: input.body });
  const comment = await transactionWithEvents(ctx, async (tx, publish) => {
    const updated = await tx.comment.update({ where: { id }, data: { body: input.body, updatedAt: new Date() }, include: COMMENT_INCLUDE });
    await writeReferences(tx, actor, { issue: row.issue, commentId: id }, plan, true);
    await publish('issue_comment', {
      action: 'edited',
      actorId: actor.id,
      repoId: repo.id,
      issueId: row.issueId,
      number: row.issue.number,
      commentId: id,
      previousBody: row.body,
    });
    return updated;
  });
  return { comment, issue: { issue: row.issue, repo } };
}

/**
 * Deletes a row of an issue's timeline (of its poster, or by a writer), whatever its text, with its reactions and
 * attachments; a comment leaves the issue's comment count; the references its text made are neutered. All in one
 * transaction; `issue_comment` (deleted) follows. A code comment of a pull request review is not deleted this way
 * (Gitea answers 204 and keeps it).
 */
export async function deleteComment(ctx: ServiceContext, owner: string, name: string, id: number): Promise<void> {
  const { actor, repo, row } = await changeable(ctx, owner, name, id);
  if (row.type === 'code') return;
  const about = { actorId: actor.id, repoId: repo.id, number: row.issue.number, commentId: id };
  const snapshot = await payloadBeforeDeletion(ctx, { kind: 'issue_comment', ...about, senderId: actor.id, action: 'deleted' });
  await transactionWithEvents(ctx, async (tx, publish) => {
    await tx.reaction.deleteMany({ where: { issueId: row.issueId, commentId: id } });
    await tx.comment.delete({ where: { id } });
    if (COUNTED_TYPES.has(row.type)) await tx.issue.update({ where: { id: row.issueId }, data: { commentCount: { decrement: 1 } } });
    await neuterReferences(tx, { issue: row.issue, commentId: id });
    await publish('issue_comment', { action: 'deleted', ...about, issueId: row.issueId, ...(snapshot ? { snapshot } : {}) });
  });
}
