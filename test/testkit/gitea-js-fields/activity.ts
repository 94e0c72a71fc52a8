import type { Activity, UserHeatmapData } from 'gitea-js';
import type { FieldsOf } from '../gitea-js.ts';

/** Gitea's modules/structs Activity: every member always sent; act_user, repo and comment are pointers (comment nil without one). */
export const ACTIVITY: FieldsOf<Activity> = {
  act_user: 'value',
  act_user_id: 'value',
  comment: 'nullable',
  comment_id: 'value',
  content: 'value',
  created: 'value',
  id: 'value',
  is_private: 'value',
  op_type: 'value',
  ref_name: 'value',
  repo: 'value',
  repo_id: 'value',
  user_id: 'value',
};

/** Gitea's models/activities UserHeatmapData. */
export const HEATMAP_DATA: FieldsOf<UserHeatmapData> = {
  contributions: 'value',
  timestamp: 'value',
};
