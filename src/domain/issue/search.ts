import { isPublicOnly, isSiteAdmin } from '../../auth/viewer.ts';
import { cachedMany } from '../../cache/cache.ts';
import type { Issue, Prisma } from '../../db/models.ts';
import { databaseTarget } from '../../db/provider.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { Page, PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { atLeast, canSeeAccount, readableRepositoriesWhere, type Unit } from '../access/access.service.ts';
import { viewerTeams } from '../access/grants.ts';
import { findUserByLogin } from '../user/user.service.ts';
import type { RepositoryWithOwner } from '../repo/repo.service.ts';
import { withRelations, type IssueView } from './issue.service.ts';
import type { IssueSearchFilter, IssueSearchSort } from './search.inputs.ts';

/**
 * Searching issues across repositories (Gitea's /repos/issues/search): the issues of every repository whose
 * issues the caller reads, and the pull requests of those whose pull requests it reads, filtered and sorted in
 * SQL. Which repositories those are is one condition of the query (the access model's readable repositories,
 * narrowed to the unit), never a list of their ids, so a page costs the same statements however many
 * repositories the caller reads and however large the page is.
 */

const ORDERS: Record<IssueSearchSort, Prisma.IssueOrderByWithRelationInput[]> = {
  newest: [{ createdAt: 'desc' }, { id: 'desc' }],
  oldest: [{ createdAt: 'asc' }, { id: 'asc' }],
  recentupdate: [{ updatedAt: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }],
  leastupdate: [{ updatedAt: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
  mostcomment: [{ commentCount: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }],
  leastcomment: [{ commentCount: 'asc' }, { createdAt: 'desc' }, { id: 'desc' }],
  // Issues without a deadline come after those with one, whichever way.
  nearduedate: [{ deadline: { sort: 'asc', nulls: 'last' } }, { createdAt: 'desc' }, { id: 'desc' }],
  farduedate: [{ deadline: { sort: 'desc', nulls: 'last' } }, { createdAt: 'desc' }, { id: 'desc' }],
  // Most recently closed first; open issues (never closed) after every closed one, newest first.
  recentclose: [{ closedAt: { sort: 'desc', nulls: 'last' } }, { createdAt: 'desc' }, { id: 'desc' }],
};

/** Nothing matches this: filters that can find nothing (reviews of pull requests, which do not exist yet). */
const NOTHING: Prisma.IssueWhereInput = { id: { in: [] } };

/**
 * The repositories whose `unit` the viewer reads, as one condition: the readable repositories (the access
 * model's query), with the unit switched on and, where only teams grant the repository, one of those teams
 * granting the unit (teams grant per unit; owners, collaborators and public visibility grant every unit).
 */
async function unitReadableWhere(ctx: ServiceContext, unit: Extract<Unit, 'repo.issues' | 'repo.pulls'>): Promise<Prisma.RepositoryWhereInput> {
  const viewer = ctx.viewer;
  const switchedOn: Prisma.RepositoryWhereInput = unit === 'repo.issues' ? { hasIssues: true } : { hasPullRequests: true };
  const readable = readableRepositoriesWhere(viewer);
  if (!viewer.user || isPublicOnly(viewer) || isSiteAdmin(viewer)) return { AND: [readable, switchedOn] };
  const userId = viewer.user.id;
  const granting = (await viewerTeams(ctx)).filter((t) => atLeast(t.permission, 'admin') || atLeast(t.units[unit] ?? 'none', 'read')).map((t) => t.id);
  // Public repositories are read on every unit by whoever reads them; a restricted account reads them only as
  // a member of their organization, which readable already requires of it.
  const unitGranted: Prisma.RepositoryWhereInput = {
    OR: [
      { isPrivate: false, ...(viewer.user.restricted ? { owner: { orgMembers: { some: { userId } } } } : {}) },
      { ownerId: userId },
      { collaborators: { some: { userId } } },
      ...(granting.length > 0
        ? [{ teams: { some: { teamId: { in: granting } } } }, { owner: { teams: { some: { id: { in: granting }, includesAllRepositories: true } } } }]
        : []),
    ],
  };
  return { AND: [readable, switchedOn, unitGranted] };
}

/** A mention ends the body or is followed by a character that cannot continue a login. */
const MENTION_ENDS = [' ', '\n', '\r', '\t', ',', '.', ':', ';', '!', '?', ')', ']', "'", '"'];
const mentioning = (login: string): Prisma.IssueWhereInput => {
  const mention = `@${login}`;
  return { OR: [{ body: { endsWith: mention } }, ...MENTION_ENDS.map((end) => ({ body: { contains: `${mention}${end}` } }))] };
};

/** Comma-separated names as a list: trimmed, empty ones dropped. */
const names = (values: readonly string[] | null | undefined) => (values ?? []).map((v) => v.trim()).filter((v) => v !== '');

/** The repositories a search is limited to by `owner` (and `team`); null when it names neither. */
async function ownerWhere(ctx: ServiceContext, filter: IssueSearchFilter): Promise<Prisma.RepositoryWhereInput | null> {
  const ownerLogin = filter.owner?.trim();
  const teamName = filter.team?.trim();
  if (!ownerLogin) {
    if (teamName) throw badRequest('a team is looked up in the organization named by owner, which is missing');
    return null;
  }
  const owner = await findUserByLogin(ctx, ownerLogin);
  // An account the caller may not see is one that does not exist.
  if (!owner || !(await canSeeAccount(ctx, owner))) throw badRequest(`owner "${ownerLogin}" does not exist`);
  if (!teamName) return { ownerId: owner.id };
  const team = await ctx.db.team.findFirst({ where: { orgId: owner.id, lowerName: teamName.toLowerCase() } });
  if (!team) throw badRequest(`team "${teamName}" does not exist in ${owner.login}`);
  return team.includesAllRepositories ? { ownerId: owner.id } : { ownerId: owner.id, teams: { some: { teamId: team.id } } };
}

/** The conditions of a search, besides the repositories. */
async function issueConditions(ctx: ServiceContext, filter: IssueSearchFilter): Promise<Prisma.IssueWhereInput[]> {
  const and: Prisma.IssueWhereInput[] = [];
  const state = filter.state ?? 'open';
  if (state !== 'all') and.push({ isClosed: state === 'closed' });
  if (filter.kind) and.push({ isPull: filter.kind === 'pulls' });
  const insensitive = databaseTarget(ctx.config).provider === 'postgresql' ? { mode: 'insensitive' as const } : {};

  const labelNames = names(filter.labels);
  const milestoneTitles = names(filter.milestones);
  // Names that no label (no milestone) has are dropped, as in Gitea: when none is left, the filter goes too.
  const [labelKnown, milestoneKnown] = await Promise.all([
    labelNames.length > 0 ? ctx.db.label.findFirst({ where: { name: { in: labelNames } }, select: { id: true } }) : null,
    milestoneTitles.length > 0 ? ctx.db.milestone.findFirst({ where: { title: { in: milestoneTitles } }, select: { id: true } }) : null,
  ]);
  if (labelKnown) and.push({ labels: { some: { label: { name: { in: labelNames } } } } });
  if (milestoneKnown) and.push({ milestone: { title: { in: milestoneTitles } } });

  const query = filter.query?.trim();
  if (query && !query.includes('\0')) {
    const contains = { contains: query, ...insensitive };
    and.push({ OR: [{ title: contains }, { body: contains }, { comments: { some: { type: 'comment', body: contains } } }] });
  }
  if (filter.updatedSince) and.push({ updatedAt: { gte: filter.updatedSince } });
  if (filter.updatedBefore) and.push({ updatedAt: { lte: filter.updatedBefore } });
  const postedBy = filter.postedBy?.trim();
  if (postedBy) {
    const poster = await findUserByLogin(ctx, postedBy);
    if (!poster) throw notFound(`account "${postedBy}" does not exist`);
    and.push({ posterId: poster.id });
  }

  const viewer = ctx.viewer.user;
  if (viewer) {
    if (filter.postedByViewer) and.push({ posterId: viewer.id });
    if (filter.assignedToViewer) and.push({ assignees: { some: { userId: viewer.id } } });
    if (filter.mentioningViewer) and.push(mentioning(viewer.login));
    // No pull request has review requests or reviews yet: asking for them finds nothing.
    if (filter.reviewRequestedOfViewer || filter.reviewedByViewer) and.push(NOTHING);
  }
  return and;
}

/** Whether a search filters by nothing but the state, the kind and the repositories (owner, team). */
function onlyRepositoryFilters(filter: IssueSearchFilter): boolean {
  const repositoryLevel = new Set(['state', 'kind', 'owner', 'team', 'sort', 'priorityRepositoryId']);
  return Object.entries(filter).every(([name, value]) => repositoryLevel.has(name) || value === null || value === undefined || value === false || (Array.isArray(value) && value.length === 0) || value === '');
}

/**
 * The number of issues (and pull requests) of a state in the repositories a search reads, from their counters:
 * a statement over the repositories instead of one over every issue they hold.
 */
async function countedByRepositories(
  ctx: ServiceContext,
  state: 'open' | 'closed' | 'all',
  issuesRepos: Prisma.RepositoryWhereInput | null,
  pullsRepos: Prisma.RepositoryWhereInput | null,
): Promise<number> {
  const of = (all: number | null, closed: number | null) => (state === 'all' ? (all ?? 0) : state === 'closed' ? (closed ?? 0) : (all ?? 0) - (closed ?? 0));
  const [issues, pulls] = await Promise.all([
    issuesRepos ? ctx.db.repository.aggregate({ where: issuesRepos, _sum: { issueCount: true, closedIssueCount: true } }) : null,
    pullsRepos ? ctx.db.repository.aggregate({ where: pullsRepos, _sum: { pullCount: true, closedPullCount: true } }) : null,
  ]);
  return (issues ? of(issues._sum.issueCount, issues._sum.closedIssueCount) : 0) + (pulls ? of(pulls._sum.pullCount, pulls._sum.closedPullCount) : 0);
}

/** The issues of a page with their relations (through the issue area's caches) and their repositories. */
async function views(ctx: ServiceContext, issues: Issue[]): Promise<IssueView[]> {
  const [rows, repos] = await Promise.all([
    withRelations(ctx, issues),
    cachedMany<RepositoryWithOwner>(ctx, 'repositoryById', issues.map((i) => i.repoId), (missing) =>
      ctx.db.repository.findMany({ where: { id: { in: missing } }, include: { owner: true } }),
    ),
  ]);
  return rows.flatMap((issue) => {
    const repo = repos.get(issue.repoId);
    return repo ? [{ issue, repo }] : [];
  });
}

/**
 * A page of the issues the caller may read across repositories, newest first unless `sort` says otherwise,
 * counted in SQL. With `priorityRepositoryId`, that repository's issues come first (each part in the asked
 * order): two queries of a page each. Either way a page costs the same statements whatever its size.
 */
export async function searchIssues(ctx: ServiceContext, filter: IssueSearchFilter, window: PageWindow): Promise<Page<IssueView>> {
  const [conditions, limitedTo, issuesRepos, pullsRepos] = await Promise.all([
    issueConditions(ctx, filter),
    ownerWhere(ctx, filter),
    filter.kind === 'pulls' ? null : unitReadableWhere(ctx, 'repo.issues'),
    filter.kind === 'issues' ? null : unitReadableWhere(ctx, 'repo.pulls'),
  ]);
  const inRepos = (units: Prisma.RepositoryWhereInput): Prisma.RepositoryWhereInput => (limitedTo ? { AND: [units, limitedTo] } : units);
  const readable: Prisma.IssueWhereInput = {
    OR: [...(issuesRepos ? [{ isPull: false, repo: inRepos(issuesRepos) }] : []), ...(pullsRepos ? [{ isPull: true, repo: inRepos(pullsRepos) }] : [])],
  };
  const where: Prisma.IssueWhereInput = { AND: [readable, ...conditions] };
  const orderBy = ORDERS[filter.sort ?? 'newest'];
  const page = (where: Prisma.IssueWhereInput, skip: number, take: number) =>
    take > 0 ? ctx.db.issue.findMany({ where, orderBy, skip, take }) : Promise.resolve([]);

  const priority = filter.priorityRepositoryId;
  if (!priority) {
    const counted = onlyRepositoryFilters(filter) ? countedByRepositories(ctx, filter.state ?? 'open', issuesRepos && inRepos(issuesRepos), pullsRepos && inRepos(pullsRepos)) : null;
    const [rows, totalCount] = await Promise.all([page(where, window.offset, window.limit), counted ?? ctx.db.issue.count({ where })]);
    return { items: await views(ctx, rows), totalCount };
  }
  // The priority repository's part first, then the others': the window falls in one or both.
  const first: Prisma.IssueWhereInput = { AND: [where, { repoId: priority }] };
  const rest: Prisma.IssueWhereInput = { AND: [where, { repoId: { not: priority } }] };
  const [firstCount, restCount] = await Promise.all([ctx.db.issue.count({ where: first }), ctx.db.issue.count({ where: rest })]);
  const fromFirst = Math.max(0, Math.min(window.limit, firstCount - window.offset));
  const [firstRows, restRows] = await Promise.all([
    page(first, window.offset, fromFirst),
    page(rest, Math.max(0, window.offset - firstCount), window.limit - fromFirst),
  ]);
  return { items: await views(ctx, [...firstRows, ...restRows]), totalCount: firstCount + restCount };
}
