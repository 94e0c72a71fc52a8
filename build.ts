/**
 * npm run build (npm start runs it first): bundles the server into dist/, so that it runs as plain
 * JavaScript: no TypeScript is compiled at run time (tsx's loader thread and the transpiled modules cost
 * tens of MB of memory), and the database provider not in use is never loaded (its client is a chunk of
 * its own, imported only when chosen). Packages stay in node_modules; only Graft's own code is bundled.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));

/** Bundles `entries` (name → source file) into `outdir`; the migration worker is always one of them. */
export async function bundle(outdir: string, entries: Record<string, string>): Promise<void> {
  await build({
    entryPoints: { ...entries, 'migrate-worker': path.join(root, 'src/db/migrate-worker.ts') },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await bundle(path.join(root, 'dist'), { main: path.join(root, 'src/main.ts') });
}
