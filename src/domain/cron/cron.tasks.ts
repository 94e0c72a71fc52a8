import type { Config } from '../../config/defaults.ts';
import { durationMs } from '../../config/load.ts';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import { fsck, gc, removeStaleArchiveTemporaries } from '../../git/maintenance.ts';
import { exists, repositorySize } from '../../git/repo.ts';
import { storageFor } from '../../storage/stores.ts';
import { repositoryPath, wikiRepositoryPath } from '../repo/storage.ts';
import { forgetAccount } from '../social/social.counters.ts';

/** What a task works with: no viewer, it acts for the site. */
export interface TaskDeps {
  db: Db;
  config: Config;
  events: EventBus;
}

/** What a task tells while it runs (shown as its message), and its signal to stop (the server is stopping). */
export interface TaskRun {
  progress(message: string): Promise<void>;
  signal: AbortSignal;
}

export type CronSection = Extract<keyof Config, `cron.${string}`>;
type TaskName = CronSection extends `cron.${infer Name}` ? Name : never;

export interface TaskDefinition {
  name: TaskName;
  /** Answers what it did; throws when it failed (the message is shown with the task). */
  run(deps: TaskDeps, run: TaskRun): Promise<string>;
}

const settings = <N extends TaskName>(config: Config, name: N): Config[`cron.${N}`] => config[`cron.${name}`];
const argsOf = (text: string) => text.split(' ').filter(Boolean);
/** Repositories are walked by id, this many rows at a time. */
const REPOSITORY_BATCH = 100;

async function* repositories(db: Db): AsyncGenerator<{ id: number; name: string; owner: { login: string } }> {
  let after = 0;
  for (;;) {
    const rows = await db.repository.findMany({ where: { id: { gt: after } }, orderBy: { id: 'asc' }, take: REPOSITORY_BATCH, select: { id: true, name: true, owner: { select: { login: true } } } });
    if (rows.length === 0) return;
    yield* rows;
    after = rows[rows.length - 1].id;
  }
}

/**
 * Runs `work` on every repository's directory (and its wiki's, when it has one), telling the progress; the
 * failures are gathered and thrown together at the end, so one bad repository does not stop the others.
 */
async function eachRepository(deps: TaskDeps, run: TaskRun, verb: string, work: (gitDir: string, repo: { id: number; wiki: boolean }) => Promise<void>): Promise<string> {
  const total = await deps.db.repository.count();
  const failures: string[] = [];
  let done = 0;
  for await (const repo of repositories(deps.db)) {
    if (run.signal.aborted) throw new Error(`stopped after ${done} of ${total} repositories`);
    const label = `${repo.owner.login}/${repo.name}`;
    try {
      await work(repositoryPath(deps.config, repo.id), { id: repo.id, wiki: false });
      const wiki = wikiRepositoryPath(deps.config, repo.id);
      if (await exists(wiki)) await work(wiki, { id: repo.id, wiki: true });
    } catch (err) {
      failures.push(`${label}: ${(err as Error).message.trim()}`);
    }
    done++;
    await run.progress(`${verb} ${done} of ${total} repositories`);
  }
  if (failures.length > 0) throw new Error(`${failures.length} of ${total} repositories failed: ${failures.join('; ')}`);
  return `${verb} ${total} repositories`;
}

export const TASKS: readonly TaskDefinition[] = [
  {
    // Gitea's rule: accounts never activated, made longer ago than OLDER_THAN (0: every such account). An
    // account that owns repositories is kept, as Gitea refuses to delete it; administrators are never removed.
    name: 'delete_inactive_accounts',
    async run(deps) {
      const olderThan = durationMs(settings(deps.config, 'delete_inactive_accounts').OLDER_THAN);
      const accounts = await deps.db.user.findMany({
        where: {
          type: 'user',
          isActive: false,
          isAdmin: false,
          ...(olderThan > 0 ? { createdAt: { lt: new Date(Date.now() - olderThan) } } : {}),
          repositories: { none: {} },
        },
        select: { id: true },
      });
      for (const { id } of accounts) {
        await deps.db.$transaction(async (tx) => {
          await forgetAccount(tx, id);
          await tx.user.delete({ where: { id } });
        });
        await deps.events.publish('user.deleted', { userId: id });
      }
      return `deleted ${accounts.length} inactive accounts`;
    },
  },
  {
    name: 'repo_health_check',
    run(deps, run) {
      const { TIMEOUT, ARGS } = settings(deps.config, 'repo_health_check');
      return eachRepository(deps, run, 'checked', (gitDir) => fsck(gitDir, { args: argsOf(ARGS), timeoutMs: durationMs(TIMEOUT), signal: run.signal }));
    },
  },
  {
    name: 'git_gc_repos',
    run(deps, run) {
      const { TIMEOUT, ARGS } = settings(deps.config, 'git_gc_repos');
      return eachRepository(deps, run, 'collected', async (gitDir, repo) => {
        await gc(gitDir, { args: argsOf(ARGS), timeoutMs: durationMs(TIMEOUT), signal: run.signal });
        // The size shown with the repository follows what gc left.
        if (!repo.wiki) await deps.db.repository.update({ where: { id: repo.id }, data: { sizeBytes: await repositorySize(gitDir) } });
      });
    },
  },
  {
    name: 'archive_cleanup',
    async run(deps) {
      const removed = await removeStaleArchiveTemporaries(durationMs(settings(deps.config, 'archive_cleanup').OLDER_THAN));
      return `removed ${removed} stale archive files`;
    },
  },
  {
    // Uploads stream under tmp/ and move to their key when done (attachment.service.ts); a process that stopped
    // during one leaves its temporary file.
    name: 'cleanup_temporary_uploads',
    async run(deps) {
      const before = Date.now() - durationMs(settings(deps.config, 'cleanup_temporary_uploads').OLDER_THAN);
      const store = storageFor(deps.config, 'attachments');
      let removed = 0;
      for await (const object of store.list('tmp/')) {
        if (object.modifiedAt.getTime() >= before) continue;
        await store.delete(object.key);
        removed++;
      }
      return `removed ${removed} stale temporary uploads`;
    },
  },
];

export const taskNamed = (name: string) => TASKS.find((task) => task.name === name);
