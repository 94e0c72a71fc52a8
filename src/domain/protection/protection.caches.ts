import { defineCaches, type CachesOf } from '../../cache/cache.ts';

/**
 * Branch and tag protection rules, kept between requests (src/cache/cache.ts): every page of branches and every push
 * reads its repository's rules.
 */
export const PROTECTION_CACHES = defineCaches('protection', {
  /** repository id → its rules (rows as stored) */
  branchProtectionsOfRepository: { tables: ['BranchProtection'] },
  /** repository id → its tag protection rules (rows as stored): every push and every tag written through the API reads them */
  tagProtectionsOfRepository: { tables: ['TagProtection'] },
});

declare module '../../cache/cache.ts' {
  interface CacheRegistry extends CachesOf<typeof PROTECTION_CACHES> {}
}
