import type { PullReview, PullReviewComment } from 'gitea-js';
import type { FieldsOf } from '../gitea-js.ts';

/** Gitea's structs.PullReview and PullReviewComment: the reviewer, the team and the resolver are pointers. */
export const PULL_REVIEW: FieldsOf<PullReview> = {
  body: 'value',
  comments_count: 'value',
  commit_id: 'value',
  dismissed: 'value',
  html_url: 'value',
  id: 'value',
  official: 'value',
  pull_request_url: 'value',
  stale: 'value',
  state: 'value',
  submitted_at: 'value',
  team: 'nullable',
  updated_at: 'value',
  user: 'nullable',
};

export const PULL_REVIEW_COMMENT: FieldsOf<PullReviewComment> = {
  body: 'value',
  commit_id: 'value',
  created_at: 'value',
  diff_hunk: 'value',
  html_url: 'value',
  id: 'value',
  original_commit_id: 'value',
  original_position: 'value',
  path: 'value',
  position: 'value',
  pull_request_review_id: 'value',
  pull_request_url: 'value',
  resolver: 'nullable',
  updated_at: 'value',
  user: 'nullable',
};
