import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

/**
 * The project's directory (the one holding package.json), found upwards from this module: the same whether
 * it runs from src/ through tsx or bundled into dist/ (npm start), so files shipped beside the code are found.
 */
export const projectRoot = findRoot(path.dirname(fileURLToPath(import.meta.url)));

export const fromProjectRoot = (...parts: string[]) => path.join(projectRoot, ...parts);
