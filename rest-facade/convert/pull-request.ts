import type { RestPullRequestFieldsFragment, RestPullRequestFragment } from '../__generated__/graphql.ts';
import { toIssue } from './issue.ts';
import { toRepository } from './repository.ts';
import { toTeam } from './team.ts';
import type { RestSchema } from './shape.ts';
import { timeOrNull } from './time.ts';
import { pullApiUrl, pullHtmlUrl } from './urls.ts';
import { toUser } from './user.ts';

/**
 * GraphQL PullRequest → REST PullRequest (Gitea's convert.ToAPIPullRequest). The issue fields come from the
 * issue converter. A side's label is its branch, prefixed with the owner when the head lives in a fork; its repo
 * is null when the head repository is gone or hidden from the caller. Requested reviewers are those not answered
 * yet; review_comments counts the line comments of submitted reviews. Drafts do not exist (Gitea marks them by a title prefix Graft does not read).
 */
export function toPullRequest(pull: RestPullRequestFragment): RestSchema<'PullRequest'> {
  return toPullRequestOf(pull, toRepository(pull.baseRepository), pull.headRepository ? toRepository(pull.headRepository) : null);
}

/**
 * The same, for a pull request read without its repositories: `base` is its base repository and `head` its head
 * repository (null when gone or hidden), each converted once for a whole page.
 */
export function toPullRequestOf(pull: RestPullRequestFieldsFragment, base: RestSchema<'Repository'>, head: RestSchema<'Repository'> | null): RestSchema<'PullRequest'> {
  const issue = toIssue(pull.issue);
  const headLabel = head && head.id !== base.id ? `${head.owner?.login ?? ''}:${pull.headBranch}` : pull.headBranch;
  const htmlUrl = pullHtmlUrl(base.html_url ?? '', pull.number);
  return {
    id: pull.databaseId,
    url: pullApiUrl(base.url ?? '', pull.number),
    number: pull.number,
    user: issue.user,
    title: issue.title,
    body: issue.body,
    labels: issue.labels,
    milestone: issue.milestone,
    assignee: issue.assignee,
    assignees: issue.assignees,
    requested_reviewers: pull.requestedReviewers.map(toUser),
    requested_reviewers_teams: pull.requestedTeams.map((team) => toTeam(team, { withOrganization: false })),
    state: issue.state,
    draft: false,
    is_locked: issue.is_locked,
    comments: issue.comments,
    review_comments: pull.reviewCommentCount,
    additions: pull.additions,
    deletions: pull.deletions,
    changed_files: pull.changedFiles,
    html_url: htmlUrl,
    diff_url: `${htmlUrl}.diff`,
    patch_url: `${htmlUrl}.patch`,
    mergeable: pull.mergeable,
    merged: pull.merged,
    merged_at: timeOrNull(pull.mergedAt),
    merge_commit_sha: pull.mergeCommitSha ?? null,
    merged_by: pull.mergedBy ? toUser(pull.mergedBy) : null,
    allow_maintainer_edit: pull.allowMaintainerEdit,
    base: { label: pull.baseBranch, ref: pull.baseBranch, sha: pull.baseSha ?? '', repo_id: base.id, repo: base },
    head: { label: headLabel, ref: pull.headBranch, sha: pull.headSha, repo_id: head?.id ?? 0, repo: head },
    merge_base: pull.mergeBase,
    due_date: issue.due_date,
    created_at: issue.created_at,
    updated_at: issue.updated_at,
    closed_at: issue.closed_at,
    pin_order: issue.pin_order,
    content_version: issue.content_version,
  };
}
