import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { freePort } from '../../testkit/ports.ts';
import { fileURLToPath } from 'node:url';
import { startReceiver } from './receiver.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const ADMIN = { login: 'root', password: 'killed-secret-1' };
const SECRET = 'hook-secret';

/**
 * A server killed with SIGKILL (no shutdown of any kind) while webhook deliveries wait for a retry, and started
 * again on the same data: it sends each of them once, signed, and reads on in the event log where the killed one
 * stopped. The server runs in a process of its own, on SQLite, as `npm start` would run it.
 */
describe('a server killed while webhook deliveries are pending', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'graft-killed-'));
  let port = 0;
  let server: ChildProcess | undefined;
  let accepting = false;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const base = () => `http://127.0.0.1:${port}/api/v1`;
  const auth = `Basic ${Buffer.from(`${ADMIN.login}:${ADMIN.password}`).toString('base64')}`;
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base()}${url}`, { method, headers: { authorization: auth, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
  };

  async function spawnServer() {
    server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/main.ts')], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: '',
        REDIS_URL: '',
        GRAFT_DATA_DIR: path.join(work, 'data'),
        GRAFT_PORT: String(port),
        GRAFT_ADMIN_USERNAME: ADMIN.login,
        GRAFT_ADMIN_PASSWORD: ADMIN.password,
        GRAFT_ADMIN_EMAIL: 'root@example.test',
        GRAFT_LOG_LEVEL: 'silent',
        GRAFT__security__PASSWORD_HASH_COST: '1024',
        GRAFT__webhook__ALLOWED_HOST_LIST: 'loopback',
        GRAFT__webhook__RETRY_BACKOFF: '0.3',
        GRAFT__webhook__MAX_ATTEMPTS: '50',
      },
      stdio: 'ignore',
    });
    for (let i = 0; i < 600; i++) {
      if (await fetch(`${base()}/version`).then((r) => r.ok, () => false)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the server did not answer');
  }

  before(async () => {
    // Refuses every delivery (503) until `accepting`: the deliveries stay pending, retried.
    receiver = await startReceiver(() => (accepting ? 200 : 503));
    port = await freePort();
    await spawnServer();
  });
  after(async () => {
    server?.kill('SIGKILL');
    await receiver.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('sends every delivery exactly once after the restart, signed with the hook secret', async () => {
    const repo = await call('POST', '/user/repos', { name: 'killed', auto_init: true });
    assert.equal(repo.status, 201);
    const hook = await call('POST', `/repos/${ADMIN.login}/killed/hooks`, { type: 'gitea', config: { url: receiver.url('/killed'), content_type: 'json', secret: SECRET }, events: ['issues'], active: true });
    assert.equal(hook.status, 201);
    const titles = ['one', 'two', 'three', 'four', 'five'];
    for (const title of titles) assert.equal((await call('POST', `/repos/${ADMIN.login}/killed/issues`, { title })).status, 201);
    // Every delivery was tried at least once and refused.
    await receiver.waitFor(titles.length, () => true, 30_000);

    server!.kill('SIGKILL');
    await new Promise((resolve) => server!.once('exit', resolve));
    accepting = true;
    const refusedBefore = receiver.received.length;
    await spawnServer();

    const accepted = (r: { at: number }) => receiver.received.indexOf(r as never) >= refusedBefore;
    await receiver.waitFor(titles.length, (r) => accepted(r), 30_000);
    // Longer than a retry: a delivery sent twice would show up.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const got = receiver.received.slice(refusedBefore);
    assert.equal(got.length, titles.length);
    assert.equal(new Set(got.map((r) => r.headers['x-gitea-delivery'])).size, titles.length);
    assert.deepEqual(got.map((r) => JSON.parse(r.body).issue.title).sort(), [...titles].sort());
    for (const r of got) {
      const signature = createHmac('sha256', SECRET).update(r.body).digest('hex');
      assert.equal(r.headers['x-gitea-signature'], signature);
      assert.equal(r.headers['x-hub-signature-256'], `sha256=${signature}`);
    }
  });
});
