import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAccount, createToken } from '../../testkit/accounts.ts';
import type { Auth } from '../../testkit/client.ts';
import type { ServerKit } from '../../testkit/use-server.ts';
import { useServer } from '../../testkit/use-server.ts';

const REDIRECT = 'https://client.example.test/callback';

/** The SQL statements a page of `limit` items of a list costs, with cold caches (a row read once per item shows). */
async function pageCost(server: ServerKit, path: string, limit: number, auth: Auth): Promise<number> {
  server.app.caches.clear();
  await server.app.backgroundIdle();
  const before = server.app.database.queryCount();
  const res = await server.api.get(`${path}?limit=${limit}`, auth);
  const spent = server.app.database.queryCount() - before;
  assert.equal(res.body.length, limit);
  return spent;
}

describe('OAuth2 applications over REST', () => {
  const server = useServer();
  const { api } = server;

  it('creating answers 201 with the client secret, which the list and a read never show again', async () => {
    const alice = await createAccount(api);
    const made = await api.post('/user/applications/oauth2', { name: 'ci', redirect_uris: [REDIRECT], confidential_client: true }, alice.basic);
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.equal(made.body.name, 'ci');
    assert.match(made.body.client_id, /^[0-9a-f-]{36}$/);
    assert.match(made.body.client_secret, /^gto_[0-9a-f]{64}$/);
    assert.deepEqual(made.body.redirect_uris, [REDIRECT]);
    assert.equal(made.body.confidential_client, true);
    assert.equal(made.body.skip_secondary_authorization, false);
    const list = await api.get('/user/applications/oauth2', alice.basic);
    assert.equal(list.status, 200);
    assert.equal(list.headers.get('x-total-count'), '1');
    assert.deepEqual(list.body.map((a: { id: number; client_secret: string }) => [a.id, a.client_secret]), [[made.body.id, '']]);
    const one = await api.get(`/user/applications/oauth2/${made.body.id}`, alice.basic);
    assert.equal(one.status, 200);
    assert.equal(one.body.client_secret, '');
    assert.equal(one.body.client_id, made.body.client_id);
  });

  it('lists the newest application first', async () => {
    const alice = await createAccount(api);
    for (const name of ['first', 'second']) assert.equal((await api.post('/user/applications/oauth2', { name, redirect_uris: [REDIRECT] }, alice.basic)).status, 201);
    assert.deepEqual((await api.get('/user/applications/oauth2', alice.basic)).body.map((a: { name: string }) => a.name), ['second', 'first']);
  });

  it('a confidential client is not the default: left out, the application is a public client', async () => {
    const alice = await createAccount(api);
    const made = await api.post('/user/applications/oauth2', { name: 'spa', redirect_uris: [REDIRECT] }, alice.basic);
    assert.equal(made.body.confidential_client, false);
  });

  it('editing replaces the settings and makes a new client secret, shown in its answer', async () => {
    const alice = await createAccount(api);
    const made = await api.post('/user/applications/oauth2', { name: 'ci', redirect_uris: [REDIRECT], confidential_client: true }, alice.basic);
    const edited = await api.patch(
      `/user/applications/oauth2/${made.body.id}`,
      { name: 'ci2', redirect_uris: ['http://127.0.0.1:8080/cb'], confidential_client: false, skip_secondary_authorization: true },
      alice.basic,
    );
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    assert.equal(edited.body.name, 'ci2');
    assert.deepEqual(edited.body.redirect_uris, ['http://127.0.0.1:8080/cb']);
    assert.equal(edited.body.confidential_client, false);
    assert.equal(edited.body.skip_secondary_authorization, true);
    assert.equal(edited.body.client_id, made.body.client_id);
    assert.match(edited.body.client_secret, /^gto_/);
    assert.notEqual(edited.body.client_secret, made.body.client_secret);
  });

  it("another account's application is 404 to read, edit and delete, as if it did not exist", async () => {
    const [alice, bob] = [await createAccount(api), await createAccount(api)];
    const made = await api.post('/user/applications/oauth2', { name: 'mine', redirect_uris: [REDIRECT] }, alice.basic);
    const path = `/user/applications/oauth2/${made.body.id}`;
    assert.equal((await api.get(path, bob.basic)).status, 404);
    assert.equal((await api.patch(path, { name: 'theirs', redirect_uris: [REDIRECT] }, bob.basic)).status, 404);
    assert.equal((await api.delete(path, bob.basic)).status, 404);
    assert.deepEqual((await api.get('/user/applications/oauth2', bob.basic)).body, []);
    assert.equal((await api.get(path, alice.basic)).status, 200);
  });

  it('deleting answers 204, and the application is gone', async () => {
    const alice = await createAccount(api);
    const made = await api.post('/user/applications/oauth2', { name: 'gone', redirect_uris: [REDIRECT] }, alice.basic);
    const path = `/user/applications/oauth2/${made.body.id}`;
    assert.equal((await api.delete(path, alice.basic)).status, 204);
    assert.equal((await api.get(path, alice.basic)).status, 404);
    assert.equal((await api.delete(path, alice.basic)).status, 404);
  });

  it('needs a signed-in caller, and a token needs the user scope: read to list, write to create', async () => {
    const alice = await createAccount(api);
    assert.equal((await api.get('/user/applications/oauth2')).status, 401);
    const reader = await createToken(api, alice, ['read:user']);
    assert.equal((await api.get('/user/applications/oauth2', { token: reader })).status, 200);
    assert.equal((await api.post('/user/applications/oauth2', { name: 'x', redirect_uris: [REDIRECT] }, { token: reader })).status, 403);
    const other = await createToken(api, alice, ['read:repository']);
    assert.equal((await api.get('/user/applications/oauth2', { token: other })).status, 403);
  });

  it('a page of 50 applications costs the same SQL statements as a page of 1', async () => {
    const alice = await createAccount(api);
    await server.app.database.db.oAuth2Application.createMany({
      data: Array.from({ length: 50 }, (_, i) => ({ userId: alice.id, name: `a${i}`, clientId: `cost-${alice.id}-${i}`, clientSecretHash: '00', redirectUris: JSON.stringify([REDIRECT]) })),
    });
    assert.equal(await pageCost(server, '/user/applications/oauth2', 50, alice.basic), await pageCost(server, '/user/applications/oauth2', 1, alice.basic));
  });
});
