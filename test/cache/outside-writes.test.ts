import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';
import { createAccount, createToken } from '../testkit/accounts.ts';
import { adminAuth } from '../testkit/client.ts';
import { databaseNamespace, databaseTarget } from '../../src/db/provider.ts';
import pg from 'pg';

const onPostgres = /^postgres/.test(process.env.DATABASE_URL ?? '');

describe('caches and writes they did not see coming', () => {
  const server = useServer();
  const { api } = server;

  it('on SQLite, a write by another connection to the database file is seen by the next request', { skip: onPostgres }, async () => {
    const account = await createAccount(api);
    const token = await createToken(api, account, ['read:user']);
    assert.equal((await api.get(`/users/${account.login}`, { token })).body.full_name, '');
    await server.app.backgroundIdle();
    const before = server.app.database.queryCount();
    await api.get(`/users/${account.login}`, { token });
    assert.equal(server.app.database.queryCount() - before, 0, 'the account is answered from the cache');
    // Another process (the CLI, say) would write through a connection of its own, like this one.
    const other = new Database(path.join(server.app.config.server.DATA_DIR, 'graft.db'));
    other.prepare('UPDATE "User" SET "fullName" = ? WHERE "lowerLogin" = ?').run('Written Elsewhere', account.login.toLowerCase());
    other.close();
    assert.equal((await api.get(`/users/${account.login}`, { token })).body.full_name, 'Written Elsewhere');
  });
});

describe('caches while Redis cannot be reached', () => {
  // Nothing listens on port 1: the instance cannot read the change counters, so it must not trust its cache.
  const server = useServer({ redis: { URL: 'redis://127.0.0.1:1' } });
  const { api } = server;

  it('every request reads the database, and writes are still seen at once', async () => {
    const account = await createAccount(api);
    const token = await createToken(api, account, ['read:user', 'write:repository']);
    await buildRepo(server, account, { name: 'no-redis' });
    for (let i = 0; i < 2; i++) {
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      assert.equal((await api.get(`/repos/${account.login}/no-redis`, { token })).status, 200);
      assert.ok(server.app.database.queryCount() - before > 0, 'read from the database');
    }
    assert.equal((await api.patch(`/repos/${account.login}/no-redis`, { description: 'seen' }, { token })).status, 200);
    assert.equal((await api.get(`/repos/${account.login}/no-redis`, { token })).body.description, 'seen');
  });
});

describe('caches on PostgreSQL without Redis', () => {
  const server = useServer();
  // A second instance of the deployment, on the same database and schema, with no Redis between them.
  const second = useServer({}, { sharingDataOf: server });
  const { api } = server;

  /** Reads twice, proving the second answer came from the cache (no statement), and returns it. */
  async function cachedAnswer(pathname: string, auth: Parameters<typeof api.get>[1]) {
    await api.get(pathname, auth);
    await server.app.backgroundIdle();
    const before = server.app.database.queryCount();
    const res = await api.get(pathname, auth);
    assert.equal(server.app.database.queryCount() - before, 0, `${pathname} is answered from the cache`);
    return res;
  }

  it('a write by the CLI to a table is heard by a running instance, whose next read of that table goes to the database', { skip: !onPostgres }, async () => {
    const account = await createAccount(api);
    await cachedAnswer(`/users/${account.login}`, adminAuth);
    const login = `cli${Date.now()}`;
    const env = { ...process.env, GRAFT_DATA_DIR: server.app.config.server.DATA_DIR, DATABASE_URL: server.app.config.database.URL, REDIS_URL: '' };
    const args = ['admin', 'user', 'create', '--username', login, '--password', 'cli-password-1', '--email', `${login}@example.test`];
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/graft.ts', ...args], { env, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const before = server.app.database.queryCount();
    assert.equal((await api.get(`/users/${account.login}`, adminAuth)).status, 200);
    assert.ok(server.app.database.queryCount() - before > 0, 'the cached account is read again after the CLI wrote to its table');
    assert.equal((await api.get(`/users/${login}`, adminAuth)).body.login, login);
  });

  it('a write through a second instance on the same database is seen by the first instance\'s next request', { skip: !onPostgres }, async () => {
    const account = await createAccount(api);
    const token = await createToken(api, account, ['all']);
    assert.equal((await cachedAnswer(`/users/${account.login}`, { token })).body.full_name, '');
    const edited = await second.api.patch(`/admin/users/${account.login}`, { login_name: account.login, source_id: 0, full_name: 'Written on another instance' }, adminAuth);
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    assert.equal((await api.get(`/users/${account.login}`, { token })).body.full_name, 'Written on another instance');
  });

  it('while the connection that hears other processes is lost, reads use no cache, and use it again once it is back', { skip: !onPostgres }, async () => {
    const account = await createAccount(api);
    const token = await createToken(api, account, ['read:user']);
    await cachedAnswer(`/users/${account.login}`, { token });
    const target = databaseTarget(server.app.config);
    const admin = new pg.Client({ connectionString: target.url });
    await admin.connect();
    try {
      const killed = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [`graft_cache_${databaseNamespace(target)}`]);
      assert.equal(killed.rowCount, 2, 'each of the two instances listens on a connection of its own');
    } finally {
      await admin.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    const before = server.app.database.queryCount();
    assert.equal((await api.get(`/users/${account.login}`, { token })).status, 200);
    assert.ok(server.app.database.queryCount() - before > 0, 'read from the database while deaf');
    // It reconnects within a second or so: then reads are kept again.
    for (let attempt = 0; ; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      await api.get(`/users/${account.login}`, { token });
      const at = server.app.database.queryCount();
      await api.get(`/users/${account.login}`, { token });
      if (server.app.database.queryCount() === at) break;
      assert.ok(attempt < 40, 'the cache is used again once the connection is back');
    }
  });
});
