import type { Db, Tx } from '../db/client.ts';
import type { EventBus } from './bus.ts';
import { isLogged, type EventTopics } from './topics.ts';

/**
 * The event log as an outbox: every event the background work follows (isLogged) is written to the DomainEvent
 * table before the request that caused it answers, and read back in order by the log's reader (reader.ts), which
 * hands it to the followers (notifications, feeds, webhook deliveries, ...). An instance that stops, or dies,
 * between the change and that work leaves the event in the log, and the work is done when an instance reads on.
 * The bus still carries every event at once to live subscriptions (graphql-ws), on every instance.
 */

/** Writes an event in the transaction at hand; it is published on the bus once the transaction commits. */
export type Publish = <K extends keyof EventTopics & string>(topic: K, payload: EventTopics[K]) => Promise<void>;

/** The bus the services get: a logged topic's event is written to the log, then published. */
export function loggedBus(bus: EventBus, db: Db): EventBus {
  return {
    async publish(topic, payload, options) {
      if (isLogged(topic) && !options?.logged) await db.domainEvent.create({ data: { topic, payload: JSON.stringify(payload) } });
      await bus.publish(topic, payload, options);
    },
    subscribe: (topic, signal) => bus.subscribe(topic, signal),
    connected: bus.connected && (() => bus.connected!()),
    close: () => bus.close(),
  };
}

/**
 * Runs `work` in one transaction in which its events are written to the log with the change itself, so that the
 * change and its events are committed together or not at all; they are published to the bus once it commits.
 */
export async function transactionWithEvents<T>(ctx: { db: Db; events: EventBus }, work: (tx: Tx, publish: Publish) => Promise<T>): Promise<T> {
  let written: [string, unknown][] = [];
  const result = await ctx.db.$transaction(async (tx) => {
    // A transaction Prisma runs again starts its events over.
    written = [];
    return work(tx, async (topic, payload) => {
      if (isLogged(topic)) await tx.domainEvent.create({ data: { topic, payload: JSON.stringify(payload) } });
      written.push([topic, payload]);
    });
  });
  for (const [topic, payload] of written) await ctx.events.publish(topic as keyof EventTopics & string, payload as never, { logged: true });
  return result;
}
