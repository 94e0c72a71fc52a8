import type { RestIssueWatchFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';
import { restTime } from './time.ts';
import { issueSubscriptionsApiUrl } from './urls.ts';

/**
 * GraphQL Issue → Gitea's WatchInfo for the caller's subscription to it. As in Gitea, `ignored` is the opposite
 * of `subscribed`, `reason` is null and `created_at` is when the issue was opened.
 */
export function toIssueWatchInfo(issue: RestIssueWatchFragment): RestSchema<'WatchInfo'> {
  return {
    subscribed: issue.viewerIsSubscribed,
    ignored: !issue.viewerIsSubscribed,
    reason: null,
    created_at: restTime(issue.createdAt),
    url: issueSubscriptionsApiUrl(issue.repository.apiUrl, issue.number),
    repository_url: issue.repository.apiUrl,
  };
}
