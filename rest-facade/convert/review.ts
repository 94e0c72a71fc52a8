import type { RestPullReviewCommentFragment, RestPullReviewFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';
import { toTeam } from './team.ts';
import { restTime } from './time.ts';
import { commentHtmlUrl, pullHtmlUrl } from './urls.ts';
import { toUser } from './user.ts';

/**
 * GraphQL PullReview → REST PullReview (Gitea's convert.ToPullReview): a team's request has a team (without its
 * organization, as Gitea sends it) and no user;
 * html_url is the review's row on the pull request's page, empty for a request or a pending review (which have
 * none, as in Gitea).
 */
export function toPullReview(review: RestPullReviewFragment): RestSchema<'PullReview'> {
  const page = pullHtmlUrl(review.pullRequest.baseRepository.htmlUrl, review.pullRequest.number);
  return {
    id: review.databaseId,
    user: review.reviewer ? toUser(review.reviewer) : null,
    team: review.team ? toTeam(review.team, { withOrganization: false }) : null,
    state: review.state,
    body: review.body,
    commit_id: review.commitId,
    stale: review.stale,
    official: review.official,
    dismissed: review.dismissed,
    comments_count: review.commentsCount,
    submitted_at: restTime(review.submittedAt),
    updated_at: restTime(review.updatedAt),
    html_url: review.timelineCommentId ? commentHtmlUrl(page, review.timelineCommentId) : '',
    pull_request_url: page,
  };
}

/**
 * GraphQL PullReviewComment → REST PullReviewComment (Gitea's convert.ToPullReviewCommentList): the line on the
 * side it was made on (`position` new, `original_position` old), the hunk it was made on, and the commit then
 * (Graft keeps one: commit_id and original_commit_id are the same).
 */
export function toPullReviewComment(comment: RestPullReviewCommentFragment): RestSchema<'PullReviewComment'> {
  const page = pullHtmlUrl(comment.pullRequest.baseRepository.htmlUrl, comment.pullRequest.number);
  return {
    id: comment.databaseId,
    body: comment.body,
    user: toUser(comment.poster),
    resolver: comment.resolver ? toUser(comment.resolver) : null,
    pull_request_review_id: comment.reviewId,
    created_at: restTime(comment.createdAt),
    updated_at: restTime(comment.updatedAt),
    path: comment.path,
    commit_id: comment.commitId,
    original_commit_id: comment.commitId,
    diff_hunk: comment.diffHunk,
    position: comment.newLine,
    original_position: comment.oldLine,
    html_url: commentHtmlUrl(page, comment.databaseId),
    pull_request_url: page,
  };
}
