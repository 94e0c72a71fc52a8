import type { RestStopwatchFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';
import { restTime } from './time.ts';

/** GraphQL Stopwatch → REST StopWatch (Gitea's convert.ToStopWatches). */
export function toStopWatch(stopwatch: RestStopwatchFragment): RestSchema<'StopWatch'> {
  return {
    created: restTime(stopwatch.createdAt),
    seconds: stopwatch.seconds,
    duration: stopwatch.duration,
    issue_index: stopwatch.issue.number,
    issue_title: stopwatch.issue.title,
    repo_owner_name: stopwatch.issue.repository.owner.login,
    repo_name: stopwatch.issue.repository.name,
  };
}
