// Worker entry: loader hooks registered on the bench's main thread (tsx) do not reach worker threads
// on Node 20, so this plain-JS entry loads the TypeScript load generator through tsx's API.
import { tsImport } from 'tsx/esm/api';

await tsImport('./load-worker.ts', import.meta.url);
