import { isPublicOnly, isSiteAdmin, requireUser } from '../../auth/viewer.ts';
import type { Prisma, Repository, User } from '../../db/models.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { ObjectTooLargeError, readObject } from '../../git/cat-file.ts';
import { repositoryPath } from '../repo/storage.ts';
import { deleteRepositories } from '../repo/repo.service.ts';
import { conflict, forbidden, invalid, notFound } from '../../errors.ts';
import type { Page, PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { accountHiddenByPublicOnlyToken, canSeeAccount, isOrganizationMember, isOrganizationOwner, repositoryPermission, visibleAccountsWhere } from '../access/access.service.ts';
import { forgetGrants } from '../access/grants.ts';
import { atLeast, highest, type AccessLevel } from '../access/units.ts';
import { checkMaxLength, isAccountEmail, isHttpUrl } from '../formats.ts';
import { checkUsername, checkVisibility } from '../user/user.rules.ts';
import type { OrganizationInput } from './org.inputs.ts';
import { deleteAccountAvatar, forgetAccountAvatar, setAccountAvatar } from '../user/avatar.service.ts';
import { accountOrder, accountsPage, findAccountByPathName, findUserByLogin, getVisibleUser } from '../user/user.service.ts';

export const OWNERS_TEAM = 'Owners';

const isOrganization = (account: User) => account.type === 'organization';

/** An organization the viewer may see; 404 otherwise (also for persons' accounts). */
export async function getOrganization(ctx: ServiceContext, login: string): Promise<User> {
  const org = await findAccountByPathName(ctx, login);
  if (!org || !isOrganization(org)) throw notFound(`organization "${login}" does not exist`);
  if (!(await canSeeAccount(ctx, org))) {
    if (await accountHiddenByPublicOnlyToken(ctx, org)) throw forbidden('token scope is limited to public orgs');
    throw notFound(`organization "${login}" does not exist`);
  }
  return org;
}

/** getOrganization, and the viewer must own it (403 when it is visible but not theirs). */
export async function getOwnedOrganization(ctx: ServiceContext, login: string): Promise<User> {
  const org = await getOrganization(ctx, login);
  requireUser(ctx.viewer);
  if (!(await isOrganizationOwner(ctx, org))) throw forbidden(`you must be an owner of ${org.login}`);
  return org;
}

/** Deletes every repository of an organization (its owners): all rows or none, then their directories. */
export async function deleteOrganizationRepositories(ctx: ServiceContext, login: string): Promise<void> {
  const org = await getOwnedOrganization(ctx, login);
  await deleteRepositories(ctx, await ctx.db.repository.findMany({ where: { ownerId: org.id } }));
}

/**
 * Gitea's rules for an organization's profile: lengths, a website Go's URL parser takes as http(s) (empty
 * clears it), and an e-mail address checked only when it is changed (creation stores it as given).
 */
function checkInput(input: OrganizationInput, editing: boolean) {
  if (input.visibility) checkVisibility(input.visibility);
  checkMaxLength(input.fullName, 100, 'full_name');
  checkMaxLength(input.email, 255, 'email');
  checkMaxLength(input.description, 255, 'description');
  checkMaxLength(input.website, 255, 'website');
  checkMaxLength(input.location, 50, 'location');
  if (editing && input.email && !isAccountEmail(input.email)) throw invalid(`e-mail address "${input.email}" is invalid`);
  if (input.website && !isHttpUrl(input.website)) throw invalid('website must be an http or https URL');
}

/**
 * Creates an organization owned by the viewer (or, for site admins, by `ownerLogin`): the account, its
 * Owners team (owner access to every repository) and the creator's membership, in one transaction. Without
 * a visibility it gets service.DEFAULT_ORG_VISIBILITY; the creator's membership is public when
 * service.DEFAULT_ORG_MEMBER_VISIBLE says so.
 */
export async function createOrganization(ctx: ServiceContext, login: string, input: OrganizationInput, ownerLogin?: string | null): Promise<User> {
  const viewer = requireUser(ctx.viewer);
  let creator = viewer;
  if (ownerLogin) {
    if (!isSiteAdmin(ctx.viewer)) throw forbidden('only site administrators create organizations for others');
    creator = await getVisibleUser(ctx, ownerLogin);
    if (isOrganization(creator)) throw invalid(`${creator.login} is an organization, not a person`);
  } else if (!isSiteAdmin(ctx.viewer) && !viewer.allowCreateOrganization) {
    throw forbidden('you may not create organizations');
  }
  checkUsername(login);
  checkInput(input, false);
  if (await findUserByLogin(ctx, login)) throw invalid(`the name "${login}" is already taken`);
  try {
    return await ctx.db.$transaction(async (tx) => {
      // A renamed account's old login is taken for good: its redirect goes, as in Gitea.
      await tx.userRedirect.deleteMany({ where: { lowerLogin: login.toLowerCase() } });
      const org = await tx.user.create({
        data: {
          login,
          lowerLogin: login.toLowerCase(),
          type: 'organization',
          fullName: input.fullName ?? '',
          email: input.email ?? '',
          lowerEmail: (input.email ?? '').toLowerCase(),
          description: input.description ?? '',
          website: input.website ?? '',
          location: input.location ?? '',
          visibility: input.visibility || ctx.config.service.DEFAULT_ORG_VISIBILITY,
          repoAdminChangeTeamAccess: input.repoAdminChangeTeamAccess ?? false,
        },
      });
      await tx.team.create({
        data: {
          orgId: org.id,
          name: OWNERS_TEAM,
          lowerName: OWNERS_TEAM.toLowerCase(),
          permission: 'owner',
          includesAllRepositories: true,
          canCreateOrgRepo: true,
          members: { create: { userId: creator.id } },
        },
      });
      await tx.orgMember.create({ data: { orgId: org.id, userId: creator.id, isPublic: ctx.config.service.DEFAULT_ORG_MEMBER_VISIBLE } });
      return org;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid(`the name "${login}" is already taken`);
    throw err;
  } finally {
    forgetGrants(ctx);
  }
}

export async function updateOrganization(ctx: ServiceContext, login: string, input: OrganizationInput): Promise<User> {
  const org = await getOwnedOrganization(ctx, login);
  checkInput(input, true);
  const data: Prisma.UserUpdateInput = {};
  if (input.fullName != null) data.fullName = input.fullName;
  if (input.email != null) Object.assign(data, { email: input.email, lowerEmail: input.email.toLowerCase() });
  if (input.description != null) data.description = input.description;
  if (input.website != null) data.website = input.website;
  if (input.location != null) data.location = input.location;
  if (input.visibility != null) data.visibility = input.visibility;
  if (input.repoAdminChangeTeamAccess != null) data.repoAdminChangeTeamAccess = input.repoAdminChangeTeamAccess;
  return ctx.db.user.update({ where: { id: org.id }, data });
}

/** Sets an organization's avatar (its owners and site admins, as Gitea's reqOrgOwnership). */
export async function setOrganizationAvatar(ctx: ServiceContext, login: string, image: string): Promise<User> {
  return setAccountAvatar(ctx, await getOwnedOrganization(ctx, login), image);
}

/** Removes an organization's avatar (its owners and site admins). */
export async function deleteOrganizationAvatar(ctx: ServiceContext, login: string): Promise<User> {
  return deleteAccountAvatar(ctx, await getOwnedOrganization(ctx, login));
}

/** Deletes an organization with its teams and memberships; it must not own repositories any more. */
export async function deleteOrganization(ctx: ServiceContext, login: string): Promise<void> {
  const org = await getOwnedOrganization(ctx, login);
  const repositories = await ctx.db.repository.count({ where: { ownerId: org.id } });
  if (repositories > 0) throw conflict(`${org.login} still owns ${repositories} repositories: delete or transfer them first`);
  await ctx.db.user.delete({ where: { id: org.id } });
  forgetGrants(ctx);
  await forgetAccountAvatar(ctx, org);
}

const orgsWhere = (ctx: ServiceContext): Prisma.UserWhereInput => ({ AND: [{ type: 'organization' }, visibleAccountsWhere(ctx.viewer)] });

/** Every organization the viewer may see, by name unless sorted otherwise; with `query`, those whose login or full name holds it. */
export function listOrganizations(ctx: ServiceContext, window: PageWindow, search: { query?: string | null; sort?: string | null; order?: string | null } = {}): Promise<Page<User>> {
  const q = search.query?.trim();
  const matching: Prisma.UserWhereInput = q ? { OR: [{ lowerLogin: { contains: q.toLowerCase() } }, { fullName: { contains: q } }] } : {};
  return accountsPage(ctx, { AND: [orgsWhere(ctx), matching] }, window, accountOrder(search.sort, search.order, { lowerLogin: 'asc' }));
}

/**
 * The organizations a person belongs to: all of them for the person itself and site admins; for anyone
 * else only the memberships shown publicly, in organizations the viewer may see.
 */
export async function listMemberships(ctx: ServiceContext, login: string, window: PageWindow): Promise<Page<User>> {
  const person = await getVisibleUser(ctx, login);
  const seesAll = isSiteAdmin(ctx.viewer) || (ctx.viewer.user?.id === person.id && !isPublicOnly(ctx.viewer));
  const membership = seesAll ? { userId: person.id } : { userId: person.id, isPublic: true };
  return accountsPage(ctx, { AND: [orgsWhere(ctx), { orgMembers: { some: membership } }] }, window);
}

export interface OrganizationPermissions {
  isOwner: boolean;
  isAdmin: boolean;
  canWrite: boolean;
  canRead: boolean;
  canCreateRepository: boolean;
}

/** What a person may do in an organization, from their teams' highest level. */
export async function organizationPermissions(ctx: ServiceContext, personLogin: string, orgLogin: string): Promise<OrganizationPermissions> {
  requireUser(ctx.viewer);
  const person = await getVisibleUser(ctx, personLogin);
  const org = await getOrganization(ctx, orgLogin);
  const teams = await ctx.db.team.findMany({ where: { orgId: org.id, members: { some: { userId: person.id } } } });
  const level = teams.reduce<AccessLevel>((max, t) => highest(max, t.permission as AccessLevel), 'none');
  const member = teams.length > 0;
  return {
    isOwner: level === 'owner',
    isAdmin: atLeast(level, 'admin'),
    canWrite: atLeast(level, 'write'),
    canRead: member,
    canCreateRepository: teams.some((t) => t.canCreateOrgRepo || t.permission === 'owner'),
  };
}

// ---------------------------------------------------------------------------------------------
// Members

/**
 * Members of an organization: all of them for members and site admins, the public ones for others. The list of
 * public members (`publicOnly`) is what Gitea answers too: every member for a site admin, the public ones for
 * everyone else, members included.
 */
export async function listMembers(ctx: ServiceContext, org: User, window: PageWindow, publicOnly = false): Promise<Page<User>> {
  const seesAll = publicOnly ? isSiteAdmin(ctx.viewer) : await isOrganizationMember(ctx, org);
  const where: Prisma.UserWhereInput = { memberships: { some: seesAll ? { orgId: org.id } : { orgId: org.id, isPublic: true } } };
  return accountsPage(ctx, where, window);
}

/** A person's membership of an organization, if the viewer may know of it (members see every membership). */
export async function membershipOf(ctx: ServiceContext, org: User, login: string): Promise<{ user: User; isPublic: boolean } | null> {
  const person = await findUserByLogin(ctx, login);
  if (!person) return null;
  const row = await ctx.db.orgMember.findUnique({ where: { orgId_userId: { orgId: org.id, userId: person.id } } });
  if (!row) return null;
  if (!row.isPublic && !(await isOrganizationMember(ctx, org))) return null;
  return { user: person, isPublic: row.isPublic };
}

/**
 * Removes a person from every team of the organization, and so from the organization: owners remove anyone,
 * members remove themselves (they leave). Never the last owner.
 */
export async function removeMember(ctx: ServiceContext, orgLogin: string, login: string): Promise<void> {
  const viewer = requireUser(ctx.viewer);
  const leaving = viewer.lowerLogin === login.toLowerCase() && !isPublicOnly(ctx.viewer);
  const org = leaving ? await getOrganization(ctx, orgLogin) : await getOwnedOrganization(ctx, orgLogin);
  const person = await findUserByLogin(ctx, login);
  if (!person) throw notFound(`user "${login}" does not exist`);
  await ctx.db.$transaction(async (tx) => {
    await assertNotLastOwner(tx, org.id, person.id);
    await tx.teamMember.deleteMany({ where: { userId: person.id, team: { orgId: org.id } } });
    await tx.orgMember.deleteMany({ where: { orgId: org.id, userId: person.id } });
  });
  forgetGrants(ctx);
}

type Tx = Prisma.TransactionClient;

/** Refuses a change that would leave the organization without anyone in an owner team. */
export async function assertNotLastOwner(tx: Tx, orgId: number, leavingUserId: number, withinTeamId?: number) {
  const ownerTeams = await tx.team.findMany({ where: { orgId, permission: 'owner' }, include: { members: true } });
  const isOwner = ownerTeams.some((t) => (withinTeamId === undefined || t.id === withinTeamId) && t.members.some((m) => m.userId === leavingUserId));
  if (!isOwner) return;
  const remaining = new Set<number>();
  for (const team of ownerTeams) {
    for (const m of team.members) if (m.userId !== leavingUserId || (withinTeamId !== undefined && team.id !== withinTeamId)) remaining.add(m.userId);
  }
  if (remaining.size === 0) throw conflict('an organization must keep at least one owner');
}

/** Shows or hides the viewer's own membership; nobody sets it for someone else. */
export async function setMembershipVisibility(ctx: ServiceContext, orgLogin: string, login: string, isPublic: boolean): Promise<void> {
  const viewer = requireUser(ctx.viewer);
  const org = await getOrganization(ctx, orgLogin);
  const own = await ctx.db.orgMember.findUnique({ where: { orgId_userId: { orgId: org.id, userId: viewer.id } } });
  if (!own) throw forbidden(`you must be a member of ${org.login}`);
  if (viewer.lowerLogin !== login.toLowerCase()) throw forbidden(`only ${login} may ${isPublic ? 'publicize' : 'conceal'} their membership`);
  await ctx.db.orgMember.update({ where: { orgId_userId: { orgId: org.id, userId: viewer.id } }, data: { isPublic } });
}

// ---------------------------------------------------------------------------------------------
// Profile README

export interface ProfileReadme {
  text: string;
  /** From the members-only `.profile-private` repository. */
  isPrivate: boolean;
  repository: Repository & { owner: User };
}

const README_LIMIT = 1024 * 1024;

/**
 * The README a person shows on their profile, as Gitea shows it: the README.md of their `.profile`
 * repository, only when that repository is public. Null when there is none to show.
 */
export async function userProfileReadme(ctx: ServiceContext, user: User): Promise<ProfileReadme | null> {
  const repo = await ctx.db.repository.findFirst({ where: { ownerId: user.id, lowerName: '.profile' }, include: { owner: true } });
  if (!repo || repo.isEmpty || repo.isPrivate || (await repositoryPermission(ctx, repo)).level === 'none') return null;
  const text = await readProfileReadme(ctx, repo);
  return text === null ? null : { text, isPrivate: false, repository: repo };
}

/** The README.md of a profile repository's default branch; null when there is none or it is too large. */
async function readProfileReadme(ctx: ServiceContext, repo: Repository): Promise<string | null> {
  try {
    const blob = await readObject(repositoryPath(ctx.config, repo.id), `refs/heads/${repo.defaultBranch}:README.md`, { maxBytes: README_LIMIT });
    return blob?.type === 'blob' ? blob.data.toString('utf8') : null;
  } catch (err) {
    if (err instanceof ObjectTooLargeError) return null;
    throw err;
  }
}

/**
 * The README an organization shows on its profile, by Gitea's convention: members read the one in its
 * `.profile-private` repository (whatever their access to that repository), everyone else the one in its
 * `.profile` repository if they may read that. Null when there is none to show.
 */
export async function profileReadme(ctx: ServiceContext, org: User): Promise<ProfileReadme | null> {
  const candidates: { name: string; isPrivate: boolean }[] = [];
  if (await isOrganizationMember(ctx, org)) candidates.push({ name: '.profile-private', isPrivate: true });
  candidates.push({ name: '.profile', isPrivate: false });
  for (const candidate of candidates) {
    const repo = await ctx.db.repository.findFirst({ where: { ownerId: org.id, lowerName: candidate.name }, include: { owner: true } });
    if (!repo || repo.isEmpty) continue;
    if (!candidate.isPrivate && (await repositoryPermission(ctx, repo)).level === 'none') continue;
    const text = await readProfileReadme(ctx, repo);
    if (text !== null) return { text, isPrivate: candidate.isPrivate, repository: repo };
  }
  return null;
}
