import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAccount, createToken } from '../testkit/accounts.ts';
import { adminAuth } from '../testkit/client.ts';
import { ADMIN } from '../testkit/server.ts';
import { useServer } from '../testkit/use-server.ts';

describe('GET and DELETE /token: the token a request carries', () => {
  const server = useServer();
  const { api } = server;

  it('shows the token of the request with its scopes and its account, whatever scopes it has', async () => {
    const alice = await createAccount(api);
    const secret = await createToken(api, alice, ['read:repository']);
    const res = await api.get('/token', { token: secret });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.scopes, ['read:repository']);
    assert.deepEqual(res.body.user, { id: alice.id, login: alice.login });
    assert.equal(typeof res.body.id, 'number');
    assert.match(res.body.name, /^t\d+-/);
    assert.match(res.body.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.ok(!JSON.stringify(res.body).includes(secret), 'the secret is never shown again');
  });

  it('names the token the request carries, not another token of the account', async () => {
    const alice = await createAccount(api);
    const first = await createToken(api, alice, ['read:user']);
    const second = await createToken(api, alice, ['read:user']);
    const [a, b] = await Promise.all([api.get('/token', { token: first }), api.get('/token', { token: second })]);
    assert.notEqual(a.body.id, b.body.id);
    const listed = await api.get(`/users/${alice.login}/tokens`, alice.basic);
    assert.deepEqual(listed.body.map((t: { id: number }) => t.id).sort(), [a.body.id, b.body.id].sort());
  });

  it('revokes the token of the request, which is refused from then on while the account keeps its other tokens', async () => {
    const alice = await createAccount(api);
    const leaked = await createToken(api, alice, ['read:user']);
    const kept = await createToken(api, alice, ['read:user']);
    assert.equal((await api.get('/user', { token: leaked })).status, 200);
    const res = await api.delete('/token', { token: leaked });
    assert.equal(res.status, 204);
    assert.equal((await api.get('/user', { token: leaked })).status, 401);
    assert.equal((await api.get('/token', { token: leaked })).status, 401);
    assert.equal((await api.get('/user', { token: kept })).status, 200);
    assert.equal((await api.get(`/users/${alice.login}/tokens`, alice.basic)).body.length, 1);
  });

  it('answers 400 to a request signed in with a password, which carries no token, and 401 to nobody', async () => {
    const alice = await createAccount(api);
    for (const method of ['get', 'delete'] as const) {
      const res = await api[method]('/token', alice.basic);
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.match(res.body.message, /access token/);
      assert.equal((await api[method]('/token')).status, 401);
    }
  });

  it('names the admin token behind a sudo request, not the account acted as', async () => {
    const bob = await createAccount(api);
    const adminToken = await createToken(api, { login: ADMIN.login, basic: adminAuth }, ['all']);
    const res = await api.get(`/token?sudo=${bob.login}`, { token: adminToken });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.user.login, ADMIN.login);
  });

  it('is read and revoked through GraphQL as currentAccessToken and deleteCurrentAccessToken', async () => {
    const alice = await createAccount(api);
    const secret = await createToken(api, alice, ['read:issue']);
    const read = await server.graphql('{ currentAccessToken { scopes owner { login } } }', {}, { token: secret });
    assert.deepEqual(read.data?.currentAccessToken, { scopes: ['read:issue'], owner: { login: alice.login } });
    const gone = await server.graphql('mutation { deleteCurrentAccessToken }', {}, { token: secret });
    assert.equal(gone.data?.deleteCurrentAccessToken, true);
    assert.equal((await api.get('/user', { token: secret })).status, 401);
  });
});
