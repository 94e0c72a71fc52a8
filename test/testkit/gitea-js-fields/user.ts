import type { User, UserSettings } from 'gitea-js';
import type { FieldsOf } from '../gitea-js.ts';

/**
 * For each gitea-js type a test reads, every field it declares and how Gitea's Go struct sends it
 * (value fields always, pointers as null when unset, omitempty fields only when set), one file per area of
 * src/domain. Taken from Gitea's modules/structs; the `FieldsOf` type fails to compile if the client gains or
 * loses a field.
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

export const USER_SETTINGS: FieldsOf<UserSettings> = {
  description: 'value',
  diff_view_style: 'value',
  full_name: 'value',
  hide_activity: 'value',
  hide_email: 'value',
  language: 'value',
  location: 'value',
  theme: 'value',
  website: 'value',
};
