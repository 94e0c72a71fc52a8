import DataLoader from 'dataloader';
import type { GraphQLContext } from '../../graphql/context.ts';
import { viewerFollowsAmong, viewerStarredAmong, viewerWatchesAmong } from './social.service.ts';

/** The viewer's stars, watches and follows among the repositories and accounts of one request: one query each. */
function createSocialLoaders(ctx: GraphQLContext) {
  return {
    viewerStarred: new DataLoader<number, boolean>(async (repoIds) => {
      const starred = await viewerStarredAmong(ctx, repoIds);
      return repoIds.map((id) => starred.has(id));
    }),
    viewerWatchedAt: new DataLoader<number, Date | null>(async (repoIds) => {
      const watches = await viewerWatchesAmong(ctx, repoIds);
      return repoIds.map((id) => watches.get(id) ?? null);
    }),
    viewerFollows: new DataLoader<number, boolean>(async (userIds) => {
      const followed = await viewerFollowsAmong(ctx, userIds);
      return userIds.map((id) => followed.has(id));
    }),
  };
}

const perRequest = new WeakMap<GraphQLContext, ReturnType<typeof createSocialLoaders>>();

export function socialLoaders(ctx: GraphQLContext) {
  let loaders = perRequest.get(ctx);
  if (!loaders) perRequest.set(ctx, (loaders = createSocialLoaders(ctx)));
  return loaders;
}
