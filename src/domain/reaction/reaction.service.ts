import type { Prisma, User } from '../../db/models.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { databaseTarget } from '../../db/provider.ts';
import { forbidden, notFound, unauthenticated } from '../../errors.ts';
import { transactionWithEvents } from '../../events/outbox.ts';
import type { ReactionEvent } from '../../events/topics.ts';
import type { Page, PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { repositoryPermission, satisfies, type Need, type RepositoryPermission } from '../access/access.service.ts';
import type { RepositoryWithOwner } from '../repo/repo.service.ts';
import { accountsById } from '../user/user.service.ts';
import { assertNotBlocked } from '../block/block.rules.ts';
import { getWritableRepository } from '../repo/writable.ts';

const ISSUES_READ: Need = { unit: 'repo.issues', level: 'read' };
const ISSUES_WRITE: Need = { unit: 'repo.issues', level: 'write' };

/** A reaction with the account that reacted. */
export type ReactionRow = Prisma.ReactionGetPayload<{ include: { user: true } }>;

/** What adding a reaction did: `created` is false when the caller had already reacted so (Gitea then answers 200). */
export interface ReactionChange {
  reaction: ReactionRow;
  created: boolean;
}

/** A comment of an issue, as reactions see it: its id and the issue it belongs to. */
export interface ReactionComment {
  id: number;
  issueId: number;
  repo: RepositoryWithOwner;
}

/**
 * The reactions the server allows (ui.REACTIONS, what /settings/ui answers as allowed_reactions). Only these may
 * be added, and lists show only these, as Gitea does: a reaction dropped from the setting disappears from lists
 * and comes back when the setting has it again.
 */
export const allowedReactions = (ctx: ServiceContext): readonly string[] => ctx.config.ui.REACTIONS;

function signedIn(ctx: ServiceContext): User {
  if (!ctx.viewer.user) throw unauthenticated();
  return ctx.viewer.user;
}

/** Whether the caller sees the repository's issues: switched on, and the issues unit readable. */
async function readsIssues(ctx: ServiceContext, repo: RepositoryWithOwner): Promise<boolean> {
  return repo.hasIssues && satisfies(await repositoryPermission(ctx, repo), ISSUES_READ);
}

// ---------------------------------------------------------------------------------------------
// Reading (through the loaders of reaction.loaders.ts, so that a page of issues reads all their reactions at once)

/** One page of one issue's reactions: the issue's id and the window. */
export interface IssueReactionsKey extends PageWindow {
  issueId: number;
}

/**
 * Pages of the reactions of many issues (oldest first, as Gitea lists them), each counted, in two statements
 * whatever the number of issues and the size of the pages: one ranks the reactions of every issue asked for and
 * keeps the ids of each page and each issue's count (window functions, on SQLite and PostgreSQL alike), one reads
 * those rows with their accounts. Keys sharing a window (the usual case: one connection's arguments for a page of
 * issues) share the first statement.
 */
export async function issueReactionPages(ctx: ServiceContext, keys: readonly IssueReactionsKey[]): Promise<Page<ReactionRow>[]> {
  const allowed = allowedReactions(ctx);
  const windows = new Map<string, { window: PageWindow; issueIds: Set<number> }>();
  for (const key of keys) {
    const name = `${key.offset}:${key.limit}`;
    const entry = windows.get(name) ?? { window: { offset: key.offset, limit: key.limit }, issueIds: new Set<number>() };
    entry.issueIds.add(key.issueId);
    windows.set(name, entry);
  }
  const ranked = allowed.length === 0 ? [] : (await Promise.all([...windows.values()].map(({ window, issueIds }) => rankIssueReactions(ctx, [...issueIds], allowed, window)))).flat();
  const ids = [...new Set(ranked.filter((r) => r.inPage).map((r) => r.id))];
  const found = ids.length === 0 ? [] : await ctx.db.reaction.findMany({ where: { id: { in: ids } } });
  const users = await accountsById(ctx, found.map((row) => row.userId));
  // Rows just read, given their accounts through the cache of accounts (a reaction's account always exists: cascade).
  const rows: ReactionRow[] = found.flatMap((row) => {
    const user = users.get(row.userId);
    return user ? [Object.assign(row, { user })] : [];
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return keys.map((key) => {
    const mine = ranked.filter((r) => r.issueId === key.issueId && r.offset === key.offset && r.limit === key.limit);
    return {
      totalCount: mine[0]?.total ?? 0,
      items: mine.filter((r) => r.inPage).sort((a, b) => a.position - b.position).flatMap((r) => byId.get(r.id) ?? []),
    };
  });
}

interface Ranked {
  id: number;
  issueId: number;
  position: number;
  total: number;
  inPage: boolean;
  offset: number;
  limit: number;
}

/**
 * The ids of one window of the allowed reactions of each issue, with each issue's count. Every issue's first
 * reaction is kept too (marked outside the page when it is), so that an issue whose page is past its end still
 * tells its count. Table and column names are the data model's; every value is a bound parameter.
 */
async function rankIssueReactions(ctx: ServiceContext, issueIds: number[], allowed: readonly string[], window: PageWindow): Promise<Ranked[]> {
  const postgres = databaseTarget(ctx.config).provider === 'postgresql';
  const values: unknown[] = [];
  const bind = (value: unknown) => {
    values.push(value);
    return postgres ? `$${values.length}` : '?';
  };
  const issues = issueIds.map(bind).join(', ');
  const types = allowed.map(bind).join(', ');
  const first = bind(window.offset);
  const last = bind(window.offset + window.limit);
  const sql =
    'SELECT "id", "issueId", "position", "total" FROM (' +
    'SELECT "id", "issueId", ROW_NUMBER() OVER (PARTITION BY "issueId" ORDER BY "createdAt", "id") AS "position", ' +
    'COUNT(*) OVER (PARTITION BY "issueId") AS "total" ' +
    `FROM "Reaction" WHERE "issueId" IN (${issues}) AND "commentId" = 0 AND "type" IN (${types})` +
    `) AS "ranked" WHERE ("position" > ${first} AND "position" <= ${last}) OR "position" = 1`;
  const rows = await ctx.db.$queryRawUnsafe<{ id: number | bigint; issueId: number | bigint; position: number | bigint; total: number | bigint }[]>(sql, ...values);
  return rows.map((row) => {
    const position = Number(row.position);
    return {
      id: Number(row.id),
      issueId: Number(row.issueId),
      position,
      total: Number(row.total),
      inPage: position > window.offset && position <= window.offset + window.limit,
      offset: window.offset,
      limit: window.limit,
    };
  });
}

/** The allowed reactions of each comment (all of them: Gitea does not page them), oldest first, in one statement. */
export async function commentReactionLists(ctx: ServiceContext, commentIds: readonly number[]): Promise<ReactionRow[][]> {
  const allowed = allowedReactions(ctx);
  const ids = [...new Set(commentIds)].filter((id) => id > 0);
  const rows =
    ids.length === 0 || allowed.length === 0
      ? []
      : await ctx.db.reaction.findMany({
          where: { commentId: { in: ids }, type: { in: [...allowed] } },
          include: { user: true },
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        });
  return commentIds.map((id) => rows.filter((row) => row.commentId === id));
}

/**
 * A comment of the repository whose issues the caller reads, as the subject of reactions; null when there is
 * none (or it belongs to another repository), and NOT_FOUND when the caller does not see the issues.
 */
export async function getReactionComment(ctx: ServiceContext, repo: RepositoryWithOwner, commentId: number): Promise<ReactionComment | null> {
  if (!(await readsIssues(ctx, repo))) throw notFound(`repository ${repo.owner.login}/${repo.name} has no issues`);
  const comment = await ctx.db.comment.findUnique({ where: { id: commentId }, select: { id: true, issueId: true, repoId: true } });
  if (!comment || comment.repoId !== repo.id) return null;
  return { id: comment.id, issueId: comment.issueId, repo };
}

// ---------------------------------------------------------------------------------------------
// Writing

interface Target {
  actor: User;
  repo: RepositoryWithOwner;
  issue: { id: number; number: number };
  /** 0 for the issue itself, as the Reaction table keeps it. */
  commentId: number;
  /** Whose blocks keep the actor from reacting: the repository's owner, the issue's poster, the comment's poster. */
  blockers: (number | null)[];
}

/**
 * What a reaction acts on, checked in Gitea's order: the repository (hidden: 404; archived: 423), its issues
 * (switched off or unreadable), the issue or the comment (404), then a locked issue, which only those who write
 * to the issues may react on (403).
 */
async function target(ctx: ServiceContext, owner: string, name: string, on: { number: number } | { commentId: number }): Promise<Target> {
  const actor = signedIn(ctx);
  const { repo, permission } = await getWritableRepository(ctx, owner, name, ISSUES_READ);
  if (!repo.hasIssues) throw notFound(`repository ${owner}/${name} has no issues`);
  let issue: { id: number; number: number; isLocked: boolean; posterId: number | null } | null;
  let commentId = 0;
  const blockers: (number | null)[] = [repo.ownerId];
  if ('number' in on) {
    issue = await ctx.db.issue.findUnique({ where: { repoId_number: { repoId: repo.id, number: on.number } }, select: { id: true, number: true, isLocked: true, posterId: true } });
    if (!issue) throw notFound(`issue #${on.number} does not exist`);
  } else {
    const comment = await ctx.db.comment.findUnique({ where: { id: on.commentId }, select: { id: true, repoId: true, posterId: true, issue: { select: { id: true, number: true, isLocked: true, posterId: true } } } });
    if (!comment || comment.repoId !== repo.id) throw notFound(`comment ${on.commentId} does not exist`);
    issue = comment.issue;
    commentId = comment.id;
    blockers.push(comment.posterId);
  }
  blockers.push(issue.posterId);
  refuseLocked(issue, permission);
  return { actor, repo, issue, commentId, blockers };
}

function refuseLocked(issue: { isLocked: boolean }, permission: RepositoryPermission) {
  if (issue.isLocked && !satisfies(permission, ISSUES_WRITE)) throw forbidden('the issue is locked: only those who may write to its issues may react');
}

/**
 * Adds the caller's reaction; one the caller already made is answered as it is, not added twice (also when two
 * requests race: the loser reads the winner's row). A reaction the setting does not allow is refused with 403, as
 * Gitea refuses it.
 */
async function addReaction(ctx: ServiceContext, at: Target, content: string): Promise<ReactionChange> {
  if (!allowedReactions(ctx).includes(content)) throw forbidden(`'${content}' is not an allowed reaction`);
  await assertNotBlocked(ctx, at.blockers, at.actor);
  const key = { issueId: at.issue.id, commentId: at.commentId, userId: at.actor.id, type: content };
  const existing = () => ctx.db.reaction.findUnique({ where: { issueId_commentId_userId_type: key }, include: { user: true } });
  let change: ReactionChange;
  try {
    change = await transactionWithEvents(ctx, async (tx, publish) => {
      const found = await tx.reaction.findUnique({ where: { issueId_commentId_userId_type: key }, include: { user: true } });
      if (found) return { reaction: found, created: false };
      const reaction = await tx.reaction.create({ data: key, include: { user: true } });
      await publish('reaction', reactionEvent(at, 'added', content));
      return { reaction, created: true };
    });
  } catch (err) {
    const raced = isUniqueViolation(err) ? await existing() : null;
    if (!raced) throw err;
    change = { reaction: raced, created: false };
  }
  return change;
}

/** Takes the caller's reaction off; true when there was one. Removing one the caller never made changes nothing. */
async function removeReaction(ctx: ServiceContext, at: Target, content: string): Promise<boolean> {
  return transactionWithEvents(ctx, async (tx, publish) => {
    const { count } = await tx.reaction.deleteMany({ where: { issueId: at.issue.id, commentId: at.commentId, userId: at.actor.id, type: content } });
    if (count > 0) await publish('reaction', reactionEvent(at, 'removed', content));
    return count > 0;
  });
}

function reactionEvent(at: Target, action: ReactionEvent['action'], content: string): ReactionEvent {
  return {
    action,
    actorId: at.actor.id,
    repoId: at.repo.id,
    issueId: at.issue.id,
    number: at.issue.number,
    commentId: at.commentId === 0 ? null : at.commentId,
    content,
  };
}

export const addIssueReaction = async (ctx: ServiceContext, owner: string, name: string, number: number, content: string) =>
  addReaction(ctx, await target(ctx, owner, name, { number }), content);

export const removeIssueReaction = async (ctx: ServiceContext, owner: string, name: string, number: number, content: string) =>
  removeReaction(ctx, await target(ctx, owner, name, { number }), content);

export const addCommentReaction = async (ctx: ServiceContext, owner: string, name: string, commentId: number, content: string) =>
  addReaction(ctx, await target(ctx, owner, name, { commentId }), content);

export const removeCommentReaction = async (ctx: ServiceContext, owner: string, name: string, commentId: number, content: string) =>
  removeReaction(ctx, await target(ctx, owner, name, { commentId }), content);
