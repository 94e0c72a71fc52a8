import DataLoader from 'dataloader';
import { cachedRead } from '../../cache/cache.ts';
import { defineLoaders, type LoadersOf } from '../../graphql/loaders.ts';
import type { ServiceContext } from '../../services.ts';
import { pendingTransfersOf } from './transfer.service.ts';

export const TRANSFER_LOADERS = defineLoaders('transfer', {
  /** Pending transfers of repositories, with who started them and who receives them. */
  pendingTransferByRepo: (ctx: ServiceContext) => {
    const batch = new DataLoader(async (repoIds: readonly number[]) => {
      const pending = await pendingTransfersOf(ctx, repoIds);
      return repoIds.map((id) => ({ transfer: pending.get(id) ?? null }));
    });
    // Most repositories have no pending transfer: that answer is kept too (wrapped), until the
    // RepositoryTransfer counter moves.
    return { load: async (repoId: number) => (await cachedRead(ctx, 'pendingTransferOfRepository', repoId, () => batch.load(repoId))).transfer };
  },
});

declare module '../../graphql/loaders.ts' {
  interface Loaders extends LoadersOf<typeof TRANSFER_LOADERS> {}
}
