import type { Prisma, User } from '../../db/models.ts';
import { invalid } from '../../errors.ts';
import type { Page, PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { atLeast, type Unit } from '../access/access.service.ts';
import { parseUnits, type AccessLevel } from '../access/units.ts';
import { permissionOf } from '../collaborator/collaborator.service.ts';
import type { RepositoryWithOwner } from '../repo/repo.service.ts';
import { assertNotBlocked } from '../block/block.rules.ts';
import { accountsPage } from '../user/user.service.ts';

/**
 * Who may be assigned to a repository's issues, as Gitea decides it (CanBeAssigned, GetRepoAssignees): a person,
 * never an organization, who may write to the repository's code, issues or pull requests; and, on one issue,
 * its poster too. The rule of every write that assigns (opening and editing an issue, adding assignees) and of
 * the "can be assigned?" checks; kept apart from the issue service so both it and the assignee operations use it.
 */

/** The units on which write access makes an account assignable (Gitea: code, issues, pull requests). */
const ASSIGNABLE_UNITS: readonly Unit[] = ['repo.code', 'repo.issues', 'repo.pulls'];

const writes = (level: AccessLevel | undefined) => atLeast(level ?? 'none', 'write');

/** Whether `user` may be assigned to the repository's issues (the poster aside): a person who writes to one of its units. */
export async function canBeAssigned(ctx: ServiceContext, repo: RepositoryWithOwner, user: User): Promise<boolean> {
  if (user.type !== 'user') return false;
  const { units } = await permissionOf(ctx, repo, user);
  return ASSIGNABLE_UNITS.some((unit) => writes(units[unit]));
}

/**
 * The accounts of `logins` (duplicates and letter case once), each assignable to an issue of the repository
 * whose poster is `poster`. A login no account has, an organization and anyone else are refused with 422
 * naming them, as Gitea refuses them.
 */
export async function assignable(ctx: ServiceContext, repo: RepositoryWithOwner, logins: readonly string[], poster: User | null): Promise<User[]> {
  const wanted = [...new Set(logins.filter((l) => l !== '').map((l) => l.toLowerCase()))];
  if (wanted.length === 0) return [];
  const users = await ctx.db.user.findMany({ where: { lowerLogin: { in: wanted } } });
  const missing = wanted.find((login) => !users.some((u) => u.lowerLogin === login));
  if (missing) throw invalid(`assignee "${missing}" does not exist`);
  // Nobody assigns an account that blocks them (Gitea).
  await assertNotBlocked(ctx, users.map((u) => u.id), ctx.viewer.user);
  for (const user of users) {
    if (user.type === 'organization') throw invalid(`an organization (${user.login}) cannot be assigned`);
    if (user.id === poster?.id) continue;
    if (!(await canBeAssigned(ctx, repo, user))) throw invalid(`${user.login} may not be assigned in ${repo.owner.login}/${repo.name}: they cannot write to it`);
  }
  return users;
}

/**
 * The people who may be assigned to the repository's issues, by login, counted in SQL: its owner when a
 * person owns it, collaborators with write or admin access, and members of the owning organization's teams
 * that reach the repository with write access to its code, issues or pull requests (owner and admin teams
 * among them). As in Gitea, site administrators are not listed for being administrators.
 */
export async function listAssignees(ctx: ServiceContext, repo: RepositoryWithOwner, window: PageWindow): Promise<Page<User>> {
  const teams =
    repo.owner.type === 'organization'
      ? await ctx.db.team.findMany({
          where: { orgId: repo.ownerId, OR: [{ includesAllRepositories: true }, { repositories: { some: { repoId: repo.id } } }] },
          select: { id: true, permission: true, units: true },
        })
      : [];
  const writingTeams = teams
    .filter((team) => atLeast(team.permission as AccessLevel, 'admin') || ASSIGNABLE_UNITS.some((unit) => writes(parseUnits(team.units)[unit])))
    .map((team) => team.id);
  const where: Prisma.UserWhereInput = {
    type: 'user',
    OR: [
      ...(repo.owner.type === 'organization' ? [] : [{ id: repo.ownerId }]),
      { collaborations: { some: { repoId: repo.id, permission: { in: ['write', 'admin'] } } } },
      ...(writingTeams.length > 0 ? [{ teamMemberships: { some: { teamId: { in: writingTeams } } } }] : []),
    ],
  };
  return accountsPage(ctx, where, window);
}
