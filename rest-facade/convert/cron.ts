import type { RestCronFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';
import { timeOrZero } from './time.ts';

/** GraphQL CronTask → Gitea's Cron (times never set are the zero time, as Gitea's are). */
export function toCron(task: RestCronFragment): RestSchema<'Cron'> {
  return {
    name: task.name,
    schedule: task.schedule,
    next: timeOrZero(task.nextRun),
    prev: timeOrZero(task.previousRun),
    exec_times: task.execTimes,
  };
}
