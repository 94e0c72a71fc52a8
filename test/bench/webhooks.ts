/**
 * The webhook target (`webhooks`): a receiver on 127.0.0.1 in the bench's process (the bench's server runs with
 * webhook.ALLOWED_HOST_LIST=loopback so that it may deliver there) and a repository with one `gitea` hook for push
 * and issues events.
 *   throughput — BENCH_WEBHOOK_EVENTS (500) issues opened through the API, BENCH_WEBHOOK_WRITERS (4) at a time; the
 *                deliveries per second from the first POST to the last delivery received, and how long the POSTs took
 *   fan-out    — the same number of deliveries from fewer events: BENCH_WEBHOOK_HOOKS (20) hooks on another repository
 *                and BENCH_WEBHOOK_EVENTS / BENCH_WEBHOOK_HOOKS issues opened there, so that the sending, not the
 *                writes that cause it, sets the pace
 *   latency    — BENCH_WEBHOOK_PUSHES (20) files committed through the API (contents create: a push of its own),
 *                one at a time, each timed from its POST to the first delivery attempt of its push event received
 * Every delivery is answered 200 at once, so what is measured is the server's recording and sending.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface WebhookShape {
  events: number;
  hooks: number;
  writers: number;
  pushes: number;
}

export interface WebhookResult extends WebhookShape {
  deliveries: number;
  deliveriesPerSecond: number;
  postsSeconds: number;
  /** The fan-out: deliveries received, and per second from its first POST to its last delivery. */
  fanOutDeliveries: number;
  fanOutPerSecond: number;
  lastDeliverySeconds: number;
  pushP50Ms: number;
  pushMaxMs: number;
  /** The contents create alone, until its answer. */
  pushPostP50Ms: number;
  sqlPerIssue: number;
}

interface Deps {
  /** Makes repository `name` with `hooks` hooks delivering to the receiver's URL. */
  prepare(name: string, receiverUrl: string, hooks: number): Promise<void>;
  openIssue(name: string, i: number): Promise<void>;
  /** Commits file i; resolves with the new commit's id. */
  commitFile(i: number): Promise<string>;
  counters(): Promise<{ sql: number }>;
}

const now = () => performance.now();

/** Waits until check() holds, polling every millisecond; fails after limitMs. */
async function until(check: () => boolean, limitMs: number, what: string) {
  const end = now() + limitMs;
  while (!check()) {
    if (now() > end) throw new Error(`webhooks: ${what} not received within ${limitMs} ms`);
    await sleep(1);
  }
}

export async function webhookBench(shape: WebhookShape, deps: Deps): Promise<WebhookResult> {
  const issues: number[] = [];
  const fanOut: number[] = [];
  const pushes = new Map<string, number>();
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = now();
      const event = String(req.headers['x-gitea-event'] ?? '');
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (event === 'issues' && body.action === 'opened') (req.url === '/fan-out' ? fanOut : issues).push(at);
        if (event === 'push' && !pushes.has(body.after)) pushes.set(body.after, at);
      } catch {
        // Not JSON: not one of ours; answered like the rest.
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = receiver.address() as AddressInfo;
    await deps.prepare('bench-hooks', `http://127.0.0.1:${port}/hook`, 1);
    await deps.prepare('bench-hooks-fan-out', `http://127.0.0.1:${port}/fan-out`, shape.hooks);
    // Throughput: every issue opened is one delivery.
    const before = await deps.counters();
    const first = now();
    let next = 0;
    await Promise.all(
      Array.from({ length: shape.writers }, async () => {
        while (next < shape.events) await deps.openIssue('bench-hooks', next++);
      }),
    );
    const postsDone = now();
    await until(() => issues.length >= shape.events, 120_000, `${shape.events} issues deliveries`);
    const sqlPerIssue = ((await deps.counters()).sql - before.sql) / shape.events;
    const last = issues[shape.events - 1];
    const fanOutEvents = Math.max(1, Math.round(shape.events / shape.hooks));
    const fanOutFirst = now();
    for (let i = 0; i < fanOutEvents; i++) await deps.openIssue('bench-hooks-fan-out', i);
    await until(() => fanOut.length >= fanOutEvents * shape.hooks, 120_000, `${fanOutEvents * shape.hooks} fan-out deliveries`);
    const fanOutLast = fanOut[fanOutEvents * shape.hooks - 1];
    // Latency: one push at a time, from the POST to the first attempt of its delivery.
    const latencies: number[] = [];
    const posts: number[] = [];
    for (let i = 0; i < shape.pushes; i++) {
      const sent = now();
      const sha = await deps.commitFile(i);
      posts.push(now() - sent);
      await until(() => pushes.has(sha), 30_000, `the push delivery of ${sha}`);
      latencies.push(pushes.get(sha)! - sent);
    }
    latencies.sort((a, b) => a - b);
    posts.sort((a, b) => a - b);
    return {
      ...shape,
      deliveries: issues.length,
      deliveriesPerSecond: shape.events / ((last - first) / 1000),
      postsSeconds: (postsDone - first) / 1000,
      fanOutDeliveries: fanOut.length,
      fanOutPerSecond: fanOut.length / ((fanOutLast - fanOutFirst) / 1000),
      lastDeliverySeconds: (last - first) / 1000,
      pushP50Ms: latencies[Math.floor((latencies.length - 1) / 2)],
      pushMaxMs: latencies[latencies.length - 1],
      pushPostP50Ms: posts[Math.floor((posts.length - 1) / 2)],
      sqlPerIssue,
    };
  } finally {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
}
