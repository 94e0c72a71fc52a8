import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { useServer } from '../../testkit/use-server.ts';
import { createAccount, createAccounts, createToken, type TestAccount } from '../../testkit/accounts.ts';
import { buildRepo } from '../../testkit/repos.ts';

describe('stars over REST', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let fan: TestAccount;
  let stranger: TestAccount;
  before(async () => {
    [owner, fan, stranger] = await createAccounts(api, 3);
    await Promise.all([
      ...['shine', 'listed', 'paged'].map((name) => buildRepo(server, owner, { name })),
      buildRepo(server, owner, { name: 'hidden', private: true }),
    ]);
  });

  const put = (path: string, auth: TestAccount['basic']) => api.request('PUT', path, { auth });

  it('a star round trip counts once on the repository and on the account, however often it is repeated', async () => {
    const path = `/user/starred/${owner.login}/shine`;
    assert.equal((await api.get(path, fan.basic)).status, 404, 'not starred yet');
    assert.equal((await put(path, fan.basic)).status, 204);
    assert.equal((await put(path, fan.basic)).status, 204, 'starring again is fine');
    assert.equal((await api.get(path, fan.basic)).status, 204);
    assert.equal((await api.get(`/repos/${owner.login}/shine`, fan.basic)).body.stars_count, 1);
    assert.equal((await api.get('/user', fan.basic)).body.starred_repos_count, 1);
    const mine = await api.get('/user/starred', fan.basic);
    assert.deepEqual(mine.body.map((r: { full_name: string }) => r.full_name), [`${owner.login}/shine`]);

    assert.equal((await api.delete(path, fan.basic)).status, 204);
    assert.equal((await api.delete(path, fan.basic)).status, 204, 'removing a star that is not there is fine');
    assert.equal((await api.get(path, fan.basic)).status, 404);
    assert.equal((await api.get(`/repos/${owner.login}/shine`, fan.basic)).body.stars_count, 0);
    assert.equal((await api.get('/user', fan.basic)).body.starred_repos_count, 0);
    assert.deepEqual((await api.get('/user/starred', fan.basic)).body, []);
  });

  it('concurrent stars by one account count once', async () => {
    const racer = await createAccount(api);
    const path = `/user/starred/${owner.login}/listed`;
    const before = (await api.get(`/repos/${owner.login}/listed`)).body.stars_count;
    const answers = await Promise.all(Array.from({ length: 6 }, () => put(path, racer.basic)));
    assert.deepEqual(answers.map((a) => a.status), [204, 204, 204, 204, 204, 204]);
    assert.equal((await api.get(`/repos/${owner.login}/listed`)).body.stars_count, before + 1);
    assert.equal((await api.get('/user', racer.basic)).body.starred_repos_count, 1);
    assert.equal((await api.delete(path, racer.basic)).status, 204);
  });

  it('a private repository is 404 to strangers on every star route, and left out of the lists they see', async () => {
    assert.equal((await put(`/user/starred/${owner.login}/hidden`, owner.basic)).status, 204);
    assert.equal((await put(`/user/starred/${owner.login}/hidden`, stranger.basic)).status, 404);
    assert.equal((await api.get(`/user/starred/${owner.login}/hidden`, stranger.basic)).status, 404);
    assert.equal((await api.delete(`/user/starred/${owner.login}/hidden`, stranger.basic)).status, 404);
    assert.equal((await api.get(`/repos/${owner.login}/hidden/stargazers`, stranger.basic)).status, 404);
    assert.equal((await api.get(`/repos/${owner.login}/hidden/stargazers`)).status, 404);
    const seenByOwner = await api.get(`/users/${owner.login}/starred`, owner.basic);
    assert.ok(seenByOwner.body.some((r: { name: string }) => r.name === 'hidden'));
    const seenByStranger = await api.get(`/users/${owner.login}/starred`, stranger.basic);
    assert.equal(seenByStranger.status, 200);
    assert.ok(!seenByStranger.body.some((r: { name: string }) => r.name === 'hidden'));
    assert.equal(seenByStranger.headers.get('x-total-count'), String(seenByStranger.body.length));
    assert.equal((await api.delete(`/user/starred/${owner.login}/hidden`, owner.basic)).status, 204);
  });

  it('lists stargazers and starred repositories a page at a time with X-Total-Count and Link', async () => {
    for (const who of [owner, fan, stranger]) assert.equal((await put(`/user/starred/${owner.login}/paged`, who.basic)).status, 204);
    const first = await api.get(`/repos/${owner.login}/paged/stargazers?limit=2`);
    assert.equal(first.status, 200);
    assert.deepEqual(first.body.map((u: { login: string }) => u.login), [owner.login, fan.login]);
    assert.equal(first.headers.get('x-total-count'), '3');
    assert.match(first.headers.get('link') ?? '', /[?&]page=2[&>][^,]*; rel="next"/);
    const second = await api.get(`/repos/${owner.login}/paged/stargazers?limit=2&page=2`);
    assert.deepEqual(second.body.map((u: { login: string }) => u.login), [stranger.login]);

    assert.equal((await put(`/user/starred/${owner.login}/listed`, fan.basic)).status, 204);
    const starred = await api.get(`/users/${fan.login}/starred?limit=1`);
    assert.equal(starred.headers.get('x-total-count'), '2');
    assert.deepEqual(starred.body.map((r: { name: string }) => r.name), ['listed'], 'most recent star first');
    assert.equal((await api.get('/users/nobody-here/starred')).status, 404);
  });

  it('the /user/starred routes need a signed-in caller, and a read-only token cannot star', async () => {
    assert.equal((await api.get('/user/starred')).status, 401);
    assert.equal((await put(`/user/starred/${owner.login}/shine`, undefined)).status, 401);
    assert.equal((await api.get(`/user/starred/${owner.login}/shine`)).status, 401);
    const readOnly = await createToken(api, fan, ['read:user']);
    const refused = await put(`/user/starred/${owner.login}/shine`, { token: readOnly });
    assert.equal(refused.status, 403);
    assert.match(refused.body.message, /write:user/);
    assert.equal((await api.get(`/user/starred/${owner.login}/shine`, fan.basic)).status, 404, 'the refused call starred nothing');
    const writer = await createToken(api, fan, ['write:user']);
    assert.equal((await put(`/user/starred/${owner.login}/shine`, { token: writer })).status, 204);
    assert.equal((await api.get(`/user/starred/${owner.login}/shine`, { token: readOnly })).status, 204);
  });

  it('listing starred repositories with a token needs read:repository as well as read:user', async () => {
    const userOnly = await createToken(api, fan, ['read:user']);
    assert.equal((await api.get('/user/starred', { token: userOnly })).status, 403);
    const both = await createToken(api, fan, ['read:user', 'read:repository']);
    const listed = await api.get('/user/starred', { token: both });
    assert.equal(listed.status, 200);
    assert.ok(Array.isArray(listed.body));
  });

  it('a page of 10 starred repositories or stargazers costs the same SQL statements as a page of 1', async () => {
    const busy = await createAccount(api);
    for (let i = 0; i < 10; i++) {
      await buildRepo(server, busy, { name: `b${i}` });
      assert.equal((await put(`/user/starred/${busy.login}/b${i}`, busy.basic)).status, 204);
    }
    const gazers: TestAccount[] = [];
    for (let i = 0; i < 10; i++) gazers.push(await createAccount(api));
    for (const g of gazers) assert.equal((await put(`/user/starred/${busy.login}/b0`, g.basic)).status, 204);
    const cost = async (path: string, length: number) => {
      // Cold caches each time: a row read once per item must not hide behind an earlier request's reads.
      server.app.caches.clear();
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await api.get(path, stranger.basic);
      const spent = server.app.database.queryCount() - before;
      assert.equal(res.body.length, length, `${path}: ${JSON.stringify(res.body)}`);
      return spent;
    };
    assert.equal(await cost(`/users/${busy.login}/starred?limit=10`, 10), await cost(`/users/${busy.login}/starred?limit=1`, 1));
    assert.equal(await cost(`/repos/${busy.login}/b0/stargazers?limit=10`, 10), await cost(`/repos/${busy.login}/b0/stargazers?limit=1`, 1));
  });
});

describe('stars switched off with repository.STARS_DISABLED', () => {
  const server = useServer({ repository: { STARS_DISABLED: true } });
  const { api } = server;
  let owner: TestAccount;
  before(async () => {
    owner = await createAccount(api);
    await buildRepo(server, owner, { name: 'plain' });
  });

  it('answers 404 on every star route while the repository itself stays readable', async () => {
    const path = `/user/starred/${owner.login}/plain`;
    for (const res of [
      await api.request('PUT', path, { auth: owner.basic }),
      await api.get(path, owner.basic),
      await api.delete(path, owner.basic),
      await api.get('/user/starred', owner.basic),
      await api.get(`/users/${owner.login}/starred`),
      await api.get(`/repos/${owner.login}/plain/stargazers`),
    ]) {
      assert.equal(res.status, 404, JSON.stringify(res.body));
    }
    assert.equal((await api.get(`/repos/${owner.login}/plain`)).status, 200);
  });
});
