import { isSiteAdmin } from '../../auth/viewer.ts';
import type { Prisma } from '../../db/models.ts';
import { forbidden, notFound, unauthenticated } from '../../errors.ts';
import { serialWork, type Follower } from '../../events/follower.ts';
import { notificationTopic, type NotificationEvent } from '../../events/topics.ts';
import { pageFrom, type Page, type PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { readableRepositoriesWhere } from '../access/access.service.ts';
import { getRepository } from '../repo/repo.service.ts';
import { subscribersWhere } from '../subscription/subscription.service.ts';
import { blockersAmong } from '../block/block.rules.ts';
import { statusesFrom, subjectTypesFrom, targetStatus, type NotificationStatus } from './notification.rules.ts';

type Deps = Omit<ServiceContext, 'viewer'>;

/** A thread as it is shown: its row, its repository (with owner) and its issue (with the pull request's merge state). */
const THREAD_INCLUDE = {
  repo: { include: { owner: true } },
  issue: { select: { id: true, number: true, title: true, isPull: true, isClosed: true, pull: { select: { hasMerged: true } } } },
} satisfies Prisma.NotificationInclude;

export type NotificationThread = Prisma.NotificationGetPayload<{ include: typeof THREAD_INCLUDE }>;

/** What brought an issue to its followers' attention: who acted, and extra recipients the event names. */
export interface NotifyRequest {
  issueId: number;
  actorId: number;
  /** Accounts notified besides the issue's followers (an assignee, a reviewer asked). */
  also?: number[];
  /** The comment that caused it, when one did. */
  commentId?: number | null;
}

/** Tells each account of its changed threads and its unread count after the change: one statement for them all. */
async function announce(deps: Deps, userIds: readonly number[], kind: NotificationEvent['kind'], threadsOf: (userId: number) => number[]): Promise<void> {
  if (userIds.length === 0) return;
  const counts = await deps.db.notification.groupBy({ by: ['userId'], where: { userId: { in: [...userIds] }, status: 'unread' }, _count: { _all: true } });
  const unread = new Map(counts.map((c) => [c.userId, c._count._all]));
  await Promise.all(
    userIds.map((userId) => deps.events.publish(notificationTopic(userId), { kind, threadIds: threadsOf(userId), unreadCount: unread.get(userId) ?? 0 })),
  );
}

/**
 * Who hears of an event on an issue: its followers by the subscription rules and `also`, never the actor (the
 * notification threads and the e-mails of src/domain/mail go to the same accounts). Null when the issue is gone.
 */
export async function issueRecipients(deps: Pick<Deps, 'db'>, request: NotifyRequest) {
  const issue = await deps.db.issue.findUnique({ where: { id: request.issueId }, select: { id: true, repoId: true, posterId: true, body: true, isPull: true } });
  if (!issue) return null;
  const followers = await deps.db.user.findMany({ where: await subscribersWhere(deps.db, issue), select: { id: true } });
  const candidates = [...new Set([...followers.map((u) => u.id), ...(request.also ?? [])])].filter((id) => id !== request.actorId);
  // Nobody hears from an account they block (Gitea: a blocked account's mentions notify nobody who blocks it).
  const actor = candidates.length ? await deps.db.user.findUnique({ where: { id: request.actorId }, select: { id: true, isAdmin: true } }) : null;
  const blockers = await blockersAmong(deps, candidates, actor);
  const recipients = candidates.filter((id) => !blockers.has(id));
  return { issue, recipients };
}

/**
 * Notifies the followers of an issue (subscription.service.ts: its poster, commenters, assignees, the accounts
 * mentioned, the repository's watchers, unless they unsubscribed) and `also`, never the actor: one thread per
 * account per issue. An existing thread goes back to unread (a pinned one stays pinned) and its time moves; the
 * others are created. The statements are the same whatever the number of recipients, in one transaction.
 */
export async function notifyIssueFollowers(deps: Deps, request: NotifyRequest): Promise<number> {
  const found = await issueRecipients(deps, request);
  if (!found) return 0;
  const { issue, recipients } = found;
  if (recipients.length === 0) return 0;
  const now = new Date();
  const commentId = request.commentId ?? null;
  const { created, updated } = await deps.db.$transaction(async (tx) => {
    const existing = await tx.notification.findMany({ where: { issueId: issue.id, userId: { in: recipients } }, select: { id: true, userId: true } });
    const have = new Set(existing.map((n) => n.userId));
    await tx.notification.updateMany({ where: { issueId: issue.id, userId: { in: [...have] }, status: { not: 'pinned' } }, data: { status: 'unread', updatedAt: now, commentId } });
    await tx.notification.updateMany({ where: { issueId: issue.id, userId: { in: [...have] }, status: 'pinned' }, data: { updatedAt: now, commentId } });
    const fresh = recipients.filter((id) => !have.has(id));
    await tx.notification.createMany({
      data: fresh.map((userId) => ({ userId, repoId: issue.repoId, issueId: issue.id, subjectType: issue.isPull ? 'Pull' : 'Issue', commentId, createdAt: now, updatedAt: now })),
    });
    const made = await tx.notification.findMany({ where: { issueId: issue.id, userId: { in: fresh } }, select: { id: true, userId: true } });
    return { created: made, updated: existing };
  });
  const threadOf = new Map([...created, ...updated].map((n) => [n.userId, n.id]));
  await announce(deps, created.map((n) => n.userId), 'NEW', (u) => [threadOf.get(u)!]);
  await announce(deps, updated.map((n) => n.userId), 'UPDATED', (u) => [threadOf.get(u)!]);
  return recipients.length;
}

/**
 * Follows the issue and pull request events of the bus for as long as the app runs and notifies: issues opened,
 * closed or reopened, comments created, pull requests opened, closed, reopened or merged, reviews asked for (the
 * reviewer too), reviews submitted, and assignments (the assignee too).
 */
export function followNotifications(deps: Deps, report: (message: string, err: unknown) => void): Follower {
  const { enqueue, follow, signal, follower } = serialWork(report);
  const queue = (request: NotifyRequest) => enqueue(`the notifications of issue ${request.issueId} were not written`, () => notifyIssueFollowers(deps, request));
  follow(deps.events.subscribe('issues', signal), (e) => {
    if (e.action === 'opened' || e.action === 'closed' || e.action === 'reopened') queue({ issueId: e.issueId, actorId: e.actorId });
  });
  follow(deps.events.subscribe('issue_comment', signal), (e) => {
    if (e.action === 'created') queue({ issueId: e.issueId, actorId: e.actorId, commentId: e.commentId });
  });
  follow(deps.events.subscribe('issue_assign', signal), (e) => {
    if (e.action === 'assigned') queue({ issueId: e.issueId, actorId: e.actorId, also: [e.assigneeId] });
  });
  follow(deps.events.subscribe('pull_request', signal), (e) => {
    if (e.action === 'opened' || e.action === 'closed' || e.action === 'reopened' || e.action === 'merged') queue({ issueId: e.issueId, actorId: e.actorId });
    if (e.action === 'review_requested' && e.reviewerId !== undefined) queue({ issueId: e.issueId, actorId: e.actorId, also: [e.reviewerId] });
  });
  follow(deps.events.subscribe('pull_request_review', signal), (e) => {
    if (e.action === 'approved' || e.action === 'rejected' || e.action === 'comment') queue({ issueId: e.issueId, actorId: e.actorId });
  });
  return follower;
}

/** The filters of Gitea's notification lists (query parameters `all`, `status-types`, `subject-type`, `since`, `before`). */
export interface NotificationFilter {
  all?: boolean | null;
  statusTypes?: readonly string[] | null;
  subjectTypes?: readonly string[] | null;
  since?: Date | null;
  before?: Date | null;
}

/** A repository by name (checked for read access: 404 otherwise), or by the id of one the caller already read. */
export type RepositoryName = { owner: string; name: string };
async function repositoryIdOf(ctx: ServiceContext, repository: RepositoryName | { id: number } | undefined): Promise<number | undefined> {
  if (!repository) return undefined;
  if ('id' in repository) return repository.id;
  return (await getRepository(ctx, repository.owner, repository.name)).repo.id;
}

function signedIn(ctx: ServiceContext) {
  const user = ctx.viewer.user;
  if (!user) throw unauthenticated();
  return user;
}

function listWhere(ctx: ServiceContext, userId: number, filter: NotificationFilter, repoId?: number): Prisma.NotificationWhereInput {
  const statuses = filter.all ? null : statusesFrom(filter.statusTypes, ['unread', 'pinned']);
  const subjects = subjectTypesFrom(filter.subjectTypes);
  const updatedAt = { ...(filter.since ? { gte: filter.since } : {}), ...(filter.before ? { lte: filter.before } : {}) };
  return {
    userId,
    ...(repoId !== undefined ? { repoId } : {}),
    ...(statuses ? { status: { in: statuses } } : {}),
    ...(subjects ? { subjectType: { in: subjects } } : {}),
    ...(filter.since || filter.before ? { updatedAt } : {}),
    // Threads of repositories the account no longer reads are kept but not shown.
    repo: readableRepositoriesWhere(ctx.viewer),
  };
}

/**
 * A page of the caller's threads (or of one repository's, `owner`/`name`), newest activity first, counted in SQL:
 * three statements whatever the size of the page. Pinned threads are included by default, as in Gitea.
 */
export async function listNotifications(
  ctx: ServiceContext,
  filter: NotificationFilter,
  window: PageWindow,
  repository?: RepositoryName | { id: number },
): Promise<Page<NotificationThread>> {
  const user = signedIn(ctx);
  const repoId = await repositoryIdOf(ctx, repository);
  const where = listWhere(ctx, user.id, filter, repoId);
  return pageFrom(
    ctx.db.notification.findMany({ where, include: THREAD_INCLUDE, orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }], skip: window.offset, take: window.limit }),
    ctx.db.notification.count({ where }),
  );
}

/** The caller's unread threads (Gitea's `/notifications/new`). */
export async function countUnread(ctx: ServiceContext): Promise<number> {
  const user = signedIn(ctx);
  return ctx.db.notification.count({ where: { userId: user.id, status: 'unread', repo: readableRepositoriesWhere(ctx.viewer) } });
}

/**
 * One thread by id. Gitea answers 404 when it does not exist and 403 when it is another account's (site
 * administrators may read it); a thread of a repository the caller no longer reads is 404.
 */
export async function getNotification(ctx: ServiceContext, id: number): Promise<NotificationThread> {
  const user = signedIn(ctx);
  const thread = await ctx.db.notification.findUnique({ where: { id }, include: THREAD_INCLUDE });
  if (!thread) throw notFound(`notification thread ${id} does not exist`);
  if (thread.userId !== user.id && !isSiteAdmin(ctx.viewer)) throw forbidden(`notification thread ${id} is not yours`);
  if (thread.userId === user.id) {
    const readable = await ctx.db.repository.count({ where: { AND: [{ id: thread.repoId }, readableRepositoriesWhere(ctx.viewer)] } });
    if (readable === 0) throw notFound(`notification thread ${id} does not exist`);
  }
  return thread;
}

/**
 * Marks one of the caller's threads read, unread or pinned (`to-status`, read by default). Only the account itself
 * changes its threads: a site administrator reads them but gets 403 here.
 */
export async function markNotification(ctx: ServiceContext, id: number, toStatus: string | null | undefined): Promise<NotificationThread> {
  const user = signedIn(ctx);
  const thread = await getNotification(ctx, id);
  if (thread.userId !== user.id) throw forbidden(`notification thread ${id} is not yours`);
  const status = targetStatus(toStatus);
  if (thread.status === status) return thread;
  const updated = await ctx.db.notification.update({ where: { id }, data: { status }, include: THREAD_INCLUDE });
  await announce(ctx, [user.id], 'STATUS_CHANGED', () => [id]);
  return updated;
}

/** What `PUT /notifications` takes: Gitea's `last_read_at`, `all`, `status-types` (unread by default) and `to-status`. */
export interface MarkManyRequest {
  lastReadAt?: Date | null;
  all?: boolean | null;
  statusTypes?: readonly string[] | null;
  toStatus?: string | null;
}

/**
 * Sets the state of the caller's threads (of one repository, or all) that match, updated up to `lastReadAt` (no
 * bound when absent), and answers the changed threads, as Gitea does (it answers them with 205). One update and
 * two reads in one transaction, whatever their number.
 */
export async function markNotifications(ctx: ServiceContext, request: MarkManyRequest, repository?: { owner: string; name: string }): Promise<NotificationThread[]> {
  const user = signedIn(ctx);
  const repoId = repository ? (await getRepository(ctx, repository.owner, repository.name)).repo.id : undefined;
  const statuses = request.all ? null : statusesFrom(request.statusTypes, ['unread']);
  const status: NotificationStatus = targetStatus(request.toStatus);
  const where: Prisma.NotificationWhereInput = {
    userId: user.id,
    ...(repoId !== undefined ? { repoId } : {}),
    ...(statuses ? { status: { in: statuses } } : {}),
    ...(request.lastReadAt ? { updatedAt: { lte: request.lastReadAt } } : {}),
  };
  const changed = await ctx.db.$transaction(async (tx) => {
    const ids = (await tx.notification.findMany({ where, select: { id: true } })).map((n) => n.id);
    if (ids.length === 0) return [];
    await tx.notification.updateMany({ where: { id: { in: ids } }, data: { status } });
    return tx.notification.findMany({ where: { id: { in: ids }, repo: readableRepositoriesWhere(ctx.viewer) }, include: THREAD_INCLUDE, orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }] });
  });
  if (changed.length > 0) await announce(ctx, [user.id], 'STATUS_CHANGED', () => changed.map((n) => n.id));
  return changed;
}
