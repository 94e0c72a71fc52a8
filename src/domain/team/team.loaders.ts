import DataLoader from 'dataloader';
import type { Team } from '../../db/models.ts';
import { defineLoaders, type LoadersOf } from '../../graphql/loaders.ts';
import type { ServiceContext } from '../../services.ts';

export const TEAM_LOADERS = defineLoaders('team', {
  /** Teams by id (the teams a pending transfer names): one query per batch. */
  teamById: (ctx: ServiceContext) =>
    new DataLoader<number, Team | null>(async (ids) => {
      const rows = await ctx.db.team.findMany({ where: { id: { in: [...ids] } } });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
});

declare module '../../graphql/loaders.ts' {
  interface Loaders extends LoadersOf<typeof TEAM_LOADERS> {}
}
