import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';
import { createAccount, createToken } from '../testkit/accounts.ts';

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
