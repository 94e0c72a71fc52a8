import { defineCaches, type CachesOf } from '../../cache/cache.ts';

/** Access tokens, kept between requests (src/cache/cache.ts). */
export const TOKEN_CACHES = defineCaches('token', {
  /** token digest → the token with its owner */
  tokenByDigest: { tables: ['AccessToken', 'User'] },
});

declare module '../../cache/cache.ts' {
  interface CacheRegistry extends CachesOf<typeof TOKEN_CACHES> {}
}
