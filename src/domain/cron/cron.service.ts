import { requireSiteAdmin } from '../../auth/viewer.ts';
import { notFound, unsupported } from '../../errors.ts';
import type { Page, PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { schedulerOf, schedulesOf } from './cron.scheduler.ts';
import { TASKS, taskNamed } from './cron.tasks.ts';

export interface CronTaskView {
  name: string;
  /** The SCHEDULE setting as written. */
  schedule: string;
  /** Whether the schedule runs it (ENABLED); an administrator may run any task. */
  enabled: boolean;
  nextRun: Date | null;
  previousRun: Date | null;
  execTimes: number;
  running: boolean;
  lastStatus: 'ok' | 'failed' | null;
  lastMessage: string | null;
  lastFinishedAt: Date | null;
}

async function views(ctx: ServiceContext, names: string[]): Promise<CronTaskView[]> {
  const rows = new Map((await ctx.db.cronTask.findMany({ where: { name: { in: names } } })).map((row) => [row.name, row]));
  const scheduler = schedulerOf(ctx.db);
  const schedules = scheduler ? null : schedulesOf(ctx.config);
  const now = new Date();
  return names.map((name) => {
    const row = rows.get(name);
    const settings = ctx.config[`cron.${name}` as `cron.${(typeof TASKS)[number]['name']}`];
    const schedule = scheduler?.schedule(name) ?? schedules!.get(name)!;
    const nextRun = !settings.ENABLED ? null : (scheduler?.nextRun(name) ?? schedule.nextAfter(now, row?.lastStartedAt ?? null));
    return {
      name,
      schedule: settings.SCHEDULE,
      enabled: settings.ENABLED,
      nextRun,
      previousRun: row?.lastStartedAt ?? null,
      execTimes: row?.execTimes ?? 0,
      running: !!row?.holder && !!row.leaseUntil && row.leaseUntil > now,
      lastStatus: (row?.lastStatus as CronTaskView['lastStatus']) ?? null,
      lastMessage: row?.lastMessage ?? null,
      lastFinishedAt: row?.lastFinishedAt ?? null,
    };
  });
}

/** The cron tasks, by name, with their schedules and last runs (site admins only). */
export async function cronTasks(ctx: ServiceContext, window: PageWindow): Promise<Page<CronTaskView>> {
  requireSiteAdmin(ctx.viewer);
  const names = TASKS.map((task) => task.name).sort();
  return { items: await views(ctx, names.slice(window.offset, window.offset + window.limit)), totalCount: names.length };
}

/**
 * Starts a task now, in the background, as Gitea does (site admins only); a task already running (here or on
 * another instance) is left to finish. NOT_FOUND for a name that is no task.
 */
export async function runCronTask(ctx: ServiceContext, name: string): Promise<CronTaskView> {
  requireSiteAdmin(ctx.viewer);
  const task = taskNamed(name);
  if (!task) throw notFound(`cron task "${name}" does not exist`);
  const scheduler = schedulerOf(ctx.db);
  if (!scheduler) throw unsupported('cron tasks run in the server only');
  await scheduler.run(task.name);
  return (await views(ctx, [task.name]))[0];
}
