import type { Commit, CommitMeta, CommitUser, GitBlobResponse, GitEntry, GitTreeResponse, RepoCommit } from 'gitea-js';
import type { FieldsOf } from '../gitea-js.ts';

/**
 * For each gitea-js type a test reads, every field it declares and how Gitea's Go struct sends it
 * (value fields always, pointers as null when unset, omitempty fields only when set), one file per area of
 * src/domain. Taken from Gitea's modules/structs; the `FieldsOf` type fails to compile if the client gains or
 * loses a field.
 */

export const COMMIT_META: FieldsOf<CommitMeta> = { created: 'value', sha: 'value', url: 'value' };

export const COMMIT_USER: FieldsOf<CommitUser> = { date: 'value', email: 'value', name: 'value' };

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
