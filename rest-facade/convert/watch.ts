import type { RestWatchInfoFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';
import { restTime } from './time.ts';
import { subscriptionApiUrl } from './urls.ts';

/** GraphQL RepositorySubscription → Gitea's WatchInfo. */
export function toWatchInfo(watch: RestWatchInfoFragment): RestSchema<'WatchInfo'> {
  return {
    subscribed: watch.subscribed,
    ignored: watch.ignored,
    reason: null,
    created_at: restTime(watch.createdAt),
    url: subscriptionApiUrl(watch.repository.apiUrl),
    repository_url: watch.repository.apiUrl,
  };
}
