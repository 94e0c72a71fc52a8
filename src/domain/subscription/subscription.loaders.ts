import DataLoader from 'dataloader';
import { defineLoaders, type LoadersOf } from '../../graphql/loaders.ts';
import type { ServiceContext } from '../../services.ts';
import { subscribedAmong, type IssueFacts } from './subscription.service.ts';

export const SUBSCRIPTION_LOADERS = defineLoaders('subscription', {
  /** Whether the viewer follows each issue asked for (false for anonymous callers); one batch for a page of issues. */
  viewerIssueSubscribed: (ctx: ServiceContext) =>
    new DataLoader<IssueFacts, boolean, number>(
      async (issues) => {
        const viewer = ctx.viewer.user;
        if (!viewer) return issues.map(() => false);
        const subscribed = await subscribedAmong(ctx, ctx.db, viewer, issues);
        return issues.map((issue) => subscribed.has(issue.id));
      },
      { cacheKeyFn: (issue) => issue.id },
    ),
});

declare module '../../graphql/loaders.ts' {
  interface Loaders extends LoadersOf<typeof SUBSCRIPTION_LOADERS> {}
}
