import { defineCaches, type CachesOf } from '../../cache/cache.ts';

/** Repositories, kept between requests (src/cache/cache.ts). */
export const REPO_CACHES = defineCaches('repo', {
  /** "lower owner login/lower name" → repository with owner (old names of renamed or moved ones too) */
  repositoryByName: { tables: ['Repository', 'User', 'RepositoryRedirect', 'UserRedirect'] },
  /** id → repository with owner */
  repositoryById: { tables: ['Repository', 'User'] },
});

declare module '../../cache/cache.ts' {
  interface CacheRegistry extends CachesOf<typeof REPO_CACHES> {}
}
