import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { totpCode } from '../../src/auth/totp.ts';
import { createAccount, createToken, type TestAccount } from '../testkit/accounts.ts';
import { adminAuth, graphql, type Auth, type GraphQLResult } from '../testkit/client.ts';
import { ADMIN } from '../testkit/server.ts';
import { useServer } from '../testkit/use-server.ts';

const UNKNOWN_TOKEN = '0123456789abcdef0123456789abcdef01234567';
const ADMIN_ACCOUNT = { login: ADMIN.login, basic: adminAuth };

function assertErrorCode(res: GraphQLResult, code: string) {
  assert.ok(res.errors?.length, `expected a ${code} error, got ${JSON.stringify(res)}`);
  assert.equal(res.errors![0].extensions?.code, code, JSON.stringify(res.errors));
}

function assertNoErrors(res: GraphQLResult) {
  assert.equal(res.status, 200, JSON.stringify(res));
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
}

/** POSTs a GraphQL query with raw headers and query parameters, to see response headers too. */
async function rawGraphql(baseUrl: string, query: string, options: { headers?: Record<string, string>; search?: Record<string, string> } = {}) {
  const url = new URL('api/graphql', baseUrl);
  for (const [k, v] of Object.entries(options.search ?? {})) url.searchParams.set(k, v);
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...options.headers },
    body: JSON.stringify({ query }),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

describe('GraphQL authentication and scopes', () => {
  const server = useServer();
  const { api } = server;
  let alice: TestAccount;
  let privateUser: TestAccount;
  let limitedUser: TestAccount;

  const viewerLogin = async (auth: Auth) => {
    const res = await graphql(server.url, '{ viewer { login databaseId } }', undefined, auth);
    assertNoErrors(res);
    return res.data.viewer?.login ?? null;
  };

  before(async () => {
    alice = await createAccount(api);
    privateUser = await createAccount(api, { visibility: 'private' });
    limitedUser = await createAccount(api, { visibility: 'limited' });
  });

  describe('identity', () => {
    it('gives the same viewer as REST /user for every credential form', async () => {
      const token = await createToken(api, alice, ['read:user']);
      const forms: Auth[] = [
        alice.basic,
        { token },
        { token, scheme: 'Bearer' },
        { basic: [alice.login, token] },
        { basic: [token, 'x-oauth-basic'] },
        { basic: [token, ''] },
        { queryToken: token },
        { queryToken: token, param: 'access_token' },
      ];
      for (const auth of forms) {
        const rest = await api.get('/user', auth);
        assert.equal(rest.status, 200, JSON.stringify(auth));
        const gql = await graphql(server.url, '{ viewer { login databaseId } }', undefined, auth);
        assertNoErrors(gql);
        assert.equal(gql.data.viewer.login, alice.login, JSON.stringify(auth));
        assert.equal(gql.data.viewer.databaseId, rest.body.id, JSON.stringify(auth));
      }
    });

    it('has a null viewer for anonymous callers', async () => {
      assert.equal(await viewerLogin(undefined), null);
    });

    it('sends the deprecation Warning header for a query-string token', async () => {
      const token = await createToken(api, alice, ['read:user']);
      const res = await rawGraphql(server.url, '{ viewer { login } }', { search: { token } });
      assert.equal(res.body.data.viewer.login, alice.login);
      assert.match(res.headers.get('warning') ?? '', /token and access_token API authentication is deprecated/);
      const header = await rawGraphql(server.url, '{ viewer { login } }', { headers: { authorization: `token ${token}` } });
      assert.equal(header.headers.get('warning'), null);
    });

    it('answers 401 with a JSON message to an unknown token or a wrong password', async () => {
      for (const auth of [{ token: UNKNOWN_TOKEN }, { basic: [alice.login, 'wrong-password'] as [string, string] }, { queryToken: UNKNOWN_TOKEN }]) {
        const res = await graphql(server.url, '{ viewer { login } }', undefined, auth);
        assert.equal(res.status, 401, JSON.stringify(auth));
        assert.equal((res as unknown as { data?: unknown }).data, undefined);
        assert.equal(typeof (res as unknown as { message?: string }).message, 'string');
      }
    });

    it('answers 401 to an expired token', async () => {
      const created = await api.post(`/users/${alice.login}/tokens`, { name: 'gql-expiring', scopes: ['read:user'] }, alice.basic);
      assert.equal(created.status, 201);
      assert.equal(await viewerLogin({ token: created.body.sha1 }), alice.login);
      // Expire it in the database behind the server's back; the server's short-lived token cache is told, as a real revocation would be.
      const expired = await server.app.database.db.accessToken.update({ where: { id: created.body.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
      await server.app.events.publish('token.revoked', { tokenHash: expired.tokenHash });
      const res = await graphql(server.url, '{ viewer { login } }', undefined, { token: created.body.sha1 });
      assert.equal(res.status, 401);
    });

    it('answers 403 to disabled and prohibit_login accounts', async () => {
      for (const change of [{ active: false }, { prohibit_login: true }]) {
        const account = await createAccount(api);
        const token = await createToken(api, account, ['read:user']);
        const edit = await api.patch(`/admin/users/${account.login}`, { source_id: 0, login_name: account.login, ...change }, adminAuth);
        assert.equal(edit.status, 200);
        assert.equal((await graphql(server.url, '{ viewer { login } }', undefined, account.basic)).status, 403, JSON.stringify(change));
        assert.equal((await graphql(server.url, '{ viewer { login } }', undefined, { token })).status, 403, JSON.stringify(change));
      }
    });

    it('lets a site admin act as another user with sudo, and refuses sudo to others with 403', async () => {
      const byParam = await rawGraphql(server.url, '{ viewer { login } }', {
        headers: { authorization: `Basic ${Buffer.from(`${ADMIN.login}:${ADMIN.password}`).toString('base64')}` },
        search: { sudo: alice.login },
      });
      assert.equal(byParam.body.data.viewer.login, alice.login);
      const byHeader = await rawGraphql(server.url, '{ viewer { login } }', {
        headers: { authorization: `Basic ${Buffer.from(`${ADMIN.login}:${ADMIN.password}`).toString('base64')}`, sudo: alice.login },
      });
      assert.equal(byHeader.body.data.viewer.login, alice.login);
      const refused = await rawGraphql(server.url, '{ viewer { login } }', {
        headers: { authorization: `Basic ${Buffer.from(`${alice.login}:${alice.password}`).toString('base64')}`, sudo: ADMIN.login },
      });
      assert.equal(refused.status, 403);
      const unknown = await rawGraphql(server.url, '{ viewer { login } }', {
        headers: { authorization: `Basic ${Buffer.from(`${ADMIN.login}:${ADMIN.password}`).toString('base64')}`, sudo: 'no-such-user-here' },
      });
      assert.equal(unknown.status, 404);
    });

    it('checks the two-factor code for basic with a password, and needs none for a token', async () => {
      const bob = await createAccount(api);
      const token = await createToken(api, bob, ['read:user']);
      const setup = await graphql(server.url, 'mutation { enableTwoFactor { secret uri } }', undefined, bob.basic);
      assertNoErrors(setup);
      const { secret } = setup.data.enableTwoFactor;
      assert.equal((await graphql(server.url, '{ viewer { login } }', undefined, bob.basic)).status, 401);
      const stale = totpCode(secret, Date.now() - 10 * 60_000);
      const current = totpCode(secret, Date.now());
      if (stale !== current) {
        assert.equal((await graphql(server.url, '{ viewer { login } }', undefined, { basic: [bob.login, bob.password], otp: stale })).status, 401);
      }
      assert.equal(await viewerLogin({ basic: [bob.login, bob.password], otp: current }), bob.login);
      assert.equal(await viewerLogin({ token }), bob.login);
      assert.equal(await viewerLogin({ basic: [bob.login, token] }), bob.login);
      const state = await graphql(server.url, '{ viewer { twoFactorEnabled } }', undefined, { token });
      assert.equal(state.data.viewer.twoFactorEnabled, true);
    });

    it('does not let a token turn on two-factor authentication', async () => {
      const carol = await createAccount(api);
      const token = await createToken(api, carol, ['write:user']);
      const res = await graphql(server.url, 'mutation { enableTwoFactor { secret } }', undefined, { token });
      assertErrorCode(res, 'UNAUTHENTICATED');
      const state = await graphql(server.url, '{ viewer { twoFactorEnabled } }', undefined, carol.basic);
      assert.equal(state.data.viewer.twoFactorEnabled, false);
    });
  });

  describe('scopes', () => {
    it('refuses viewer, user and users with FORBIDDEN to a token without read:user', async () => {
      const token = await createToken(api, alice, ['write:repository', 'write:admin']);
      for (const query of ['{ viewer { login } }', `{ user(login: "${alice.login}") { login } }`, '{ users(first: 5) { totalCount } }']) {
        const res = await graphql(server.url, query, undefined, { token });
        assertErrorCode(res, 'FORBIDDEN');
        assert.match(res.errors![0].message, /./);
      }
    });

    it('answers the same reads to a token with read:user', async () => {
      const token = await createToken(api, alice, ['read:user']);
      const res = await graphql(server.url, `{ viewer { login } user(login: "${alice.login}") { login } users(first: 5, query: "${alice.login}") { totalCount } }`, undefined, { token });
      assertNoErrors(res);
      assert.equal(res.data.viewer.login, alice.login);
      assert.equal(res.data.user.login, alice.login);
      assert.ok(res.data.users.totalCount >= 1);
    });

    it('refuses a write:user mutation with FORBIDDEN to a token with only read:user', async () => {
      const token = await createToken(api, alice, ['read:user']);
      const res = await graphql(server.url, 'mutation { enableTwoFactor { secret } }', undefined, { token });
      assertErrorCode(res, 'FORBIDDEN');
    });

    it('needs read:admin for adminUsers, for admins holding a token', async () => {
      const withAdmin = await createToken(api, ADMIN_ACCOUNT, ['read:admin']);
      const ok = await graphql(server.url, '{ adminUsers(first: 5) { totalCount } }', undefined, { token: withAdmin });
      assertNoErrors(ok);
      assert.ok(ok.data.adminUsers.totalCount >= 1);
      const withoutAdmin = await createToken(api, ADMIN_ACCOUNT, ['write:user']);
      assertErrorCode(await graphql(server.url, '{ adminUsers(first: 5) { totalCount } }', undefined, { token: withoutAdmin }), 'FORBIDDEN');
    });

    it('needs write:admin for createUser: read:admin is refused with FORBIDDEN and creates nothing', async () => {
      const mutation = 'mutation($i: CreateUserInput!) { createUser(input: $i) { login } }';
      const input = (login: string) => ({ i: { login, email: `${login}@example.test`, password: `pw-${login}-secret` } });
      const readOnly = await createToken(api, ADMIN_ACCOUNT, ['read:admin']);
      assertErrorCode(await graphql(server.url, mutation, input('gqlrefused'), { token: readOnly }), 'FORBIDDEN');
      assert.equal((await api.get('/users/gqlrefused', adminAuth)).status, 404);
      const writer = await createToken(api, ADMIN_ACCOUNT, ['write:admin']);
      const res = await graphql(server.url, mutation, input('gqlcreated'), { token: writer });
      assertNoErrors(res);
      assert.equal(res.data.createUser.login, 'gqlcreated');
    });

    it('refuses adminUsers with FORBIDDEN to a normal user and with UNAUTHENTICATED to anonymous callers', async () => {
      assertErrorCode(await graphql(server.url, '{ adminUsers(first: 5) { totalCount } }', undefined, alice.basic), 'FORBIDDEN');
      assertErrorCode(await graphql(server.url, '{ adminUsers(first: 5) { totalCount } }', undefined, { token: await createToken(api, alice, ['all']) }), 'FORBIDDEN');
      assertErrorCode(await graphql(server.url, '{ adminUsers(first: 5) { totalCount } }'), 'UNAUTHENTICATED');
    });

    it('does not limit password sessions by scopes', async () => {
      const res = await graphql(server.url, '{ viewer { login } adminUsers(first: 5) { totalCount } }', undefined, adminAuth);
      assertNoErrors(res);
      assert.equal(res.data.viewer.login, ADMIN.login);
    });
  });

  describe('public-only tokens', () => {
    it('are refused private and limited accounts their account could see (FORBIDDEN, as Gitea\'s 403), even when held by a site admin', async () => {
      const token = await createToken(api, ADMIN_ACCOUNT, ['all', 'public-only']);
      for (const hidden of [privateUser, limitedUser]) {
        const res = await graphql(server.url, `{ user(login: "${hidden.login}") { login } }`, undefined, { token });
        assert.equal(res.errors?.[0]?.extensions?.code, 'FORBIDDEN', hidden.login);
        assert.match(res.errors?.[0]?.message ?? '', /limited to public users/);
      }
      const visible = await graphql(server.url, `{ user(login: "${alice.login}") { login } }`, undefined, { token });
      assert.equal(visible.data.user.login, alice.login);
      const full = await graphql(server.url, `{ user(login: "${privateUser.login}") { login } }`, undefined, { token: await createToken(api, ADMIN_ACCOUNT, ['all']) });
      assert.equal(full.data.user.login, privateUser.login);
    });

    it('leave private and limited accounts out of users', async () => {
      const token = await createToken(api, ADMIN_ACCOUNT, ['all', 'public-only']);
      const query = `{ a: users(first: 5, query: "${privateUser.login}") { totalCount } b: users(first: 5, query: "${limitedUser.login}") { totalCount } }`;
      const res = await graphql(server.url, query, undefined, { token });
      assertNoErrors(res);
      assert.equal(res.data.a.totalCount, 0);
      assert.equal(res.data.b.totalCount, 0);
    });

    it('do not make a site admin an admin', async () => {
      const token = await createToken(api, ADMIN_ACCOUNT, ['all', 'public-only']);
      assertErrorCode(await graphql(server.url, '{ adminUsers(first: 5) { totalCount } }', undefined, { token }), 'FORBIDDEN');
    });
  });

  describe('token management', () => {
    it('lists, creates and deletes tokens with password authentication', async () => {
      const dave = await createAccount(api);
      const created = await graphql(
        server.url,
        'mutation($login: String!, $input: CreateAccessTokenInput!) { createAccessToken(login: $login, input: $input) { secret accessToken { databaseId name scopes } } }',
        { login: dave.login, input: { name: 'from-graphql', scopes: ['read:user'] } },
        dave.basic,
      );
      assertNoErrors(created);
      const { secret, accessToken } = created.data.createAccessToken;
      assert.match(secret, /^[0-9a-f]{40}$/);
      assert.deepEqual(accessToken.scopes, ['read:user']);
      assert.equal((await api.get('/user', { token: secret })).body.login, dave.login);

      const listed = await graphql(server.url, 'query($login: String!) { accessTokens(login: $login) { totalCount nodes { name } } }', { login: dave.login }, dave.basic);
      assertNoErrors(listed);
      assert.equal(listed.data.accessTokens.totalCount, 1);
      assert.deepEqual(listed.data.accessTokens.nodes, [{ name: 'from-graphql' }]);

      const deleted = await graphql(server.url, 'mutation($login: String!) { deleteAccessToken(login: $login, idOrName: "from-graphql") }', { login: dave.login }, dave.basic);
      assertNoErrors(deleted);
      assert.equal(deleted.data.deleteAccessToken, true);
      assert.equal((await api.get('/user', { token: secret })).status, 401);
    });

    it('refuses token management with UNAUTHENTICATED to a token, even one with every scope', async () => {
      const token = await createToken(api, alice, ['all']);
      const list = await graphql(server.url, 'query($login: String!) { accessTokens(login: $login) { totalCount } }', { login: alice.login }, { token });
      assertErrorCode(list, 'UNAUTHENTICATED');
      const create = await graphql(
        server.url,
        'mutation($login: String!) { createAccessToken(login: $login, input: { name: "minted", scopes: ["all"] }) { secret } }',
        { login: alice.login },
        { token },
      );
      assertErrorCode(create, 'UNAUTHENTICATED');
    });

    it('refuses token management with UNAUTHENTICATED to anonymous callers', async () => {
      const res = await graphql(server.url, 'query($login: String!) { accessTokens(login: $login) { totalCount } }', { login: alice.login });
      assertErrorCode(res, 'UNAUTHENTICATED');
    });

    it("refuses another account's tokens with FORBIDDEN to a normal user, and allows them to a site admin", async () => {
      const erin = await createAccount(api);
      await createToken(api, erin, ['read:user']);
      const query = 'query($login: String!) { accessTokens(login: $login) { totalCount } }';
      assertErrorCode(await graphql(server.url, query, { login: erin.login }, alice.basic), 'FORBIDDEN');
      const admin = await graphql(server.url, query, { login: erin.login }, adminAuth);
      assertNoErrors(admin);
      assert.equal(admin.data.accessTokens.totalCount, 1);
    });
  });
});
