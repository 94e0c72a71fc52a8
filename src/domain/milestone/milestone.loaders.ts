import DataLoader from 'dataloader';
import type { Milestone } from '../../db/models.ts';
import { defineLoaders, type LoadersOf } from '../../graphql/loaders.ts';
import type { ServiceContext } from '../../services.ts';
import { milestonesById } from './milestone.service.ts';

export const MILESTONE_LOADERS = defineLoaders('milestone', {
  /** Milestones by id, batched per request and kept between requests by the milestone cache. */
  milestoneById: (ctx: ServiceContext) =>
    new DataLoader<number, Milestone | null>(async (ids) => {
      const found = await milestonesById(ctx, ids);
      return ids.map((id) => found.get(id) ?? null);
    }),
});

declare module '../../graphql/loaders.ts' {
  interface Loaders extends LoadersOf<typeof MILESTONE_LOADERS> {}
}
