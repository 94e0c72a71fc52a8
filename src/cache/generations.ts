import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Written } from '../db/tracking.ts';

/**
 * Change counters: one per table, raised after every committed write to it. A cache entry remembers the
 * counters of the tables it was read from, as they were before it was read; it may answer only while they
 * are unchanged (src/cache/cache.ts).
 *
 * Where they live decides who sees a write at once:
 * - one instance (no REDIS_URL): in this process, raised synchronously when the write commits, so the
 *   next request here sees it. On SQLite, a commit by another process on the same file (the CLI) is
 *   noticed through the connection's data_version at the start of each request and counts as a change
 *   to every table. On PostgreSQL, the other processes announce their writes with NOTIFY and this one
 *   raises what it hears (src/cache/postgres-generations.ts).
 * - several instances (REDIS_URL): in one Redis hash. The writer raises them (and waits for Redis to
 *   take it) after its commit and before it answers; every request reads them once, at its start. So a
 *   request that starts after a write was answered, on any instance, sees the raised counter, and no
 *   entry read before that write can answer it. Asynchronous events would not do: one published after
 *   the commit may reach another instance after that instance served its next request.
 * The epoch changes when the counters start over (a new process; a Redis that lost its data): entries of
 * another epoch are never used.
 */
export interface Generations {
  /** The counters for one request; null when they cannot be known (Redis unreachable): use no cache then. */
  read(): Counters | null | Promise<Counters | null>;
  /** Records a committed write; resolves once every instance reading the counters will see it. */
  raise(written: Written): void | Promise<void>;
  /**
   * Raised by every write of this process: a request that saw it move since it read the counters in
   * Redis (its own write, or another request's here) stops using the cache, whose counters it no longer knows.
   */
  readonly localWrites: number;
  close(): Promise<void>;
}

export interface Counters {
  epoch: string;
  /** The counter of a table (a write to unnamed tables raises them all). */
  of(table: string): number;
  /** True while these are the live counters of this process, always current; false for a Redis snapshot. */
  live: boolean;
}

/** One instance: counters in this process. `changedElsewhere` reports commits by other processes (SQLite). */
export function localGenerations(changedElsewhere: () => boolean = () => false): Generations {
  const tables = new Map<string, number>();
  let everything = 0;
  const counters: Counters = { epoch: randomUUID(), of: (table) => (tables.get(table) ?? 0) + everything, live: true };
  const generations = {
    localWrites: 0,
    read() {
      if (changedElsewhere()) everything++;
      return counters;
    },
    raise(written: Written) {
      generations.localWrites++;
      if (written === 'all') everything++;
      else for (const table of written) tables.set(table, (tables.get(table) ?? 0) + 1);
    },
    async close() {},
  };
  return generations;
}

const KEY = 'graft:cache-generations';
const EVERYTHING = '*';
const EPOCH = 'epoch';

export type GenerationsLogger = (message: string, err?: unknown) => void;

/** Several instances: counters in a Redis hash (table → counter, plus the epoch). */
export function redisGenerations(url: string, log: GenerationsLogger = (m, e) => console.error(`cache: ${m}`, e instanceof Error ? e.message : (e ?? ''))): Generations {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  let reported = false;
  redis.on('error', (err) => {
    if (!reported) log('Redis is unreachable: requests use no cache until it is back', err);
    reported = true;
  });
  redis.on('ready', () => {
    if (reported) log('Redis is back');
    reported = false;
    void flushPending();
  });
  /** Raises that could not reach Redis: sent again as soon as it is back. */
  let pending: Map<string, number> | undefined;

  async function flushPending() {
    const raises = pending;
    if (!raises) return;
    pending = undefined;
    try {
      const pipeline = redis.pipeline();
      for (const [field, n] of raises) pipeline.hincrby(KEY, field, n);
      await pipeline.exec();
    } catch (err) {
      keep(raises);
      log('raising cache counters after an outage failed', err);
    }
  }
  function keep(raises: Map<string, number>) {
    pending ??= new Map();
    for (const [field, n] of raises) pending.set(field, (pending.get(field) ?? 0) + n);
  }

  const generations = {
    localWrites: 0,
    async read(): Promise<Counters | null> {
      if (redis.status !== 'ready') return null;
      try {
        let hash = await redis.hgetall(KEY);
        if (!hash[EPOCH]) {
          // First use, or Redis lost the counters: start a new epoch (whoever sets it first wins).
          await redis.hsetnx(KEY, EPOCH, randomUUID());
          hash = await redis.hgetall(KEY);
        }
        const everything = Number(hash[EVERYTHING] ?? 0);
        return { epoch: hash[EPOCH], of: (table) => Number(hash[table] ?? 0) + everything, live: false };
      } catch {
        return null;
      }
    },
    async raise(written: Written) {
      generations.localWrites++;
      const raises = new Map<string, number>(written === 'all' ? [[EVERYTHING, 1]] : [...written].map((t) => [t, 1]));
      // Not connected: the raise waits for Redis to come back, the writer does not (instances that cannot
      // reach Redis use no cache meanwhile).
      if (redis.status !== 'ready') return keep(raises);
      try {
        const pipeline = redis.pipeline();
        for (const [field, n] of raises) pipeline.hincrby(KEY, field, n);
        const results = await pipeline.exec();
        const failed = results?.find(([err]) => err)?.[0];
        if (failed) throw failed;
      } catch (err) {
        // The write is committed and must not fail now; other instances learn of it once Redis is back.
        keep(raises);
        log('a write could not raise the cache counters in Redis; other instances may serve stale data until it is back', err);
      }
    },
    async close() {
      // A short-lived writer (the CLI) may end before its first connection is up: give its raises a moment.
      if (pending && redis.status !== 'ready' && redis.status !== 'end') {
        await Promise.race([new Promise((resolve) => redis.once('ready', resolve)), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
        await flushPending();
      }
      await (redis.status === 'ready' ? redis.quit().then(() => {}) : Promise.resolve(redis.disconnect()));
    },
  };
  return generations;
}
