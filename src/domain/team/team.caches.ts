import { defineCaches, type CachesOf } from '../../cache/cache.ts';

/** Teams, kept between requests (src/cache/cache.ts). */
export const TEAM_CACHES = defineCaches('team', {
  /** user id → the teams the user belongs to */
  teamsOfUser: { tables: ['Team', 'TeamMember'] },
  /** "organization id/offset/limit" → a page of its teams, with the organization */
  teamsOfOrganization: { tables: ['Team', 'User'] },
});

declare module '../../cache/cache.ts' {
  interface CacheRegistry extends CachesOf<typeof TEAM_CACHES> {}
}
