import { Cron } from 'croner';
import { ConfigError, durationMs } from '../../config/load.ts';

/**
 * A task's SCHEDULE as Gitea reads it: a cron expression (five fields, or six with seconds first), one of the
 * named ones (@midnight, @hourly, @daily, @weekly, @monthly, @yearly, @annually), or `@every <duration>`
 * (Go's durations: 10m, 72h, 1h30m), counted from the last run, or from the start when it never ran.
 */
export interface Schedule {
  readonly spec: string;
  /** The first time the task is due after `from` (and after its last run `prev`, for @every). */
  nextAfter(from: Date, prev: Date | null): Date | null;
}

const EVERY = /^@every\s+(\S+)$/i;
const DURATION = /^(?:\d+(?:\.\d+)?(?:ms|s|m|h))+$/;

export function parseSchedule(spec: string, where: string): Schedule {
  const text = spec.trim();
  const every = EVERY.exec(text);
  if (every) {
    if (!DURATION.test(every[1]) || durationMs(every[1]) < 1000) throw new ConfigError(`${where}: "${spec}" needs a duration of a second or more, such as @every 10m`);
    const ms = durationMs(every[1]);
    return {
      spec: text,
      nextAfter: (from, prev) => (prev && prev.getTime() + ms > from.getTime() ? new Date(prev.getTime() + ms) : new Date(from.getTime() + ms)),
    };
  }
  let cron: Cron;
  try {
    cron = new Cron(text, { paused: true });
  } catch (err) {
    throw new ConfigError(`${where}: "${spec}" is not a schedule (${(err as Error).message})`);
  }
  return { spec: text, nextAfter: (from) => cron.nextRun(from) };
}
