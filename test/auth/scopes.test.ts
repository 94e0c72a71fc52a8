import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { SCOPE_CATEGORIES } from '../../src/auth/scopes.ts';
import { createAccount, createToken, type TestAccount } from '../testkit/accounts.ts';
import { adminAuth, type ApiResponse, type Auth } from '../testkit/client.ts';
import { ADMIN } from '../testkit/server.ts';
import { useServer } from '../testkit/use-server.ts';

const ADMIN_ACCOUNT = { login: ADMIN.login, basic: adminAuth };
const OTHER_CATEGORIES = (but: string) => SCOPE_CATEGORIES.filter((c) => c !== but);

function assertScopeRefusal(res: ApiResponse, scope: string) {
  assert.equal(res.status, 403, `expected 403 for lack of ${scope}, got ${res.status}: ${JSON.stringify(res.body)}`);
  assert.equal(typeof res.body?.message, 'string');
  assert.ok(res.body.message.includes(scope), `message should name ${scope}: ${res.body.message}`);
}

describe('token scopes', () => {
  const server = useServer();
  const { api } = server;
  let alice: TestAccount;
  let privateUser: TestAccount;
  let limitedUser: TestAccount;
  /** Tokens of alice and of the admin, by scope list. */
  const aliceTokens = new Map<string, string>();
  const adminTokens = new Map<string, string>();

  async function aliceToken(...scopes: string[]): Promise<Auth> {
    const key = scopes.join(',');
    if (!aliceTokens.has(key)) aliceTokens.set(key, await createToken(api, alice, scopes));
    return { token: aliceTokens.get(key)! };
  }
  async function adminToken(...scopes: string[]): Promise<Auth> {
    const key = scopes.join(',');
    if (!adminTokens.has(key)) adminTokens.set(key, await createToken(api, ADMIN_ACCOUNT, scopes));
    return { token: adminTokens.get(key)! };
  }

  let created = 0;
  /** A fresh account to edit or delete through the admin API. */
  const newUserBody = () => {
    const login = `scoped${process.pid}n${++created}`;
    return { username: login, email: `${login}@example.test`, password: `pw-${login}-secret` };
  };

  before(async () => {
    alice = await createAccount(api);
    privateUser = await createAccount(api, { visibility: 'private' });
    limitedUser = await createAccount(api, { visibility: 'limited' });
  });

  describe('the user route group (read:user for GET)', () => {
    const reads = () => ['/user', `/users/${alice.login}`, `/users/search`];

    for (const scopes of [['read:user'], ['write:user'], ['all']]) {
      it(`lets a token with ${scopes.join(',')} read /user, /users/{username} and /users/search`, async () => {
        const auth = await aliceToken(...scopes);
        for (const path of reads()) {
          const res = await api.get(path, auth);
          assert.equal(res.status, 200, `${path}: ${JSON.stringify(res.body)}`);
        }
        assert.equal((await api.get('/user', auth)).body.login, alice.login);
      });
    }

    it('refuses with 403 every GET of the group to a token holding only other categories, read or write', async () => {
      for (const category of OTHER_CATEGORIES('user')) {
        for (const level of ['read', 'write']) {
          const auth = await aliceToken(`${level}:${category}`);
          for (const path of reads()) assertScopeRefusal(await api.get(path, auth), 'read:user');
        }
      }
    });

    it('refuses with 403 a token that has every category but user', async () => {
      const auth = await aliceToken(...OTHER_CATEGORIES('user').map((c) => `write:${c}`));
      assertScopeRefusal(await api.get('/user', auth), 'read:user');
    });
  });

  describe('the user route group (write:user for other methods)', () => {
    it('refuses with 403 a token with only read:user on a write route of the group', async () => {
      const auth = await aliceToken('read:user');
      assertScopeRefusal(await api.post(`/users/${alice.login}/tokens`, { name: 'nope', scopes: ['all'] }, auth), 'write:user');
      assertScopeRefusal(await api.delete(`/users/${alice.login}/tokens/nope`, auth), 'write:user');
    });

    it('refuses with 403 a token with write on another category on a write route of the group', async () => {
      for (const category of OTHER_CATEGORIES('user')) {
        const auth = await aliceToken(`write:${category}`);
        assertScopeRefusal(await api.post(`/users/${alice.login}/tokens`, { name: 'nope', scopes: ['all'] }, auth), 'write:user');
      }
    });

    it('lets a token with write:user or all past the scope check of a write route, where token management then asks for a password (401)', async () => {
      for (const scopes of [['write:user'], ['all']]) {
        const res = await api.post(`/users/${alice.login}/tokens`, { name: 'nope', scopes: ['all'] }, await aliceToken(...scopes));
        assert.equal(res.status, 401, `${scopes}: ${JSON.stringify(res.body)}`);
        assert.match(res.body.message, /password/);
      }
    });
  });

  describe('the admin route group (read:admin for GET, write:admin otherwise)', () => {
    for (const scopes of [['read:admin'], ['write:admin'], ['all']]) {
      it(`lets an admin token with ${scopes.join(',')} list users`, async () => {
        const res = await api.get(`/admin/users`, await adminToken(...scopes));
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.ok(Array.isArray(res.body));
      });
    }

    it('refuses with 403 an admin token without any admin scope on GET /admin/users', async () => {
      for (const category of OTHER_CATEGORIES('admin')) {
        assertScopeRefusal(await api.get(`/admin/users`, await adminToken(`write:${category}`)), 'read:admin');
      }
    });

    for (const scopes of [['write:admin'], ['all']]) {
      it(`lets an admin token with ${scopes.join(',')} create, edit and delete users`, async () => {
        const auth = await adminToken(...scopes);
        const body = newUserBody();
        const create = await api.post('/admin/users', body, auth);
        assert.equal(create.status, 201, JSON.stringify(create.body));
        const edit = await api.patch(`/admin/users/${body.username}`, { source_id: 0, login_name: body.username, full_name: 'Edited' }, auth);
        assert.equal(edit.status, 200, JSON.stringify(edit.body));
        assert.equal(edit.body.full_name, 'Edited');
        const del = await api.delete(`/admin/users/${body.username}`, auth);
        assert.equal(del.status, 204, JSON.stringify(del.body));
      });
    }

    it('refuses with 403 an admin token with only read:admin on POST, PATCH and DELETE, and changes nothing', async () => {
      const auth = await adminToken('read:admin');
      const body = newUserBody();
      assertScopeRefusal(await api.post('/admin/users', body, auth), 'write:admin');
      assert.equal((await api.get(`/users/${body.username}`, adminAuth)).status, 404);
      assertScopeRefusal(await api.patch(`/admin/users/${alice.login}`, { source_id: 0, login_name: alice.login, full_name: 'Hacked' }, auth), 'write:admin');
      assertScopeRefusal(await api.delete(`/admin/users/${alice.login}`, auth), 'write:admin');
      const still = await api.get(`/users/${alice.login}`, adminAuth);
      assert.equal(still.status, 200);
      assert.notEqual(still.body.full_name, 'Hacked');
    });

    it('refuses with 403 an admin token with write on another category on the admin write routes', async () => {
      for (const category of OTHER_CATEGORIES('admin')) {
        const auth = await adminToken(`write:${category}`);
        assertScopeRefusal(await api.post('/admin/users', newUserBody(), auth), 'write:admin');
        assertScopeRefusal(await api.delete(`/admin/users/${alice.login}`, auth), 'write:admin');
      }
    });

    it('refuses with 403 a normal user even when the token holds write:admin', async () => {
      const auth = await aliceToken('write:admin');
      const list = await api.get(`/admin/users`, auth);
      assert.equal(list.status, 403);
      assert.equal((await api.post('/admin/users', newUserBody(), auth)).status, 403);
    });
  });

  describe('routes without a scope category', () => {
    it('lets a token of any single category read the version and the API settings', async () => {
      for (const category of SCOPE_CATEGORIES) {
        const auth = await aliceToken(`read:${category}`);
        assert.equal((await api.get('/version', auth)).status, 200, category);
        assert.equal((await api.get('/settings/api', auth)).status, 200, category);
      }
    });
  });

  describe('password sessions', () => {
    it('are not limited by scopes', async () => {
      assert.equal((await api.get('/user', alice.basic)).status, 200);
      assert.equal((await api.get(`/admin/users`, adminAuth)).status, 200);
      const body = newUserBody();
      assert.equal((await api.post('/admin/users', body, adminAuth)).status, 201);
    });
  });

  describe('public-only tokens', () => {
    it('reach public accounts', async () => {
      const auth = await aliceToken('read:user', 'public-only');
      const res = await api.get(`/users/${alice.login}`, auth);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.login, alice.login);
    });

    it('get 403 ("limited to public users", as Gitea) for a private or limited account their user could see, 404 for one it could not', async () => {
      const userAuth = await aliceToken('read:user', 'public-only');
      const adminPublic = await adminToken('all', 'public-only');
      for (const hidden of [privateUser, limitedUser]) {
        const res = await api.get(`/users/${hidden.login}`, adminPublic);
        assert.equal(res.status, 403, hidden.login);
        assert.match(res.body.message, /limited to public users/);
      }
      assert.equal((await api.get(`/users/${limitedUser.login}`, userAuth)).status, 403);
      assert.equal((await api.get(`/users/${privateUser.login}`, userAuth)).status, 404);
    });

    it('get 403 for their own account when it is private', async () => {
      const auth = { token: await createToken(api, privateUser, ['read:user', 'public-only']) };
      assert.equal((await api.get(`/users/${privateUser.login}`, auth)).status, 403);
    });

    it('differ from full tokens exactly in the hidden accounts they see', async () => {
      const full = await adminToken('all');
      assert.equal((await api.get(`/users/${privateUser.login}`, full)).status, 200);
      assert.equal((await api.get(`/users/${limitedUser.login}`, await aliceToken('read:user'))).status, 200);
    });

    it('leave private and limited accounts out of user search', async () => {
      const find = async (auth: Auth, login: string) => {
        const res = await api.get(`/users/search?q=${login}&limit=5`, auth);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        return (res.body.data as { login: string }[]).map((u) => u.login);
      };
      const publicOnly = await adminToken('all', 'public-only');
      assert.deepEqual(await find(publicOnly, privateUser.login), []);
      assert.deepEqual(await find(publicOnly, limitedUser.login), []);
      assert.deepEqual(await find(publicOnly, alice.login), [alice.login]);
      assert.deepEqual(await find(await adminToken('all'), privateUser.login), [privateUser.login]);
    });

    it('do not make a site admin an admin: the admin routes answer 403', async () => {
      const auth = await adminToken('all', 'public-only');
      assert.equal((await api.get(`/admin/users`, auth)).status, 403);
      assert.equal((await api.post('/admin/users', newUserBody(), auth)).status, 403);
    });

    it('still need the category scope of the route', async () => {
      assertScopeRefusal(await api.get(`/users/${alice.login}`, await aliceToken('read:issue', 'public-only')), 'read:user');
    });
  });
});
