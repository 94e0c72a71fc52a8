import { isSiteAdmin, requireUser, type Viewer } from '../../auth/viewer.ts';
import type { Prisma, User } from '../../db/models.ts';
import { forbidden, invalid, notFound } from '../../errors.ts';
import type { Page, PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { repositoryPermission, type RepositoryPermission } from '../access/access.service.ts';
import { forgetGrants } from '../access/grants.ts';
import { getRepository, type RepositoryWithOwner } from '../repo/repo.service.ts';
import { assertNotBlocked } from '../block/block.rules.ts';
import { accountsPage, findUserByLogin } from '../user/user.service.ts';

const COLLABORATOR_PERMISSIONS = ['read', 'write', 'admin'];

/** A person named in a collaborator call; Gitea answers 422 for a name that is nobody. */
async function person(ctx: ServiceContext, login: string): Promise<User> {
  const user = await findUserByLogin(ctx, login);
  if (!user || user.type !== 'user') throw invalid(`"${login}" is not a user`);
  return user;
}

export async function listCollaborators(ctx: ServiceContext, owner: string, name: string, window: PageWindow): Promise<Page<User>> {
  requireUser(ctx.viewer);
  const { repo } = await getRepository(ctx, owner, name);
  const where: Prisma.UserWhereInput = { collaborations: { some: { repoId: repo.id } } };
  return accountsPage(ctx, where, window);
}

/** The collaborators with the permission each was given (read, write or admin), by login; for repository admins. */
export async function listCollaborations(ctx: ServiceContext, owner: string, name: string, window: PageWindow): Promise<Page<{ user: User; permission: string }>> {
  requireUser(ctx.viewer);
  const { repo } = await getRepository(ctx, owner, name, 'admin');
  const where = { repoId: repo.id };
  // One read for the page, people included: no query per collaborator.
  const [rows, totalCount] = await Promise.all([
    ctx.db.collaboration.findMany({ where, include: { user: true }, orderBy: { user: { lowerLogin: 'asc' } }, skip: window.offset, take: window.limit }),
    ctx.db.collaboration.count({ where }),
  ]);
  return { items: rows.map((row) => ({ user: row.user, permission: row.permission })), totalCount };
}

export async function isCollaborator(ctx: ServiceContext, owner: string, name: string, login: string): Promise<boolean> {
  requireUser(ctx.viewer);
  const { repo } = await getRepository(ctx, owner, name);
  const user = await person(ctx, login);
  return !!(await ctx.db.collaboration.findUnique({ where: { repoId_userId: { repoId: repo.id, userId: user.id } } }));
}

/** Adds a collaborator, or changes the permission of one (default write). Needs admin access. */
export async function setCollaborator(ctx: ServiceContext, owner: string, name: string, login: string, permission?: string | null): Promise<void> {
  requireUser(ctx.viewer);
  const { repo } = await getRepository(ctx, owner, name, 'admin');
  const level = permission || 'write';
  if (!COLLABORATOR_PERMISSIONS.includes(level)) throw invalid(`permission must be one of ${COLLABORATOR_PERMISSIONS.join(', ')}`);
  const user = await person(ctx, login);
  if (user.id === repo.ownerId) throw invalid(`${user.login} owns ${repo.owner.login}/${repo.name}`);
  // A block either way keeps the person out of the owner's repositories (Gitea).
  await assertNotBlocked(ctx, [repo.ownerId], user);
  await assertNotBlocked(ctx, [user.id], repo.owner);
  await ctx.db.collaboration.upsert({
    where: { repoId_userId: { repoId: repo.id, userId: user.id } },
    create: { repoId: repo.id, userId: user.id, permission: level },
    update: { permission: level },
  });
  forgetGrants(ctx);
}

export async function removeCollaborator(ctx: ServiceContext, owner: string, name: string, login: string): Promise<void> {
  requireUser(ctx.viewer);
  const { repo } = await getRepository(ctx, owner, name, 'admin');
  const user = await person(ctx, login);
  await ctx.db.collaboration.deleteMany({ where: { repoId: repo.id, userId: user.id } });
  forgetGrants(ctx);
}

/** The permission another account has on a repository, as the access model computes it. */
export async function permissionOf(ctx: ServiceContext, repo: RepositoryWithOwner, user: User): Promise<RepositoryPermission> {
  const viewer: Viewer = { user, method: 'password', grant: null };
  return repositoryPermission({ ...ctx, viewer }, repo);
}

/** A person's permission on a repository: asked by themselves, repository admins or site admins. */
export async function collaboratorPermission(ctx: ServiceContext, owner: string, name: string, login: string) {
  const viewer = requireUser(ctx.viewer);
  const { repo, permission } = await getRepository(ctx, owner, name);
  const isAdmin = permission.level === 'admin' || permission.level === 'owner';
  if (!isSiteAdmin(ctx.viewer) && !isAdmin && viewer.lowerLogin !== login.toLowerCase()) {
    throw forbidden(`only ${login}, repository admins and site admins may see this`);
  }
  const user = await findUserByLogin(ctx, login);
  if (!user) throw notFound(`user "${login}" does not exist`);
  return { user, permission: await permissionOf(ctx, repo, user) };
}
