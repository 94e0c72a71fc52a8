import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { freePort } from '../testkit/ports.ts';
import { fileURLToPath } from 'node:url';
import { bundle } from '../../build.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const ADMIN = { login: 'root', password: 'bundle-secret-1' };

/**
 * npm start runs Graft bundled (dist/): files it ships beside its code (git's spawner helper, the migration
 * worker, the OpenAPI document) must be found from there as from src/. Bundled into a folder of its own here.
 */
describe('the bundled server, as npm start runs it', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'graft-bundle-'));
  const outdir = path.join(root, '.tmp', `bundle-${process.pid}`);
  let server: ReturnType<typeof spawn>;
  let url = '';
  before(async () => {
    await bundle(outdir, { main: path.join(root, 'src/main.ts') });
    const port = await freePort();
    url = `http://127.0.0.1:${port}/`;
    server = spawn(process.execPath, [path.join(outdir, 'main.js')], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        GRAFT_DATA_DIR: path.join(work, 'data'),
        GRAFT_PORT: String(port),
        GRAFT_ADMIN_USERNAME: ADMIN.login,
        GRAFT_ADMIN_PASSWORD: ADMIN.password,
        GRAFT_ADMIN_EMAIL: 'root@example.test',
        GRAFT_LOG_LEVEL: 'silent',
        GRAFT__security__PASSWORD_HASH_COST: '1024',
      },
      stdio: 'ignore',
    });
    for (let i = 0; i < 100; i++) {
      if (await fetch(new URL('api/v1/version', url)).then((r) => r.ok, () => false)) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the bundled server did not answer');
  });
  after(() => {
    server?.kill();
    rmSync(work, { recursive: true, force: true });
    rmSync(outdir, { recursive: true, force: true });
  });

  it('creates a repository with git and serves a clone of it', async () => {
    const auth = `Basic ${Buffer.from(`${ADMIN.login}:${ADMIN.password}`).toString('base64')}`;
    const created = await fetch(new URL('api/v1/user/repos', url), {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bundled', auto_init: true }),
    });
    assert.equal(created.status, 201);
    const remote = new URL(`${ADMIN.login}/bundled.git`, url);
    remote.username = ADMIN.login;
    remote.password = ADMIN.password;
    const clone = spawnSync('git', ['clone', '-q', remote.toString(), path.join(work, 'clone')], { encoding: 'utf8' });
    assert.equal(clone.status, 0, clone.stderr);
    const log = spawnSync('git', ['-C', path.join(work, 'clone'), 'ls-files'], { encoding: 'utf8' });
    assert.match(log.stdout, /README\.md/);
  });
});
