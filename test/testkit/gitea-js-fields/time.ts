import type { StopWatch, TrackedTime } from 'gitea-js';
import type { FieldsOf } from '../gitea-js.ts';

/**
 * For each gitea-js type a test reads, every field it declares and how Gitea's Go struct sends it
 * (value fields always, pointers as null when unset, omitempty fields only when set), one file per area of
 * src/domain. Taken from Gitea's modules/structs; the `FieldsOf` type fails to compile if the client gains or
 * loses a field.
 */

export const TRACKED_TIME: FieldsOf<TrackedTime> = {
  created: 'value',
  id: 'value',
  // A pointer in Gitea's struct; its API loads the issue of every time it answers.
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
