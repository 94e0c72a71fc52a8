import { isSiteAdmin } from '../../auth/viewer.ts';
import type { Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Prisma, User } from '../../db/models.ts';
import { databaseTarget } from '../../db/provider.ts';
import { forbidden, notFound, unauthenticated } from '../../errors.ts';
import { pageFrom, type Page, type PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { visibleAccountsWhere, type Need } from '../access/access.service.ts';
import { getRepository } from '../repo/repo.service.ts';
import { findUserByLogin } from '../user/user.service.ts';
import { mentionedLogins, PARTICIPANT_COMMENT_TYPES } from './subscription.rules.ts';

const ISSUES_READ: Need = { unit: 'repo.issues', level: 'read' };

/** What deciding who follows an issue needs to know of the issue itself. */
export interface IssueFacts {
  id: number;
  repoId: number;
  posterId: number | null;
  body: string;
}

/** A subscription after a change was asked for: `changed` is false when the account already was in that state. */
export interface SubscriptionChange {
  user: User;
  subscribed: boolean;
  changed: boolean;
}

/**
 * Subscriptions are computed when they are read, from what the issue and its repository hold, so they are always
 * what the rules of subscription.rules.ts say and no other area writes rows for them: an account follows an issue
 * when it subscribed itself (an IssueSubscription row watching), or, without a row saying it unsubscribed, when it
 * posted the issue, commented on it, is assigned to it, is mentioned in it or in a comment, or watches the
 * repository. Only active accounts that may sign in count, as in Gitea.
 */
export async function subscribersWhere(db: Tx, issue: IssueFacts): Promise<Prisma.UserWhereInput> {
  const comments = await db.comment.findMany({
    where: { issueId: issue.id, type: { in: PARTICIPANT_COMMENT_TYPES }, body: { contains: '@' } },
    select: { body: true },
  });
  const mentioned = [...new Set([issue.body, ...comments.map((c) => c.body)].flatMap(mentionedLogins))];
  return {
    isActive: true,
    prohibitLogin: false,
    issueSubscriptions: { none: { issueId: issue.id, isWatching: false } },
    OR: [
      { issueSubscriptions: { some: { issueId: issue.id, isWatching: true } } },
      ...(issue.posterId ? [{ id: issue.posterId }] : []),
      { assignedIssues: { some: { issueId: issue.id } } },
      { postedComments: { some: { issueId: issue.id, type: { in: PARTICIPANT_COMMENT_TYPES } } } },
      { watches: { some: { repoId: issue.repoId } } },
      ...(mentioned.length > 0 ? [{ lowerLogin: { in: mentioned }, type: 'user' }] : []),
    ],
  };
}

/**
 * A page of the accounts subscribed to an issue the caller reads (by id), counted in SQL: three statements
 * whatever the size of the page. Accounts the caller may not see are left out, as in the repository's watchers.
 */
export async function listIssueSubscribers(ctx: ServiceContext, issue: IssueFacts, window: PageWindow): Promise<Page<User>> {
  const where: Prisma.UserWhereInput = { AND: [await subscribersWhere(ctx.db, issue), visibleAccountsWhere(ctx.viewer)] };
  return pageFrom(ctx.db.user.findMany({ where, orderBy: { id: 'asc' }, skip: window.offset, take: window.limit }), ctx.db.user.count({ where }));
}

/**
 * Which of `issues` one account follows, by the same rules as subscribersWhere, for many issues in a fixed number
 * of statements (a page of issues asking whether the viewer follows each costs what one issue costs).
 */
export async function subscribedAmong(ctx: Pick<ServiceContext, 'config'>, db: Tx, user: User, issues: readonly IssueFacts[]): Promise<Set<number>> {
  if (!user.isActive || user.prohibitLogin || issues.length === 0) return new Set();
  const issueIds = [...new Set(issues.map((i) => i.id))];
  const repoIds = [...new Set(issues.map((i) => i.repoId))];
  const comments = { issueId: { in: issueIds }, type: { in: PARTICIPANT_COMMENT_TYPES } };
  const insensitive = databaseTarget(ctx.config).provider === 'postgresql' ? { mode: 'insensitive' as const } : {};
  const explicit = await db.issueSubscription.findMany({ where: { userId: user.id, issueId: { in: issueIds } }, select: { issueId: true, isWatching: true } });
  const assigned = await db.issueAssignee.findMany({ where: { userId: user.id, issueId: { in: issueIds } }, select: { issueId: true } });
  const commented = await db.comment.findMany({ where: { ...comments, posterId: user.id }, select: { issueId: true }, distinct: ['issueId'] });
  const watched = await db.watch.findMany({ where: { userId: user.id, repoId: { in: repoIds } }, select: { repoId: true } });
  const mentioning = await db.comment.findMany({ where: { ...comments, body: { contains: `@${user.login}`, ...insensitive } }, select: { issueId: true, body: true } });

  const mentions = (body: string) => mentionedLogins(body).includes(user.lowerLogin);
  const rows = new Map(explicit.map((row) => [row.issueId, row.isWatching]));
  const automatic = new Set([
    ...assigned.map((a) => a.issueId),
    ...commented.map((c) => c.issueId),
    ...mentioning.filter((c) => mentions(c.body)).map((c) => c.issueId),
  ]);
  const watchedRepos = new Set(watched.map((w) => w.repoId));
  const result = new Set<number>();
  for (const issue of issues) {
    const follows = rows.get(issue.id) ?? (issue.posterId === user.id || automatic.has(issue.id) || watchedRepos.has(issue.repoId) || mentions(issue.body));
    if (follows) result.add(issue.id);
  }
  return result;
}

/**
 * Subscribes an account to an issue (`watching` true) or unsubscribes it, for the account itself or a site
 * administrator (Gitea's rule; others get 403). Nothing is written when the account already is in that state,
 * automatic subscriptions included (`changed` false: Gitea answers 200 then, 201 after a change); otherwise a row
 * records the choice, which then wins over the automatic rules. Reading the state and writing it are one
 * transaction, and of simultaneous requests for the same change only one makes it (the others answer as if it was
 * already so). Archived repositories still take subscriptions, as in Gitea.
 */
export async function setIssueSubscription(
  ctx: ServiceContext,
  owner: string,
  name: string,
  number: number,
  login: string | null,
  watching: boolean,
): Promise<SubscriptionChange> {
  const actor = ctx.viewer.user;
  if (!actor) throw unauthenticated();
  const { repo } = await getRepository(ctx, owner, name, ISSUES_READ);
  if (!repo.hasIssues) throw notFound(`repository ${owner}/${name} has no issues`);
  const issue = await ctx.db.issue.findUnique({
    where: { repoId_number: { repoId: repo.id, number } },
    select: { id: true, repoId: true, posterId: true, body: true },
  });
  if (!issue) throw notFound(`issue #${number} does not exist`);
  const user = login === null || login.toLowerCase() === actor.lowerLogin ? actor : await findUserByLogin(ctx, login);
  if (!user) throw notFound(`account "${login}" does not exist`);
  if (user.id !== actor.id && !isSiteAdmin(ctx.viewer)) throw forbidden(`${actor.login} may not change the subscriptions of ${user.login}`);

  const change = () =>
    ctx.db.$transaction(async (tx) => {
      const current = (await subscribedAmong(ctx, tx, user, [issue])).has(issue.id);
      if (current === watching) return false;
      const key = { issueId: issue.id, userId: user.id };
      const row = await tx.issueSubscription.findUnique({ where: { issueId_userId: key } });
      if (!row) {
        await tx.issueSubscription.create({ data: { ...key, isWatching: watching } });
        return true;
      }
      // Another request may have made this change since the state was read: then this one changes nothing.
      if (row.isWatching === watching) return false;
      const { count } = await tx.issueSubscription.updateMany({ where: { ...key, isWatching: row.isWatching }, data: { isWatching: watching } });
      return count > 0;
    });
  // Two requests that both found no row race to insert one: the loser runs again, and finds the winner's row.
  const changed = await change().catch((err: unknown) => (isUniqueViolation(err) ? change() : Promise.reject(err)));
  return { user, subscribed: watching, changed };
}
