/** The thread migrate() starts: applies the migrations and reports back; its memory goes when it ends. */
import { parentPort, workerData } from 'node:worker_threads';
import { applyMigrations } from './migrate.ts';
import type { DatabaseTarget } from './provider.ts';

try {
  parentPort!.postMessage({ applied: await applyMigrations(workerData as DatabaseTarget) });
} catch (err) {
  parentPort!.postMessage({ error: (err as Error)?.stack ?? String(err) });
}
