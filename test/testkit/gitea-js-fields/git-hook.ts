import type { GitHook } from 'gitea-js';
import type { FieldsOf } from '../gitea-js.ts';

/** Gitea's structs.GitHook: content is omitempty (Graft sends it empty). */
export const GIT_HOOK: FieldsOf<GitHook> = {
  content: 'omitempty',
  is_active: 'value',
  name: 'value',
};
