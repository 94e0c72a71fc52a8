import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { useServer } from '../../testkit/use-server.ts';
import { createAccounts, createToken, type TestAccount } from '../../testkit/accounts.ts';
import { buildRepo } from '../../testkit/repos.ts';

describe('watches over REST', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let watcher: TestAccount;
  let stranger: TestAccount;
  before(async () => {
    [owner, watcher, stranger] = await createAccounts(api, 3);
    await Promise.all([buildRepo(server, owner, { name: 'watched' }), buildRepo(server, owner, { name: 'secret', private: true })]);
  });

  const put = (path: string, auth: TestAccount['basic']) => api.request('PUT', path, { auth });

  it('the creator of a repository watches it from the start', async () => {
    const repo = await api.get(`/repos/${owner.login}/watched`, owner.basic);
    assert.equal(repo.body.watchers_count, 1);
    assert.equal((await api.get(`/repos/${owner.login}/watched/subscription`, owner.basic)).status, 200);
    const subscribers = await api.get(`/repos/${owner.login}/watched/subscribers`);
    assert.deepEqual(subscribers.body.map((u: { login: string }) => u.login), [owner.login]);
  });

  it('watching answers a WatchInfo, counts once however often it is repeated, and unwatching undoes it', async () => {
    const path = `/repos/${owner.login}/watched/subscription`;
    const before = await api.get(path, watcher.basic);
    assert.equal(before.status, 404, 'not watching yet');
    const watched = await put(path, watcher.basic);
    assert.equal(watched.status, 200, JSON.stringify(watched.body));
    const repoUrl = `${server.url}api/v1/repos/${owner.login}/watched`;
    assert.deepEqual(
      { ...watched.body, created_at: typeof watched.body.created_at },
      { subscribed: true, ignored: false, reason: null, created_at: 'string', url: `${repoUrl}/subscription`, repository_url: repoUrl },
    );
    assert.ok(!Number.isNaN(Date.parse(watched.body.created_at)));
    const again = await put(path, watcher.basic);
    assert.equal(again.body.created_at, watched.body.created_at, 'watching again keeps the first watch');
    const checked = await api.get(path, watcher.basic);
    assert.deepEqual(checked.body, watched.body);
    assert.equal((await api.get(`/repos/${owner.login}/watched`)).body.watchers_count, 2);

    const mine = await api.get('/user/subscriptions', watcher.basic);
    assert.deepEqual(mine.body.map((r: { full_name: string }) => r.full_name), [`${owner.login}/watched`]);
    assert.equal((await api.get(`/users/${watcher.login}/subscriptions`)).headers.get('x-total-count'), '1');

    assert.equal((await api.delete(path, watcher.basic)).status, 204);
    assert.equal((await api.delete(path, watcher.basic)).status, 204, 'unwatching twice is fine');
    assert.equal((await api.get(path, watcher.basic)).status, 404);
    assert.equal((await api.get(`/repos/${owner.login}/watched`)).body.watchers_count, 1);
    assert.deepEqual((await api.get('/user/subscriptions', watcher.basic)).body, []);
  });

  it('a private repository is 404 to strangers, to watch, check, list or unwatch', async () => {
    const path = `/repos/${owner.login}/secret/subscription`;
    assert.equal((await put(path, stranger.basic)).status, 404);
    assert.equal((await api.get(path, stranger.basic)).status, 404);
    assert.equal((await api.delete(path, stranger.basic)).status, 404);
    assert.equal((await api.get(`/repos/${owner.login}/secret/subscribers`, stranger.basic)).status, 404);
    const theirs = await api.get(`/users/${owner.login}/subscriptions`, stranger.basic);
    assert.deepEqual(theirs.body.map((r: { name: string }) => r.name), ['watched'], 'the private one is left out');
    const own = await api.get(`/users/${owner.login}/subscriptions`, owner.basic);
    assert.deepEqual(own.body.map((r: { name: string }) => r.name).sort(), ['secret', 'watched']);
  });

  it('the subscription routes need a signed-in caller, and a read-only token cannot watch', async () => {
    const path = `/repos/${owner.login}/watched/subscription`;
    assert.equal((await api.get(path)).status, 401);
    assert.equal((await put(path, undefined)).status, 401);
    assert.equal((await api.get('/user/subscriptions')).status, 401);
    const readOnly = await createToken(api, watcher, ['read:repository']);
    assert.equal((await put(path, { token: readOnly })).status, 403);
    assert.equal((await api.get(path, watcher.basic)).status, 404, 'the refused call watched nothing');
  });
});
