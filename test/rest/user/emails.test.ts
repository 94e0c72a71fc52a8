import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { adminAuth } from '../../testkit/client.ts';
import { useServer } from '../../testkit/use-server.ts';

type Email = { email: string; primary: boolean; verified: boolean; user_id: number; username: string };

describe('e-mail addresses', () => {
  const server = useServer();
  const { api } = server;
  let alice: TestAccount;
  let bob: TestAccount;

  before(async () => {
    [alice, bob] = await createAccounts(api, 2);
  });

  it('lists the primary address first, verified, and adds further ones (201 with every address)', async () => {
    const listed = await api.get('/user/emails', alice.basic);
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.body, [{ email: alice.email, primary: true, verified: true, user_id: alice.id, username: alice.login }]);
    const added = await api.post('/user/emails', { emails: [`a1-${alice.login}@example.test`, `A2-${alice.login}@example.test`] }, alice.basic);
    assert.equal(added.status, 201, JSON.stringify(added.body));
    assert.deepEqual(added.body.map((e: Email) => [e.email, e.primary, e.verified]), [
      [alice.email, true, true],
      [`a1-${alice.login}@example.test`, false, true],
      [`A2-${alice.login}@example.test`, false, true],
    ]);
    assert.deepEqual((await api.get('/user/emails', alice.basic)).body, added.body);
  });

  it('refuses an empty list, an invalid address, or one any account holds (any case), with 422, adding none of the list', async () => {
    for (const emails of [[], ['not an address'], [bob.email.toUpperCase()], [alice.email], [`a1-${alice.login}@example.test`], [`new-${alice.login}@example.test`, 'bad address']]) {
      const res = await api.post('/user/emails', { emails }, alice.basic);
      assert.equal(res.status, 422, `${JSON.stringify(emails)}: ${JSON.stringify(res.body)}`);
    }
    const bobs = await api.post('/user/emails', { emails: [`A1-${alice.login}@example.test`] }, bob.basic);
    assert.equal(bobs.status, 422, 'another account holds it as a further address');
    assert.equal((await api.get('/user/emails', alice.basic)).body.length, 3);
  });

  it('refuses to create or give an account an address another account holds as a further one', async () => {
    const create = await api.post('/admin/users', { username: `taker${process.pid}`, email: `a1-${alice.login}@example.test`, password: 'long-enough-1' }, adminAuth);
    assert.equal(create.status, 422, JSON.stringify(create.body));
    const edit = await api.patch(`/admin/users/${bob.login}`, { source_id: 0, login_name: bob.login, email: `A2-${alice.login}@example.test` }, adminAuth);
    assert.equal(edit.status, 400, JSON.stringify(edit.body));
  });

  it('deletes further addresses; an address the caller does not hold is 404 and the primary address 422, deleting none', async () => {
    const missing = await api.request('DELETE', '/user/emails', { body: { emails: [`a1-${alice.login}@example.test`, 'nobody@example.test'] }, auth: alice.basic });
    assert.equal(missing.status, 404, JSON.stringify(missing.body));
    assert.equal((await api.request('DELETE', '/user/emails', { body: { emails: [alice.email] }, auth: alice.basic })).status, 422);
    assert.equal((await api.request('DELETE', '/user/emails', { body: { emails: [`a1-${alice.login}@example.test`] }, auth: bob.basic })).status, 404);
    assert.equal((await api.get('/user/emails', alice.basic)).body.length, 3);
    assert.equal((await api.request('DELETE', '/user/emails', { body: { emails: [`A1-${alice.login}@EXAMPLE.test`] }, auth: alice.basic })).status, 204);
    assert.equal((await api.request('DELETE', '/user/emails', { body: { emails: [] }, auth: alice.basic })).status, 204);
    assert.deepEqual((await api.get('/user/emails', alice.basic)).body.map((e: Email) => e.email), [alice.email, `A2-${alice.login}@example.test`]);
  });

  it('finds accounts by further addresses in user search for site admins only', async () => {
    const q = `/users/search?q=${encodeURIComponent(`a2-${alice.login}`)}`;
    assert.deepEqual((await api.get(q, adminAuth)).body.data.map((u: { login: string }) => u.login), [alice.login]);
    assert.deepEqual((await api.get(q, bob.basic)).body.data, []);
    assert.deepEqual((await api.get(q)).body.data, []);
    assert.deepEqual((await api.get(q, alice.basic)).body.data.map((u: { login: string }) => u.login), [alice.login], 'one finds oneself');
  });

  it('lists and searches every address for site admins, paged with counts, and refuses others with 403', async () => {
    assert.equal((await api.get('/admin/emails', alice.basic)).status, 403);
    assert.equal((await api.get('/admin/emails/search?q=x', alice.basic)).status, 403);
    const all = await api.get('/admin/emails?limit=50', adminAuth);
    assert.equal(all.status, 200);
    const total = Number(all.headers.get('x-total-count'));
    assert.ok(total >= 4);
    const emails = all.body.map((e: Email) => e.email.toLowerCase());
    assert.deepEqual(emails, [...emails].sort());
    const found = await api.get(`/admin/emails/search?q=${alice.login}`, adminAuth);
    assert.deepEqual(found.body.map((e: Email) => [e.email, e.primary, e.username]), [
      [`A2-${alice.login}@example.test`, false, alice.login],
      [alice.email, true, alice.login],
    ]);
    assert.equal(found.headers.get('x-total-count'), '2');
    const paged = await api.get(`/admin/emails/search?q=${alice.login}&limit=1&page=2`, adminAuth);
    assert.deepEqual(paged.body.map((e: Email) => e.email), [alice.email]);
    assert.deepEqual((await api.get('/admin/emails/search?q=%25', adminAuth)).body, [], 'a % in the text is looked for as itself');
  });

  it('lists a page of 50 addresses with the statements of a page of 1', async () => {
    await createAccounts(api, 3);
    const cost = async (limit: number) => {
      server.app.caches.clear();
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await api.get(`/admin/emails?limit=${limit}`, adminAuth);
      assert.equal(res.status, 200);
      return server.app.database.queryCount() - before;
    };
    assert.equal(await cost(50), await cost(1));
  });
});
