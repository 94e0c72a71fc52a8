import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The folders test/lint writes its probe files into for a moment (zz-lint-probe-<pid>): not sources. */
export const LINT_PROBE_PREFIX = 'zz-lint-probe-';

/**
 * Every file under `dir` whose name ends with `suffix`, depth first, for the tests that scan the sources for the
 * layout's rules. Folders named in `skip` are not entered, nor the linter test's probe folders (the two kinds of
 * test run side by side).
 */
export function filesUnder(dir: string, suffix: string, skip: readonly string[] = []): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return skip.includes(entry.name) || entry.name.startsWith(LINT_PROBE_PREFIX) ? [] : filesUnder(full, suffix, skip);
    return entry.name.endsWith(suffix) ? [full] : [];
  });
}
