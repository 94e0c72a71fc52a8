import type { Hook } from 'gitea-js';
import type { FieldsOf } from '../gitea-js.ts';

/** Gitea's structs.Hook: every member a value. */
export const HOOK: FieldsOf<Hook> = {
  active: 'value',
  authorization_header: 'value',
  branch_filter: 'value',
  config: 'value',
  created_at: 'value',
  events: 'value',
  id: 'value',
  type: 'value',
  updated_at: 'value',
};
