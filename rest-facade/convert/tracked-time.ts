import type { RestTrackedTimeFragment } from '../__generated__/graphql.ts';
import { toIssue } from './issue.ts';
import type { RestSchema } from './shape.ts';
import { restTime } from './time.ts';

/**
 * GraphQL TrackedTime → REST TrackedTime (Gitea's convert.ToTrackedTime): the issue in full, and the ids Gitea
 * still sends beside it for older clients. A deleted account's time names the ghost account (id -1).
 */
export function toTrackedTime(time: RestTrackedTimeFragment): RestSchema<'TrackedTime'> {
  const issue = toIssue(time.issue);
  return {
    id: time.databaseId,
    created: restTime(time.createdAt),
    time: time.seconds,
    user_id: time.user.databaseId,
    user_name: time.user.login,
    issue_id: issue.id,
    issue,
  };
}
