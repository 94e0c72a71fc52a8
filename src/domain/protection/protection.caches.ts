import { defineCaches, type CachesOf } from '../../cache/cache.ts';

/**
 * Branch protection rules, kept between requests (src/cache/cache.ts): every page of branches and every push
 * reads its repository's rules.
 */
export const PROTECTION_CACHES = defineCaches('protection', {
  /** repository id → its rules (rows as stored) */
  branchProtectionsOfRepository: { tables: ['BranchProtection'] },
});

declare module '../../cache/cache.ts' {
  interface CacheRegistry extends CachesOf<typeof PROTECTION_CACHES> {}
}
