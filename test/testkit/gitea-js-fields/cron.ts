import type { Cron } from 'gitea-js';
import type { FieldsOf } from '../gitea-js.ts';

/** Gitea's structs.Cron: every field a value (times are the zero time when unset). */
export const CRON: FieldsOf<Cron> = { name: 'value', schedule: 'value', next: 'value', prev: 'value', exec_times: 'value' };
