import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { parseSchedule, type Schedule } from './cron.schedule.ts';
import { TASKS, type TaskDefinition, type TaskDeps } from './cron.tasks.ts';

/**
 * The cron tasks of one instance: each enabled task is armed for its next due time; when it comes (or an
 * administrator asks), the instance takes the task's row as a lease (one atomic UPDATE) and runs it. Several
 * instances on one database run each due time once: a scheduled run is skipped when the task is held, or when
 * it already started at or after that due time (another instance took it). A task's failure is recorded on
 * its row and reported; it never reaches the server.
 */

/** A lease not renewed for this long belongs to an instance that died. */
const LEASE_MS = 60_000;
const RENEW_MS = 20_000;
/** setTimeout's longest wait; a later due time is reached in steps. */
const MAX_WAIT_MS = 2 ** 31 - 1;

export interface CronScheduler {
  /** Starts a run of the task now, in the background: false when another run holds it. */
  run(name: string): Promise<boolean>;
  /** When each scheduled task is due next (absent: not scheduled). */
  nextRun(name: string): Date | null;
  schedule(name: string): Schedule;
  /** Resolves once the runs started so far on this instance are done. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** The scheduler of each database's app (an app's services find theirs by its database client). */
const schedulers = new WeakMap<Db, CronScheduler>();
export const schedulerOf = (db: Db): CronScheduler | undefined => schedulers.get(db);

/** The schedule of each task, read from its configuration section (a bad one stops the start). */
export function schedulesOf(config: TaskDeps['config']): Map<string, Schedule> {
  return new Map(TASKS.map((task) => [task.name, parseSchedule(config[`cron.${task.name}`].SCHEDULE, `cron.${task.name}.SCHEDULE`)]));
}

export function startCronScheduler(deps: TaskDeps, report: (message: string, err: unknown) => void): CronScheduler {
  const me = randomUUID();
  const schedules = schedulesOf(deps.config);
  const timers = new Map<string, NodeJS.Timeout>();
  const due = new Map<string, Date>();
  const running = new Set<Promise<void>>();
  const abort = new AbortController();
  let stopped = false;

  async function ensureRow(name: string) {
    await deps.db.cronTask.upsert({ where: { name }, create: { name }, update: {} }).catch(async (err) => {
      // Another instance made it at the same moment.
      if (!(await deps.db.cronTask.findUnique({ where: { name } }))) throw err;
    });
  }

  /** Takes the task's lease; `dueAt`: a scheduled run, skipped when a run started at or after it. */
  async function claim(name: string, dueAt: Date | null): Promise<boolean> {
    await ensureRow(name);
    const now = new Date();
    const { count } = await deps.db.cronTask.updateMany({
      where: {
        name,
        OR: [{ holder: null }, { leaseUntil: { lt: now } }],
        ...(dueAt ? { AND: [{ OR: [{ lastStartedAt: null }, { lastStartedAt: { lt: dueAt } }] }] } : {}),
      },
      data: { holder: me, leaseUntil: new Date(now.getTime() + LEASE_MS), lastStartedAt: now, execTimes: { increment: 1 }, lastMessage: 'started' },
    });
    return count === 1;
  }

  async function execute(task: TaskDefinition) {
    const mine = { name: task.name, holder: me };
    const renew = setInterval(() => {
      void deps.db.cronTask.updateMany({ where: mine, data: { leaseUntil: new Date(Date.now() + LEASE_MS) } }).catch((err) => report(`cron ${task.name}: lease renewal failed`, err));
    }, RENEW_MS);
    let status = 'ok';
    let message: string;
    try {
      message = await task.run(deps, {
        signal: abort.signal,
        progress: async (text) => {
          await deps.db.cronTask.updateMany({ where: mine, data: { lastMessage: text, leaseUntil: new Date(Date.now() + LEASE_MS) } });
        },
      });
    } catch (err) {
      status = 'failed';
      message = (err as Error).message || String(err);
      report(`cron task ${task.name} failed`, err);
    } finally {
      clearInterval(renew);
    }
    await deps.db.cronTask
      .updateMany({ where: mine, data: { holder: null, leaseUntil: null, lastFinishedAt: new Date(), lastStatus: status, lastMessage: message.slice(0, 4000) } })
      .catch((err) => report(`cron ${task.name}: recording its end failed`, err));
  }

  function start(task: TaskDefinition, dueAt: Date | null): Promise<boolean> {
    const started = claim(task.name, dueAt).then(
      (taken) => {
        if (!taken) return false;
        const run = execute(task).catch((err) => report(`cron task ${task.name} failed`, err));
        running.add(run);
        void run.finally(() => running.delete(run));
        return true;
      },
      (err) => {
        report(`cron ${task.name}: taking its lease failed`, err);
        return false;
      },
    );
    // The claim itself counts as work in progress (a test waiting for idle right after a run waits for it).
    const pending = started.then(() => {});
    running.add(pending);
    void pending.finally(() => running.delete(pending));
    return started;
  }

  async function arm(task: TaskDefinition) {
    if (stopped) return;
    const row = await deps.db.cronTask.findUnique({ where: { name: task.name } }).catch(() => null);
    const next = schedules.get(task.name)!.nextAfter(new Date(), row?.lastStartedAt ?? null);
    if (!next) return;
    due.set(task.name, next);
    // Timers may fire a little early: a run never starts before its due time, which the lease rule counts on.
    const wait = () => {
      if (stopped) return;
      const left = next.getTime() - Date.now();
      const timer = setTimeout(left > 0 ? wait : () => void fire(task, next), Math.min(Math.max(left, 0), MAX_WAIT_MS));
      timer.unref();
      timers.set(task.name, timer);
    };
    wait();
  }

  async function fire(task: TaskDefinition, dueAt: Date) {
    if (stopped) return;
    await start(task, dueAt);
    await arm(task);
  }

  // A run at start is due at the start's minute: instances of one deployment started together run it once.
  const startedAt = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  for (const task of TASKS) {
    const section = deps.config[`cron.${task.name}`];
    if (section.RUN_AT_START) void start(task, startedAt);
    if (section.ENABLED) void arm(task).catch((err) => report(`cron ${task.name}: scheduling failed`, err));
  }

  const scheduler: CronScheduler = {
    async run(name) {
      const task = TASKS.find((t) => t.name === name);
      if (!task || stopped) return false;
      return start(task, null);
    },
    nextRun: (name) => due.get(name) ?? null,
    schedule: (name) => schedules.get(name)!,
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      abort.abort();
      await scheduler.idle();
      schedulers.delete(deps.db);
    },
  };
  schedulers.set(deps.db, scheduler);
  return scheduler;
}
