// Worker entry: loader hooks registered on the bench's main thread (tsx) do not reach worker threads
// on Node 20, so this plain-JS entry loads a TypeScript worker through tsx's API: the load generator, or the
// module a job names (`module`, relative to this directory: the subscribers of subscriptions.ts).
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData?.module ?? './load-worker.ts', import.meta.url);
