import type { Comment, TimelineComment } from 'gitea-js';
import type { FieldsOf } from '../gitea-js.ts';

/**
 * For each gitea-js type a test reads, every field it declares and how Gitea's Go struct sends it
 * (value fields always, pointers as null when unset, omitempty fields only when set), one file per area of
 * src/domain. Taken from Gitea's modules/structs; the `FieldsOf` type fails to compile if the client gains or
 * loses a field.
 */

export const COMMENT: FieldsOf<Comment> = {
  assets: 'value',
  body: 'value',
  created_at: 'value',
  html_url: 'value',
  id: 'value',
  issue_url: 'value',
  original_author: 'value',
  original_author_id: 'value',
  pull_request_url: 'value',
  updated_at: 'value',
  user: 'nullable',
};

export const TIMELINE_COMMENT: FieldsOf<TimelineComment> = {
  assignee: 'nullable',
  assignee_team: 'nullable',
  body: 'value',
  created_at: 'value',
  dependent_issue: 'nullable',
  html_url: 'value',
  id: 'value',
  issue_url: 'value',
  label: 'nullable',
  milestone: 'nullable',
  new_ref: 'value',
  new_title: 'value',
  old_milestone: 'nullable',
  old_project_id: 'value',
  old_ref: 'value',
  old_title: 'value',
  project_id: 'value',
  pull_request_url: 'value',
  ref_action: 'value',
  ref_comment: 'nullable',
  ref_commit_sha: 'value',
  ref_issue: 'nullable',
  removed_assignee: 'value',
  resolve_doer: 'nullable',
  review_id: 'value',
  tracked_time: 'nullable',
  type: 'value',
  updated_at: 'value',
  user: 'nullable',
};
