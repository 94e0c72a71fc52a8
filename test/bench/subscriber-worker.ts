/**
 * A share of the subscription bench's subscribers (subscriptions.ts), in a worker thread: one graphql-ws client
 * (one websocket) per subscriber, each with one subscription. Every event received counts in a shared array
 * (Atomics, so the bench's main thread sees arrivals without a message per event), and its arrival time, as
 * wall-clock milliseconds with a fraction (performance.timeOrigin + performance.now(), comparable across
 * threads), is kept here until the bench asks for them.
 *
 *   → { type: 'open', opened, failed, errors }   once every client is connected and has sent its subscription
 *   ← { type: 'close' }  → { type: 'done', times, errors }   times[event * subscribers + i]: NaN when not received
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

export interface SubscriberJob {
  module: string;
  /** ws://…/api/graphql */
  url: string;
  query: string;
  variables: Record<string, unknown>;
  /** One entry per subscriber: its Authorization value, or null to subscribe anonymously. */
  auths: (string | null)[];
  /** Int32Array over it: subscribers that received each event index. */
  counts: SharedArrayBuffer;
  events: number;
  /** Which event an arrival is: its index, read from the payload. */
  eventPath: string[];
  eventPattern: string;
  /** Connections opened at once. */
  openingConcurrency: number;
}

const job = workerData as SubscriberJob;
const counts = new Int32Array(job.counts);
const n = job.auths.length;
const times = new Float64Array(job.events * n).fill(NaN);
const errors: string[] = [];
let errorCount = 0;
const pattern = new RegExp(job.eventPattern);
const now = () => performance.timeOrigin + performance.now();
const fail = (message: string) => {
  errorCount++;
  if (errors.length < 5) errors.push(message);
};

function pick(value: unknown, path: string[]): unknown {
  return path.reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), value);
}

const clients: Client[] = [];

async function open(i: number): Promise<boolean> {
  const auth = job.auths[i];
  const client = createClient({
    url: job.url,
    webSocketImpl: WebSocket,
    connectionParams: auth ? { authorization: auth } : {},
    retryAttempts: 0,
    lazy: false,
  });
  clients.push(client);
  const connected = await new Promise<boolean>((resolve) => {
    client.on('connected', () => resolve(true));
    client.on('closed', () => resolve(false));
    client.on('error', () => resolve(false));
  });
  if (!connected) {
    fail(`subscriber ${i}: the connection was refused or closed`);
    return false;
  }
  client.subscribe(
    { query: job.query, variables: job.variables },
    {
      next: (value) => {
        const at = now();
        if (value.errors) return fail(`subscriber ${i}: ${value.errors.map((e) => e.message).join('; ')}`);
        const match = pattern.exec(String(pick(value.data, job.eventPath)));
        const event = match ? Number(match[1]) : NaN;
        // The first receipt of an event counts (the warm-up, event 0, may be reported more than once).
        if (!(event >= 0 && event < job.events) || !Number.isNaN(times[event * n + i])) return;
        times[event * n + i] = at;
        Atomics.add(counts, event, 1);
      },
      error: (err) => fail(`subscriber ${i}: ${err instanceof Error ? err.message : JSON.stringify(err)}`),
      complete: () => {},
    },
  );
  return true;
}

let next = 0;
let opened = 0;
await Promise.all(
  Array.from({ length: Math.min(job.openingConcurrency, n) }, async () => {
    while (next < n) if (await open(next++)) opened++;
  }),
);
parentPort!.postMessage({ type: 'open', opened, failed: n - opened, errors });

parentPort!.on('message', (message: { type: string }) => {
  if (message.type !== 'close') return;
  void Promise.allSettled(clients.map((c) => c.dispose())).then(() => {
    parentPort!.postMessage({ type: 'done', times, errorCount, errors }, [times.buffer]);
  });
});
