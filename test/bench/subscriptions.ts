/**
 * The subscription fan-out target (`subscriptions`): BENCH_SUBSCRIBERS (5,000) graphql-ws clients, each with its own
 * websocket and one `repositoryEvents` subscription on one public repository, spread over worker threads of the
 * bench (BENCH_SUBSCRIBER_THREADS, 2) so that receiving is not done on the thread that sends the requests. Every
 * fifth subscriber is anonymous; the others use tokens of BENCH_SUBSCRIBER_ACCOUNTS (50) accounts, so the server
 * authorises each delivery for signed-in viewers as well as anonymous ones.
 *
 * Then BENCH_SUBSCRIPTION_EVENTS (20) commit statuses are reported one at a time, each after every subscriber
 * received the one before; an event's latency for a subscriber is from the moment its POST was sent to that
 * subscriber's receipt. Reported: p50 and p99 over all (event, subscriber) pairs, the slowest event's last receipt,
 * the SQL statements each event cost the server (its POST included), and the server's RSS before the clients
 * connected and with them open. The clients share the machine's cores with the server: on 2 cores the receiving
 * threads compete with it, which the report states.
 */
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SubscriberJob } from './subscriber-worker.ts';

export interface SubscriptionShape {
  subscribers: number;
  accounts: number;
  events: number;
  threads: number;
}

export interface SubscriptionResult extends SubscriptionShape {
  opened: number;
  /** (event, subscriber) pairs measured and those never received. */
  pairs: number;
  missed: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Per event: from the POST to its last receipt; the median and the slowest. */
  lastReceiptP50Ms: number;
  lastReceiptMaxMs: number;
  postP50Ms: number;
  sqlPerEvent: number;
  /** CPU ms per event of the server and of this process (its receiving threads, and the POSTs). */
  serverCpuMsPerEvent: number | undefined;
  clientCpuMsPerEvent: number;
  /** How long the measured events took, first POST to last receipt, s. */
  eventsSeconds: number;
  rssBeforeMiB: number | undefined;
  rssOpenMiB: number | undefined;
  rssAfterMiB: number | undefined;
  openSeconds: number;
  errors: string[];
}

/** The open files this process may have (soft limit), from /proc; undefined where it cannot be read. */
export function openFilesLimit(): { soft: number; hard: number } | undefined {
  try {
    const line = /^Max open files\s+(\S+)\s+(\S+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    const value = (s: string) => (s === 'unlimited' ? Infinity : Number(s));
    return line ? { soft: value(line[1]), hard: value(line[2]) } : undefined;
  } catch {
    return undefined;
  }
}

interface Deps {
  url: string;
  owner: string;
  name: string;
  /** Authorization values of the subscribing accounts' tokens. */
  auths: string[];
  /** Reports the status of event i; resolves once the POST is answered. */
  report(i: number): Promise<void>;
  counters(): Promise<{ sql: number }>;
  rss(): number | undefined;
  /** CPU ms the server has used so far. */
  serverCpuMs(): number | undefined;
}

const EVENT_PATTERN = '^bench/sub-(\\d+)$';
export const subscriptionContext = (i: number) => `bench/sub-${i}`;

function startWorker(job: SubscriberJob): { worker: Worker; open: Promise<{ opened: number; failed: number; errors: string[] }> } {
  const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: job });
  const open = new Promise<{ opened: number; failed: number; errors: string[] }>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', resolve);
  });
  return { worker, open };
}

function closeWorker(worker: Worker): Promise<{ times: Float64Array; errorCount: number; errors: string[] }> {
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (m: { type: string; times: Float64Array; errorCount: number; errors: string[] }) => {
      if (m.type === 'done') resolve(m);
    });
    worker.postMessage({ type: 'close' });
  });
}

const now = () => performance.timeOrigin + performance.now();
const sortedOf = (values: number[]) => Float64Array.from(values).sort();
const rank = (sorted: Float64Array, p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1]);

export async function subscriptionFanOut(shape: SubscriptionShape, deps: Deps): Promise<SubscriptionResult> {
  const wsUrl = new URL('api/graphql', deps.url);
  wsUrl.protocol = 'ws:';
  // Event 0 is the warm-up: it proves every subscription is in place before the measured ones.
  const events = shape.events + 1;
  const countsBuffer = new SharedArrayBuffer(4 * events);
  const counts = new Int32Array(countsBuffer);
  const authOf = (i: number) => (i % 5 === 4 ? null : deps.auths[i % deps.auths.length]);
  const shares = Array.from({ length: shape.threads }, (_, t) => Array.from({ length: shape.subscribers }, (_, i) => i).filter((i) => i % shape.threads === t));
  const rssBefore = deps.rss();
  const openStarted = performance.now();
  const started = shares.map((share) =>
    startWorker({
      module: './subscriber-worker.ts',
      url: wsUrl.toString(),
      query: 'subscription($o: String!, $n: String!) { repositoryEvents(owner: $o, name: $n) { event status { context state } } }',
      variables: { o: deps.owner, n: deps.name },
      auths: share.map(authOf),
      counts: countsBuffer,
      events,
      eventPath: ['repositoryEvents', 'status', 'context'],
      eventPattern: EVENT_PATTERN,
      openingConcurrency: 64,
    }),
  );
  const errors: string[] = [];
  try {
    const opens = await Promise.all(started.map((s) => s.open));
    const opened = opens.reduce((sum, o) => sum + o.opened, 0);
    errors.push(...opens.flatMap((o) => o.errors));
    const openSeconds = (performance.now() - openStarted) / 1000;
    const waitFor = async (i: number, expected: number, limitMs: number) => {
      const until = performance.now() + limitMs;
      while (Atomics.load(counts, i) < expected && performance.now() < until) await sleep(1);
    };
    // The server starts a subscription a moment after its message arrives: the warm-up is repeated until all
    // are in place (the count of event 0 goes on counting, so each repeat is another status of that context).
    for (let tries = 0; tries < 10 && Atomics.load(counts, 0) < opened; tries++) {
      await sleep(500);
      await deps.report(0);
      await waitFor(0, opened, 10_000);
    }
    const ready = Math.min(Atomics.load(counts, 0), opened);
    await sleep(500);
    const rssOpen = deps.rss();
    const sent: number[] = [];
    const posts: number[] = [];
    const before = await deps.counters();
    const serverCpuBefore = deps.serverCpuMs();
    const clientCpuBefore = process.cpuUsage();
    const eventsStarted = performance.now();
    for (let i = 1; i < events; i++) {
      const at = now();
      sent[i] = at;
      await deps.report(i);
      posts.push(now() - at);
      await waitFor(i, ready, 30_000);
      await sleep(20);
    }
    const eventsSeconds = (performance.now() - eventsStarted) / 1000;
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const serverCpuAfter = deps.serverCpuMs();
    const after = await deps.counters();
    const rssAfter = deps.rss();
    const done = await Promise.all(started.map((s) => closeWorker(s.worker)));
    errors.push(...done.flatMap((d) => d.errors));
    const latencies: number[] = [];
    const lastReceipts: number[] = [];
    let missed = 0;
    for (let i = 1; i < events; i++) {
      let last = 0;
      for (const [t, d] of done.entries()) {
        const n = shares[t].length;
        for (let k = 0; k < n; k++) {
          const at = d.times[i * n + k];
          if (Number.isNaN(at)) {
            missed++;
            continue;
          }
          latencies.push(at - sent[i]);
          last = Math.max(last, at - sent[i]);
        }
      }
      lastReceipts.push(last);
    }
    const sorted = sortedOf(latencies);
    const lastSorted = sortedOf(lastReceipts);
    return {
      ...shape,
      opened,
      pairs: latencies.length + missed,
      missed,
      p50Ms: rank(sorted, 50),
      p99Ms: rank(sorted, 99),
      maxMs: sorted[sorted.length - 1],
      lastReceiptP50Ms: rank(lastSorted, 50),
      lastReceiptMaxMs: lastSorted[lastSorted.length - 1],
      postP50Ms: rank(sortedOf(posts), 50),
      sqlPerEvent: (after.sql - before.sql) / shape.events,
      serverCpuMsPerEvent: serverCpuBefore === undefined || serverCpuAfter === undefined ? undefined : (serverCpuAfter - serverCpuBefore) / shape.events,
      clientCpuMsPerEvent: (clientCpu.user + clientCpu.system) / 1000 / shape.events,
      eventsSeconds,
      rssBeforeMiB: rssBefore,
      rssOpenMiB: rssOpen,
      rssAfterMiB: rssAfter,
      openSeconds,
      errors: errors.slice(0, 5),
    };
  } finally {
    await Promise.all(started.map((s) => s.worker.terminate()));
  }
}
