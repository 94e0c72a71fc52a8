import { defineCaches, type CachesOf } from '../../cache/cache.ts';

/** Labels, kept between requests (src/cache/cache.ts): every issue page shows its labels. */
export const LABEL_CACHES = defineCaches('label', {
  /** id → label */
  labelById: { tables: ['Label'] },
});

declare module '../../cache/cache.ts' {
  interface CacheRegistry extends CachesOf<typeof LABEL_CACHES> {}
}
