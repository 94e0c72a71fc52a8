import type { User } from '../../db/models.ts';
import { forbidden } from '../../errors.ts';
import type { ServiceContext } from '../../services.ts';

/**
 * The one rule every write that reaches toward an account asks (Gitea's IsUserBlockedBy): whether the doer is
 * blocked by any of the accounts concerned (a repository's owner, an issue's poster, the account followed, ...).
 * Site administrators are never held back by a block, as in Gitea. It imports no service, so every service
 * may call it without an import cycle.
 */

/** Whether `doer` is blocked by one of `blockerIds` (one statement; none when there is nothing to ask). */
export async function isBlockedBy(ctx: Pick<ServiceContext, 'db'>, doer: User | null | undefined, blockerIds: readonly (number | null)[]): Promise<boolean> {
  if (!doer || doer.isAdmin) return false;
  // A null id is an account that is gone (a ghost poster): it blocks nobody.
  const ids = [...new Set(blockerIds)].filter((id): id is number => id !== null && id !== doer.id);
  if (ids.length === 0) return false;
  const row = await ctx.db.blocking.findFirst({ where: { blockeeId: doer.id, blockerId: { in: ids } }, select: { blockerId: true } });
  return row !== null;
}

/** Refuses (FORBIDDEN, Gitea's 403) a doer blocked by one of `blockerIds`. */
export async function assertNotBlocked(ctx: Pick<ServiceContext, 'db'>, blockerIds: readonly (number | null)[], doer: User | null | undefined): Promise<void> {
  if (await isBlockedBy(ctx, doer, blockerIds)) throw forbidden('user is blocked');
}

/**
 * Of `userIds`, those who block `doer` (one statement), so that a list of recipients leaves them out: a blocked
 * account's mentions and activity notify nobody who blocks it. A site administrator is blocked by nobody.
 */
export async function blockersAmong(ctx: Pick<ServiceContext, 'db'>, userIds: readonly number[], doer: { id: number; isAdmin: boolean } | null): Promise<Set<number>> {
  if (!doer || doer.isAdmin || userIds.length === 0) return new Set();
  const rows = await ctx.db.blocking.findMany({ where: { blockeeId: doer.id, blockerId: { in: [...new Set(userIds)] } }, select: { blockerId: true } });
  return new Set(rows.map((r) => r.blockerId));
}
