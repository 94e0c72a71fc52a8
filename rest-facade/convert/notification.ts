import type { RestNotificationFragment } from '../__generated__/graphql.ts';
import { toRepository } from './repository.ts';
import type { RestSchema } from './shape.ts';
import { restTime } from './time.ts';
import { commentHtmlUrl, issueApiUrl, issueHtmlUrl, pullHtmlUrl } from './urls.ts';

/**
 * GraphQL Notification → Gitea's NotificationThread. As in Gitea, the subject's `url` is the issue's API URL for
 * issues and pull requests alike, its `html_url` the issue's or the pull request's page; the latest comment is the
 * one that last brought the thread back (empty links when no comment did).
 */
export function toNotificationThread(n: RestNotificationFragment): RestSchema<'NotificationThread'> {
  const repo = n.repository;
  const htmlUrl = n.subjectType === 'Pull' ? pullHtmlUrl(repo.htmlUrl, n.subjectNumber) : issueHtmlUrl(repo.htmlUrl, n.subjectNumber);
  return {
    id: n.databaseId,
    repository: toRepository(repo),
    subject: {
      title: n.subjectTitle,
      url: issueApiUrl(repo.apiUrl, n.subjectNumber),
      html_url: htmlUrl,
      latest_comment_url: n.latestCommentId === null || n.latestCommentId === undefined ? '' : `${repo.apiUrl}/issues/comments/${n.latestCommentId}`,
      latest_comment_html_url: n.latestCommentId === null || n.latestCommentId === undefined ? '' : commentHtmlUrl(htmlUrl, n.latestCommentId),
      type: n.subjectType as 'Issue' | 'Pull',
      state: n.subjectState as 'open' | 'closed' | 'merged',
    },
    unread: n.status === 'unread',
    pinned: n.status === 'pinned',
    updated_at: restTime(n.updatedAt),
    url: n.apiUrl,
  };
}
