import type { ContentsResponse, FileCommitResponse, FileLinksResponse, FileResponse } from 'gitea-js';
import type { FieldsOf } from '../gitea-js.ts';

/**
 * For each gitea-js type a test reads, every field it declares and how Gitea's Go struct sends it
 * (value fields always, pointers as null when unset, omitempty fields only when set), one file per area of
 * src/domain. Taken from Gitea's modules/structs; the `FieldsOf` type fails to compile if the client gains or
 * loses a field.
 */

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
