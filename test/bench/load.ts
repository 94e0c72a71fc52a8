import { Worker } from 'node:worker_threads';
import type { LoadJob, LoadResult } from './load-worker.ts';

export type { LoadJob, LoadResult };

/** Runs one load job in a worker thread; rejects if the worker fails or overruns its time budget. */
export function runLoad(job: LoadJob): Promise<LoadResult> {
  // A plain-JS entry that loads ./load-worker.ts through tsx (hooks do not reach workers by themselves).
  const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: job });
  const budgetMs = job.warmupMs + job.durationMs + job.timeoutMs + 10_000;
  return new Promise<LoadResult>((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => finish(() => reject(new Error(`load worker overran its ${budgetMs} ms budget`))), budgetMs);
    worker.once('message', (msg: { ok: true; result: LoadResult } | { ok: false; error: string }) =>
      finish(() => (msg.ok ? resolve(msg.result) : reject(new Error(msg.error)))),
    );
    worker.once('error', (err) => finish(() => reject(err)));
    worker.once('exit', (code) => finish(() => reject(new Error(`load worker exited with code ${code} before reporting`))));
  });
}

/** Nearest-rank percentile of a sample, in its unit; NaN for an empty sample. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}
