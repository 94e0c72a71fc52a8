import DataLoader from 'dataloader';
import type { Label } from '../../db/models.ts';
import { defineLoaders, type LoadersOf } from '../../graphql/loaders.ts';
import type { ServiceContext } from '../../services.ts';
import { labelsById } from './label.service.ts';

export const LABEL_LOADERS = defineLoaders('label', {
  /** Labels by id, batched per request and kept between requests by the label cache. */
  labelById: (ctx: ServiceContext) =>
    new DataLoader<number, Label | null>(async (ids) => {
      const found = await labelsById(ctx, ids);
      return ids.map((id) => found.get(id) ?? null);
    }),
});

declare module '../../graphql/loaders.ts' {
  interface Loaders extends LoadersOf<typeof LABEL_LOADERS> {}
}
