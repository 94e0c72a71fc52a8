import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';
import { adminAuth, type RestClient } from '../../testkit/client.ts';
import { createAccount } from '../../testkit/accounts.ts';

describe('counters after deletions', () => {
  const server = useServer();
  const { api } = server;

  const put = (path: string, auth: Parameters<RestClient['put']>[2]) => api.put(path, undefined, auth);

  it('deleting a repository takes its stars off the starred_repos_count of those who starred it', async () => {
    const owner = await createAccount(api);
    const fan = await createAccount(api);
    await buildRepo(server, owner, { name: 'doomed' });
    assert.equal((await put(`/user/starred/${owner.login}/doomed`, fan.basic)).status, 204);
    assert.equal((await api.get('/user', fan.basic)).body.starred_repos_count, 1);
    assert.equal((await api.delete(`/repos/${owner.login}/doomed`, owner.basic)).status, 204);
    assert.equal((await api.get('/user', fan.basic)).body.starred_repos_count, 0);
  });

  it("deleting an account takes its stars, watches and follows off the other side's counts", async () => {
    const owner = await createAccount(api);
    const leaver = await createAccount(api);
    const followed = await createAccount(api);
    await buildRepo(server, owner, { name: 'stays' });
    assert.equal((await put(`/user/starred/${owner.login}/stays`, leaver.basic)).status, 204);
    assert.equal((await put(`/repos/${owner.login}/stays/subscription`, leaver.basic)).status, 200);
    assert.equal((await put(`/user/following/${followed.login}`, leaver.basic)).status, 204);
    assert.equal((await put(`/user/following/${leaver.login}`, owner.basic)).status, 204);
    const before = (await api.get(`/repos/${owner.login}/stays`)).body;
    assert.deepEqual([before.stars_count, before.watchers_count], [1, 2]);

    assert.equal((await api.delete(`/admin/users/${leaver.login}`, adminAuth)).status, 204);
    const afterwards = (await api.get(`/repos/${owner.login}/stays`)).body;
    assert.deepEqual([afterwards.stars_count, afterwards.watchers_count], [0, 1]);
    assert.equal((await api.get(`/users/${followed.login}`)).body.followers_count, 0);
    assert.equal((await api.get(`/users/${owner.login}`)).body.following_count, 0);
  });

  it("purging an account with its repositories takes each of their stars off the starrers' counts", async () => {
    const owner = await createAccount(api);
    const [both, one] = [await createAccount(api), await createAccount(api)];
    for (const name of ['first', 'second', 'third']) await buildRepo(server, owner, { name });
    for (const name of ['first', 'second']) assert.equal((await put(`/user/starred/${owner.login}/${name}`, both.basic)).status, 204);
    assert.equal((await put(`/user/starred/${owner.login}/third`, one.basic)).status, 204);
    const elsewhere = await createAccount(api);
    await buildRepo(server, elsewhere, { name: 'kept' });
    assert.equal((await put(`/user/starred/${elsewhere.login}/kept`, both.basic)).status, 204);
    assert.equal((await api.get('/user', both.basic)).body.starred_repos_count, 3);
    assert.equal((await api.request('DELETE', `/admin/users/${owner.login}?purge=true`, { auth: adminAuth })).status, 204);
    assert.equal((await api.get('/user', both.basic)).body.starred_repos_count, 1);
    assert.equal((await api.get('/user', one.basic)).body.starred_repos_count, 0);
  });
});
