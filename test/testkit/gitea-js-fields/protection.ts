import type { TagProtection } from 'gitea-js';
import type { FieldsOf } from '../gitea-js.ts';

/** The gitea-js types of the protection area a client test reads, as Gitea's modules/structs sends them. */

export const TAG_PROTECTION: FieldsOf<TagProtection> = {
  created_at: 'value',
  id: 'value',
  name_pattern: 'value',
  updated_at: 'value',
  whitelist_teams: 'value',
  whitelist_usernames: 'value',
};
