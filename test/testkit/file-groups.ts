import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The line that keeps a test file in a process of its own, with the reason after the colon (for instance, it
 * measures the process's heap, which other files' garbage would blur).
 */
export const OWN_PROCESS_MARK = '// test-process: own';

/** The files that carry OWN_PROCESS_MARK at the start of a line. */
export function ownProcessFiles(files: string[]): string[] {
  return files.filter((file) => readFileSync(file, 'utf8').split('\n').some((line) => line.startsWith(OWN_PROCESS_MARK)));
}

/**
 * Splits files into at most `count` groups of about equal weight (the size of the file stands for its running
 * time), the heaviest first, each onto the lightest group so far; a group's files keep their order.
 */
export function groupFiles(files: string[], count: number, weight: (file: string) => number): string[][] {
  const groups = Array.from({ length: Math.min(count, files.length) }, () => ({ files: [] as string[], weight: 0 }));
  for (const file of [...files].sort((a, b) => weight(b) - weight(a))) {
    const lightest = groups.reduce((a, b) => (b.weight < a.weight ? b : a));
    lightest.files.push(file);
    lightest.weight += weight(file);
  }
  return groups.map((g) => g.files.sort());
}

/**
 * The module that runs a group's files one after another in one process: each file's tests, hooks and servers
 * live in a suite named after the file, so a file's `after` hooks (its servers' stops) run when its own tests end.
 */
export function groupEntry(files: string[]): string {
  const urls = files.map((file) => pathToFileURL(path.resolve(file)).href);
  return [
    "import { describe } from 'node:test';",
    `const files = ${JSON.stringify(files.map((file, i) => [file, urls[i]]), null, 2)};`,
    'for (const [file, url] of files) describe(file, async () => { await import(url); });',
    '',
  ].join('\n');
}

/** Writes one entry module per group of `files` into `dir` (made afresh) and returns their paths. */
export function writeGroupEntries(files: string[], count: number, dir: string): string[] {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return groupFiles(files, count, (file) => statSync(file).size).map((group, i) => {
    const entry = path.join(dir, `group-${String(i + 1).padStart(2, '0')}.mjs`);
    writeFileSync(entry, groupEntry(group));
    return entry;
  });
}
