import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer, type TestServer } from '../testkit/server.ts';
import { adminAuth, restClient, type RestClient } from '../testkit/client.ts';
import { createAccount, createToken } from '../testkit/accounts.ts';

describe('the token cache', () => {
  let server: TestServer;
  let api: RestClient;
  before(async () => {
    server = await startServer();
    api = restClient(server.url);
  });
  after(() => server.stop());

  const statements = async (run: () => Promise<unknown>) => {
    const before = server.app.database.queryCount();
    await run();
    return server.app.database.queryCount() - before;
  };

  it('a repeated token request costs no SQL statement for authentication', async () => {
    const account = await createAccount(api);
    const token = await createToken(api, account, ['read:user']);
    const first = await statements(() => api.get('/version', { token }));
    // The first use also records last_used_at in the background; let that write land before measuring.
    await new Promise((r) => setTimeout(r, 200));
    const second = await statements(() => api.get('/version', { token }));
    assert.ok(first >= 1, `the first request looks the token up (${first})`);
    assert.equal(second, 0);
  });

  it('revoking a token takes effect on the very next request', async () => {
    const account = await createAccount(api);
    const res = await api.post(`/users/${account.login}/tokens`, { name: 'short-lived', scopes: ['read:user'] }, account.basic);
    const token = res.body.sha1;
    assert.equal((await api.get('/user', { token })).status, 200);
    assert.equal((await api.delete(`/users/${account.login}/tokens/short-lived`, account.basic)).status, 204);
    assert.equal((await api.get('/user', { token })).status, 401);
  });

  it('changing the account (admin rights, sign-in ban) takes effect on the very next request', async () => {
    const account = await createAccount(api);
    const token = await createToken(api, account, ['read:user', 'read:admin']);
    assert.equal((await api.get('/admin/users', { token })).status, 403);
    await api.patch(`/admin/users/${account.login}`, { source_id: 0, login_name: account.login, admin: true }, adminAuth);
    assert.equal((await api.get('/admin/users', { token })).status, 200);
    await api.patch(`/admin/users/${account.login}`, { source_id: 0, login_name: account.login, prohibit_login: true }, adminAuth);
    assert.equal((await api.get('/user', { token })).status, 403);
  });
});
