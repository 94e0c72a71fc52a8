import type { RestActivityFragment, RestHeatmapEntryFragment } from '../__generated__/graphql.ts';
import { toComment } from './comment.ts';
import { toRepository } from './repository.ts';
import type { RestSchema } from './shape.ts';
import { restTime } from './time.ts';
import { toUser } from './user.ts';

/**
 * GraphQL Activity → REST Activity (Gitea's convert.ToActivity): comment_id is 0 and comment null when the entry
 * is about no comment (or its comment was deleted); user_id is the account whose feed shows it.
 */
export function toActivity(activity: RestActivityFragment): RestSchema<'Activity'> {
  return {
    id: activity.databaseId,
    user_id: activity.receiverId,
    op_type: activity.opType,
    act_user_id: activity.actor.databaseId,
    act_user: toUser(activity.actor),
    repo_id: activity.repository.databaseId,
    repo: toRepository(activity.repository),
    comment_id: activity.comment?.databaseId ?? 0,
    comment: activity.comment ? toComment(activity.comment) : null,
    ref_name: activity.refName,
    is_private: activity.isPrivate,
    content: activity.content,
    created: restTime(activity.createdAt),
  };
}

/** GraphQL HeatmapEntry → REST UserHeatmapData. */
export function toHeatmapData(entry: RestHeatmapEntryFragment): RestSchema<'UserHeatmapData'> {
  return { timestamp: entry.timestamp, contributions: entry.contributions };
}
