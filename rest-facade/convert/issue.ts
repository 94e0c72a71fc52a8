import type { RestIssueFragment, RestNewPinAllowedFragment } from '../__generated__/graphql.ts';
import { toAttachment } from './attachment.ts';
import { toLabel } from './label.ts';
import { toMilestone } from './milestone.ts';
import type { RestSchema } from './shape.ts';
import { restTime, timeOrNull } from './time.ts';
import { issueApiUrl, issueHtmlUrl, pullHtmlUrl } from './urls.ts';
import { toUser } from './user.ts';

/**
 * GraphQL Issue → REST Issue (Gitea's convert.ToAPIIssue). A pull request shows as an issue whose pull_request
 * member says whether it was merged, with its page under /pulls/ as Gitea links it; assets are the issue's own attachments (not its comments'); no operation puts an issue in a project
 * yet, so projects is empty; issues are never migrated here, so original_author is empty.
 */
export function toIssue(issue: RestIssueFragment): RestSchema<'Issue'> {
  const repo = issue.repository;
  const assignees = issue.assignees.map(toUser);
  const htmlUrl = issue.isPullRequest ? pullHtmlUrl(repo.htmlUrl, issue.number) : issueHtmlUrl(repo.htmlUrl, issue.number);
  return {
    id: issue.databaseId,
    url: issueApiUrl(repo.apiUrl, issue.number),
    html_url: htmlUrl,
    number: issue.number,
    user: toUser(issue.poster),
    original_author: '',
    original_author_id: 0,
    title: issue.title,
    body: issue.body,
    ref: issue.ref,
    assets: issue.attachments.map(toAttachment),
    labels: issue.labels.map(toLabel),
    milestone: issue.milestone ? toMilestone(issue.milestone) : null,
    // Gitea's deprecated single assignee: the first of them.
    assignee: assignees[0] ?? null,
    assignees,
    state: issue.state,
    is_locked: issue.isLocked,
    comments: issue.commentCount,
    created_at: restTime(issue.createdAt),
    updated_at: restTime(issue.updatedAt),
    closed_at: timeOrNull(issue.closedAt),
    due_date: timeOrNull(issue.deadline),
    time_estimate: 0,
    pull_request: issue.pullRequest
      ? { merged: issue.pullRequest.merged, merged_at: timeOrNull(issue.pullRequest.mergedAt), draft: false, html_url: htmlUrl }
      : null,
    repository: { id: repo.databaseId, name: repo.name, owner: repo.owner.login, full_name: repo.fullName },
    pin_order: issue.pinOrder,
    // Gitea's optimistic locking of body edits counts them in a column Graft's data model does not have yet.
    content_version: 0,
    projects: [],
  };
}

/** An issue's deadline as the deadline operation answers it. */
export function toIssueDeadline(deadline: string | null | undefined): RestSchema<'IssueDeadline'> {
  return { due_date: timeOrNull(deadline) };
}

/** Whether one more issue, and one more pull request, may be pinned (Gitea's NewIssuePinsAllowed). */
export function toNewPinAllowed(allowed: RestNewPinAllowedFragment): RestSchema<'NewIssuePinsAllowed'> {
  return { issues: allowed.issues, pull_requests: allowed.pullRequests };
}
