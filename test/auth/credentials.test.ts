import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { before, describe, it } from 'node:test';
import { totpCode } from '../../src/auth/totp.ts';
import { createAccount, createToken, type TestAccount } from '../testkit/accounts.ts';
import { adminAuth, graphql, type ApiResponse } from '../testkit/client.ts';
import { ADMIN } from '../testkit/server.ts';
import { useServer } from '../testkit/use-server.ts';

const UNKNOWN_TOKEN = '0123456789abcdef0123456789abcdef01234567';

function assertRefused(res: ApiResponse, status: number) {
  assert.equal(res.status, status, JSON.stringify(res.body));
  assert.equal(typeof res.body?.message, 'string', `expected a JSON {"message"}, got ${JSON.stringify(res.body)}`);
  assert.ok(res.body.message.length > 0);
}

function basicHeader(user: string, password: string) {
  return { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` };
}

describe('credentials', () => {
  const server = useServer();
  const { api } = server;
  let alice: TestAccount;
  let aliceToken: string;

  /** Creates a token over REST and returns its id with its secret. */
  async function tokenWithId(account: TestAccount, body: Record<string, unknown> = {}) {
    const res = await api.post(`/users/${account.login}/tokens`, { name: `c${Date.now()}-${Math.random()}`, scopes: ['all'], ...body }, account.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return { id: res.body.id as number, secret: res.body.sha1 as string };
  }

  before(async () => {
    alice = await createAccount(api);
    aliceToken = await createToken(api, alice, ['read:user']);
  });

  describe('Authorization header', () => {
    it('identifies the caller by "token <t>"', async () => {
      const res = await api.get('/user', { token: aliceToken, scheme: 'token' });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.login, alice.login);
    });

    it('identifies the caller by "Bearer <t>"', async () => {
      const res = await api.get('/user', { token: aliceToken, scheme: 'Bearer' });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.login, alice.login);
    });

    it('identifies the caller by HTTP basic with the password', async () => {
      const res = await api.get('/user', alice.basic);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.login, alice.login);
    });

    it('accepts the e-mail address in place of the login for basic with a password', async () => {
      const res = await api.get('/user', { basic: [alice.email, alice.password] });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.login, alice.login);
    });

    it('identifies the caller by HTTP basic with a token as the password, whatever the user name', async () => {
      for (const user of [alice.login, 'anything']) {
        const res = await api.get('/user', { basic: [user, aliceToken] });
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.equal(res.body.login, alice.login);
      }
    });

    it('identifies the caller by HTTP basic with a token as the user name and an empty or x-oauth-basic password', async () => {
      for (const password of ['', 'x-oauth-basic']) {
        const res = await api.get('/user', { basic: [aliceToken, password] });
        assert.equal(res.status, 200, `password ${JSON.stringify(password)}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.login, alice.login);
      }
    });

    it('answers 401 with a JSON message to an unknown token, in every credential form', async () => {
      assertRefused(await api.get('/user', { token: UNKNOWN_TOKEN }), 401);
      assertRefused(await api.get('/user', { token: UNKNOWN_TOKEN, scheme: 'Bearer' }), 401);
      assertRefused(await api.get('/user', { basic: [alice.login, UNKNOWN_TOKEN] }), 401);
      assertRefused(await api.get('/user', { basic: [UNKNOWN_TOKEN, 'x-oauth-basic'] }), 401);
      assertRefused(await api.get('/user', { queryToken: UNKNOWN_TOKEN }), 401);
    });

    it('answers 401 to a token that is not even token-shaped', async () => {
      assertRefused(await api.get('/user', { token: 'not-a-token' }), 401);
      assertRefused(await api.get('/user', { token: aliceToken.toUpperCase() }), 401);
    });

    it('answers 401 with a JSON message to a wrong password or an unknown user', async () => {
      assertRefused(await api.get('/user', { basic: [alice.login, 'wrong-password'] }), 401);
      assertRefused(await api.get('/user', { basic: ['nobody-by-this-name', alice.password] }), 401);
      assertRefused(await api.get('/user', { basic: [alice.login, ''] }), 401);
    });

    it('answers 401 to bad credentials even on routes that anonymous callers may use', async () => {
      assert.equal((await api.get('/version')).status, 200);
      assertRefused(await api.get('/version', { token: UNKNOWN_TOKEN }), 401);
      assertRefused(await api.get(`/users/${alice.login}`, { basic: [alice.login, 'wrong-password'] }), 401);
    });

    it('answers 401 to malformed basic credentials and unsupported schemes', async () => {
      const noColon = await api.request('GET', '/user', { headers: { authorization: `Basic ${Buffer.from('just-a-name').toString('base64')}` } });
      assertRefused(noColon, 401);
      const digest = await api.request('GET', '/user', { headers: { authorization: `Digest ${aliceToken}` } });
      assertRefused(digest, 401);
    });

    it('accepts the login in any letter case, but only the exact password', async () => {
      const ok = await api.request('GET', '/user', { headers: basicHeader(alice.login.toUpperCase(), alice.password) });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      assert.equal(ok.body.login, alice.login);
      assertRefused(await api.request('GET', '/user', { headers: basicHeader(alice.login.toUpperCase(), alice.password.toUpperCase()) }), 401);
    });
  });

  describe('expiry', () => {
    it('accepts a token before its expires_at and refuses it with 401 once it has passed', async () => {
      const account = await createAccount(api);
      const { secret } = await tokenWithId(account, { expires_at: new Date(Date.now() + 1500).toISOString() });
      assert.equal((await api.get('/user', { token: secret })).status, 200);
      await sleep(1700);
      assertRefused(await api.get('/user', { token: secret }), 401);
    });

    it('refuses an expired token in every credential form', async () => {
      const account = await createAccount(api);
      const { id, secret } = await tokenWithId(account, { expires_at: new Date(Date.now() + 3_600_000).toISOString() });
      assert.equal((await api.get('/user', { token: secret })).status, 200);
      // Expire it in the database behind the server's back; the server's short-lived token cache is told, as a real revocation would be.
      const expired = await server.app.database.db.accessToken.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 60_000) } });
      await server.app.events.publish('token.revoked', { tokenHash: expired.tokenHash });
      assertRefused(await api.get('/user', { token: secret }), 401);
      assertRefused(await api.get('/user', { token: secret, scheme: 'Bearer' }), 401);
      assertRefused(await api.get('/user', { basic: [account.login, secret] }), 401);
      assertRefused(await api.get('/user', { basic: [secret, ''] }), 401);
      assertRefused(await api.get('/user', { queryToken: secret }), 401);
      // The account itself is fine: its password still works.
      assert.equal((await api.get('/user', account.basic)).status, 200);
    });

    it('keeps a token without expires_at valid', async () => {
      const account = await createAccount(api);
      const res = await api.post(`/users/${account.login}/tokens`, { name: 'forever', scopes: ['read:user'] }, account.basic);
      assert.equal(res.status, 201);
      assert.equal(res.body.expires_at ?? null, null);
      assert.equal((await api.get('/user', { token: res.body.sha1 })).status, 200);
    });

    it('refuses to create a token that expires in the past', async () => {
      const account = await createAccount(api);
      const res = await api.post(`/users/${account.login}/tokens`, { name: 'stale', scopes: ['all'], expires_at: new Date(Date.now() - 60_000).toISOString() }, account.basic);
      assert.ok(res.status === 400 || res.status === 422, `status ${res.status}`);
      const list = await api.get(`/users/${account.login}/tokens`, account.basic);
      assert.deepEqual(list.body, []);
    });
  });

  describe('two-factor authentication', () => {
    let bob: TestAccount;
    let secret: string;
    let bobToken: string;

    before(async () => {
      bob = await createAccount(api);
      bobToken = await createToken(api, bob, ['read:user']);
      const res = await graphql(server.url, 'mutation { enableTwoFactor { secret uri } }', undefined, bob.basic);
      assert.equal(res.errors, undefined, JSON.stringify(res.errors));
      secret = res.data.enableTwoFactor.secret;
      assert.match(secret, /^[A-Z2-7]+$/);
      assert.match(res.data.enableTwoFactor.uri, /^otpauth:\/\/totp\//);
    });

    it('refuses basic with the password alone with 401 once two-factor is on', async () => {
      const res = await api.get('/user', bob.basic);
      assertRefused(res, 401);
      assert.match(res.body.message, /X-Gitea-OTP/);
    });

    it('accepts basic with the password and the current code in X-Gitea-OTP', async () => {
      const res = await api.get('/user', { basic: [bob.login, bob.password], otp: totpCode(secret, Date.now()) });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.login, bob.login);
    });

    it('refuses a wrong code, a malformed code and an expired code from ten minutes ago', async () => {
      const current = totpCode(secret, Date.now());
      const wrong = String((Number(current) + 500_000) % 1_000_000).padStart(6, '0');
      for (const otp of [wrong, 'abcdef', '12345', totpCode(secret, Date.now() - 10 * 60_000)]) {
        if (otp === current) continue;
        assertRefused(await api.request('GET', '/user', { headers: { ...basicHeader(bob.login, bob.password), 'x-gitea-otp': otp } }), 401);
      }
    });

    it('refuses a valid code that comes with a wrong password', async () => {
      const res = await api.request('GET', '/user', { headers: { ...basicHeader(bob.login, 'wrong-password'), 'x-gitea-otp': totpCode(secret, Date.now()) } });
      assertRefused(res, 401);
    });

    it('needs no code for basic with a token as the password, nor for the token header', async () => {
      const basic = await api.get('/user', { basic: [bob.login, bobToken] });
      assert.equal(basic.status, 200, JSON.stringify(basic.body));
      assert.equal(basic.body.login, bob.login);
      const header = await api.get('/user', { token: bobToken });
      assert.equal(header.status, 200);
      assert.equal(header.body.login, bob.login);
    });

    it('asks for the code on token management too', async () => {
      assertRefused(await api.get(`/users/${bob.login}/tokens`, bob.basic), 401);
      const res = await api.request('GET', `/users/${bob.login}/tokens`, {
        headers: { ...basicHeader(bob.login, bob.password), 'x-gitea-otp': totpCode(secret, Date.now()) },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.length, 1);
    });

    it('leaves other accounts without two-factor alone', async () => {
      assert.equal((await api.get('/user', alice.basic)).status, 200);
    });
  });

  describe('query-string tokens', () => {
    it('accepts ?token= with a Warning header saying it is deprecated', async () => {
      const res = await api.get('/user', { queryToken: aliceToken, param: 'token' });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.login, alice.login);
      assert.match(res.headers.get('warning') ?? '', /token and access_token API authentication is deprecated/);
    });

    it('accepts ?access_token= with the same Warning header', async () => {
      const res = await api.get('/user', { queryToken: aliceToken, param: 'access_token' });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.login, alice.login);
      assert.match(res.headers.get('warning') ?? '', /token and access_token API authentication is deprecated/);
    });

    it('sends no Warning header for a token in the Authorization header, or for anonymous calls', async () => {
      assert.equal((await api.get('/user', { token: aliceToken })).headers.get('warning'), null);
      assert.equal((await api.get('/version')).headers.get('warning'), null);
    });

    it('applies the scopes of a query-string token', async () => {
      const res = await api.get('/admin/users', { queryToken: await createToken(api, { login: ADMIN.login, basic: adminAuth }, ['read:user']) });
      assertRefused(res, 403);
    });

    it('also works for GraphQL, with the Warning header', async () => {
      const url = new URL('api/graphql', server.url);
      url.searchParams.set('access_token', aliceToken);
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ viewer { login } }' }) });
      const body = await res.json();
      assert.equal(body.data?.viewer?.login, alice.login, JSON.stringify(body));
      assert.match(res.headers.get('warning') ?? '', /deprecated/);
    });
  });

  describe('sudo', () => {
    it('lets a site admin act as another user with the sudo query parameter', async () => {
      const res = await api.get(`/user?sudo=${alice.login}`, adminAuth);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.login, alice.login);
    });

    it('lets a site admin act as another user with the Sudo header', async () => {
      const res = await api.request('GET', '/user', { auth: adminAuth, headers: { sudo: alice.login } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.login, alice.login);
    });

    it('lets an admin token with sudo act as the other user, still limited by the token scopes', async () => {
      const admin = { login: ADMIN.login, basic: adminAuth };
      const token = await createToken(api, admin, ['read:user', 'read:admin']);
      const res = await api.get(`/user?sudo=${alice.login}`, { token });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.login, alice.login);
    });

    it('makes the admin lose admin rights while acting as a normal user', async () => {
      const res = await api.get(`/admin/users?sudo=${alice.login}`, adminAuth);
      assertRefused(res, 403);
    });

    it('refuses sudo with 403 to non-admins, whatever the target', async () => {
      const other = await createAccount(api);
      assertRefused(await api.get(`/user?sudo=${other.login}`, alice.basic), 403);
      assertRefused(await api.request('GET', '/user', { auth: { token: aliceToken }, headers: { sudo: ADMIN.login } }), 403);
    });

    it('refuses sudo with 403 to anonymous callers', async () => {
      assertRefused(await api.get(`/users/${alice.login}?sudo=${alice.login}`), 403);
    });

    it('answers 404 when the sudo target does not exist', async () => {
      assertRefused(await api.get('/user?sudo=no-such-user-here', adminAuth), 404);
    });

    it('refuses sudo to an admin holding only a public-only token', async () => {
      const token = await createToken(api, { login: ADMIN.login, basic: adminAuth }, ['all', 'public-only']);
      assertRefused(await api.get(`/user?sudo=${alice.login}`, { token }), 403);
    });
  });

  describe('accounts that may not sign in', () => {
    async function edit(account: TestAccount, changes: Record<string, unknown>) {
      const res = await api.patch(`/admin/users/${account.login}`, { source_id: 0, login_name: account.login, ...changes }, adminAuth);
      assert.equal(res.status, 200, JSON.stringify(res.body));
    }

    it('answers 403 to a disabled (active=false) account, with its password or its token', async () => {
      const carol = await createAccount(api);
      const token = await createToken(api, carol, ['read:user']);
      await edit(carol, { active: false });
      assertRefused(await api.get('/user', carol.basic), 403);
      assertRefused(await api.get('/user', { token }), 403);
      assertRefused(await api.get('/user', { basic: [carol.login, token] }), 403);
      await edit(carol, { active: true });
      assert.equal((await api.get('/user', carol.basic)).status, 200);
      assert.equal((await api.get('/user', { token })).status, 200);
    });

    it('answers 403 to a prohibit_login account, with its password or its token', async () => {
      const dave = await createAccount(api);
      const token = await createToken(api, dave, ['read:user']);
      await edit(dave, { prohibit_login: true });
      assertRefused(await api.get('/user', dave.basic), 403);
      assertRefused(await api.get('/user', { token }), 403);
      assertRefused(await api.get('/user', { queryToken: token }), 403);
      await edit(dave, { prohibit_login: false });
      assert.equal((await api.get('/user', dave.basic)).status, 200);
    });

    it('still answers 401, not 403, to a wrong password for a disabled account', async () => {
      const erin = await createAccount(api);
      await edit(erin, { active: false });
      assertRefused(await api.get('/user', { basic: [erin.login, 'wrong-password'] }), 401);
    });
  });
});

describe('credentials with DISABLE_QUERY_AUTH_TOKEN', () => {
  const server = useServer({ security: { DISABLE_QUERY_AUTH_TOKEN: true } });
  const { api } = server;
  let account: TestAccount;
  let token: string;

  before(async () => {
    account = await createAccount(api);
    token = await createToken(api, account, ['read:user']);
  });

  it('rejects ?token= and ?access_token= with 401, even for a valid token', async () => {
    for (const param of ['token', 'access_token'] as const) {
      const res = await api.get('/user', { queryToken: token, param });
      assertRefused(res, 401);
    }
  });

  it('rejects query-string tokens on anonymous routes too, rather than ignoring them', async () => {
    assertRefused(await api.get('/version', { queryToken: token }), 401);
  });

  it('rejects query-string tokens on GraphQL with 401', async () => {
    const url = new URL('api/graphql', server.url);
    url.searchParams.set('token', token);
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ viewer { login } }' }) });
    assert.equal(res.status, 401);
  });

  it('still accepts the same token in the Authorization header', async () => {
    const res = await api.get('/user', { token });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.login, account.login);
    assert.equal(res.headers.get('warning'), null);
  });
});
