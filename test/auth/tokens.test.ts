import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAccount, createToken, type TestAccount } from '../testkit/accounts.ts';
import { adminAuth, type ApiResponse, type Auth } from '../testkit/client.ts';
import { ADMIN } from '../testkit/server.ts';
import { useServer } from '../testkit/use-server.ts';

function assertRefused(res: ApiResponse, status: number) {
  assert.equal(res.status, status, JSON.stringify(res.body));
  assert.equal(typeof res.body?.message, 'string');
}

describe('access token management over REST', () => {
  const server = useServer();
  const { api } = server;

  const tokensPath = (login: string, query = '') => `/users/${login}/tokens${query ? `?${query}` : ''}`;
  const list = (account: TestAccount, auth: Auth = account.basic) => api.get(tokensPath(account.login), auth);
  const names = (res: ApiResponse) => (res.body as { name: string }[]).map((t) => t.name).sort();

  describe('creating', () => {
    it('answers 201 with the secret in sha1, shown this once, and the secret authenticates', async () => {
      const alice = await createAccount(api);
      const res = await api.post(`/users/${alice.login}/tokens`, { name: 'ci', scopes: ['read:user', 'write:repository'] }, alice.basic);
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.equal(res.body.name, 'ci');
      assert.equal(typeof res.body.id, 'number');
      assert.match(res.body.sha1, /^[0-9a-f]{40}$/);
      assert.equal(res.body.token_last_eight, res.body.sha1.slice(-8));
      assert.deepEqual(res.body.scopes, ['write:repository', 'read:user']);
      const me = await api.get('/user', { token: res.body.sha1 });
      assert.equal(me.status, 200);
      assert.equal(me.body.login, alice.login);
    });

    it('never shows the secret again: the list has an empty sha1 but the last eight characters', async () => {
      const alice = await createAccount(api);
      const created = await api.post(`/users/${alice.login}/tokens`, { name: 'once', scopes: ['all'] }, alice.basic);
      assert.equal(created.status, 201);
      const res = await list(alice);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.length, 1);
      const [token] = res.body;
      assert.equal(token.id, created.body.id);
      assert.equal(token.name, 'once');
      assert.equal(token.sha1, '');
      assert.equal(token.token_last_eight, created.body.sha1.slice(-8));
      assert.deepEqual(token.scopes, ['all']);
      assert.ok(!JSON.stringify(res.body).includes(created.body.sha1), 'the secret must not appear in the list');
    });

    it('stores scopes in canonical form: write absorbs read, and every write scope together is "all"', async () => {
      const alice = await createAccount(api);
      const merged = await api.post(`/users/${alice.login}/tokens`, { name: 'merged', scopes: ['read:user', 'write:user'] }, alice.basic);
      assert.equal(merged.status, 201);
      assert.deepEqual(merged.body.scopes, ['write:user']);
      const categories = ['activitypub', 'admin', 'issue', 'misc', 'notification', 'organization', 'package', 'repository', 'user'];
      const everything = await api.post(`/users/${alice.login}/tokens`, { name: 'everything', scopes: categories.map((c) => `write:${c}`) }, alice.basic);
      assert.equal(everything.status, 201);
      assert.deepEqual(everything.body.scopes, ['all']);
    });

    it('accepts expires_at and shows it back, in whole seconds as every REST time', async () => {
      const alice = await createAccount(api);
      const expiresAt = new Date(Date.now() + 86_400_000);
      const res = await api.post(`/users/${alice.login}/tokens`, { name: 'temporary', scopes: ['read:user'], expires_at: expiresAt.toISOString() }, alice.basic);
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.equal(new Date(res.body.expires_at).getTime(), Math.floor(expiresAt.getTime() / 1000) * 1000);
    });

    it('rejects a second token of the same name on one account with 400, but allows the name on another account', async () => {
      const alice = await createAccount(api);
      const bob = await createAccount(api);
      assert.equal((await api.post(`/users/${alice.login}/tokens`, { name: 'deploy', scopes: ['all'] }, alice.basic)).status, 201);
      assertRefused(await api.post(`/users/${alice.login}/tokens`, { name: 'deploy', scopes: ['read:user'] }, alice.basic), 400);
      assert.equal((await api.post(`/users/${bob.login}/tokens`, { name: 'deploy', scopes: ['all'] }, bob.basic)).status, 201);
      assert.deepEqual(names(await list(alice)), ['deploy']);
    });

    it('rejects a token without scopes with 400: scopes left out, empty, or public-only alone', async () => {
      const alice = await createAccount(api);
      assertRefused(await api.post(`/users/${alice.login}/tokens`, { name: 'none' }, alice.basic), 400);
      assertRefused(await api.post(`/users/${alice.login}/tokens`, { name: 'empty', scopes: [] }, alice.basic), 400);
      assertRefused(await api.post(`/users/${alice.login}/tokens`, { name: 'public', scopes: ['public-only'] }, alice.basic), 400);
      assert.deepEqual((await list(alice)).body, []);
    });

    it('rejects unknown scope names with 400, naming the scope', async () => {
      const alice = await createAccount(api);
      for (const scope of ['write:everything', 'sudo', 'repo', 'admin:read']) {
        const res = await api.post(`/users/${alice.login}/tokens`, { name: `bad-${scope}`, scopes: ['read:user', scope] }, alice.basic);
        assertRefused(res, 400);
        assert.ok(res.body.message.includes(scope), res.body.message);
      }
      assert.deepEqual((await list(alice)).body, []);
    });

    it('rejects a blank name', async () => {
      const alice = await createAccount(api);
      const res = await api.post(`/users/${alice.login}/tokens`, { name: '   ', scopes: ['all'] }, alice.basic);
      assert.ok(res.status === 400 || res.status === 422, `status ${res.status}`);
      assert.deepEqual((await list(alice)).body, []);
    });
  });

  describe('listing', () => {
    it('pages with page and limit and gives the total in X-Total-Count', async () => {
      const alice = await createAccount(api);
      const ids: number[] = [];
      for (const name of ['one', 'two', 'three']) {
        const res = await api.post(`/users/${alice.login}/tokens`, { name, scopes: ['read:user'] }, alice.basic);
        ids.push(res.body.id);
      }
      const first = await api.get(tokensPath(alice.login, 'page=1&limit=2'), alice.basic);
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.equal(first.headers.get('x-total-count'), '3');
      assert.equal(first.body.length, 2);
      assert.match(first.headers.get('link') ?? '', /rel="next"/);
      const second = await api.get(tokensPath(alice.login, 'page=2&limit=2'), alice.basic);
      assert.equal(second.status, 200);
      assert.equal(second.headers.get('x-total-count'), '3');
      assert.equal(second.body.length, 1);
      const seen = [...first.body, ...second.body].map((t: { id: number }) => t.id).sort((a, b) => a - b);
      assert.deepEqual(seen, [...ids].sort((a, b) => a - b));
    });

    it("shows only the account's own tokens", async () => {
      const alice = await createAccount(api);
      const bob = await createAccount(api);
      await createToken(api, alice, ['read:user']);
      await createToken(api, bob, ['read:user']);
      await createToken(api, bob, ['read:user']);
      const res = await list(alice);
      assert.equal(res.body.length, 1);
      assert.equal(res.headers.get('x-total-count'), '1');
    });

    it('lists every token on the default page when no page or limit is given', async () => {
      const alice = await createAccount(api);
      for (let i = 0; i < 3; i++) await createToken(api, alice, ['read:user']);
      const res = await api.get(`/users/${alice.login}/tokens`, alice.basic);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.length, 3);
      assert.equal(res.headers.get('x-total-count'), '3');
      assert.equal(res.headers.get('link'), null, 'a single page has no next or last link');
    });
  });

  describe('deleting', () => {
    it('deletes by id with 204; the token stops working and leaves the list', async () => {
      const alice = await createAccount(api);
      const created = await api.post(`/users/${alice.login}/tokens`, { name: 'by-id', scopes: ['read:user'] }, alice.basic);
      const keep = await createToken(api, alice, ['read:user']);
      assert.equal((await api.get('/user', { token: created.body.sha1 })).status, 200);
      const res = await api.delete(`/users/${alice.login}/tokens/${created.body.id}`, alice.basic);
      assert.equal(res.status, 204, JSON.stringify(res.body));
      assert.equal((await api.get('/user', { token: created.body.sha1 })).status, 401);
      assert.equal((await api.get('/user', { token: keep })).status, 200);
      const after = await list(alice);
      assert.equal(after.body.length, 1);
      assert.ok(!after.body.some((t: { id: number }) => t.id === created.body.id));
    });

    it('deletes by name with 204; the token stops working', async () => {
      const alice = await createAccount(api);
      const created = await api.post(`/users/${alice.login}/tokens`, { name: 'laptop', scopes: ['read:user'] }, alice.basic);
      const res = await api.delete(`/users/${alice.login}/tokens/laptop`, alice.basic);
      assert.equal(res.status, 204, JSON.stringify(res.body));
      assert.equal((await api.get('/user', { token: created.body.sha1 })).status, 401);
      assert.deepEqual((await list(alice)).body, []);
    });

    it('answers 404 for an unknown id or name, and for a second delete', async () => {
      const alice = await createAccount(api);
      await api.post(`/users/${alice.login}/tokens`, { name: 'gone', scopes: ['read:user'] }, alice.basic);
      assertRefused(await api.delete(`/users/${alice.login}/tokens/999999`, alice.basic), 404);
      assertRefused(await api.delete(`/users/${alice.login}/tokens/no-such-token`, alice.basic), 404);
      assert.equal((await api.delete(`/users/${alice.login}/tokens/gone`, alice.basic)).status, 204);
      assertRefused(await api.delete(`/users/${alice.login}/tokens/gone`, alice.basic), 404);
    });

    it("answers 404 for another account's token id under one's own account, and leaves it working", async () => {
      const alice = await createAccount(api);
      const bob = await createAccount(api);
      const bobs = await api.post(`/users/${bob.login}/tokens`, { name: 'bobs', scopes: ['read:user'] }, bob.basic);
      assertRefused(await api.delete(`/users/${alice.login}/tokens/${bobs.body.id}`, alice.basic), 404);
      assertRefused(await api.delete(`/users/${alice.login}/tokens/bobs`, alice.basic), 404);
      assert.equal((await api.get('/user', { token: bobs.body.sha1 })).status, 200);
    });
  });

  describe('who may manage tokens', () => {
    it("refuses a normal user with 403 on another account's tokens: list, create and delete", async () => {
      const alice = await createAccount(api);
      const bob = await createAccount(api);
      const bobs = await api.post(`/users/${bob.login}/tokens`, { name: 'bobs', scopes: ['read:user'] }, bob.basic);
      assertRefused(await api.get(tokensPath(bob.login), alice.basic), 403);
      assertRefused(await api.post(`/users/${bob.login}/tokens`, { name: 'planted', scopes: ['all'] }, alice.basic), 403);
      assertRefused(await api.delete(`/users/${bob.login}/tokens/${bobs.body.id}`, alice.basic), 403);
      assertRefused(await api.delete(`/users/${bob.login}/tokens/bobs`, alice.basic), 403);
      assert.deepEqual(names(await list(bob)), ['bobs']);
      assert.equal((await api.get('/user', { token: bobs.body.sha1 })).status, 200);
    });

    it("lets a site admin list, create and delete another account's tokens", async () => {
      const bob = await createAccount(api);
      await api.post(`/users/${bob.login}/tokens`, { name: 'own', scopes: ['read:user'] }, bob.basic);
      const created = await api.post(`/users/${bob.login}/tokens`, { name: 'from-admin', scopes: ['read:user'] }, adminAuth);
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const me = await api.get('/user', { token: created.body.sha1 });
      assert.equal(me.body.login, bob.login, 'the token belongs to the account in the path, not to the admin');
      const listed = await list(bob, adminAuth);
      assert.equal(listed.status, 200);
      assert.deepEqual(names(listed), ['from-admin', 'own']);
      assert.equal((await api.delete(`/users/${bob.login}/tokens/own`, adminAuth)).status, 204);
      assert.equal((await api.delete(`/users/${bob.login}/tokens/${created.body.id}`, adminAuth)).status, 204);
      assert.deepEqual((await list(bob)).body, []);
    });

    it('answers 404 to an admin managing the tokens of an account that does not exist', async () => {
      assertRefused(await api.get(tokensPath('no-such-account'), adminAuth), 404);
      assertRefused(await api.post('/users/no-such-account/tokens', { name: 'x', scopes: ['all'] }, adminAuth), 404);
    });

    it('refuses with 401 management with a token, in any form and with any scope, even an admin token', async () => {
      const alice = await createAccount(api);
      const token = await createToken(api, alice, ['all']);
      const adminToken = await createToken(api, { login: ADMIN.login, basic: adminAuth }, ['all']);
      for (const auth of [{ token }, { token, scheme: 'Bearer' as const }, { basic: [alice.login, token] as [string, string] }, { queryToken: token }]) {
        assertRefused(await api.get(tokensPath(alice.login), auth), 401);
        assertRefused(await api.post(`/users/${alice.login}/tokens`, { name: 'minted', scopes: ['all'] }, auth), 401);
        assertRefused(await api.delete(`/users/${alice.login}/tokens/1`, auth), 401);
      }
      assertRefused(await api.get(tokensPath(alice.login), { token: adminToken }), 401);
      assertRefused(await api.post(`/users/${alice.login}/tokens`, { name: 'minted', scopes: ['all'] }, { token: adminToken }), 401);
      assert.equal((await list(alice)).body.length, 1, 'no token was minted');
    });

    it('refuses anonymous callers with 401', async () => {
      const alice = await createAccount(api);
      assertRefused(await api.get(tokensPath(alice.login)), 401);
      assertRefused(await api.post(`/users/${alice.login}/tokens`, { name: 'anon', scopes: ['all'] }), 401);
      assertRefused(await api.delete(`/users/${alice.login}/tokens/anon`), 401);
    });

    it('refuses a wrong password with 401', async () => {
      const alice = await createAccount(api);
      assertRefused(await api.post(`/users/${alice.login}/tokens`, { name: 'x', scopes: ['all'] }, { basic: [alice.login, 'wrong-password'] }), 401);
    });

    it('lets a site admin using sudo manage the tokens of the account acted as', async () => {
      const bob = await createAccount(api);
      const res = await api.post(`/users/${bob.login}/tokens?sudo=${bob.login}`, { name: 'sudo-made', scopes: ['read:user'] }, adminAuth);
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.deepEqual(names(await list(bob)), ['sudo-made']);
    });
  });
});
