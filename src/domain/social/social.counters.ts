import type { Tx } from '../../db/client.ts';

// Deleting a repository or an account removes its stars, watches and follows by cascade; these keep the
// denormalized counters those rows fed right. They import nothing from the services, so the repository and
// account services can call them without an import cycle.

/**
 * Before repositories' rows are deleted (their stars and watches go with them by cascade): the accounts that
 * starred them lose them from their starredCount. One update per distinct number of stars lost, however many
 * repositories and accounts. Call inside the deleting transaction.
 */
export async function forgetRepositories(tx: Tx, repoIds: number[]): Promise<void> {
  if (repoIds.length === 0) return;
  const starrers = await tx.star.groupBy({ by: ['userId'], where: { repoId: { in: repoIds } }, _count: { _all: true } });
  const byLoss = new Map<number, number[]>();
  for (const s of starrers) byLoss.set(s._count._all, [...(byLoss.get(s._count._all) ?? []), s.userId]);
  for (const [loss, userIds] of byLoss) await tx.user.updateMany({ where: { id: { in: userIds } }, data: { starredCount: { decrement: loss } } });
}

/**
 * Before an account's row is deleted (its stars, watches and follows go with it by cascade): the counters
 * they fed on other repositories and accounts come down. Call inside the deleting transaction.
 */
export async function forgetAccount(tx: Tx, userId: number): Promise<void> {
  await tx.repository.updateMany({ where: { stars: { some: { userId } } }, data: { starCount: { decrement: 1 } } });
  await tx.repository.updateMany({ where: { watches: { some: { userId } } }, data: { watchCount: { decrement: 1 } } });
  await tx.user.updateMany({ where: { following: { some: { followingId: userId } } }, data: { followingCount: { decrement: 1 } } });
  await tx.user.updateMany({ where: { followers: { some: { followerId: userId } } }, data: { followerCount: { decrement: 1 } } });
}
