import type { ChangedFile, PRBranchInfo, PullRequest } from 'gitea-js';
import type { FieldsOf } from '../gitea-js.ts';

/**
 * For each gitea-js type a test reads, every field it declares and how Gitea's Go struct sends it
 * (value fields always, pointers as null when unset, omitempty fields only when set), one file per area of
 * src/domain. Taken from Gitea's modules/structs (pull.go); the `FieldsOf` type fails to compile if the client
 * gains or loses a field.
 */

export const PULL_REQUEST: FieldsOf<PullRequest> = {
  // Pointers that Gitea fills only once the pull request was opened with numbers, merged, closed, …
  additions: 'omitempty',
  deletions: 'omitempty',
  changed_files: 'omitempty',
  allow_maintainer_edit: 'value',
  assignee: 'nullable',
  assignees: 'value',
  base: 'value',
  body: 'value',
  closed_at: 'nullable',
  comments: 'value',
  created_at: 'value',
  diff_url: 'value',
  draft: 'value',
  due_date: 'nullable',
  head: 'value',
  html_url: 'value',
  id: 'value',
  is_locked: 'value',
  labels: 'value',
  merge_base: 'value',
  merge_commit_sha: 'nullable',
  mergeable: 'value',
  merged: 'value',
  merged_at: 'nullable',
  merged_by: 'nullable',
  milestone: 'nullable',
  number: 'value',
  patch_url: 'value',
  pin_order: 'value',
  requested_reviewers: 'value',
  requested_reviewers_teams: 'value',
  review_comments: 'value',
  state: 'value',
  title: 'value',
  updated_at: 'value',
  url: 'value',
  user: 'value',
};

export const PR_BRANCH_INFO: FieldsOf<PRBranchInfo> = {
  label: 'value',
  ref: 'value',
  // The head repository, once deleted (or hidden from the caller), is null.
  repo: 'nullable',
  repo_id: 'value',
  sha: 'value',
};

export const CHANGED_FILE: FieldsOf<ChangedFile> = {
  additions: 'value',
  changes: 'value',
  contents_url: 'value',
  deletions: 'value',
  filename: 'value',
  html_url: 'value',
  // Set for renames only (Graft sends it empty for the others).
  previous_filename: 'omitempty',
  raw_url: 'value',
  status: 'value',
};
