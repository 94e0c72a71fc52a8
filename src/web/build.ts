/**
 * Builds the web interface into dist/web (npm install runs it, and npm start when dist/web is missing).
 * `--if-missing` builds only when there is no build yet.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_BUILD_DIR = path.join(here, '../../dist/web');

export async function buildWeb(): Promise<void> {
  const { build } = await import('vite');
  await build({ configFile: path.join(here, 'vite.config.ts') });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--if-missing') && existsSync(path.join(WEB_BUILD_DIR, 'index.html'))) process.exit(0);
  await buildWeb();
}
