import type { RestCommentFragment, RestTimelineCommentFragment } from '../__generated__/graphql.ts';
import { toAttachment } from './attachment.ts';
import { toIssue } from './issue.ts';
import { toLabel } from './label.ts';
import { toMilestone } from './milestone.ts';
import { toTeam } from './team.ts';
import type { RestSchema } from './shape.ts';
import { restTime } from './time.ts';
import { commentHtmlUrl, issueHtmlUrl } from './urls.ts';
import { toUser } from './user.ts';

/** The links of a comment: its place on the issue's page, and the page of its issue or of its pull request. */
function links(comment: RestCommentFragment) {
  const page = issueHtmlUrl(comment.issue.repository.htmlUrl, comment.issue.number);
  return {
    html_url: commentHtmlUrl(page, comment.databaseId),
    // As Gitea sends them: issue_url is the issue's web page (not its API address), empty for a pull request.
    issue_url: comment.issue.isPullRequest ? '' : page,
    pull_request_url: comment.issue.isPullRequest ? page : '',
  };
}

/**
 * GraphQL IssueComment → REST Comment (Gitea's convert.ToAPIComment): `assets` are the comment's attachments.
 * Comments are never migrated here, so original_author is empty.
 */
export function toComment(comment: RestCommentFragment): RestSchema<'Comment'> {
  return {
    id: comment.databaseId,
    user: toUser(comment.poster),
    ...links(comment),
    body: comment.body,
    assets: comment.attachments.map(toAttachment),
    original_author: '',
    original_author_id: 0,
    created_at: restTime(comment.createdAt),
    updated_at: restTime(comment.updatedAt),
  };
}

/**
 * GraphQL IssueComment → REST TimelineComment (Gitea's convert.ToTimelineComment). What Graft has no rows for
 * yet is sent as Gitea sends it for rows without them: no resolver (line comments are not in the timeline), no
 * project id, and no tracked time (the time area links its rows).
 */
export function toTimelineComment(comment: RestTimelineCommentFragment): RestSchema<'TimelineComment'> {
  return {
    id: comment.databaseId,
    type: comment.type,
    user: toUser(comment.poster),
    ...links(comment),
    body: comment.body,
    created_at: restTime(comment.createdAt),
    updated_at: restTime(comment.updatedAt),
    label: comment.label ? toLabel(comment.label) : null,
    milestone: comment.milestone ? toMilestone(comment.milestone) : null,
    old_milestone: comment.oldMilestone ? toMilestone(comment.oldMilestone) : null,
    assignee: comment.assignee ? toUser(comment.assignee) : null,
    assignee_team: comment.assigneeTeam ? toTeam(comment.assigneeTeam, { withOrganization: false }) : null,
    removed_assignee: comment.removedAssignee,
    resolve_doer: null,
    old_title: comment.oldTitle,
    new_title: comment.newTitle,
    old_ref: comment.oldRef,
    new_ref: comment.newRef,
    old_project_id: 0,
    project_id: 0,
    review_id: comment.reviewId,
    ref_action: comment.refAction,
    ref_commit_sha: comment.refCommitSha,
    ref_issue: comment.refIssue ? toIssue(comment.refIssue) : null,
    ref_comment: comment.refComment ? toComment(comment.refComment) : null,
    dependent_issue: comment.dependentIssue ? toIssue(comment.dependentIssue) : null,
    tracked_time: null,
  };
}
