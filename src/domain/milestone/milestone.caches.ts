import { defineCaches, type CachesOf } from '../../cache/cache.ts';

/** Milestones, kept between requests (src/cache/cache.ts): every issue page shows its milestone. */
export const MILESTONE_CACHES = defineCaches('milestone', {
  /** id → milestone */
  milestoneById: { tables: ['Milestone'] },
});

declare module '../../cache/cache.ts' {
  interface CacheRegistry extends CachesOf<typeof MILESTONE_CACHES> {}
}
