import type {
  AccessToken,
  AnnotatedTag,
  Branch,
  Commit,
  CommitMeta,
  CommitUser,
  ContentsResponse,
  FileCommitResponse,
  FileLinksResponse,
  FileResponse,
  GitBlobResponse,
  GitEntry,
  GitTreeResponse,
  Issue,
  IssueDeadline,
  Label,
  Milestone,
  Organization,
  OrganizationPermissions,
  PayloadCommit,
  Permission,
  Reference,
  RepoCollaboratorPermission,
  RepoCommit,
  Repository,
  ServerVersion,
  StopWatch,
  Tag,
  Team,
  TopicName,
  TrackedTime,
  User,
  WatchInfo,
} from 'gitea-js';
import type { FieldsOf } from './gitea-js.ts';

/**
 * For each gitea-js type a test reads, every field it declares and how Gitea's Go struct sends it
 * (value fields always, pointers as null when unset, omitempty fields only when set). Taken from
 * Gitea's modules/structs; the `FieldsOf` type fails to compile if the client gains or loses a field.
 */

export const USER: FieldsOf<User> = {
  active: 'value',
  avatar_url: 'value',
  created: 'value',
  description: 'value',
  email: 'value',
  followers_count: 'value',
  following_count: 'value',
  full_name: 'value',
  html_url: 'value',
  id: 'value',
  is_admin: 'value',
  language: 'value',
  last_login: 'value',
  location: 'value',
  login: 'value',
  login_name: 'value',
  prohibit_login: 'value',
  restricted: 'value',
  source_id: 'value',
  starred_repos_count: 'value',
  visibility: 'value',
  website: 'value',
};

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

export const ORGANIZATION: FieldsOf<Organization> = {
  avatar_url: 'value',
  description: 'value',
  email: 'value',
  full_name: 'value',
  id: 'value',
  location: 'value',
  name: 'value',
  repo_admin_change_team_access: 'value',
  username: 'value',
  visibility: 'value',
  website: 'value',
};

export const ORGANIZATION_PERMISSIONS: FieldsOf<OrganizationPermissions> = {
  can_create_repository: 'value',
  can_read: 'value',
  can_write: 'value',
  is_admin: 'value',
  is_owner: 'value',
};

export const TEAM: FieldsOf<Team> = {
  can_create_org_repo: 'value',
  description: 'value',
  id: 'value',
  includes_all_repositories: 'value',
  name: 'value',
  organization: 'nullable',
  permission: 'value',
  units: 'value',
  units_map: 'value',
};

export const PAYLOAD_COMMIT: FieldsOf<PayloadCommit> = {
  added: 'nullable',
  author: 'value',
  committer: 'value',
  id: 'value',
  message: 'value',
  modified: 'nullable',
  removed: 'nullable',
  timestamp: 'value',
  url: 'value',
  verification: 'nullable',
};

export const BRANCH: FieldsOf<Branch> = {
  commit: 'value',
  effective_branch_protection_name: 'value',
  enable_status_check: 'value',
  name: 'value',
  protected: 'value',
  required_approvals: 'value',
  status_check_contexts: 'value',
  user_can_merge: 'value',
  user_can_push: 'value',
};

export const ACCESS_TOKEN: FieldsOf<AccessToken> = {
  id: 'value',
  name: 'value',
  scopes: 'value',
  sha1: 'value',
  token_last_eight: 'value',
};

export const FILE_LINKS: FieldsOf<FileLinksResponse> = { git: 'nullable', html: 'nullable', self: 'nullable' };

export const CONTENTS: FieldsOf<ContentsResponse> = {
  _links: 'nullable',
  content: 'nullable',
  download_url: 'nullable',
  encoding: 'nullable',
  git_url: 'nullable',
  html_url: 'nullable',
  last_commit_sha: 'value',
  name: 'value',
  path: 'value',
  sha: 'value',
  size: 'value',
  submodule_git_url: 'nullable',
  target: 'nullable',
  type: 'value',
  url: 'nullable',
};

export const COMMIT_META: FieldsOf<CommitMeta> = { created: 'value', sha: 'value', url: 'value' };
export const COMMIT_USER: FieldsOf<CommitUser> = { date: 'value', email: 'value', name: 'value' };

export const FILE_COMMIT: FieldsOf<FileCommitResponse> = {
  author: 'value',
  committer: 'value',
  created: 'value',
  html_url: 'value',
  message: 'value',
  parents: 'value',
  sha: 'value',
  tree: 'value',
  url: 'value',
};

export const FILE_RESPONSE: FieldsOf<FileResponse> = { commit: 'nullable', content: 'nullable', verification: 'nullable' };

export const COMMIT: FieldsOf<Commit> = {
  // The GitHub-style users behind the commit: null when no account has the commit's e-mail.
  author: 'nullable',
  commit: 'value',
  committer: 'nullable',
  created: 'value',
  files: 'nullable',
  html_url: 'value',
  parents: 'value',
  sha: 'value',
  stats: 'nullable',
  url: 'value',
};

export const REPO_COMMIT: FieldsOf<RepoCommit> = {
  author: 'value',
  committer: 'value',
  message: 'value',
  tree: 'value',
  url: 'value',
  verification: 'nullable',
};

export const TAG: FieldsOf<Tag> = {
  commit: 'value',
  id: 'value',
  message: 'value',
  name: 'value',
  tarball_url: 'value',
  zipball_url: 'value',
};

export const ANNOTATED_TAG: FieldsOf<AnnotatedTag> = {
  message: 'value',
  object: 'value',
  sha: 'value',
  tag: 'value',
  tagger: 'value',
  url: 'value',
  verification: 'nullable',
};

export const REFERENCE: FieldsOf<Reference> = { object: 'value', ref: 'value', url: 'value' };

export const GIT_TREE: FieldsOf<GitTreeResponse> = {
  page: 'value',
  sha: 'value',
  total_count: 'value',
  tree: 'value',
  truncated: 'value',
  url: 'value',
};

export const GIT_ENTRY: FieldsOf<GitEntry> = { mode: 'value', path: 'value', sha: 'value', size: 'value', type: 'value', url: 'value' };

export const GIT_BLOB: FieldsOf<GitBlobResponse> = { content: 'nullable', encoding: 'nullable', sha: 'value', size: 'value', url: 'value' };

export const TOPIC_NAME: FieldsOf<TopicName> = { topics: 'value' };

export const WATCH_INFO: FieldsOf<WatchInfo> = {
  created_at: 'value',
  ignored: 'value',
  reason: 'nullable',
  repository_url: 'value',
  subscribed: 'value',
  url: 'value',
};

export const COLLABORATOR_PERMISSION: FieldsOf<RepoCollaboratorPermission> = { permission: 'value', role_name: 'value', user: 'value' };

export const SERVER_VERSION: FieldsOf<ServerVersion> = { version: 'value' };

export const ISSUE: FieldsOf<Issue> = {
  assets: 'value',
  assignee: 'nullable',
  // A Go nil slice when nobody is assigned; Graft sends the empty list.
  assignees: 'nullable',
  body: 'value',
  closed_at: 'nullable',
  comments: 'value',
  created_at: 'value',
  due_date: 'nullable',
  html_url: 'value',
  id: 'value',
  is_locked: 'value',
  labels: 'value',
  milestone: 'nullable',
  number: 'value',
  original_author: 'value',
  original_author_id: 'value',
  pin_order: 'value',
  pull_request: 'nullable',
  ref: 'value',
  repository: 'nullable',
  state: 'value',
  title: 'value',
  updated_at: 'value',
  url: 'value',
  user: 'value',
};

export const LABEL: FieldsOf<Label> = {
  color: 'value',
  description: 'value',
  exclusive: 'value',
  id: 'value',
  is_archived: 'value',
  name: 'value',
  url: 'value',
};

export const MILESTONE: FieldsOf<Milestone> = {
  closed_at: 'nullable',
  closed_issues: 'value',
  created_at: 'value',
  description: 'value',
  due_on: 'nullable',
  id: 'value',
  open_issues: 'value',
  state: 'value',
  title: 'value',
  updated_at: 'nullable',
};

export const ISSUE_DEADLINE: FieldsOf<IssueDeadline> = { due_date: 'nullable' };

export const TRACKED_TIME: FieldsOf<TrackedTime> = {
  created: 'value',
  id: 'value',
  // A pointer in Gitea's struct: always set by its API, which loads the issue of every time it lists.
  issue: 'nullable',
  issue_id: 'value',
  time: 'value',
  user_id: 'value',
  user_name: 'value',
};

export const STOP_WATCH: FieldsOf<StopWatch> = {
  created: 'value',
  duration: 'value',
  issue_index: 'value',
  issue_title: 'value',
  repo_name: 'value',
  repo_owner_name: 'value',
  seconds: 'value',
};
