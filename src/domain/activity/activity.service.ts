import type { Prisma, Team, User } from '../../db/models.ts';
import { isSiteAdmin } from '../../auth/viewer.ts';
import type { Page, PageWindow } from '../../pagination.ts';
import { pageFrom } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { isOrganizationMember, readableRepositoriesWhere } from '../access/access.service.ts';
import { COMMENT_WITH_ISSUE_INCLUDE, type CommentView } from '../comment/comment.service.ts';

/** What one feed entry is read with: its actor, its repository with its owner, its comment with its issue. */
export const ACTION_INCLUDE = {
  actUser: true,
  repo: { include: { owner: true } },
  comment: { include: COMMENT_WITH_ISSUE_INCLUDE },
} as const satisfies Prisma.ActionInclude;

export type ActionRow = Prisma.ActionGetPayload<{ include: typeof ACTION_INCLUDE }>;

/** An entry of a feed, and the account whose feed shows it (Gitea's user_id: the receiver). */
export interface ActivityView {
  action: ActionRow;
  receiverId: number;
  comment: CommentView | null;
}

/** The filters every feed takes (Gitea's `date` and, for a user's feed, `only-performed-by`). */
export interface FeedFilter {
  /** A day, YYYY-MM-DD (UTC): only what happened that day. Gitea takes a date it cannot read as today. */
  date?: string | null;
  onlyPerformedBy?: boolean | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day a `date` filter names, as a range of times; null when no date is asked for. */
export function dayRange(date: string | null | undefined, now = new Date()): { gte: Date; lt: Date } | null {
  if (!date) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  let start = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (!match || Number.isNaN(start) || new Date(start).getUTCDate() !== Number(match[3])) {
    start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  }
  return { gte: new Date(start), lt: new Date(start + DAY_MS) };
}

const viewerIs = (ctx: ServiceContext, account: User) => ctx.viewer.user?.id === account.id || isSiteAdmin(ctx.viewer);

/** Whether the viewer may see the activity of `account`: not hidden by it (hide_activity), or the viewer is it or a site admin. */
const activityReadable = (ctx: ServiceContext, account: User) => !account.keepActivityPrivate || viewerIs(ctx, account);

/** The entries whose actors show their activity to the viewer (every entry for site admins), as Gitea filters every feed. */
function readableActorsWhere(ctx: ServiceContext): Prisma.ActionWhereInput {
  if (isSiteAdmin(ctx.viewer)) return {};
  const viewerId = ctx.viewer.user?.id;
  return { OR: [{ actUser: { keepActivityPrivate: false } }, ...(viewerId ? [{ actUserId: viewerId }] : [])] };
}

const EMPTY_FEED: Page<ActivityView> = { items: [], totalCount: 0 };

/**
 * A page of the entries matching `where`, newest first, among the repositories the viewer reads, with their
 * actors, repositories and comments read in one statement each for the whole page, and counted in SQL.
 */
async function feed(ctx: ServiceContext, where: Prisma.ActionWhereInput, receiverOf: (row: ActionRow) => number, includePrivate: boolean, filter: FeedFilter, window: PageWindow): Promise<Page<ActivityView>> {
  const day = dayRange(filter.date);
  const all: Prisma.ActionWhereInput = {
    AND: [where, { repo: readableRepositoriesWhere(ctx.viewer) }, readableActorsWhere(ctx), includePrivate ? {} : { isPrivate: false }, day ? { createdAt: day } : {}],
  };
  return pageFrom(
    ctx.db.action.findMany({ where: all, include: ACTION_INCLUDE, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: window.offset, take: window.limit }),
    ctx.db.action.count({ where: all }),
    (action) => ({
      action,
      receiverId: receiverOf(action),
      comment: action.comment ? { comment: action.comment, issue: { issue: action.comment.issue, repo: action.repo } } : null,
    }),
  );
}

/**
 * A person's feed, as Gitea lists it: what they did, and what happened in the repositories they own or watch
 * (Gitea's rows for them as receiver); with onlyPerformedBy, only what they did. Activity in private
 * repositories is shown to the person and to site admins only (and then only in repositories they read).
 */
export async function userFeed(ctx: ServiceContext, user: User, filter: FeedFilter, window: PageWindow): Promise<Page<ActivityView>> {
  // An account that hides its activity has an empty feed for everyone but itself and site admins (Gitea's GetFeeds).
  if (!activityReadable(ctx, user)) return EMPTY_FEED;
  const where: Prisma.ActionWhereInput = filter.onlyPerformedBy
    ? { actUserId: user.id }
    : { OR: [{ actUserId: user.id }, { repo: { ownerId: user.id } }, { repo: { watches: { some: { userId: user.id } } } }] };
  return feed(ctx, where, () => user.id, viewerIs(ctx, user), filter, window);
}

/** An organization's feed: what happened in its repositories; private activity for its members and site admins. */
export async function organizationFeed(ctx: ServiceContext, org: User, filter: FeedFilter, window: PageWindow): Promise<Page<ActivityView>> {
  return feed(ctx, { repo: { ownerId: org.id } }, () => org.id, await isOrganizationMember(ctx, org), { date: filter.date }, window);
}

/**
 * A team's feed: what happened in the repositories the team reaches (all of its organization's when it includes
 * them all), private activity included: the lookup that found the team let only its members, the owners of its
 * organization and site admins through (Gitea's reqTeamMembership).
 */
export function teamFeed(ctx: ServiceContext, team: Team, filter: FeedFilter, window: PageWindow): Promise<Page<ActivityView>> {
  const where: Prisma.ActionWhereInput = team.includesAllRepositories ? { repo: { ownerId: team.orgId } } : { repo: { teams: { some: { teamId: team.id } } } };
  return feed(ctx, where, () => team.orgId, true, { date: filter.date }, window);
}

/** A repository's feed (the viewer reads it: the lookup that found it checked), private activity included. */
export function repositoryFeed(ctx: ServiceContext, repo: { id: number; ownerId: number }, filter: FeedFilter, window: PageWindow): Promise<Page<ActivityView>> {
  return feed(ctx, { repoId: repo.id }, () => repo.ownerId, true, { date: filter.date }, window);
}

/** One quarter hour of the heatmap: its start in seconds since the epoch, and how many entries fell in it. */
export interface HeatmapEntry {
  timestamp: number;
  contributions: number;
}

const YEAR_MS = 365 * DAY_MS;

/**
 * The contribution heatmap of an account over the last year, by quarter hour, counted in SQL (one grouped
 * statement): for a person what they did themselves, for an organization what happened in its repositories;
 * only in repositories the viewer reads, as Gitea counts it. Empty for an account that hides its activity, but to
 * itself and site admins.
 */
export async function heatmap(ctx: ServiceContext, account: User, now = new Date()): Promise<HeatmapEntry[]> {
  if (!activityReadable(ctx, account)) return [];
  const whose: Prisma.ActionWhereInput = account.type === 'organization' ? { repo: { ownerId: account.id } } : { actUserId: account.id };
  const groups = await ctx.db.action.groupBy({
    by: ['quarterHour'],
    where: { AND: [whose, { createdAt: { gt: new Date(now.getTime() - YEAR_MS) } }, { repo: readableRepositoriesWhere(ctx.viewer) }] },
    _count: { _all: true },
    orderBy: { quarterHour: 'asc' },
  });
  return groups.map((g) => ({ timestamp: g.quarterHour, contributions: g._count._all }));
}
