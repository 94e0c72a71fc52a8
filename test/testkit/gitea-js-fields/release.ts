import type { Release } from 'gitea-js';
import type { FieldsOf } from '../gitea-js.ts';

/**
 * For each gitea-js type a test reads, every field it declares and how Gitea's Go struct sends it
 * (value fields always, pointers as null when unset, omitempty fields only when set), one file per area of
 * src/domain. Taken from Gitea's modules/structs; the `FieldsOf` type fails to compile if the client gains or
 * loses a field.
 */

export const RELEASE: FieldsOf<Release> = {
  assets: 'value',
  author: 'nullable',
  body: 'value',
  created_at: 'value',
  draft: 'value',
  html_url: 'value',
  id: 'value',
  name: 'value',
  prerelease: 'value',
  published_at: 'value',
  tag_name: 'value',
  tarball_url: 'value',
  target_commitish: 'value',
  upload_url: 'value',
  url: 'value',
  zipball_url: 'value',
};
