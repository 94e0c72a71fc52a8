import type { Config } from '../../config/defaults.ts';

/**
 * Whether time can be tracked on a repository's issues: the server allows it (service.TIME_TRACKING_DISABLED is
 * off) and the repository's own switch (internal_tracker.enable_time_tracker) is on.
 */
export const timeTrackingEnabled = (config: Config, repo: { enableTimeTracker: boolean }): boolean =>
  !config.service.TIME_TRACKING_DISABLED && repo.enableTimeTracker;

const unit = (value: number, name: string) => (value === 1 ? `1 ${name}` : value > 1 ? `${value} ${name}s` : '');

/**
 * A duration as Gitea words it for people (its SecToHours): hours and minutes, "1 hour 5 minutes"; under a
 * minute, the seconds ("42 seconds"); nothing for none.
 */
export function durationText(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor(seconds / 60) % 60;
  const text = [unit(hours, 'hour'), unit(minutes, 'minute')].filter((part) => part !== '').join(' ');
  return text === '' && seconds > 0 ? unit(seconds, 'second') : text;
}

/** Whole seconds from `start` to `end`, as Gitea counts a stopwatch (Unix seconds); never negative. */
export const elapsedSeconds = (start: Date, end: Date): number => Math.max(0, Math.floor(end.getTime() / 1000) - Math.floor(start.getTime() / 1000));
