/**
 * Builds the web interface into dist/web (npm install runs it, and npm start when dist/web is missing).
 * `--if-missing` builds only when there is no build yet.
 */
import { existsSync } from 'node:fs';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_BUILD_DIR = path.join(here, '../../dist/web');

export async function buildWeb(): Promise<void> {
  const { build } = await import('vite');
  await build({ configFile: path.join(here, 'vite.config.ts') });
  await precompress(path.join(WEB_BUILD_DIR, '-', 'assets'));
}

/**
 * Each asset beside its brotli (best) and gzip forms, made once here so the server's first answer of a script
 * does not wait for its compression (the server compresses at run time only what has no such file).
 */
async function precompress(dir: string): Promise<void> {
  const names = (await readdir(dir)).filter((name) => /\.(js|css|svg|json)$/.test(name));
  await Promise.all(
    names.map(async (name) => {
      const body = await readFile(path.join(dir, name));
      const br = promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      const gz = promisify(gzip)(body, { level: 9 });
      await writeFile(path.join(dir, `${name}.br`), await br);
      await writeFile(path.join(dir, `${name}.gz`), await gz);
    }),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--if-missing') && existsSync(path.join(WEB_BUILD_DIR, 'index.html'))) process.exit(0);
  await buildWeb();
}
