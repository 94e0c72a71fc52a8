import type { Permission, Repository, TopicName } from 'gitea-js';
import type { FieldsOf } from '../gitea-js.ts';

/**
 * For each gitea-js type a test reads, every field it declares and how Gitea's Go struct sends it
 * (value fields always, pointers as null when unset, omitempty fields only when set), one file per area of
 * src/domain. Taken from Gitea's modules/structs; the `FieldsOf` type fails to compile if the client gains or
 * loses a field.
 */

export const PERMISSION: FieldsOf<Permission> = { admin: 'value', pull: 'value', push: 'value' };

export const REPOSITORY: FieldsOf<Repository> = {
  allow_fast_forward_only_merge: 'value',
  allow_merge_commits: 'value',
  allow_rebase: 'value',
  allow_rebase_explicit: 'value',
  allow_rebase_update: 'value',
  allow_squash_merge: 'value',
  archived: 'value',
  archived_at: 'value',
  avatar_url: 'value',
  clone_url: 'value',
  created_at: 'value',
  default_allow_maintainer_edit: 'value',
  default_branch: 'value',
  default_delete_branch_after_merge: 'value',
  default_merge_style: 'value',
  description: 'value',
  empty: 'value',
  external_tracker: 'omitempty',
  external_wiki: 'omitempty',
  fork: 'value',
  forks_count: 'value',
  full_name: 'value',
  has_actions: 'value',
  has_issues: 'value',
  has_packages: 'value',
  has_projects: 'value',
  has_pull_requests: 'value',
  has_releases: 'value',
  has_wiki: 'value',
  html_url: 'value',
  id: 'value',
  ignore_whitespace_conflicts: 'value',
  internal: 'value',
  internal_tracker: 'omitempty',
  language: 'value',
  languages_url: 'value',
  // Go nil slices: null when the repository has none.
  licenses: 'nullable',
  link: 'value',
  mirror: 'value',
  mirror_interval: 'value',
  mirror_updated: 'value',
  name: 'value',
  object_format_name: 'value',
  open_issues_count: 'value',
  open_pr_counter: 'value',
  original_url: 'value',
  owner: 'value',
  parent: 'omitempty',
  permissions: 'omitempty',
  private: 'value',
  projects_mode: 'value',
  release_counter: 'value',
  repo_transfer: 'omitempty',
  size: 'value',
  ssh_url: 'value',
  stars_count: 'value',
  template: 'value',
  topics: 'nullable',
  updated_at: 'value',
  url: 'value',
  watchers_count: 'value',
  website: 'value',
};

export const TOPIC_NAME: FieldsOf<TopicName> = { topics: 'value' };
