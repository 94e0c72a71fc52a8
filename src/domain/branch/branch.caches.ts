import { defineCaches, PAGE_CACHE_ENTRIES, type CachesOf } from '../../cache/cache.ts';

/** Pages of the branch and tag tables, kept between requests (src/cache/cache.ts). */
export const BRANCH_CACHES = defineCaches('branch', {
  /** "repository id/offset/limit/lower-cased name filter" → a page of its branch rows, with their count */
  branchPageOfRepository: { tables: ['Branch'], maxEntries: PAGE_CACHE_ENTRIES },
  /** "repository id/offset/limit" → a page of its tag rows, with their count */
  tagPageOfRepository: { tables: ['Tag'], maxEntries: PAGE_CACHE_ENTRIES },
});

declare module '../../cache/cache.ts' {
  interface CacheRegistry extends CachesOf<typeof BRANCH_CACHES> {}
}
