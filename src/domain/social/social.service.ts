import { requireUser } from '../../auth/viewer.ts';
import type { Repository, User } from '../../db/models.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { invalid, notFound } from '../../errors.ts';
import { pageFrom, type Page, type PageWindow } from '../../pagination.ts';
import type { Tx } from '../../db/client.ts';
import type { ServiceContext } from '../../services.ts';
import { readableRepositoriesWhere, visibleAccountsWhere } from '../access/access.service.ts';
import { getRepository, type RepositoryWithOwner } from '../repo/repo.service.ts';
import { getVisibleUser } from '../user/user.service.ts';
import { assertNotBlocked } from '../block/block.rules.ts';

/**
 * Stars, watches and follows. Each is one row per (account, target) pair plus denormalized counters
 * (Repository.starCount / watchCount, User.starredCount / followerCount / followingCount) that change in
 * the same transaction as the row, and only when a row was really added or removed: starring twice or
 * unstarring something never starred changes nothing.
 */

export interface Subscription {
  createdAt: Date;
  repo: RepositoryWithOwner;
}

/** Stars can be switched off for the whole site (repository.STARS_DISABLED): then they do not exist. */
function requireStars(ctx: ServiceContext) {
  if (ctx.config.repository.STARS_DISABLED) throw notFound('stars are disabled on this server');
}

const starsEnabled = (ctx: ServiceContext) => !ctx.config.repository.STARS_DISABLED;

/**
 * Runs `add` in a transaction; a concurrent duplicate (unique violation) means the row is already there.
 * Whether a row was added: `add` answers false when it found the row.
 */
async function addOnce(ctx: ServiceContext, add: (tx: Tx) => Promise<boolean>): Promise<boolean> {
  try {
    return await ctx.db.$transaction(async (tx) => add(tx));
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return false;
  }
}

/** Accounts whose counters changed: whatever holds their rows (the credential cache) must reload them. */
async function countersChanged(ctx: ServiceContext, changed: boolean, ...userIds: number[]) {
  if (!changed) return;
  for (const userId of userIds) await ctx.events.publish('user.updated', { userId });
}

// ---- Stars ----

/** The viewer stars a repository it can read (not when its owner blocks the viewer); starring again changes nothing. */
export async function starRepository(ctx: ServiceContext, ownerLogin: string, name: string): Promise<void> {
  const viewer = requireUser(ctx.viewer);
  requireStars(ctx);
  const { repo } = await getRepository(ctx, ownerLogin, name);
  await assertNotBlocked(ctx, [repo.ownerId], viewer);
  const added = await addOnce(ctx, async (tx) => {
    if (await tx.star.findUnique({ where: { userId_repoId: { userId: viewer.id, repoId: repo.id } } })) return false;
    await tx.star.create({ data: { userId: viewer.id, repoId: repo.id } });
    await tx.repository.update({ where: { id: repo.id }, data: { starCount: { increment: 1 } } });
    await tx.user.update({ where: { id: viewer.id }, data: { starredCount: { increment: 1 } } });
    return true;
  });
  await countersChanged(ctx, added, viewer.id);
}

/** The viewer removes its star; removing a star that is not there is not an error. */
export async function unstarRepository(ctx: ServiceContext, ownerLogin: string, name: string): Promise<void> {
  const viewer = requireUser(ctx.viewer);
  requireStars(ctx);
  const { repo } = await getRepository(ctx, ownerLogin, name);
  const removed = await ctx.db.$transaction(async (tx) => {
    const { count } = await tx.star.deleteMany({ where: { userId: viewer.id, repoId: repo.id } });
    if (count === 0) return false;
    await tx.repository.update({ where: { id: repo.id }, data: { starCount: { decrement: 1 } } });
    await tx.user.update({ where: { id: viewer.id }, data: { starredCount: { decrement: 1 } } });
    return true;
  });
  await countersChanged(ctx, removed, viewer.id);
}

/** Whether `user` starred the repository; 404 when the viewer cannot read the repository. */
export async function hasStarred(ctx: ServiceContext, user: User, ownerLogin: string, name: string): Promise<boolean> {
  requireStars(ctx);
  const { repo } = await getRepository(ctx, ownerLogin, name);
  return !!(await ctx.db.star.findUnique({ where: { userId_repoId: { userId: user.id, repoId: repo.id } } }));
}

/** Of these repositories, the ones the viewer starred (one query, for batching). */
export async function viewerStarredAmong(ctx: ServiceContext, repoIds: readonly number[]): Promise<Set<number>> {
  if (!ctx.viewer.user || !starsEnabled(ctx) || repoIds.length === 0) return new Set();
  const rows = await ctx.db.star.findMany({ where: { userId: ctx.viewer.user.id, repoId: { in: [...repoIds] } }, select: { repoId: true } });
  return new Set(rows.map((r) => r.repoId));
}

/** Accounts that starred a repository the caller has already loaded, oldest star first; hidden accounts are left out. */
export async function listStargazers(ctx: ServiceContext, repo: Repository, window: PageWindow): Promise<Page<User>> {
  requireStars(ctx);
  const where = { repoId: repo.id, user: visibleAccountsWhere(ctx.viewer) };
  return pageFrom(
    ctx.db.star.findMany({ where, include: { user: true }, orderBy: [{ createdAt: 'asc' }, { userId: 'asc' }], skip: window.offset, take: window.limit }),
    ctx.db.star.count({ where }),
    (r) => r.user,
  );
}

/** Repositories `user` starred that the viewer may read, most recent star first. */
export async function listStarredRepositories(ctx: ServiceContext, user: User, window: PageWindow): Promise<Page<RepositoryWithOwner>> {
  requireStars(ctx);
  const where = { userId: user.id, repo: readableRepositoriesWhere(ctx.viewer) };
  return pageFrom(
    ctx.db.star.findMany({
      where,
      include: { repo: { include: { owner: true } } },
      orderBy: [{ createdAt: 'desc' }, { repoId: 'desc' }],
      skip: window.offset,
      take: window.limit,
    }),
    ctx.db.star.count({ where }),
    (r) => r.repo,
  );
}

// ---- Watches ----

/** The viewer watches a repository it can read (not when its owner blocks the viewer); watching again keeps the first subscription. */
export async function watchRepository(ctx: ServiceContext, ownerLogin: string, name: string): Promise<Subscription> {
  const viewer = requireUser(ctx.viewer);
  const { repo } = await getRepository(ctx, ownerLogin, name);
  await assertNotBlocked(ctx, [repo.ownerId], viewer);
  await addOnce(ctx, async (tx) => {
    if (await tx.watch.findUnique({ where: { userId_repoId: { userId: viewer.id, repoId: repo.id } } })) return false;
    await tx.watch.create({ data: { userId: viewer.id, repoId: repo.id } });
    await tx.repository.update({ where: { id: repo.id }, data: { watchCount: { increment: 1 } } });
    return true;
  });
  // Read back together: the watch (the first one's date) and the repository with its new count.
  const watch = await ctx.db.watch.findUnique({
    where: { userId_repoId: { userId: viewer.id, repoId: repo.id } },
    include: { repo: { include: { owner: true } } },
  });
  if (!watch) throw notFound(`repository ${ownerLogin}/${name} does not exist`);
  return { createdAt: watch.createdAt, repo: watch.repo };
}

/** The viewer stops watching; not watching already is not an error. */
export async function unwatchRepository(ctx: ServiceContext, ownerLogin: string, name: string): Promise<void> {
  const viewer = requireUser(ctx.viewer);
  const { repo } = await getRepository(ctx, ownerLogin, name);
  await ctx.db.$transaction(async (tx) => {
    const { count } = await tx.watch.deleteMany({ where: { userId: viewer.id, repoId: repo.id } });
    if (count > 0) await tx.repository.update({ where: { id: repo.id }, data: { watchCount: { decrement: 1 } } });
  });
}

/** The viewer's watches among these repositories, by repository id (one query, for batching). */
export async function viewerWatchesAmong(ctx: ServiceContext, repoIds: readonly number[]): Promise<Map<number, Date>> {
  if (!ctx.viewer.user || repoIds.length === 0) return new Map();
  const rows = await ctx.db.watch.findMany({ where: { userId: ctx.viewer.user.id, repoId: { in: [...repoIds] } } });
  return new Map(rows.map((r) => [r.repoId, r.createdAt]));
}

/** Accounts watching a repository the caller has already loaded, oldest first; hidden accounts are left out. */
export async function listSubscribers(ctx: ServiceContext, repo: Repository, window: PageWindow): Promise<Page<User>> {
  const where = { repoId: repo.id, user: visibleAccountsWhere(ctx.viewer) };
  return pageFrom(
    ctx.db.watch.findMany({ where, include: { user: true }, orderBy: [{ createdAt: 'asc' }, { userId: 'asc' }], skip: window.offset, take: window.limit }),
    ctx.db.watch.count({ where }),
    (r) => r.user,
  );
}

/** Repositories `user` watches that the viewer may read, most recent first. */
export async function listWatchedRepositories(ctx: ServiceContext, user: User, window: PageWindow): Promise<Page<RepositoryWithOwner>> {
  const where = { userId: user.id, repo: readableRepositoriesWhere(ctx.viewer) };
  return pageFrom(
    ctx.db.watch.findMany({
      where,
      include: { repo: { include: { owner: true } } },
      orderBy: [{ createdAt: 'desc' }, { repoId: 'desc' }],
      skip: window.offset,
      take: window.limit,
    }),
    ctx.db.watch.count({ where }),
    (r) => r.repo,
  );
}

// ---- Follows ----

/** The viewer follows a visible account (person or organization); following oneself is refused. Returns it with fresh counts. */
export async function followUser(ctx: ServiceContext, login: string): Promise<User> {
  const viewer = requireUser(ctx.viewer);
  const target = await getVisibleUser(ctx, login);
  if (target.id === viewer.id) throw invalid('you cannot follow yourself');
  // Neither side of a block may follow the other (Gitea).
  await assertNotBlocked(ctx, [target.id], viewer);
  await assertNotBlocked(ctx, [viewer.id], target);
  const added = await addOnce(ctx, async (tx) => {
    if (await tx.follow.findUnique({ where: { followerId_followingId: { followerId: viewer.id, followingId: target.id } } })) return false;
    await tx.follow.create({ data: { followerId: viewer.id, followingId: target.id } });
    await tx.user.update({ where: { id: viewer.id }, data: { followingCount: { increment: 1 } } });
    await tx.user.update({ where: { id: target.id }, data: { followerCount: { increment: 1 } } });
    return true;
  });
  await countersChanged(ctx, added, viewer.id, target.id);
  return ctx.db.user.findUniqueOrThrow({ where: { id: target.id } });
}

/** The viewer stops following a visible account; not following it already is not an error. */
export async function unfollowUser(ctx: ServiceContext, login: string): Promise<User> {
  const viewer = requireUser(ctx.viewer);
  const target = await getVisibleUser(ctx, login);
  const removed = await ctx.db.$transaction(async (tx) => {
    const { count } = await tx.follow.deleteMany({ where: { followerId: viewer.id, followingId: target.id } });
    if (count === 0) return false;
    await tx.user.update({ where: { id: viewer.id }, data: { followingCount: { decrement: 1 } } });
    await tx.user.update({ where: { id: target.id }, data: { followerCount: { decrement: 1 } } });
    return true;
  });
  await countersChanged(ctx, removed, viewer.id, target.id);
  return ctx.db.user.findUniqueOrThrow({ where: { id: target.id } });
}

/** Whether `user` follows the account `login`; 404 when that account is hidden from the viewer. */
export async function isFollowing(ctx: ServiceContext, user: User, login: string): Promise<boolean> {
  const target = await getVisibleUser(ctx, login);
  return !!(await ctx.db.follow.findUnique({ where: { followerId_followingId: { followerId: user.id, followingId: target.id } } }));
}

/** Of these accounts, the ones the viewer follows (one query, for batching). */
export async function viewerFollowsAmong(ctx: ServiceContext, userIds: readonly number[]): Promise<Set<number>> {
  if (!ctx.viewer.user || userIds.length === 0) return new Set();
  const rows = await ctx.db.follow.findMany({
    where: { followerId: ctx.viewer.user.id, followingId: { in: [...userIds] } },
    select: { followingId: true },
  });
  return new Set(rows.map((r) => r.followingId));
}

/** Visible accounts that follow `user`, oldest follow first. */
export async function listFollowers(ctx: ServiceContext, user: User, window: PageWindow): Promise<Page<User>> {
  const where = { followingId: user.id, follower: visibleAccountsWhere(ctx.viewer) };
  return pageFrom(
    ctx.db.follow.findMany({ where, include: { follower: true }, orderBy: [{ createdAt: 'asc' }, { followerId: 'asc' }], skip: window.offset, take: window.limit }),
    ctx.db.follow.count({ where }),
    (r) => r.follower,
  );
}

/** Visible accounts that `user` follows, oldest follow first. */
export async function listFollowing(ctx: ServiceContext, user: User, window: PageWindow): Promise<Page<User>> {
  const where = { followerId: user.id, following: visibleAccountsWhere(ctx.viewer) };
  return pageFrom(
    ctx.db.follow.findMany({ where, include: { following: true }, orderBy: [{ createdAt: 'asc' }, { followingId: 'asc' }], skip: window.offset, take: window.limit }),
    ctx.db.follow.count({ where }),
    (r) => r.following,
  );
}

