import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { filesUnder } from '../testkit/source-files.ts';

/**
 * Every test file starts its server with useServer() and makes its accounts, organizations and repositories with
 * the builders of test/testkit/, so that a change to how tests start or build (cheaper start-up, another
 * database) is made once, in the kit. These scans keep hand-made set-up from coming back.
 */
const testDir = fileURLToPath(new URL('..', import.meta.url));
const thisFile = fileURLToPath(import.meta.url);
const testFiles = filesUnder(testDir, '.test.ts', ['testkit'])
  // This file's samples are what it forbids.
  .filter((file) => file !== thisFile);
const relative = (file: string) => path.relative(testDir, file);

const STARTS_BY_HAND = /\b(startServer|buildApp)\(/;
const OWN_BUILDER = /\bfunction create(Repo|Org|User)|\bconst create(Repo|Org|User)\w*\s*=/;

/** The files that start a server in a way useServer cannot, and why. */
const STARTS_OF_THEIR_OWN: Record<string, string> = {
  'cli/cli.test.ts': 'starts Graft on the data folder the CLI process wrote, configured as the CLI configures it',
  'http/http.test.ts': 'its subject is stopping: the graceful-shutdown test stops its server itself, mid-request',
  'http/request-log.test.ts': "reads the log lines the app writes, which needs buildApp's log destination and a log level of its own",
};

const lines = (source: string, pattern: RegExp) => source.split('\n').flatMap((line, i) => (pattern.test(line) ? [`line ${i + 1}`] : []));

describe('test files use the kit for servers and set-up', () => {
  it('finds what these checks forbid in a sample, so the scans below are not vacuous', () => {
    const sample = [
      'const server = await startServer({ api: {} });',
      'const app = buildApp(config);',
      'async function createRepo(body: Record<string, unknown>) {',
      'const createOrg = async () => {',
      'async function createUserWithToken() {',
      'const kit = useServer();',
      'await buildRepo(kit, owner, { name });',
      'const createBranch = () => {};',
    ].join('\n');
    assert.deepEqual(lines(sample, STARTS_BY_HAND), ['line 1', 'line 2']);
    assert.deepEqual(lines(sample, OWN_BUILDER), ['line 3', 'line 4', 'line 5']);
    assert.ok(testFiles.length > 50, `only ${testFiles.length} test files found under ${testDir}`);
  });

  it('has no test file that starts a server by hand, but those listed with the reason useServer cannot do it', () => {
    const byHand = testFiles.filter((file) => STARTS_BY_HAND.test(readFileSync(file, 'utf8'))).map(relative);
    assert.deepEqual(byHand.filter((file) => !(file in STARTS_OF_THEIR_OWN)), []);
    assert.deepEqual(Object.keys(STARTS_OF_THEIR_OWN).filter((file) => !byHand.includes(file)), [], 'an allowed file that no longer needs it leaves the list');
  });

  it('has no test file that defines a createRepo, createOrg or createUser helper of its own instead of using the builders', () => {
    const problems = testFiles.flatMap((file) => lines(readFileSync(file, 'utf8'), OWN_BUILDER).map((line) => `${relative(file)} ${line}`));
    assert.deepEqual(problems, []);
  });
});
