import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { useServer } from '../testkit/use-server.ts';
import { adminAuth, graphql, type Auth } from '../testkit/client.ts';
import { totpCode } from '../../src/auth/totp.ts';
import { createAccount, createToken } from '../testkit/accounts.ts';
import { passwordVerifications } from '../../src/auth/password.ts';

describe('the token cache', () => {
  const server = useServer();
  const { api } = server;

  const statements = async (run: () => Promise<unknown>) => {
    await server.app.backgroundIdle();
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

describe('the password cache', () => {
  const server = useServer();
  const { api } = server;

  /** Password hashes computed while `run` runs (the server runs in this process). */
  const hashes = async (run: () => Promise<unknown>) => {
    const before = passwordVerifications();
    await run();
    return passwordVerifications() - before;
  };

  it('a repeated password request does not hash the password again', async () => {
    const account = await createAccount(api);
    assert.equal(await hashes(async () => assert.equal((await api.get('/user', account.basic)).status, 200)), 1);
    assert.equal(await hashes(async () => assert.equal((await api.get('/user', account.basic)).status, 200)), 0);
  });

  it('a repeated password request costs no SQL statement, by login or by e-mail address', async () => {
    const account = await createAccount(api);
    const statements = async (run: () => Promise<unknown>) => {
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      await run();
      return server.app.database.queryCount() - before;
    };
    for (const name of [account.login, account.email.toUpperCase()]) {
      const auth: Auth = { basic: [name, account.password] };
      assert.equal((await api.get('/version', auth)).status, 200);
      assert.equal(await statements(async () => assert.equal((await api.get('/version', auth)).status, 200)), 0, name);
    }
  });

  it('a wrong password is hashed and refused every time, also right after the right one was accepted', async () => {
    const account = await createAccount(api);
    assert.equal((await api.get('/user', account.basic)).status, 200);
    for (let i = 0; i < 2; i++) {
      assert.equal(await hashes(async () => assert.equal((await api.get('/user', { basic: [account.login, 'not-the-password'] })).status, 401)), 1);
    }
  });

  it('a changed password makes the old one fail on the very next request', async () => {
    const account = await createAccount(api);
    assert.equal((await api.get('/user', account.basic)).status, 200);
    const edit = await api.patch(`/admin/users/${account.login}`, { source_id: 0, login_name: account.login, password: 'a-new-password-1' }, adminAuth);
    assert.equal(edit.status, 200, JSON.stringify(edit.body));
    assert.equal((await api.get('/user', account.basic)).status, 401);
    assert.equal((await api.get('/user', { basic: [account.login, 'a-new-password-1'] })).status, 200);
  });

  it('enabling two-factor authentication makes the password alone fail on the very next request', async () => {
    const account = await createAccount(api);
    assert.equal((await api.get('/user', account.basic)).status, 200);
    const enable = await graphql(server.url, 'mutation { enableTwoFactor { secret } }', {}, account.basic);
    assert.ok(enable.data?.enableTwoFactor?.secret, JSON.stringify(enable));
    assert.equal((await api.get('/user', account.basic)).status, 401);
    assert.equal((await api.get('/user', { ...account.basic, otp: totpCode(enable.data.enableTwoFactor.secret) } as Auth)).status, 200);
  });

  it('deactivating the account, or banning its sign-in, refuses its password on the very next request', async () => {
    for (const change of [{ active: false }, { prohibit_login: true }]) {
      const account = await createAccount(api);
      assert.equal((await api.get('/user', account.basic)).status, 200);
      assert.equal((await api.patch(`/admin/users/${account.login}`, { source_id: 0, login_name: account.login, ...change }, adminAuth)).status, 200);
      assert.equal((await api.get('/user', account.basic)).status, 403, JSON.stringify(change));
    }
  });

  it('any change to the account, or its deletion, drops what was remembered of its password', async () => {
    const account = await createAccount(api);
    assert.equal((await api.get('/user', account.basic)).status, 200);
    assert.equal(await hashes(() => api.get('/user', account.basic)), 0);
    assert.equal((await api.patch(`/admin/users/${account.login}`, { source_id: 0, login_name: account.login, full_name: 'Renamed' }, adminAuth)).status, 200);
    assert.equal(await hashes(async () => assert.equal((await api.get('/user', account.basic)).status, 200)), 1);
    assert.equal((await api.delete(`/admin/users/${account.login}`, adminAuth)).status, 204);
    assert.equal((await api.get('/user', account.basic)).status, 401);
  });
});
