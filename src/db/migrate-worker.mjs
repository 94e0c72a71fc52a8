// Entry of the migration worker when Graft runs from source: loader hooks registered on the main thread
// (tsx) do not reach worker threads on Node 20, so this plain-JS entry loads the TypeScript through tsx's API.
// (The build in dist/ starts its bundled migrate-worker.js instead.)
import { tsImport } from 'tsx/esm/api';

await tsImport('./migrate-worker.ts', import.meta.url);
