import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ADMIN } from '../../testkit/server.ts';
import { useServer } from '../../testkit/use-server.ts';
import { adminAuth } from '../../testkit/client.ts';
import { createAccount } from '../../testkit/accounts.ts';

describe('GET /user and /users/{username}', () => {
  const { api } = useServer();

  it('returns the signed-in account with the fields Gitea clients read', async () => {
    const res = await api.get('/user', adminAuth);
    assert.equal(res.status, 200);
    assert.equal(res.body.login, ADMIN.login);
    assert.equal(res.body.email, ADMIN.email);
    assert.equal(res.body.is_admin, true);
    for (const field of ['id', 'full_name', 'avatar_url', 'html_url', 'created', 'visibility', 'active']) {
      assert.ok(field in res.body, `missing ${field}`);
    }
  });

  it('answers 401 with a JSON message and WWW-Authenticate when nobody is signed in', async () => {
    const res = await api.get('/user');
    assert.equal(res.status, 401);
    assert.equal(typeof res.body.message, 'string');
    assert.match(res.headers.get('www-authenticate') ?? '', /^Basic/);
  });

  it('hides a private account from other users with a 404, but shows it to itself and admins', async () => {
    const hidden = await createAccount(api, { visibility: 'private' });
    const other = await createAccount(api);
    assert.equal((await api.get(`/users/${hidden.login}`, other.basic)).status, 404);
    assert.equal((await api.get(`/users/${hidden.login}`)).status, 404);
    assert.equal((await api.get(`/users/${hidden.login}`, hidden.basic)).status, 200);
    assert.equal((await api.get(`/users/${hidden.login}`, adminAuth)).status, 200);
  });

  it('shows the e-mail address to signed-in callers and the no-reply address to anonymous ones, as Gitea does', async () => {
    const someone = await createAccount(api);
    const other = await createAccount(api);
    assert.equal((await api.get(`/users/${someone.login}`, someone.basic)).body.email, someone.email);
    assert.equal((await api.get(`/users/${someone.login}`, other.basic)).body.email, someone.email);
    assert.match((await api.get(`/users/${someone.login}`)).body.email, /@noreply\./);
  });
});
