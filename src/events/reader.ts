import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { EventBus } from './bus.ts';
import { isLogged } from './topics.ts';

/**
 * The reader of the event log (outbox.ts): hands each logged event, in order, to the followers of this instance,
 * waits until their work is done, then records how far it got. One instance reads at a time: it holds the
 * reader's row (a lease, taken with one atomic UPDATE) while it reads, so that several instances on one database
 * never write a notification, a feed entry or a webhook delivery twice. The lease of an instance that died goes
 * stale; another instance (or the same one, restarted) then reads on from the recorded position, so work an
 * event asked for is done even when the process stopped between the change and the work.
 */

const READER = 'followers';
/** Events handed over in one batch (and recorded as done together). */
const BATCH = 200;
/** A lease not renewed for this long belongs to a dead instance. */
const STALE_MS = 30_000;
/** How often a reader renews its lease during a long batch (git work of mergeability checks can take seconds). */
const RENEW_MS = 5_000;
/** While another instance reads, how soon this one looks again (the events it wrote must not wait for a wake). */
const CONTENDED_RETRY_MS = 200;
/**
 * PostgreSQL hands out ids before commit: a missing id is a transaction still running (its event comes later) or
 * one rolled back (it never comes). The reader waits this long at a gap, then reads past it, and still hands over
 * an event that fills a gap it passed within LATE_MS.
 */
const GAP_WAIT_MS = 1_000;
const LATE_MS = 5 * 60_000;
/** Events read are kept a day (to look into what happened), then deleted, at most every ten minutes. */
const KEEP_MS = 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 10 * 60_000;

/** When each event handed over was logged, by its payload object (followers get the payload alone). */
const loggedTimes = new WeakMap<object, Date>();

/**
 * When the event whose payload this is was written to the log: followers that must not act on what was made after
 * it (a webhook created after the event gets no delivery of it) ask; undefined for a payload the reader did not hand over.
 */
export const loggedAt = (payload: object): Date | undefined => loggedTimes.get(payload);

export interface EventReader {
  /** Reads now (events were written). */
  wake(): void;
  /** Resolves once every event written so far has been handed over and its work is done. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export interface EventReaderDeps {
  db: Db;
  /** The bus: every event delivered on it (other instances' too, with Redis) wakes the reader. */
  bus: EventBus;
  /** Hands an event to this instance's followers. */
  deliver(topic: string, payload: unknown): void;
  /** Resolves once the followers' work is done, work that work asked for included. */
  followersIdle(): Promise<void>;
  report(message: string, err: unknown): void;
}

export function startEventReader(deps: EventReaderDeps): EventReader {
  const { db } = deps;
  const me = randomUUID();
  const abort = new AbortController();
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let retry: NodeJS.Timeout | undefined;
  let gapSince: number | null = null;
  /** Ids this reader read past while they were missing, and until when it still takes them. */
  const late = new Map<number, number>();
  let prunedAt = 0;

  async function prune(position: number) {
    if (Date.now() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = Date.now();
    await db.domainEvent.deleteMany({ where: { id: { lte: position }, createdAt: { lt: new Date(Date.now() - KEEP_MS) } } });
  }

  async function claim(): Promise<number | null> {
    const row = (await db.eventReader.findUnique({ where: { name: READER } })) ?? (await createRow());
    const stale = new Date(Date.now() - STALE_MS);
    const { count } = await db.eventReader.updateMany({
      where: { name: READER, position: row.position, OR: [{ holder: null }, { holder: me }, { heldAt: { lt: stale } }] },
      data: { holder: me, heldAt: new Date() },
    });
    return count === 1 ? row.position : null;
  }

  /** The reader's row, made by the first instance to read (another may make it at the same moment). */
  async function createRow() {
    try {
      return await db.eventReader.create({ data: { name: READER, position: 0 } });
    } catch {
      return db.eventReader.findUniqueOrThrow({ where: { name: READER } });
    }
  }

  /** The next events after `position` that can be handed over now, and the position after them. */
  async function nextBatch(position: number): Promise<{ events: { id: number; topic: string; payload: string; createdAt: Date }[]; position: number; waiting: boolean }> {
    const now = Date.now();
    for (const [id, until] of late) if (until < now) late.delete(id);
    const ids = [...late.keys()];
    const rows = await db.domainEvent.findMany({
      where: ids.length > 0 ? { OR: [{ id: { gt: position } }, { id: { in: ids } }] } : { id: { gt: position } },
      orderBy: { id: 'asc' },
      take: BATCH + ids.length,
    });
    const events: typeof rows = [];
    let next = position;
    let waiting = false;
    for (const row of rows) {
      if (row.id <= position) {
        late.delete(row.id);
        events.push(row);
        continue;
      }
      if (row.id !== next + 1) {
        gapSince ??= now;
        if (now - gapSince < GAP_WAIT_MS) {
          waiting = true;
          break;
        }
        for (let id = next + 1; id < row.id; id++) late.set(id, now + LATE_MS);
      }
      gapSince = null;
      events.push(row);
      next = row.id;
    }
    return { events, position: next, waiting };
  }

  async function read(): Promise<void> {
    let position = await claim();
    if (position === null) {
      // Another instance reads; look again soon, as the events this one wrote may have come after its batch.
      retry = setTimeout(wake, CONTENDED_RETRY_MS);
      return;
    }
    const renew = setInterval(() => {
      db.eventReader.updateMany({ where: { name: READER, holder: me }, data: { heldAt: new Date() } }).catch((err) => deps.report('the event reader could not renew its lease', err));
    }, RENEW_MS);
    try {
      for (;;) {
        again = false;
        const batch = await nextBatch(position);
        for (const e of batch.events) {
          let payload: unknown;
          try {
            payload = JSON.parse(e.payload);
          } catch (err) {
            deps.report(`event ${e.id} (${e.topic}) is not JSON; skipped`, err);
            continue;
          }
          if (payload && typeof payload === 'object') loggedTimes.set(payload, e.createdAt);
          deps.deliver(e.topic, payload);
        }
        // The followers' loops take the events in microtasks; then their work is queued and can be waited for.
        await new Promise((resolve) => setImmediate(resolve));
        await deps.followersIdle();
        position = batch.position;
        // More to read: a full batch, or events written meanwhile (the work itself may have written some).
        const finished = stopped || batch.waiting || !(batch.events.length >= BATCH || again);
        await db.eventReader.updateMany({ where: { name: READER, holder: me }, data: finished ? { position, holder: null, heldAt: null } : { position, heldAt: new Date() } });
        if (batch.waiting) retry = setTimeout(wake, GAP_WAIT_MS);
        if (finished) return await prune(position);
      }
    } finally {
      clearInterval(renew);
    }
  }

  function wake() {
    if (stopped) return;
    clearTimeout(retry);
    retry = undefined;
    if (running) {
      again = true;
      return;
    }
    running = read()
      .catch((err) => deps.report('the event log was not read', err))
      .finally(() => {
        running = null;
        if (again) wake();
      });
  }

  deps.bus.onEvent?.((topic) => {
    if (isLogged(topic)) wake();
  }, abort.signal);
  // Events written while no instance read (or before this one stopped) are read now.
  wake();

  return {
    wake,
    async idle() {
      for (;;) {
        while (running) await running;
        await deps.followersIdle();
        if (!running && !retry) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      abort.abort();
      clearTimeout(retry);
      while (running) await running;
    },
  };
}
