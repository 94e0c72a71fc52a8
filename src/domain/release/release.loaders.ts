import DataLoader from 'dataloader';
import type { Attachment } from '../../db/models.ts';
import { defineLoaders, type LoadersOf } from '../../graphql/loaders.ts';
import type { ServiceContext } from '../../services.ts';
import { assetsOfReleases } from './release.service.ts';

/** The assets of the releases of one request: one statement per batch, whatever the page size. */
export const RELEASE_LOADERS = defineLoaders('release', {
  releaseAssets: (ctx: ServiceContext) => new DataLoader<number, Attachment[]>(async (releaseIds) => {
    const byRelease = await assetsOfReleases(ctx, releaseIds);
    return releaseIds.map((id) => byRelease.get(id) ?? []);
  }),
});

declare module '../../graphql/loaders.ts' {
  interface Loaders extends LoadersOf<typeof RELEASE_LOADERS> {}
}
