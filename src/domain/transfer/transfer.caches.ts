import { defineCaches, type CachesOf } from '../../cache/cache.ts';

/** Pending transfers, kept between requests (src/cache/cache.ts). */
export const TRANSFER_CACHES = defineCaches('transfer', {
  /** repository id → its pending transfer, or none (kept wrapped, so that "none" is kept too) */
  pendingTransferOfRepository: { tables: ['RepositoryTransfer', 'User', 'Repository'] },
});

declare module '../../cache/cache.ts' {
  interface CacheRegistry extends CachesOf<typeof TRANSFER_CACHES> {}
}
