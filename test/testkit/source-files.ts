import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Every file under `dir` whose name ends with `suffix`, depth first, for the tests that scan the sources for the
 * layout's rules. Folders named in `skip` are not entered.
 */
export function filesUnder(dir: string, suffix: string, skip: readonly string[] = []): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return skip.includes(entry.name) ? [] : filesUnder(full, suffix, skip);
    return entry.name.endsWith(suffix) ? [full] : [];
  });
}
