/**
 * npm test: every test file under test/ with Node's test runner.
 * Set DATABASE_URL=postgres://… to run the same suite against PostgreSQL (each server gets its own schema).
 * Pass file paths or name fragments to run a subset: npm test -- auth
 * The whole suite starts with the linter (eslint.config.js: layer boundaries, import cycles, floating promises).
 * TEST_CONCURRENCY=n runs n processes at once instead of one per core.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ownProcessFiles, writeGroupEntries } from './testkit/file-groups.ts';

function find(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'bench' ? [] : find(full);
    return e.name.endsWith('.test.ts') ? [full] : [];
  });
}

const filters = process.argv.slice(2);
const files = find('test').sort().filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)));
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
// The web interface's tests drive what src/web builds: build it from the sources as they are now.
if (files.some((f) => f.includes(`${path.sep}web${path.sep}`))) {
  const web = spawnSync(process.execPath, ['--import', 'tsx', path.join('src', 'web', 'build.ts')], { stdio: 'inherit' });
  if (web.status !== 0) {
    console.error('npm test: the web interface did not build (npm run build:web)');
    process.exit(web.status ?? 1);
  }
}
if (filters.length === 0) {
  const lint = spawnSync(process.execPath, [path.join('node_modules', 'eslint', 'bin', 'eslint.js'), '.'], { stdio: 'inherit' });
  if (lint.status !== 0) {
    console.error('npm test: the linter failed (npm run lint)');
    process.exit(lint.status ?? 1);
  }
}
// One process per core: a test process keeps about a core busy by itself (its server and client run in one
// process, with V8's and the module loader's threads beside them; the git it waits for runs on the other core),
// so more processes than cores only share the same CPU time more thinly.
const concurrency = Number(process.env.TEST_CONCURRENCY) || Math.max(2, os.availableParallelism());
// Files share nothing but the process (each server has its own port, data folder and database or schema), so
// several run one after another in one process, which loads the code once instead of once per file
// (test/testkit/file-groups.ts); a file marked as needing a process of its own gets one.
const alone = ownProcessFiles(files);
const grouped = files.filter((f) => !alone.includes(f));
const groupsDir = path.join('.tmp', `test-groups-${process.pid}`);
const entries = writeGroupEntries(grouped, concurrency * 4, groupsDir);
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...entries, ...alone],
  { stdio: 'inherit', env: { ...process.env, NODE_NO_WARNINGS: '1' } },
);
rmSync(groupsDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
