import type { Tx } from '../../db/client.ts';

// Deleting a repository or an account removes its stars, watches and follows by cascade; these keep the
// denormalized counters those rows fed right. They import nothing from the services, so the repository and
// account services can call them without an import cycle.

/**
 * Before a repository's row is deleted (its stars and watches go with it by cascade): the accounts that
 * starred it lose it from their starredCount. Call inside the deleting transaction.
 */
export async function forgetRepository(tx: Tx, repoId: number): Promise<void> {
  await tx.user.updateMany({ where: { stars: { some: { repoId } } }, data: { starredCount: { decrement: 1 } } });
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
