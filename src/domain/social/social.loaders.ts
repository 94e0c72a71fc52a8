import DataLoader from 'dataloader';
import { defineLoaders, type LoadersOf } from '../../graphql/loaders.ts';
import type { ServiceContext } from '../../services.ts';
import { viewerFollowsAmong, viewerStarredAmong, viewerWatchesAmong } from './social.service.ts';

/** The viewer's stars, watches and follows among the repositories and accounts of one request. */
export const SOCIAL_LOADERS = defineLoaders('social', {
  viewerStarred: (ctx: ServiceContext) => new DataLoader<number, boolean>(async (repoIds) => {
    const starred = await viewerStarredAmong(ctx, repoIds);
    return repoIds.map((id) => starred.has(id));
  }),
  viewerWatchedAt: (ctx: ServiceContext) => new DataLoader<number, Date | null>(async (repoIds) => {
    const watches = await viewerWatchesAmong(ctx, repoIds);
    return repoIds.map((id) => watches.get(id) ?? null);
  }),
  viewerFollows: (ctx: ServiceContext) => new DataLoader<number, boolean>(async (userIds) => {
    const followed = await viewerFollowsAmong(ctx, userIds);
    return userIds.map((id) => followed.has(id));
  }),
});

declare module '../../graphql/loaders.ts' {
  interface Loaders extends LoadersOf<typeof SOCIAL_LOADERS> {}
}
