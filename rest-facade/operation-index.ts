/**
 * The index of operation implementations, derived by codegen (rest-facade/__generated__/operations.ts): every
 * `export const <operationId> = defineOperation(` under rest-facade/operations. Adding a file is enough.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const DECLARATION = /^export const (\w+) = defineOperation\(/gm;

function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return typeScriptFiles(full);
      return entry.name.endsWith('.ts') ? [full] : [];
    })
    .sort();
}

/** The generated module's text: one re-export per declared operation, grouped by file. */
export function operationIndex(root: string): string {
  const operationsDir = path.join(root, 'rest-facade/operations');
  const seen = new Map<string, string>();
  const lines: string[] = [];
  for (const file of typeScriptFiles(operationsDir)) {
    const names = [...readFileSync(file, 'utf8').matchAll(DECLARATION)].map((m) => m[1]);
    if (names.length === 0) continue;
    const relative = path.relative(path.join(root, 'rest-facade/__generated__'), file).split(path.sep).join('/');
    for (const name of names) {
      if (seen.has(name)) throw new Error(`operation ${name} is declared twice: ${seen.get(name)} and ${relative}`);
      seen.set(name, relative);
    }
    lines.push(`export { ${names.join(', ')} } from '${relative}';`);
  }
  return `/** Every REST operation implementation, by operationId. */\n${lines.join('\n')}\n`;
}
