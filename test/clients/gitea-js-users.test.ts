import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { giteaApi } from 'gitea-js';
import { ADMIN } from '../testkit/server.ts';
import { adminBasic, assertTypedFields, basicAuth, adminCreateAccount, clientFor, failure, giteaClient, rootOf, type GiteaClient } from '../testkit/gitea-js.ts';
import { SERVER_VERSION } from '../testkit/gitea-js-fields/settings.ts';
import { ACCESS_TOKEN } from '../testkit/gitea-js-fields/token.ts';
import { USER } from '../testkit/gitea-js-fields/user.ts';
import { useServer } from '../testkit/use-server.ts';

const RFC3339_SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)$/;

/** gitea-js against Graft: accounts, admin account management, tokens and the version check. */
describe('gitea-js: users, admin and tokens', () => {
  const server = useServer();
  let admin: GiteaClient;
  const newAccount = (prefix?: string) => adminCreateAccount(admin, prefix);

  before(async () => {
    admin = await clientFor(server, ADMIN);
  });

  it('the version check answers a Gitea-style version that clients can compare', async () => {
    const res = await giteaClient(server).version.getVersion();
    assert.equal(res.status, 200);
    assertTypedFields(res.data, SERVER_VERSION, 'ServerVersion');
    assert.match(res.data.version ?? '', /^1\.\d+\.\d+/);
  });

  it('a base URL with a trailing slash works, as in the client\'s own examples, because Gitea collapses repeated slashes', async () => {
    const token = (await giteaClient(server).users.userCreateToken(ADMIN.login, { name: `slash-${Date.now()}`, scopes: ['read:user'] }, adminBasic)).data.sha1;
    const res = await giteaApi(`${rootOf(server)}/`, { token }).user.userGetCurrent();
    assert.equal(res.data.login, ADMIN.login);
  });

  it('userGetCurrent returns the token\'s account with every field the client types', async () => {
    const res = await admin.user.userGetCurrent();
    assert.equal(res.status, 200);
    assertTypedFields(res.data, USER, 'User');
    assert.equal(res.data.login, ADMIN.login);
    assert.equal(res.data.email, ADMIN.email);
    assert.equal(res.data.is_admin, true);
    assert.equal(res.data.active, true);
  });

  it('times come in Gitea\'s form: RFC 3339 to the whole second', async () => {
    const res = await admin.user.userGetCurrent();
    assert.match(res.data.created ?? '', RFC3339_SECONDS);
    assert.match(res.data.last_login ?? '', RFC3339_SECONDS);
  });

  it('an anonymous userGetCurrent rejects with 401 and a JSON message', async () => {
    const res = await failure(giteaClient(server).user.userGetCurrent());
    assert.equal(res.status, 401);
    assert.equal(typeof res.message, 'string');
  });

  it('adminCreateUser creates an account that userGet then finds, and that can mint its own token', async () => {
    const account = await newAccount();
    const fetched = await admin.users.userGet(account.login);
    assertTypedFields(fetched.data, USER, 'User');
    assert.equal(fetched.data.id, account.id);
    assert.equal(fetched.data.login, account.login);
    assert.equal(fetched.data.email, `${account.login}@example.test`);
    const own = await clientFor(server, account);
    assert.equal((await own.user.userGetCurrent()).data.login, account.login);
  });

  it('adminCreateUser refuses a taken login with 422, as Gitea does', async () => {
    const account = await newAccount();
    const res = await failure(admin.admin.adminCreateUser({ username: account.login, email: `other-${account.login}@example.test`, password: 'another-secret-1' }));
    assert.equal(res.status, 422);
    assert.equal(typeof res.message, 'string');
  });

  it('adminEditUser changes only the fields it sends and returns the edited account', async () => {
    const account = await newAccount();
    const edited = await admin.admin.adminEditUser(account.login, {
      source_id: 0,
      login_name: account.login,
      full_name: 'Ada Lovelace',
      location: 'London',
      description: 'first programmer',
    });
    assert.equal(edited.status, 200);
    assertTypedFields(edited.data, USER, 'User');
    assert.equal(edited.data.full_name, 'Ada Lovelace');
    assert.equal(edited.data.location, 'London');
    assert.equal(edited.data.description, 'first programmer');
    assert.equal(edited.data.email, `${account.login}@example.test`);
    assert.equal(edited.data.is_admin, false);
  });

  it('adminEditUser accepts a website, which userGet then shows', async () => {
    const account = await newAccount();
    const edited = await admin.admin.adminEditUser(account.login, { source_id: 0, login_name: account.login, website: 'https://ada.example.test' });
    assert.equal(edited.data.website, 'https://ada.example.test');
    assert.equal((await admin.users.userGet(account.login)).data.website, 'https://ada.example.test');
  });

  it('adminEditUser with an empty website clears it, as Gitea accepts an empty URL', async () => {
    const account = await newAccount();
    await admin.admin.adminEditUser(account.login, { source_id: 0, login_name: account.login, website: 'https://ada.example.test' });
    const edited = await admin.admin.adminEditUser(account.login, { source_id: 0, login_name: account.login, website: '' });
    assert.equal(edited.data.website, '');
  });

  it('adminEditUser can make an account an admin', async () => {
    const account = await newAccount();
    const edited = await admin.admin.adminEditUser(account.login, { source_id: 0, login_name: account.login, admin: true });
    assert.equal(edited.data.is_admin, true);
  });

  it('adminSearchUsers lists accounts with the client\'s fields', async () => {
    const account = await newAccount('findme');
    // gitea-js 1.23 types no `q` here; a client pages through the list.
    const res = await admin.admin.adminSearchUsers({ limit: 50 });
    assert.equal(res.status, 200);
    const found = res.data.find((u) => u.login === account.login);
    assertTypedFields(found, USER, 'User');
    assert.equal(found?.id, account.id);
    assert.ok(res.data.some((u) => u.login === ADMIN.login));
  });

  it('adminDeleteUser removes an account, after which userGet rejects with 404', async () => {
    const account = await newAccount();
    const res = await admin.admin.adminDeleteUser(account.login);
    assert.equal(res.status, 204);
    assert.equal((await failure(admin.users.userGet(account.login))).status, 404);
  });

  it('userSearch answers Gitea\'s { ok, data } envelope and finds an account by part of its login', async () => {
    const account = await newAccount('searchable');
    const res = await giteaClient(server).users.userSearch({ q: account.login.slice(0, 14), limit: 50 });
    assert.equal(res.status, 200);
    assert.equal(res.data.ok, true);
    const found = (res.data.data ?? []).find((u) => u.login === account.login);
    assert.ok(found, `${account.login} not in ${JSON.stringify(res.data.data?.map((u) => u.login))}`);
    assertTypedFields(found, USER, 'User');
    assert.equal(Number(res.headers.get('x-total-count')) >= 1, true);
  });

  describe('tokens with basic auth', () => {
    it('userCreateToken answers the secret once, with the name and scopes asked for', async () => {
      const account = await newAccount();
      const res = await giteaClient(server).users.userCreateToken(
        account.login,
        { name: 'ci', scopes: ['read:repository', 'write:user'] },
        basicAuth(account.login, account.password),
      );
      assert.equal(res.status, 201);
      assertTypedFields(res.data, ACCESS_TOKEN, 'AccessToken');
      assert.equal(res.data.name, 'ci');
      assert.deepEqual([...(res.data.scopes ?? [])].sort(), ['read:repository', 'write:user']);
      assert.match(res.data.sha1 ?? '', /^[0-9a-f]{40}$/);
      assert.equal(res.data.token_last_eight, res.data.sha1!.slice(-8));
      const who = await giteaClient(server, res.data.sha1).user.userGetCurrent();
      assert.equal(who.data.login, account.login);
    });

    it('userGetTokens lists the tokens without their secrets', async () => {
      const account = await newAccount();
      const auth = basicAuth(account.login, account.password);
      const created = await giteaClient(server).users.userCreateToken(account.login, { name: 'listed', scopes: ['read:user'] }, auth);
      const res = await giteaClient(server).users.userGetTokens(account.login, {}, auth);
      assert.equal(res.status, 200);
      assert.deepEqual(res.data.map((t) => t.name), ['listed']);
      assert.equal(res.data[0].id, created.data.id);
      assert.equal(res.data[0].token_last_eight, created.data.token_last_eight);
      assert.equal(res.data[0].sha1 ?? '', '');
      assertTypedFields(res.data[0], ACCESS_TOKEN, 'AccessToken');
    });

    it('userDeleteAccessToken revokes a token by name, after which it no longer authenticates', async () => {
      const account = await newAccount();
      const auth = basicAuth(account.login, account.password);
      const created = await giteaClient(server).users.userCreateToken(account.login, { name: 'short-lived', scopes: ['read:user'] }, auth);
      const res = await giteaClient(server).users.userDeleteAccessToken(account.login, 'short-lived', auth);
      assert.equal(res.status, 204);
      assert.equal((await failure(giteaClient(server, created.data.sha1).user.userGetCurrent())).status, 401);
      assert.deepEqual((await giteaClient(server).users.userGetTokens(account.login, {}, auth)).data, []);
    });

    it('userCreateToken refuses a token as the credential, since Gitea wants the password', async () => {
      const account = await newAccount();
      const own = await clientFor(server, account);
      const res = await failure(own.users.userCreateToken(account.login, { name: 'from-token', scopes: ['read:user'] }));
      assert.equal(res.status, 401);
    });
  });
});
