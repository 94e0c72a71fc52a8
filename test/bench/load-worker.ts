/**
 * The closed-loop load generator, run in a worker thread so that its own CPU work does not share an
 * event loop with the servers under test (they live on the bench's main thread).
 *
 * `concurrency` loops each keep exactly one request in flight over a keep-alive agent with that many
 * sockets: warm-up until warmupMs, then measured until warmupMs + durationMs. A request counts when it
 * completes inside the measured window. Bounded by time and by maxRequests (warm-up included).
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { send } from './http.ts';
import { checkReply, type RequestSpec } from './targets.ts';

export interface LoadJob {
  spec: RequestSpec;
  concurrency: number;
  warmupMs: number;
  durationMs: number;
  maxRequests: number;
  timeoutMs: number;
}

export interface LoadResult {
  /** Requests completed (any outcome) inside the measured window. */
  completed: number;
  /** Latencies (ms) of the successful requests completed inside the measured window. */
  latencies: Float64Array;
  /** Length of the measured window actually covered, ms (shorter when maxRequests cut the run). */
  windowMs: number;
  /** Every request sent, warm-up included. */
  sent: number;
  errors: number;
  errorSamples: string[];
  capped: boolean;
}

async function run(job: LoadJob): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency, maxFreeSockets: job.concurrency });
  const start = performance.now();
  const measureFrom = start + job.warmupMs;
  const measureTo = measureFrom + job.durationMs;
  const latencies: number[] = [];
  const errorSamples: string[] = [];
  let completed = 0;
  let sent = 0;
  let errors = 0;
  let capped = false;
  let lastCompletion = measureFrom;

  const fail = (message: string) => {
    errors++;
    if (errorSamples.length < 5) errorSamples.push(message);
  };

  async function loop() {
    while (performance.now() < measureTo) {
      if (sent >= job.maxRequests) {
        capped = true;
        return;
      }
      sent++;
      const t0 = performance.now();
      let problem: string | undefined;
      try {
        const reply = await send(agent, job.spec, job.timeoutMs);
        problem = checkReply(job.spec, reply.status, reply.text);
      } catch (err) {
        problem = `request failed: ${(err as Error).message}`;
      }
      const t1 = performance.now();
      if (problem) fail(problem);
      if (t1 >= measureFrom && t1 <= measureTo) {
        completed++;
        lastCompletion = t1;
        if (!problem) latencies.push(t1 - t0);
      }
    }
  }

  await Promise.all(Array.from({ length: job.concurrency }, loop));
  agent.destroy();
  const windowMs = capped ? Math.max(lastCompletion - measureFrom, 1) : job.durationMs;
  return { completed, latencies: Float64Array.from(latencies), windowMs, sent, errors, errorSamples, capped };
}

if (parentPort) {
  const port = parentPort;
  run(workerData as LoadJob).then(
    (result) => port.postMessage({ ok: true, result }),
    (err) => port.postMessage({ ok: false, error: String((err as Error)?.stack ?? err) }),
  );
}
