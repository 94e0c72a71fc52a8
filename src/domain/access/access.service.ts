import { isPublicOnly, isSiteAdmin, type Viewer } from '../../auth/viewer.ts';
import type { Prisma, Repository, User } from '../../db/models.ts';
import type { ServiceContext } from '../../services.ts';
import { grantsOfAccounts, repositoryGrants, viewerOrganizations, viewerTeams, type RepositoryGrants } from './grants.ts';
import { ACCESS_LEVELS, atLeast, highest, uniformUnits, UNITS, type AccessLevel, type Unit, type UnitLevels } from './units.ts';

export { atLeast, type AccessLevel, type Unit } from './units.ts';

/** What a caller may do with a repository: its overall level and the level per unit. */
export interface RepositoryPermission {
  level: AccessLevel;
  units: UnitLevels;
}

/** What a check asks for: an overall level, or a level on one unit. */
export type Need = AccessLevel | { unit: Unit; level: AccessLevel };
export const CODE_READ: Need = { unit: 'repo.code', level: 'read' };
export const CODE_WRITE: Need = { unit: 'repo.code', level: 'write' };

export function satisfies(permission: RepositoryPermission, need: Need): boolean {
  if (typeof need === 'string') return atLeast(permission.level, need);
  return atLeast(permission.units[need.unit], need.level);
}

export const describeNeed = (need: Need) => (typeof need === 'string' ? `${need} access` : `${need.level} access to ${need.unit}`);

/** Restricted accounts get no default read access: only what is theirs or explicitly granted to them. */
const isRestricted = (viewer: Viewer) => !!viewer.user?.restricted && !isSiteAdmin(viewer);

/**
 * Whether an account (person or organization) is visible: public ones to everyone, limited ones to
 * signed-in unrestricted callers, private ones to themselves, site admins and, for organizations, members.
 */
export function accountVisible(viewer: Viewer, account: User, viewerIsMember: boolean): boolean {
  if (account.visibility === 'public') return true;
  if (!viewer.user || isPublicOnly(viewer)) return false;
  if (isSiteAdmin(viewer) || account.id === viewer.user.id || viewerIsMember) return true;
  return account.visibility === 'limited' && !viewer.user.restricted;
}

/** accountVisible, with the viewer's memberships loaded (once per request). */
export async function canSeeAccount(ctx: ServiceContext, account: User): Promise<boolean> {
  if (account.visibility === 'public') return true;
  const member = account.type === 'organization' && (await viewerOrganizations(ctx)).member.has(account.id);
  return accountVisible(ctx.viewer, account, member);
}

export interface AccessFacts {
  grants: RepositoryGrants;
  /** The viewer belongs to / owns the organization that owns the repository. */
  memberOfOwner: boolean;
  ownerOfOwner: boolean;
}

/** The same level on every unit: one frozen answer per level, shared by every request that gets it. */
const UNIFORM = new Map<AccessLevel, RepositoryPermission>(
  ACCESS_LEVELS.map((level) => [level, Object.freeze({ level, units: Object.freeze(uniformUnits(level)) })]),
);
const full = (level: AccessLevel): RepositoryPermission => UNIFORM.get(level)!;
const NONE = full('none');

/**
 * The rules, as a pure function of the viewer, the repository and the facts the database holds about them:
 * site admins and owners (the owning account, or an owner team of the owning organization) may do
 * everything; a visible public repository may be read; collaborators get their level on every unit; teams
 * get their level per unit (admin teams: admin on all).
 */
export function permissionFrom(viewer: Viewer, repo: Repository & { owner: User }, facts: AccessFacts): RepositoryPermission {
  // A public-only token reaches public repositories of public owners only, with the rights its user has there.
  if (isPublicOnly(viewer) && (repo.isPrivate || repo.owner.visibility !== 'public')) return NONE;
  if (viewer.user) {
    if (isSiteAdmin(viewer) || repo.ownerId === viewer.user.id || facts.ownerOfOwner) return full('owner');
  }
  const readable = !repo.isPrivate && (!isRestricted(viewer) || facts.memberOfOwner) && accountVisible(viewer, repo.owner, facts.memberOfOwner);
  const units = uniformUnits(readable ? 'read' : 'none');
  const raise = (unit: Unit, level: AccessLevel) => (units[unit] = highest(units[unit], level));
  if (facts.grants.collaboration) for (const unit of UNITS) raise(unit, facts.grants.collaboration);
  for (const team of facts.grants.teams) {
    if (atLeast(team.permission, 'admin')) for (const unit of UNITS) raise(unit, 'admin');
    else for (const unit of UNITS) raise(unit, team.units[unit] ?? 'none');
  }
  const level = UNITS.reduce<AccessLevel>((max, unit) => highest(max, units[unit]), 'none');
  return { level, units };
}

/**
 * Whether only the public-only restriction of the viewer's token hides the repository: the token's user may
 * see it. Gitea then answers 403 ("token scope is limited to public repos") rather than 404.
 */
export async function hiddenByPublicOnlyToken(ctx: ServiceContext, repo: Repository & { owner: User }): Promise<boolean> {
  const unrestricted = withoutPublicOnly(ctx);
  return !!unrestricted && (await repositoryPermission(unrestricted, repo)).level !== 'none';
}

/** The same for an organization that is not public: Gitea answers 403 ("token scope is limited to public orgs"). */
export async function accountHiddenByPublicOnlyToken(ctx: ServiceContext, account: User): Promise<boolean> {
  const unrestricted = withoutPublicOnly(ctx);
  return !!unrestricted && account.visibility !== 'public' && (await canSeeAccount(unrestricted, account));
}

/** The context as it would be if the viewer's token were not public-only; null when it is not. */
function withoutPublicOnly(ctx: ServiceContext): ServiceContext | null {
  const { viewer } = ctx;
  if (!viewer.user || !viewer.grant?.publicOnly) return null;
  return { ...ctx, viewer: { ...viewer, grant: { ...viewer.grant, publicOnly: false } } };
}

/** No database facts can change the answer for these callers: anonymous, public-only, site admins, the owner. */
const needsNoFacts = (viewer: Viewer, repo: Repository) => !viewer.user || isPublicOnly(viewer) || isSiteAdmin(viewer) || repo.ownerId === viewer.user.id;
const NO_FACTS: AccessFacts = { grants: { collaboration: null, teams: [] }, memberOfOwner: false, ownerOfOwner: false };

/** The viewer's permission on a repository; batched and cached per request (see grants.ts). */
export async function repositoryPermission(ctx: ServiceContext, repo: Repository & { owner: User }): Promise<RepositoryPermission> {
  const viewer = ctx.viewer;
  if (needsNoFacts(viewer, repo)) return permissionFrom(viewer, repo, NO_FACTS);
  const [grants, orgs] = await Promise.all([repositoryGrants(ctx, repo), viewerOrganizations(ctx)]);
  return permissionFrom(viewer, repo, { grants, memberOfOwner: orgs.member.has(repo.ownerId), ownerOfOwner: orgs.owner.has(repo.ownerId) });
}

/**
 * The permissions of many viewers on one repository, for one moment (an event delivered to each of its
 * subscribers): the same answer as repositoryPermission, with the database facts of all viewers read together
 * (grantsOfAccounts) instead of a few statements per viewer.
 */
export function permissionsOfViewers(ctx: ServiceContext, repo: Repository & { owner: User }) {
  const grants = grantsOfAccounts(ctx.db, repo);
  return async (viewer: Viewer): Promise<RepositoryPermission> => {
    if (needsNoFacts(viewer, repo)) return permissionFrom(viewer, repo, NO_FACTS);
    return permissionFrom(viewer, repo, await grants.load(viewer.user!.id));
  };
}

/** The viewer's overall level on a repository. */
export async function repositoryAccess(ctx: ServiceContext, repo: Repository & { owner: User }): Promise<AccessLevel> {
  return (await repositoryPermission(ctx, repo)).level;
}

/** Prisma filter for the accounts a viewer may see. */
export function visibleAccountsWhere(viewer: Viewer): Prisma.UserWhereInput {
  if (isSiteAdmin(viewer)) return {};
  if (!viewer.user || isPublicOnly(viewer)) return { visibility: 'public' };
  const visible = viewer.user.restricted ? ['public'] : ['public', 'limited'];
  return { OR: [{ visibility: { in: visible } }, { id: viewer.user.id }, { orgMembers: { some: { userId: viewer.user.id } } }] };
}

/**
 * The repositories the database grants an account beyond visibility: its own, those it collaborates on,
 * and those its teams reach (explicitly or through includes-all-repositories, which owner teams always have).
 * A team's permission is its highest unit level: teams that reach nothing grant nothing.
 */
function grantedRepositoriesWhere(userId: number): Prisma.RepositoryWhereInput[] {
  return [
    { ownerId: userId },
    { collaborators: { some: { userId } } },
    { teams: { some: { team: { permission: { not: 'none' }, members: { some: { userId } } } } } },
    { owner: { teams: { some: { includesAllRepositories: true, permission: { not: 'none' }, members: { some: { userId } } } } } },
  ];
}

/** Public repositories of the organizations (of the given visibilities) an account belongs to. */
const publicOfMemberOrganizationsWhere = (userId: number, visibilities?: string[]): Prisma.RepositoryWhereInput => ({
  isPrivate: false,
  owner: { orgMembers: { some: { userId } }, ...(visibilities ? { visibility: { in: visibilities } } : {}) },
});

/** Prisma filter for the repositories a viewer may at least read (for lists and search). */
export function readableRepositoriesWhere(viewer: Viewer): Prisma.RepositoryWhereInput {
  if (!viewer.user || isPublicOnly(viewer)) return { isPrivate: false, owner: { visibility: 'public' } };
  if (isSiteAdmin(viewer)) return {};
  const userId = viewer.user.id;
  const granted = grantedRepositoriesWhere(userId);
  const publicOfMemberOrg = publicOfMemberOrganizationsWhere(userId);
  if (isRestricted(viewer)) return { OR: [...granted, publicOfMemberOrg] };
  return { OR: [{ isPrivate: false, owner: { visibility: { in: ['public', 'limited'] } } }, publicOfMemberOrg, ...granted] };
}

/**
 * Prisma filter for the repositories the signed-in viewer reaches, as Gitea's "my repositories" lists them:
 * what is granted to it (owned, collaborations, teams), and the public repositories of private organizations
 * it belongs to, which no one outside sees; public repositories it merely may read are not among them, and
 * nothing beyond what it may read is (a public-only token keeps to public repositories of public owners).
 * Site admins reach what is granted to them, like anyone else.
 */
export function reachableRepositoriesWhere(viewer: Viewer): Prisma.RepositoryWhereInput {
  if (!viewer.user) return { id: { in: [] } };
  const userId = viewer.user.id;
  const reached = { OR: [...grantedRepositoriesWhere(userId), publicOfMemberOrganizationsWhere(userId, ['private'])] };
  return { AND: [readableRepositoriesWhere(viewer), reached] };
}

/**
 * Whether the viewer may create (or fork, or transfer) repositories owned by `owner`: its own account, an
 * organization it owns or where one of its teams may create repositories; site admins anywhere.
 */
export async function mayCreateRepositoryFor(ctx: ServiceContext, owner: User): Promise<boolean> {
  const viewer = ctx.viewer;
  if (!viewer.user || isPublicOnly(viewer)) return false;
  if (isSiteAdmin(viewer) || owner.id === viewer.user.id) return true;
  if (owner.type !== 'organization') return false;
  const teams = (await viewerTeams(ctx)).filter((t) => t.orgId === owner.id);
  return teams.some((t) => t.permission === 'owner' || t.canCreateOrgRepo);
}

/** Whether the viewer owns an organization (belongs to one of its owner teams), or is a site admin. */
export async function isOrganizationOwner(ctx: ServiceContext, org: User): Promise<boolean> {
  if (!ctx.viewer.user || isPublicOnly(ctx.viewer)) return false;
  if (isSiteAdmin(ctx.viewer)) return true;
  return (await viewerOrganizations(ctx)).owner.has(org.id);
}

/** Whether the viewer belongs to an organization (any of its teams), or is a site admin. */
export async function isOrganizationMember(ctx: ServiceContext, org: User): Promise<boolean> {
  if (!ctx.viewer.user || isPublicOnly(ctx.viewer)) return false;
  if (isSiteAdmin(ctx.viewer)) return true;
  return (await viewerOrganizations(ctx)).member.has(org.id);
}
