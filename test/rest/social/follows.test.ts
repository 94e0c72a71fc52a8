import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { useServer } from '../../testkit/use-server.ts';
import { createAccount, createAccounts, createToken, type TestAccount } from '../../testkit/accounts.ts';

describe('follows over REST', () => {
  const server = useServer();
  const { api } = server;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;
  let hermit: TestAccount;
  before(async () => {
    [alice, bob, carol] = await createAccounts(api, 3);
    hermit = await createAccount(api, { visibility: 'private' });
  });

  const put = (path: string, auth: TestAccount['basic']) => api.request('PUT', path, { auth });
  const logins = (body: { login: string }[]) => body.map((u) => u.login);

  it('following updates both counts and every list; following again changes nothing; unfollowing undoes it', async () => {
    assert.equal((await api.get(`/user/following/${bob.login}`, alice.basic)).status, 404, 'not following yet');
    assert.equal((await put(`/user/following/${bob.login}`, alice.basic)).status, 204);
    assert.equal((await put(`/user/following/${bob.login}`, alice.basic)).status, 204, 'following again is fine');
    assert.equal((await api.get(`/user/following/${bob.login}`, alice.basic)).status, 204);
    assert.equal((await api.get(`/users/${alice.login}/following/${bob.login}`)).status, 204);
    assert.equal((await api.get(`/users/${bob.login}/following/${alice.login}`)).status, 404, 'following is one way');
    assert.equal((await api.get(`/users/${bob.login}`)).body.followers_count, 1);
    assert.equal((await api.get(`/users/${alice.login}`)).body.following_count, 1);
    assert.deepEqual(logins((await api.get('/user/following', alice.basic)).body), [bob.login]);
    assert.deepEqual(logins((await api.get('/user/followers', bob.basic)).body), [alice.login]);
    assert.deepEqual(logins((await api.get(`/users/${bob.login}/followers`)).body), [alice.login]);
    assert.deepEqual(logins((await api.get(`/users/${alice.login}/following`)).body), [bob.login]);

    assert.equal((await api.delete(`/user/following/${bob.login}`, alice.basic)).status, 204);
    assert.equal((await api.delete(`/user/following/${bob.login}`, alice.basic)).status, 204, 'unfollowing twice is fine');
    assert.equal((await api.get(`/user/following/${bob.login}`, alice.basic)).status, 404);
    assert.equal((await api.get(`/users/${bob.login}`)).body.followers_count, 0);
    assert.equal((await api.get(`/users/${alice.login}`)).body.following_count, 0);
    assert.deepEqual((await api.get(`/users/${bob.login}/followers`)).body, []);
  });

  it('following yourself is refused with 422 and a clear message', async () => {
    const res = await put(`/user/following/${alice.login}`, alice.basic);
    assert.equal(res.status, 422);
    assert.match(res.body.message, /cannot follow yourself/);
    assert.equal((await api.get(`/users/${alice.login}`)).body.following_count, 0);
  });

  it('a hidden account is 404 to follow or check, and is left out of the lists others see', async () => {
    assert.equal((await put(`/user/following/${hermit.login}`, alice.basic)).status, 404);
    assert.equal((await api.get(`/user/following/${hermit.login}`, alice.basic)).status, 404);
    assert.equal((await api.get(`/users/${hermit.login}/followers`, alice.basic)).status, 404);
    assert.equal((await put(`/user/following/${carol.login}`, hermit.basic)).status, 204, 'a private account may follow others');
    assert.equal((await put(`/user/following/${carol.login}`, bob.basic)).status, 204);
    const seen = await api.get(`/users/${carol.login}/followers`, alice.basic);
    assert.deepEqual(logins(seen.body), [bob.login]);
    assert.equal(seen.headers.get('x-total-count'), '1');
    assert.deepEqual(logins((await api.get(`/users/${carol.login}/followers`, hermit.basic)).body), [hermit.login, bob.login]);
    assert.equal((await api.get(`/users/${carol.login}`)).body.followers_count, 2, 'the count is of every follower');
  });

  it('lists followers a page at a time with X-Total-Count and Link', async () => {
    const star = await createAccount(api);
    const fans: TestAccount[] = [];
    for (let i = 0; i < 3; i++) {
      fans.push(await createAccount(api));
      assert.equal((await put(`/user/following/${star.login}`, fans[i].basic)).status, 204);
    }
    const first = await api.get(`/users/${star.login}/followers?limit=2`);
    assert.deepEqual(logins(first.body), [fans[0].login, fans[1].login]);
    assert.equal(first.headers.get('x-total-count'), '3');
    assert.match(first.headers.get('link') ?? '', /rel="next"/);
    const second = await api.get(`/users/${star.login}/followers?limit=2&page=2`);
    assert.deepEqual(logins(second.body), [fans[2].login]);
  });

  it('the /user/follow* routes need a signed-in caller, and a read-only token cannot follow', async () => {
    assert.equal((await api.get('/user/followers')).status, 401);
    assert.equal((await api.get('/user/following')).status, 401);
    assert.equal((await put(`/user/following/${bob.login}`, undefined)).status, 401);
    const readOnly = await createToken(api, alice, ['read:user']);
    const refused = await put(`/user/following/${bob.login}`, { token: readOnly });
    assert.equal(refused.status, 403);
    assert.equal((await api.get(`/user/following/${bob.login}`, { token: readOnly })).status, 404, 'the refused call followed nobody');
  });

  it('a page of 10 followers costs the same SQL statements as a page of 1', async () => {
    const popular = await createAccount(api);
    for (let i = 0; i < 10; i++) {
      const fan = await createAccount(api);
      assert.equal((await put(`/user/following/${popular.login}`, fan.basic)).status, 204);
    }
    const cost = async (limit: number) => {
      // Cold caches each time: a row read once per item must not hide behind an earlier request's reads.
      server.app.caches.clear();
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await api.get(`/users/${popular.login}/followers?limit=${limit}`, alice.basic);
      const spent = server.app.database.queryCount() - before;
      assert.equal(res.body.length, limit);
      return spent;
    };
    assert.equal(await cost(10), await cost(1));
  });
});
