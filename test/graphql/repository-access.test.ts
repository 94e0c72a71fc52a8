import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';
import { adminAuth, graphql } from '../testkit/client.ts';
import { createAccount, createToken, type TestAccount } from '../testkit/accounts.ts';
import { repositoryPath } from '../../src/domain/repo/storage.ts';

const globalId = (type: string, id: number | string) => Buffer.from(`${type}:${id}`).toString('base64');

describe('repository access through every path', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let stranger: TestAccount;
  let secretId: number;
  before(async () => {
    owner = await createAccount(api);
    stranger = await createAccount(api);
    secretId = (await buildRepo(server, owner, { name: 'secret', private: true, autoInit: true })).id;
  });

  const NODE = 'query($id: ID!) { node(id: $id) { ... on Repository { name isPrivate } } }';

  it('node(id) needs the read:repository scope like every other way to a repository', async () => {
    const userOnly = await createToken(api, owner, ['read:user']);
    const denied = await graphql(server.url, NODE, { id: globalId('Repository', secretId) }, { token: userOnly });
    assert.equal(denied.data?.node ?? null, null);
    assert.ok(denied.errors?.some((e) => e.extensions?.code === 'FORBIDDEN'), JSON.stringify(denied));
    const repoToken = await createToken(api, owner, ['read:repository']);
    const allowed = await graphql(server.url, NODE, { id: globalId('Repository', secretId) }, { token: repoToken });
    assert.deepEqual(allowed.data.node, { name: 'secret', isPrivate: true });
  });

  it('node(id) does not reveal a private repository to a stranger, and a malformed id is simply not found', async () => {
    const res = await graphql(server.url, NODE, { id: globalId('Repository', secretId) }, stranger.basic);
    assert.equal(res.data.node, null);
    assert.deepEqual(res.errors?.map((e) => e.extensions?.code) ?? [], res.errors ? ['NOT_FOUND'] : []);
    const malformed = await graphql(server.url, NODE, { id: globalId('Repository', 'abc') }, owner.basic);
    assert.equal(malformed.data.node, null);
    assert.ok((malformed.errors ?? []).every((e) => e.extensions?.code === 'NOT_FOUND'), JSON.stringify(malformed.errors));
  });

  it('an access token cannot read tokens through node(id); the password can', async () => {
    const created = await api.post(`/users/${owner.login}/tokens`, { name: 'peek', scopes: ['all'] }, owner.basic);
    const query = 'query($id: ID!) { node(id: $id) { ... on AccessToken { name } } }';
    const viaToken = await graphql(server.url, query, { id: globalId('AccessToken', created.body.id) }, { token: created.body.sha1 });
    assert.equal(viaToken.data.node, null);
    const viaPassword = await graphql(server.url, query, { id: globalId('AccessToken', created.body.id) }, owner.basic);
    assert.equal(viaPassword.data.node.name, 'peek');
  });

  it('a public-only token may change its owner’s public repositories but reaches no private one', async () => {
    await buildRepo(server, owner, { name: 'open', autoInit: true });
    const token = await createToken(api, owner, ['write:repository', 'public-only']);
    const edit = await api.patch(`/repos/${owner.login}/open`, { description: 'edited with a public-only token' }, { token });
    assert.equal(edit.status, 200, JSON.stringify(edit.body));
    assert.equal((await api.get(`/repos/${owner.login}/secret`, { token })).status, 403);
    const create = await api.post('/user/repos', { name: 'hidden-by-public-only', private: true }, { token });
    assert.notEqual(create.status, 500);
  });

  it('creating many repositories at once succeeds for every one', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => api.post('/user/repos', { name: `parallel-${i}`, auto_init: true }, owner.basic)),
    );
    assert.deepEqual(results.map((r) => r.status), Array(12).fill(201), JSON.stringify(results.filter((r) => r.status !== 201).map((r) => r.body)));
  });

  it('a user who owns repositories is deleted only with purge, and then the repositories go too', async () => {
    const leaving = await createAccount(api);
    const repo = await buildRepo(server, leaving, { name: 'left-behind', autoInit: true });
    const refused = await api.delete(`/admin/users/${leaving.login}`, adminAuth);
    assert.equal(refused.status, 422);
    assert.match(refused.body.message, /owns/);
    assert.equal((await api.delete(`/admin/users/${leaving.login}?purge=true`, adminAuth)).status, 204);
    assert.equal(existsSync(repositoryPath(server.app.config, repo.id)), false);
    assert.equal((await api.get(`/repositories/${repo.id}`, adminAuth)).status, 404);
  });

  it('shows the private parts of an account only to itself and to site admins', async () => {
    await api.patch(`/admin/users/${stranger.login}`, { source_id: 0, login_name: 'ext-name' }, adminAuth);
    const anonymous = await api.get(`/users/${stranger.login}`);
    assert.equal(anonymous.body.login_name, '');
    assert.equal(anonymous.body.last_login, '0001-01-01T00:00:00Z');
    assert.equal((await api.get(`/users/${stranger.login}`, adminAuth)).body.login_name, 'ext-name');
    assert.equal((await api.get(`/users/${stranger.login}`, stranger.basic)).body.login_name, 'ext-name');
  });

  it('a restricted account sees only its own repositories and no limited account', async () => {
    const limited = await createAccount(api, { visibility: 'limited' });
    const confined = await createAccount(api);
    await api.patch(`/admin/users/${confined.login}`, { source_id: 0, login_name: confined.login, restricted: true }, adminAuth);
    await buildRepo(server, confined, { name: 'mine' });
    assert.equal((await api.get(`/repos/${owner.login}/open`, confined.basic)).status, 404);
    assert.equal((await api.get(`/repos/${owner.login}/open`, stranger.basic)).status, 200);
    assert.equal((await api.get(`/repos/${confined.login}/mine`, confined.basic)).status, 200);
    const found = await api.get('/repos/search?limit=50', confined.basic);
    assert.deepEqual(found.body.data.map((r: { full_name: string }) => r.full_name), [`${confined.login}/mine`]);
    assert.equal((await api.get(`/users/${limited.login}`, confined.basic)).status, 404);
    assert.equal((await api.get(`/users/${limited.login}`, stranger.basic)).status, 200);
  });

  it('search: private=false leaves private repositories out, is_private=true keeps only them', async () => {
    const all = await api.get(`/repos/search?uid=${owner.id}&limit=50`, owner.basic);
    const publicOnly = await api.get(`/repos/search?uid=${owner.id}&private=false&limit=50`, owner.basic);
    const privateOnly = await api.get(`/repos/search?uid=${owner.id}&is_private=true&limit=50`, owner.basic);
    assert.ok(all.body.data.some((r: { private: boolean }) => r.private));
    assert.ok(publicOnly.body.data.every((r: { private: boolean }) => !r.private));
    assert.ok(privateOnly.body.data.length > 0 && privateOnly.body.data.every((r: { private: boolean }) => r.private));
  });

  it('a page of 30 repositories costs the same SQL statements as a page of 1', async () => {
    const count = async (limit: number) => {
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await api.get(`/repos/search?uid=${owner.id}&limit=${limit}`, owner.basic);
      assert.equal(res.body.data.length, Math.min(limit, res.body.data.length));
      return server.app.database.queryCount() - before;
    };
    const one = await count(1);
    const many = await count(12);
    assert.equal(many, one);
    // A stranger owns none of the listed repositories, so every one of them needs the grants the database holds.
    const gqlCount = async (n: number) => {
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await graphql(server.url, 'query($n: Int) { repositories(first: $n) { nodes { fullName owner { login } htmlUrl viewerPermissions { push } } } }', { n }, stranger.basic);
      assert.equal(res.errors, undefined, JSON.stringify(res.errors));
      return server.app.database.queryCount() - before;
    };
    assert.equal(await gqlCount(12), await gqlCount(1));
  });
});
