import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { EventTopics } from './topics.ts';

/**
 * The internal event bus: services publish domain events, subscriptions and background work consume them.
 * In-process by default; with REDIS_URL every instance sees every instance's events. Typed by a map from
 * topic to payload: the application's is EventTopics (topics.ts); the bus itself works for any map.
 */
export interface EventBus<Topics extends object = EventTopics> {
  publish<K extends keyof Topics & string>(topic: K, payload: Topics[K], options?: PublishOptions): Promise<void>;
  subscribe<K extends keyof Topics & string>(topic: K, signal?: AbortSignal): AsyncIterableIterator<Topics[K]>;
  /** Calls `listener` with the topic of every event this instance delivers (its own and, with Redis, the others'). */
  onEvent?(listener: (topic: string) => void, signal?: AbortSignal): void;
  /** With Redis: whether its publishing connection is up now. Absent on the in-process bus. */
  connected?(): boolean;
  close(): Promise<void>;
}

export interface PublishOptions {
  /** The event is in the event log already (written in the change's transaction: outbox.ts). */
  logged?: boolean;
}

/** The local emitter's name for "any event", heard by onEvent. */
const ANY = Symbol('any event');

/**
 * Channels are named after the deployment (`options.namespace`: its database), so that deployments sharing one
 * Redis never hear each other's events (a repository id of one is another repository in the other).
 */
const channelPrefix = (namespace?: string) => (namespace ? `graft:${namespace}:` : 'graft:');

/** Where bus failures are reported; never thrown at publishers. */
export type BusLogger = (message: string, err?: unknown) => void;
const defaultLogger: BusLogger = (message, err) => console.error(`event bus: ${message}`, err instanceof Error ? err.message : (err ?? ''));

/** Delivers to this instance's listeners; a throwing listener is logged and does not reach the publisher. */
function emitLocally(local: EventEmitter, topic: string, payload: unknown, log: BusLogger) {
  try {
    local.emit(topic, payload);
    local.emit(ANY, topic);
  } catch (err) {
    log(`a listener of "${topic}" failed`, err);
  }
}

export function createEventBus<Topics extends object = EventTopics>(redisUrl?: string, options: { log?: BusLogger; namespace?: string } = {}): EventBus<Topics> {
  const CHANNEL_PREFIX = channelPrefix(options.namespace);
  const log = options.log ?? defaultLogger;
  const local = new EventEmitter();
  local.setMaxListeners(0);
  if (!redisUrl) {
    return {
      async publish(topic, payload) {
        emitLocally(local, topic, payload, log);
      },
      subscribe: (topic, signal) => iterate(local, topic, signal),
      onEvent: (listener, signal) => listenToAll(local, listener, signal),
      async close() {
        local.removeAllListeners();
      },
    };
  }
  /**
   * With Redis: this instance's listeners get its own events at once, without Redis (so they still get
   * them while Redis is unreachable); other instances get them through Redis, wrapped with this
   * instance's id so the echo coming back is not delivered twice. Redis failures are logged, never
   * thrown: a write that has been committed must not answer an error because its event could not travel.
   * Reconnecting (and re-subscribing after a reconnect) is ioredis's job.
   */
  const origin = randomUUID();
  const publisher = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
  // No retry limit: the subscription waits in the offline queue until Redis can be reached.
  const subscriber = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: null });
  let closing = false;
  /** Events other instances missed since the last report (one line per outage, not one per event). */
  let unsent = 0;
  for (const [name, client] of [['publisher', publisher], ['subscriber', subscriber]] as const) {
    // One line per outage, not one per reconnection attempt.
    let reported = false;
    client.on('error', (err) => {
      if (reported || closing) return;
      reported = true;
      log(`Redis ${name} connection failed (ioredis keeps retrying)`, err);
    });
    client.on('ready', () => {
      if (reported) log(`Redis ${name} connection is back`);
      reported = false;
      if (name === 'publisher' && unsent > 0) log(`${unsent} event(s) could not be sent to other instances meanwhile`);
      if (name === 'publisher') unsent = 0;
    });
  }
  subscriber.psubscribe(`${CHANNEL_PREFIX}*`).catch((err) => {
    if (!closing) log('subscribing to Redis failed; events of other instances are not received', err);
  });
  subscriber.on('pmessage', (_pattern, channel, message) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch (err) {
      return log(`ignoring a malformed message on ${channel}`, err);
    }
    const envelope = parsed as { origin?: unknown; payload?: unknown } | null;
    const wrapped = !!envelope && typeof envelope === 'object' && typeof envelope.origin === 'string' && 'payload' in envelope;
    if (wrapped && envelope.origin === origin) return; // our own event: already delivered locally
    emitLocally(local, channel.slice(CHANNEL_PREFIX.length), wrapped ? envelope.payload : parsed, log);
  });
  return {
    async publish(topic, payload) {
      emitLocally(local, topic, payload, log);
      if (closing) return;
      let message: string;
      try {
        message = JSON.stringify({ origin, payload });
      } catch (err) {
        return log(`event "${topic}" cannot be serialized for other instances`, err);
      }
      const sent = publisher.publish(CHANNEL_PREFIX + topic, message).then(
        () => {},
        (err) => {
          if (unsent++ === 0 && !closing) log(`publishing "${topic}" to Redis failed; other instances miss it (further failures are counted)`, err);
        },
      );
      // Connected: wait for Redis to take it (one round trip). Not connected: it waits in ioredis's
      // offline queue (bounded by maxRetriesPerRequest), and the caller does not wait for the outage.
      if (publisher.status === 'ready') await sent;
    },
    subscribe: (topic, signal) => iterate(local, topic, signal),
    onEvent: (listener, signal) => listenToAll(local, listener, signal),
    connected: () => publisher.status === 'ready',
    async close() {
      closing = true;
      local.removeAllListeners();
      const end = (client: Redis) => (client.status === 'ready' ? client.quit().then(() => {}) : Promise.resolve(client.disconnect()));
      await Promise.allSettled([end(publisher), end(subscriber)]);
    },
  };
}

function listenToAll(local: EventEmitter, listener: (topic: string) => void, signal?: AbortSignal) {
  local.on(ANY, listener);
  signal?.addEventListener('abort', () => local.off(ANY, listener), { once: true });
}

/**
 * A push queue over one topic. Unlike events.on(), return() ends it at once even while it waits,
 * so a closed subscription never leaves a listener behind.
 */
function iterate<T>(emitter: EventEmitter, topic: string, signal?: AbortSignal): AsyncIterableIterator<T> {
  const queue: T[] = [];
  let wake: (() => void) | undefined;
  let done = false;
  const listener = (payload: T) => {
    queue.push(payload);
    wake?.();
  };
  const finish = () => {
    done = true;
    emitter.off(topic, listener);
    wake?.();
  };
  emitter.on(topic, listener);
  signal?.addEventListener('abort', finish, { once: true });
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      while (queue.length === 0 && !done) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      if (queue.length > 0) return { value: queue.shift() as T, done: false };
      return { value: undefined, done: true };
    },
    async return() {
      finish();
      return { value: undefined, done: true };
    },
  };
}
