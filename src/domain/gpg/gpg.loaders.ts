import DataLoader from 'dataloader';
import type { GpgKey, PublicKey } from '../../db/models.ts';
import { defineLoaders, type LoadersOf } from '../../graphql/loaders.ts';
import type { ServiceContext } from '../../services.ts';
import { USER_KEY } from '../key/key.service.ts';
import { groupKeys, subkeysOf, type GpgKeyGroup } from './gpg.service.ts';

/**
 * Batches start after the microtasks of the moment have run (setImmediate), so that the commits of a page, each
 * reading its signature first (openpgp works through promises), still load their keys in one batch.
 */
const afterMicrotasks = { batchScheduleFn: (run: () => void) => setImmediate(run) };


export const GPG_LOADERS = defineLoaders('gpg', {
  /** The subkeys of primary keys (for GpgKey.subkeys): one query per page of keys. */
  gpgSubkeys: (ctx: ServiceContext) =>
    new DataLoader<GpgKey, GpgKey[], number>((keys) => subkeysOf(ctx, keys), { cacheKeyFn: (k) => k.id }),
  /**
   * The keys (with their subkeys) holding a key id as primary key or subkey, the ids signatures name as their
   * issuer: two queries per batch (the rows with the ids, then their whole keys).
   */
  gpgKeysByKeyId: (ctx: ServiceContext) =>
    new DataLoader<string, GpgKeyGroup[]>(async (ids) => {
      const hits = await ctx.db.gpgKey.findMany({ where: { keyId: { in: [...ids] } } });
      if (hits.length === 0) return ids.map(() => []);
      const primaryIds = [...new Set(hits.map((h) => h.primaryKeyId || h.keyId))];
      const all = groupKeys(await ctx.db.gpgKey.findMany({ where: { OR: [{ keyId: { in: primaryIds } }, { primaryKeyId: { in: primaryIds } }] }, orderBy: { id: 'asc' } }));
      return ids.map((id) => all.filter((g) => g.primary.keyId === id || g.subkeys.some((s) => s.keyId === id)));
    }, afterMicrotasks),
  /** Accounts' GPG keys with their subkeys, oldest first: one query per batch. */
  gpgKeysByOwner: (ctx: ServiceContext) =>
    new DataLoader<number, GpgKeyGroup[]>(async (ownerIds) => {
      const all = groupKeys(await ctx.db.gpgKey.findMany({ where: { ownerId: { in: [...ownerIds] } }, orderBy: { id: 'asc' } }));
      return ownerIds.map((id) => all.filter((g) => g.primary.ownerId === id));
    }, afterMicrotasks),
  /** Accounts' SSH keys (for SSH signatures), oldest first: one query per batch. */
  sshKeysByOwner: (ctx: ServiceContext) =>
    new DataLoader<number, PublicKey[]>(async (ownerIds) => {
      const rows = await ctx.db.publicKey.findMany({ where: { ownerId: { in: [...ownerIds] }, type: USER_KEY }, orderBy: { id: 'asc' } });
      return ownerIds.map((id) => rows.filter((r) => r.ownerId === id));
    }, afterMicrotasks),
});

declare module '../../graphql/loaders.ts' {
  interface Loaders extends LoadersOf<typeof GPG_LOADERS> {}
}
