import { isUniqueViolation } from '../../db/errors.ts';
import { isSiteAdmin, requireUser } from '../../auth/viewer.ts';
import type { Prisma, Repository, Team, User } from '../../db/models.ts';
import { forbidden, invalid, notAllowed, notFound } from '../../errors.ts';
import { checkMaxLength } from '../formats.ts';
import { pageFrom, type Page, type PageWindow } from '../../pagination.ts';
import { cachedRead } from '../../cache/cache.ts';
import type { ServiceContext } from '../../services.ts';
import { isOrganizationMember, isOrganizationOwner, readableRepositoriesWhere, repositoryPermission } from '../access/access.service.ts';
import { forgetGrants } from '../access/grants.ts';
import { isAccessLevel, isUnit, parseUnits, uniformUnits, UNITS, type AccessLevel, type Unit, type UnitLevels } from '../access/units.ts';
import { assertNotLastOwner, getOrganization, OWNERS_TEAM } from '../org/org.service.ts';
import { getRepository } from '../repo/repo.service.ts';
import { accountsPage, findUserByLogin, getVisibleUser } from '../user/user.service.ts';
import type { TeamInput } from './team.inputs.ts';

export type TeamWithOrg = Team & { org: User };

const TEAM_NAME = /^[A-Za-z0-9_.-]{1,255}$/;
const TEAM_PERMISSIONS = ['none', 'read', 'write', 'admin'];

/** The units of a team: every unit at the team's level for admins and owners, else what it was given. */
export function teamUnits(team: Team): UnitLevels {
  if (team.permission === 'owner' || team.permission === 'admin') return uniformUnits(team.permission as AccessLevel);
  const stored = parseUnits(team.units);
  return Object.fromEntries(UNITS.map((u) => [u, stored[u] ?? 'none'])) as UnitLevels;
}

/** Works out permission and units from the input the way Gitea's clients send them. */
function resolveAccess(input: TeamInput, current?: Team): { permission: string; units: string } | null {
  const permission = input.permission ?? undefined;
  if (permission !== undefined && !TEAM_PERMISSIONS.includes(permission)) {
    throw invalid(`permission must be one of ${TEAM_PERMISSIONS.join(', ')}`);
  }
  if (permission === undefined && !input.units && !input.unitLevels) return null;
  if (permission === 'admin') return { permission, units: JSON.stringify(uniformUnits('admin')) };
  const levels: Partial<Record<Unit, AccessLevel>> = {};
  const unitsMap = Object.fromEntries((input.unitLevels ?? []).map((u) => [u.unit, u.level]));
  if (Object.keys(unitsMap).length > 0) {
    for (const [unit, level] of Object.entries(unitsMap)) {
      if (!isUnit(unit)) throw invalid(`"${unit}" is not a repository unit; units are ${UNITS.join(', ')}`);
      if (!isAccessLevel(level) || level === 'owner') throw invalid(`"${level}" is not a unit level: use none, read, write or admin`);
      levels[unit] = level;
    }
  } else {
    const level = (permission ?? (current?.permission !== 'owner' ? current?.permission : undefined) ?? 'read') as AccessLevel;
    const units = input.units?.length ? input.units : UNITS;
    for (const unit of units) {
      if (!isUnit(unit)) throw invalid(`"${unit}" is not a repository unit; units are ${UNITS.join(', ')}`);
      levels[unit] = level;
    }
  }
  const highestLevel = Object.values(levels).reduce<AccessLevel>((max, l) => (TEAM_PERMISSIONS.indexOf(l) > TEAM_PERMISSIONS.indexOf(max) ? l : max), 'none');
  // The stored permission is the highest unit level, so that list filters can tell teams that reach nothing.
  return { permission: highestLevel, units: JSON.stringify(levels) };
}

function checkName(name: string) {
  if (!TEAM_NAME.test(name)) throw invalid(`team name "${name}" is invalid: use letters, digits, '-', '_' and '.'`);
}

function checkDescription(description: string | null | undefined) {
  checkMaxLength(description, 255, 'description');
}

/** A team the viewer may see: site admins, owners of its organization and its members; 404 for anyone else. */
export async function getTeam(ctx: ServiceContext, id: number): Promise<TeamWithOrg> {
  const viewer = requireUser(ctx.viewer);
  const team = await ctx.db.team.findUnique({ where: { id }, include: { org: true } });
  if (!team) throw notFound(`team ${id} does not exist`);
  if (isSiteAdmin(ctx.viewer) || (await isOrganizationOwner(ctx, team.org))) return team;
  if (await ctx.db.teamMember.findUnique({ where: { teamId_userId: { teamId: id, userId: viewer.id } } })) return team;
  if (await isOrganizationMember(ctx, team.org)) throw forbidden(`you must be a member of team ${team.name}`);
  throw notFound(`team ${id} does not exist`);
}

/** getTeam for changes: only owners of the organization (others who may see the team get 403, others 404). */
async function getTeamToChange(ctx: ServiceContext, id: number): Promise<TeamWithOrg> {
  const team = await getTeam(ctx, id);
  if (!(await isOrganizationOwner(ctx, team.org))) throw forbidden(`you must be an owner of ${team.org.login}`);
  return team;
}

async function requireMember(ctx: ServiceContext, org: User) {
  requireUser(ctx.viewer);
  if (!(await isOrganizationMember(ctx, org))) throw forbidden(`you must be a member of ${org.login}`);
}

async function teamPage(ctx: ServiceContext, where: Prisma.TeamWhereInput, window: PageWindow): Promise<Page<TeamWithOrg>> {
  return pageFrom(ctx.db.team.findMany({ where, include: { org: true }, orderBy: [{ orgId: 'asc' }, { lowerName: 'asc' }], skip: window.offset, take: window.limit }), ctx.db.team.count({ where }));
}

export async function listTeams(ctx: ServiceContext, orgLogin: string, window: PageWindow): Promise<Page<TeamWithOrg>> {
  const org = await getOrganization(ctx, orgLogin);
  await requireMember(ctx, org);
  return cachedRead(ctx, 'teamsOfOrganization', `${org.id}/${window.offset}/${window.limit}`, () => teamPage(ctx, { orgId: org.id }, window));
}

/** Teams of an organization whose name (and description, unless told not to) contains `query`; members see their own teams, owners all. */
export async function searchTeams(ctx: ServiceContext, orgLogin: string, search: { query?: string | null; includeDescription?: boolean | null }, window: PageWindow) {
  const org = await getOrganization(ctx, orgLogin);
  await requireMember(ctx, org);
  const q = search.query?.trim();
  const where: Prisma.TeamWhereInput = {
    AND: [
      { orgId: org.id },
      (await isOrganizationOwner(ctx, org)) ? {} : { members: { some: { userId: ctx.viewer.user!.id } } },
      q ? { OR: [{ lowerName: { contains: q.toLowerCase() } }, ...(search.includeDescription === false ? [] : [{ description: { contains: q } }])] } : {},
    ],
  };
  return teamPage(ctx, where, window);
}

/** The viewer's teams in every organization. */
export function listViewerTeams(ctx: ServiceContext, window: PageWindow): Promise<Page<TeamWithOrg>> {
  const viewer = requireUser(ctx.viewer);
  return teamPage(ctx, { members: { some: { userId: viewer.id } } }, window);
}

export async function createTeam(ctx: ServiceContext, orgLogin: string, input: TeamInput & { name: string }): Promise<TeamWithOrg> {
  const org = await getOrganization(ctx, orgLogin);
  requireUser(ctx.viewer);
  if (!(await isOrganizationOwner(ctx, org))) throw forbidden(`you must be an owner of ${org.login}`);
  checkName(input.name);
  checkDescription(input.description);
  const access = resolveAccess(input) ?? resolveAccess({ permission: 'read' })!;
  if (await ctx.db.team.findUnique({ where: { orgId_lowerName: { orgId: org.id, lowerName: input.name.toLowerCase() } } })) {
    throw invalid(`${org.login} already has a team named "${input.name}"`);
  }
  return ctx.db.team.create({
    data: {
      orgId: org.id,
      name: input.name,
      lowerName: input.name.toLowerCase(),
      description: input.description ?? '',
      ...access,
      includesAllRepositories: input.includesAllRepositories ?? false,
      canCreateOrgRepo: input.canCreateOrgRepo ?? false,
    },
    include: { org: true },
  });
}

const isOwnersTeam = (team: Team) => team.permission === 'owner';

export async function updateTeam(ctx: ServiceContext, id: number, input: TeamInput): Promise<TeamWithOrg> {
  const team = await getTeamToChange(ctx, id);
  const data: Prisma.TeamUpdateInput = {};
  if (input.name != null && input.name !== team.name) {
    checkName(input.name);
    if (isOwnersTeam(team)) throw invalid(`the ${OWNERS_TEAM} team cannot be renamed`);
    const clash = await ctx.db.team.findUnique({ where: { orgId_lowerName: { orgId: team.orgId, lowerName: input.name.toLowerCase() } } });
    if (clash && clash.id !== team.id) throw invalid(`${team.org.login} already has a team named "${input.name}"`);
    Object.assign(data, { name: input.name, lowerName: input.name.toLowerCase() });
  }
  checkDescription(input.description);
  if (input.description != null) data.description = input.description;
  // The Owners team keeps owner access to every repository and may always create them: as in Gitea, what
  // would change that is ignored rather than refused.
  if (!isOwnersTeam(team)) {
    const access = resolveAccess(input, team);
    if (access) Object.assign(data, access);
    if (input.includesAllRepositories != null) data.includesAllRepositories = input.includesAllRepositories;
    if (input.canCreateOrgRepo != null) data.canCreateOrgRepo = input.canCreateOrgRepo;
  }
  const updated = await ctx.db.team.update({ where: { id }, data, include: { org: true } });
  forgetGrants(ctx);
  return updated;
}

/** Deletes a team; members left in no team of the organization leave it. The Owners team stays. */
export async function deleteTeam(ctx: ServiceContext, id: number): Promise<void> {
  const team = await getTeamToChange(ctx, id);
  if (isOwnersTeam(team)) throw invalid(`the ${OWNERS_TEAM} team cannot be deleted`);
  await ctx.db.$transaction(async (tx) => {
    const members = await tx.teamMember.findMany({ where: { teamId: id } });
    await tx.team.delete({ where: { id } });
    await dropMembershipsWithoutTeam(tx, team.orgId, members.map((m) => m.userId));
  });
  forgetGrants(ctx);
}

async function dropMembershipsWithoutTeam(tx: Prisma.TransactionClient, orgId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  const still = await tx.teamMember.findMany({ where: { userId: { in: userIds }, team: { orgId } }, select: { userId: true } });
  const keep = new Set(still.map((m) => m.userId));
  const gone = userIds.filter((id) => !keep.has(id));
  if (gone.length) await tx.orgMember.deleteMany({ where: { orgId, userId: { in: gone } } });
}

// ---------------------------------------------------------------------------------------------
// Members

export async function listTeamMembers(ctx: ServiceContext, id: number, window: PageWindow): Promise<Page<User>> {
  const team = await getTeam(ctx, id);
  const where: Prisma.UserWhereInput = { teamMemberships: { some: { teamId: team.id } } };
  return accountsPage(ctx, where, window);
}

export async function getTeamMember(ctx: ServiceContext, id: number, login: string): Promise<User | null> {
  const team = await getTeam(ctx, id);
  const person = await findUserByLogin(ctx, login);
  if (!person) return null;
  const row = await ctx.db.teamMember.findUnique({ where: { teamId_userId: { teamId: team.id, userId: person.id } } });
  return row ? person : null;
}

/** Adds a person to a team (and so to its organization); adding a member again changes nothing. */
export async function addTeamMember(ctx: ServiceContext, id: number, login: string): Promise<void> {
  const team = await getTeamToChange(ctx, id);
  const person = await getVisibleUser(ctx, login);
  if (person.type !== 'user') throw invalid(`${person.login} is an organization: only people join teams`);
  const join = () =>
    ctx.db.$transaction(async (tx) => {
      await tx.teamMember.upsert({ where: { teamId_userId: { teamId: team.id, userId: person.id } }, create: { teamId: team.id, userId: person.id }, update: {} });
      // A new member's membership is public when service.DEFAULT_ORG_MEMBER_VISIBLE says so; an existing one keeps its own.
      await tx.orgMember.upsert({
        where: { orgId_userId: { orgId: team.orgId, userId: person.id } },
        create: { orgId: team.orgId, userId: person.id, isPublic: ctx.config.service.DEFAULT_ORG_MEMBER_VISIBLE },
        update: {},
      });
    });
  try {
    await join();
  } catch (err) {
    // Two teams of one organization adding the same person at once both create the membership (PostgreSQL):
    // the loser's second try finds the winner's row.
    if (!isUniqueViolation(err)) throw err;
    await join();
  }
  forgetGrants(ctx);
}

/** Removes a person from a team; leaving the last team leaves the organization. The last owner stays. */
export async function removeTeamMember(ctx: ServiceContext, id: number, login: string): Promise<void> {
  const team = await getTeamToChange(ctx, id);
  const person = await findUserByLogin(ctx, login);
  if (!person) throw notFound(`user "${login}" does not exist`);
  await ctx.db.$transaction(async (tx) => {
    if (isOwnersTeam(team)) await assertNotLastOwner(tx, team.orgId, person.id, team.id);
    await tx.teamMember.deleteMany({ where: { teamId: team.id, userId: person.id } });
    await dropMembershipsWithoutTeam(tx, team.orgId, [person.id]);
  });
  forgetGrants(ctx);
}

// ---------------------------------------------------------------------------------------------
// Repositories

function teamRepositoriesWhere(team: Team): Prisma.RepositoryWhereInput {
  return team.includesAllRepositories ? { ownerId: team.orgId } : { teams: { some: { teamId: team.id } } };
}

export async function listTeamRepositories(ctx: ServiceContext, id: number, window: PageWindow): Promise<Page<Repository & { owner: User }>> {
  const team = await getTeam(ctx, id);
  const where: Prisma.RepositoryWhereInput = { AND: [teamRepositoriesWhere(team), readableRepositoriesWhere(ctx.viewer)] };
  return pageFrom(ctx.db.repository.findMany({ where, include: { owner: true }, orderBy: { lowerName: 'asc' }, skip: window.offset, take: window.limit }), ctx.db.repository.count({ where }));
}

/** The team's repository of that name, or null when the team does not reach it. */
export async function getTeamRepository(ctx: ServiceContext, id: number, name: string): Promise<(Repository & { owner: User }) | null> {
  const team = await getTeam(ctx, id);
  return ctx.db.repository.findFirst({
    where: { AND: [teamRepositoriesWhere(team), readableRepositoriesWhere(ctx.viewer), { lowerName: name.toLowerCase() }] },
    include: { owner: true },
  });
}

/**
 * Gives a team a repository of its organization, or takes it away. The caller needs admin access to the
 * repository (organization owners have it); teams that include all repositories are not changed this way.
 */
export async function setTeamRepository(ctx: ServiceContext, id: number, orgLogin: string, repoName: string, present: boolean): Promise<void> {
  const team = await getTeam(ctx, id);
  if (orgLogin.toLowerCase() !== team.org.lowerLogin) throw notFound(`${orgLogin}/${repoName} is not a repository of ${team.org.login}`);
  const { repo } = await getRepository(ctx, team.org.login, repoName);
  if (!(await isAdminOf(ctx, repo))) {
    throw forbidden(`you need admin access to ${team.org.login}/${repo.name}`);
  }
  if (team.includesAllRepositories) throw invalid(`team ${team.name} includes all repositories of ${team.org.login}`);
  if (present) {
    await ctx.db.teamRepository.upsert({ where: { teamId_repoId: { teamId: team.id, repoId: repo.id } }, create: { teamId: team.id, repoId: repo.id }, update: {} });
  } else {
    await ctx.db.teamRepository.deleteMany({ where: { teamId: team.id, repoId: repo.id } });
  }
  forgetGrants(ctx);
}

async function isAdminOf(ctx: ServiceContext, repo: Repository & { owner: User }) {
  const { level } = await repositoryPermission(ctx, repo);
  return level === 'admin' || level === 'owner';
}


// ---------------------------------------------------------------------------------------------
// The teams of a repository

async function organizationRepository(ctx: ServiceContext, owner: string, name: string, need: 'read' | 'admin') {
  const { repo } = await getRepository(ctx, owner, name, need);
  if (repo.owner.type !== 'organization') throw notAllowed(`${repo.owner.login}/${repo.name} belongs to a person: it has no teams`);
  return repo;
}

/** The teams that reach an organization's repository (explicitly or through all repositories). */
export async function listRepositoryTeams(ctx: ServiceContext, owner: string, name: string): Promise<TeamWithOrg[]> {
  const repo = await organizationRepository(ctx, owner, name, 'read');
  return ctx.db.team.findMany({
    where: { orgId: repo.ownerId, OR: [{ includesAllRepositories: true }, { repositories: { some: { repoId: repo.id } } }] },
    include: { org: true },
    orderBy: { lowerName: 'asc' },
  });
}

export async function getRepositoryTeam(ctx: ServiceContext, owner: string, name: string, teamName: string): Promise<TeamWithOrg | null> {
  const teams = await listRepositoryTeams(ctx, owner, name);
  return teams.find((t) => t.lowerName === teamName.toLowerCase()) ?? null;
}

/**
 * Gives a team of the owning organization access to a repository, or takes it away. Repository admins may,
 * when the organization lets them (repo_admin_change_team_access); its owners always may.
 */
export async function setRepositoryTeam(ctx: ServiceContext, owner: string, name: string, teamName: string, present: boolean): Promise<void> {
  const repo = await organizationRepository(ctx, owner, name, 'admin');
  if (!repo.owner.repoAdminChangeTeamAccess && !(await isOrganizationOwner(ctx, repo.owner))) {
    throw forbidden(`only owners of ${repo.owner.login} may change which teams reach its repositories`);
  }
  const team = await ctx.db.team.findUnique({ where: { orgId_lowerName: { orgId: repo.ownerId, lowerName: teamName.toLowerCase() } } });
  if (!team) throw invalid(`${repo.owner.login} has no team named "${teamName}"`);
  if (team.includesAllRepositories) throw invalid(`team ${team.name} includes all repositories of ${repo.owner.login}`);
  const existing = await ctx.db.teamRepository.findUnique({ where: { teamId_repoId: { teamId: team.id, repoId: repo.id } } });
  if (present && existing) throw invalid(`team ${team.name} already reaches ${repo.owner.login}/${repo.name}`);
  if (!present && !existing) throw invalid(`team ${team.name} does not reach ${repo.owner.login}/${repo.name}`);
  if (present) await ctx.db.teamRepository.create({ data: { teamId: team.id, repoId: repo.id } });
  else await ctx.db.teamRepository.delete({ where: { teamId_repoId: { teamId: team.id, repoId: repo.id } } });
  forgetGrants(ctx);
}
