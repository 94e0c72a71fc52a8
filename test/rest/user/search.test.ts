import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { useServer } from '../../testkit/use-server.ts';
import { adminAuth } from '../../testkit/client.ts';
import { createAccount, type TestAccount } from '../../testkit/accounts.ts';

describe('user search and pagination', () => {
  const { api } = useServer({ api: { DEFAULT_PAGING_NUM: 4, MAX_RESPONSE_ITEMS: 6 } });
  const made: TestAccount[] = [];
  before(async () => {
    for (let i = 0; i < 9; i++) made.push(await createAccount(api, { login: `pager${i}` }));
    made.push(await createAccount(api, { login: 'secretive', visibility: 'private' }));
    made.push(await createAccount(api, { login: 'insider', visibility: 'limited' }));
  });

  it('finds accounts by part of the login, and by e-mail only for site admins', async () => {
    const byLogin = await api.get('/users/search?q=pager3');
    assert.equal(byLogin.status, 200);
    assert.equal(byLogin.body.ok, true);
    assert.deepEqual(byLogin.body.data.map((u: { login: string }) => u.login), ['pager3']);
    const byEmail = await api.get('/users/search?q=pager5@example.test', adminAuth);
    assert.deepEqual(byEmail.body.data.map((u: { login: string }) => u.login), ['pager5']);
    assert.deepEqual((await api.get('/users/search?q=pager5@example.test')).body.data, [], 'private addresses find nothing for others');
    assert.deepEqual((await api.get('/users/search?q=pager5@example.test', made[1].basic)).body.data, []);
  });

  it('pages with page and limit, sends X-Total-Count and Link, and ignores per_page', async () => {
    const first = await api.get('/users/search?q=pager&limit=4&page=1');
    assert.equal(first.body.data.length, 4);
    assert.equal(first.headers.get('x-total-count'), '9');
    const links = Object.fromEntries(
      (first.headers.get('link') ?? '').split(',').map((part) => {
        const [, url, rel] = /<([^>]+)>; rel="(\w+)"/.exec(part)!;
        return [rel, new URL(url).searchParams.get('page')];
      }),
    );
    assert.deepEqual(links, { next: '2', last: '3' });
    const third = await api.get('/users/search?q=pager&limit=4&page=3');
    assert.deepEqual(third.body.data.map((u: { login: string }) => u.login), ['pager8']);
    assert.match(third.headers.get('link') ?? '', /rel="prev"/);
    const perPage = await api.get('/users/search?q=pager&per_page=2');
    assert.equal(perPage.body.data.length, 4, 'per_page is not a pagination parameter; DEFAULT_PAGING_NUM applies');
  });

  it('caps limit at MAX_RESPONSE_ITEMS', async () => {
    const res = await api.get('/users/search?q=pager&limit=100');
    assert.equal(res.body.data.length, 6);
  });

  it('shows private accounts only to admins and limited ones only to signed-in callers', async () => {
    const anonymous = await api.get('/users/search?q=secretive');
    assert.equal(anonymous.body.data.length, 0);
    const admin = await api.get('/users/search?q=secretive', adminAuth);
    assert.equal(admin.body.data.length, 1);
    assert.equal((await api.get('/users/search?q=insider')).body.data.length, 0);
    assert.equal((await api.get('/users/search?q=insider', made[0].basic)).body.data.length, 1);
  });

  it('filters by uid', async () => {
    const res = await api.get(`/users/search?uid=${made[2].id}`);
    assert.deepEqual(res.body.data.map((u: { login: string }) => u.login), ['pager2']);
  });
});
