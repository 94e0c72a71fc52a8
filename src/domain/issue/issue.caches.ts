import { defineCaches, PAGE_CACHE_ENTRIES, type CachesOf } from '../../cache/cache.ts';

/** Where deep pages of issue lists start, kept between requests (src/cache/cache.ts; issue-pages.ts). */
export const ISSUE_CACHES = defineCaches('issue', {
  /** "the list's condition@offset" → the last issue before that page: its creation time and id */
  issuePageStart: { tables: ['Issue', 'IssueLabel', 'IssueAssignee'], maxEntries: PAGE_CACHE_ENTRIES },
});

declare module '../../cache/cache.ts' {
  interface CacheRegistry extends CachesOf<typeof ISSUE_CACHES> {}
}
