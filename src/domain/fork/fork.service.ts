import { isSiteAdmin, requireUser } from '../../auth/viewer.ts';
import type { User } from '../../db/models.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict, forbidden, invalid, notFound } from '../../errors.ts';
import { copyRepository } from '../../git/fork.ts';
import { removeRepository, repositorySize, type ObjectFormat } from '../../git/repo.ts';
import { pageFrom, type Page, type PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { canSeeAccount, CODE_READ, mayCreateRepositoryFor, readableRepositoriesWhere } from '../access/access.service.ts';
import { creationLimitReached, getRepository, newRepositoryData, type RepositoryWithOwner } from '../repo/repo.service.ts';
import { checkRepositoryName } from '../repo/repo.rules.ts';
import { repositoryPath } from '../repo/storage.ts';
import { syncRefs } from '../branch/ref-table.ts';
import { assertNotBlocked } from '../block/block.rules.ts';
import { findUserByLogin } from '../user/user.service.ts';

export interface CreateForkInput {
  /** Fork into this organization instead of the viewer's own account. */
  organization?: string | null;
  /** The fork's name; the source's name by default. */
  name?: string | null;
}

/** Where a fork goes: the viewer, or an organization the viewer can see and may create repositories in. */
async function forkOwner(ctx: ServiceContext, organization: string | null | undefined): Promise<User> {
  const viewer = requireUser(ctx.viewer);
  if (!organization) return viewer;
  const org = await findUserByLogin(ctx, organization);
  if (!org || !(await canSeeAccount(ctx, org))) throw notFound(`organization "${organization}" does not exist`);
  if (org.type !== 'organization') throw invalid(`"${organization}" is not an organization`);
  if (!(await mayCreateRepositoryFor(ctx, org))) throw forbidden(`you may not create repositories in ${org.login}`);
  return org;
}

/**
 * Forks a repository the viewer can read the code of: a new repository row (a fork of the source, private
 * when the source is, the source's fork count raised in the same transaction), then a bare repository with
 * all branches and tags of the source. A git failure removes the row again and lowers the count back.
 */
export async function createFork(ctx: ServiceContext, ownerLogin: string, name: string, input: CreateForkInput): Promise<RepositoryWithOwner> {
  const viewer = requireUser(ctx.viewer);
  const { repo: source } = await getRepository(ctx, ownerLogin, name, CODE_READ);
  await assertNotBlocked(ctx, [source.ownerId], viewer);
  const owner = await forkOwner(ctx, input.organization);
  const forkName = input.name || source.name;
  checkRepositoryName(forkName);
  if (await ctx.db.repository.findFirst({ where: { ownerId: owner.id, forkId: source.id } })) {
    throw conflict(`${owner.login} already has a fork of ${source.owner.login}/${source.name}`);
  }
  if (await ctx.db.repository.findFirst({ where: { ownerId: owner.id, lowerName: forkName.toLowerCase() } })) {
    throw conflict(`the repository ${owner.login}/${forkName} already exists`);
  }
  if (!isSiteAdmin(ctx.viewer) && (await creationLimitReached(ctx, owner))) {
    throw forbidden(`${owner.login} has reached the limit of repositories it may create`);
  }

  const rowDefaults = await newRepositoryData(ctx, owner, viewer);
  let created: RepositoryWithOwner;
  try {
    [created] = await ctx.db.$transaction([
      ctx.db.repository.create({
        data: {
          ...rowDefaults,
          name: forkName,
          lowerName: forkName.toLowerCase(),
          description: source.description,
          website: source.website,
          isPrivate: source.isPrivate,
          defaultBranch: source.defaultBranch,
          objectFormat: source.objectFormat,
          isFork: true,
          forkId: source.id,
        },
        include: { owner: true },
      }),
      ctx.db.repository.update({ where: { id: source.id }, data: { forkCount: { increment: 1 } } }),
    ]);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`the repository ${owner.login}/${forkName} already exists`);
    throw err;
  }

  const gitDir = repositoryPath(ctx.config, created.id);
  let fork: RepositoryWithOwner;
  try {
    await copyRepository(repositoryPath(ctx.config, source.id), gitDir, {
      objectFormat: source.objectFormat as ObjectFormat,
      defaultBranch: source.defaultBranch,
    });
    const sizeBytes = await repositorySize(gitDir);
    fork = { ...created, ...(await syncRefs(ctx, created, { sizeBytes })).state, sizeBytes };
  } catch (err) {
    await removeRepository(gitDir);
    await ctx.db
      .$transaction([
        ctx.db.repository.delete({ where: { id: created.id } }),
        ctx.db.repository.updateMany({ where: { id: source.id, forkCount: { gt: 0 } }, data: { forkCount: { decrement: 1 } } }),
      ])
      .catch(() => {});
    throw err;
  }
  await ctx.events.publish('repo.created', { repoId: fork.id, ownerId: owner.id, actorId: viewer.id, forkOf: source.id });
  await ctx.events.publish('repo.forked', { repoId: source.id, forkId: fork.id, actorId: viewer.id });
  return fork;
}

/** The forks of a repository that the viewer may read, oldest first. */
export async function listForks(ctx: ServiceContext, source: { id: number }, window: PageWindow): Promise<Page<RepositoryWithOwner>> {
  const where = { AND: [{ forkId: source.id }, readableRepositoriesWhere(ctx.viewer)] };
  return pageFrom(
    ctx.db.repository.findMany({ where, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], skip: window.offset, take: window.limit, include: { owner: true } }),
    ctx.db.repository.count({ where }),
  );
}
