import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { DatabaseTarget } from '../db/provider.ts';
import { databaseNamespace } from '../db/provider.ts';
import type { Written } from '../db/tracking.ts';
import { localGenerations, type Counters, type Generations, type GenerationsLogger } from './generations.ts';

/** The longest payload PostgreSQL takes is 8000 bytes: a longer list of tables is sent as "every table". */
const MAX_PAYLOAD = 7900;
const RECONNECT_MS = 1000;

interface Announcement {
  /** The process that wrote: a process skips its own announcements, whose raises it made already. */
  from: string;
  tables: string[] | 'all';
}

export interface PostgresGenerationsOptions {
  /** Hear other processes' writes (a server); a writer that serves no reads (the CLI) only announces its own. */
  listen: boolean;
  log?: GenerationsLogger;
}

/**
 * PostgreSQL without Redis: the counters live in this process, as with one SQLite instance, and every
 * committed write is announced to the other processes on the same database and schema (the CLI, another
 * instance) with NOTIFY; a listening process raises the tables it hears of. PostgreSQL delivers a
 * notification as the announcing statement commits, so a server has it before any request sent after the
 * writer finished, bar the moment the two cross on the wire.
 *
 * While the listening connection is down, writes of others cannot be heard: reads use no cache (read() is
 * null), and everything counts as changed once it is back, since announcements made meanwhile are lost.
 */
export async function postgresGenerations(target: DatabaseTarget, options: PostgresGenerationsOptions): Promise<Generations> {
  const log = options.log ?? ((m, e) => console.error(`cache: ${m}`, e instanceof Error ? e.message : (e ?? '')));
  // Channels are per database, not per schema: the name carries both, so instances of another schema stay apart.
  const channel = `graft_cache_${databaseNamespace(target)}`;
  const self = randomUUID();
  const heardFromOthers = { everything: false };
  const local = localGenerations(() => {
    const changed = heardFromOthers.everything;
    heardFromOthers.everything = false;
    return changed;
  });
  const heardTables = new Set<string>();
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let reconnect: NodeJS.Timeout | undefined;
  let reported = false;

  function heard(payload: string | undefined) {
    let announcement: Announcement;
    try {
      announcement = JSON.parse(payload ?? '') as Announcement;
    } catch {
      return;
    }
    if (announcement.from === self) return;
    if (announcement.tables === 'all') heardFromOthers.everything = true;
    else for (const table of announcement.tables) heardTables.add(table);
  }

  async function connect(): Promise<void> {
    // Named after the channel, so an operator (or a test) can tell the connection in pg_stat_activity.
    const next = new pg.Client({ connectionString: target.url, application_name: channel });
    next.on('error', () => dropped(next));
    next.on('end', () => dropped(next));
    try {
      await next.connect();
      if (options.listen) {
        next.on('notification', (message) => heard(message.payload));
        await next.query(`LISTEN "${channel}"`);
        // Announcements sent while no connection listened are lost: count everything as changed.
        if (reported) heardFromOthers.everything = true;
      }
      client = next;
      listening = options.listen;
      if (reported) log('the database connection that hears other processes\' writes is back');
      reported = false;
    } catch (err) {
      await next.end().catch(() => {});
      if (!reported) log('cannot reach the database to hear other processes\' writes: reads use no cache until it is back', err);
      reported = true;
      schedule();
    }
  }

  function dropped(which: pg.Client) {
    if (client !== which) return;
    client = null;
    listening = false;
    if (!closed) {
      if (!reported) log('the database connection that hears other processes\' writes was lost: reads use no cache until it is back');
      reported = true;
      schedule();
    }
  }

  function schedule() {
    if (closed || reconnect) return;
    reconnect = setTimeout(() => {
      reconnect = undefined;
      void connect();
    }, RECONNECT_MS);
    reconnect.unref();
  }

  await connect();

  const generations: Generations = {
    get localWrites() {
      return local.localWrites;
    },
    read(): Counters | null {
      if (options.listen && !listening) return null;
      if (heardTables.size) {
        void local.raise(new Set(heardTables));
        heardTables.clear();
      }
      return local.read() as Counters;
    },
    async raise(written: Written) {
      await local.raise(written);
      const tables = written === 'all' ? 'all' : [...written];
      let payload = JSON.stringify({ from: self, tables } satisfies Announcement);
      if (payload.length > MAX_PAYLOAD) payload = JSON.stringify({ from: self, tables: 'all' } satisfies Announcement);
      try {
        // Not connected: other processes are not listening either, and will count everything as changed.
        await client?.query('SELECT pg_notify($1, $2)', [channel, payload]);
      } catch (err) {
        log('a write could not be announced to other processes; they may serve stale data for a moment', err);
      }
    },
    async close() {
      closed = true;
      clearTimeout(reconnect);
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
  return generations;
}
