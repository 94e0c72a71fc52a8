import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/load.ts';
import { restClient } from '../testkit/client.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'graft-cli-'));
const env = { ...process.env, GRAFT_DATA_DIR: dataDir, DATABASE_URL: '', GRAFT_CONFIG: '' };
delete (env as Record<string, unknown>).GRAFT_CONFIG;

function graft(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/graft.ts', ...args], { env, encoding: 'utf8' });
}

describe('the graft CLI', () => {
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('admin user create makes a site administrator who can then use the API', async () => {
    const run = graft('admin', 'user', 'create', '--username', 'ops', '--password', 'ops-password-1', '--email', 'ops@example.test', '--admin');
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /created site administrator "ops"/);

    const app = buildApp(loadConfig({ env: {}, file: null, overrides: { server: { DATA_DIR: dataDir, HTTP_PORT: 0 }, log: { LEVEL: 'silent' } } }));
    await app.start();
    try {
      const me = await restClient(app.url).get('/user', { basic: ['ops', 'ops-password-1'] });
      assert.equal(me.status, 200);
      assert.equal(me.body.is_admin, true);
    } finally {
      await app.stop();
    }
  });

  it('refuses a duplicate account with a message and a non-zero exit', () => {
    const run = graft('admin', 'user', 'create', '--username', 'ops', '--password', 'ops-password-1', '--email', 'other@example.test');
    assert.equal(run.status, 1);
    assert.match(run.stderr, /already exists/);
  });

  it('prints usage and exits 2 for an unknown command', () => {
    const run = graft('frobnicate');
    assert.equal(run.status, 2);
    assert.match(run.stderr, /usage/);
  });

  it('admin user list shows the accounts', () => {
    const run = graft('admin', 'user', 'list');
    assert.equal(run.status, 0);
    assert.match(run.stdout, /\tops\tops@example.test\tadmin/);
  });

  /** Runs `use` against Graft started on the CLI's data folder, as ops. */
  async function withServer(use: (api: ReturnType<typeof restClient>, auth: { basic: [string, string] }) => Promise<void>) {
    const app = buildApp(loadConfig({ env: {}, file: null, overrides: { server: { DATA_DIR: dataDir, HTTP_PORT: 0 }, log: { LEVEL: 'silent' } } }));
    await app.start();
    try {
      await use(restClient(app.url), { basic: ['ops', 'ops-password-1'] });
    } finally {
      await app.stop();
    }
  }

  it('milestones export prints a repository\'s milestones in the migration format, and milestones import adds them to another', async () => {
    await withServer(async (api, auth) => {
      for (const name of ['from', 'to']) assert.equal((await api.post('/user/repos', { name }, auth)).status, 201);
      assert.equal((await api.post('/repos/ops/from/milestones', { title: 'v1', due_on: '2031-01-01T00:00:00Z' }, auth)).status, 201);
      assert.equal((await api.post('/repos/ops/from/milestones', { title: 'v0', state: 'closed' }, auth)).status, 201);
    });
    const exported = graft('milestones', 'export', 'ops/from');
    assert.equal(exported.status, 0, exported.stderr);
    const milestones = JSON.parse(exported.stdout);
    assert.deepEqual(milestones.map((m: { title: string; state: string }) => [m.title, m.state]), [['v1', 'open'], ['v0', 'closed']]);

    const file = path.join(dataDir, 'milestones.json');
    writeFileSync(file, exported.stdout);
    const imported = graft('milestones', 'import', 'ops/to', file);
    assert.equal(imported.status, 0, imported.stderr);
    assert.match(imported.stdout, /imported 2 milestone/);
    assert.deepEqual(JSON.parse(graft('milestones', 'export', 'ops/to').stdout), milestones);
  });

  it('milestones import refuses data that does not fit the format with a message and a non-zero exit, adding nothing', () => {
    const file = path.join(dataDir, 'bad.json');
    writeFileSync(file, JSON.stringify([{ title: 'no other fields' }]));
    const run = graft('milestones', 'import', 'ops/to', file);
    assert.equal(run.status, 1);
    assert.match(run.stderr, /migration format/);
    assert.equal(JSON.parse(graft('milestones', 'export', 'ops/to').stdout).length, 2);
    assert.equal(graft('milestones', 'import', 'ops/nowhere', file).status, 1);
  });
});
