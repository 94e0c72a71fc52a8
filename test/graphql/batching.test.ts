import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { useServer } from '../testkit/use-server.ts';
import { adminAuth, graphql, restClient } from '../testkit/client.ts';
import { createAccount } from '../testkit/accounts.ts';

describe('query cost per request', () => {
  const server = useServer();
  before(async () => {
    for (let i = 0; i < 30; i++) await createAccount(server.api, { login: `batch${i}` });
  });

  const queriesFor = async (run: () => Promise<unknown>) => {
    const before = server.app.database.queryCount();
    await run();
    return server.app.database.queryCount() - before;
  };

  it('a page of 30 users costs the same number of SQL statements as a page of 1', async () => {
    const query = 'query($n: Int) { users(first: $n, query: "batch") { totalCount nodes { login email fullName createdAt } } }';
    // Once before measuring: the caller's account then comes from the cache for both pages alike.
    await graphql(server.url, query, { n: 1 }, adminAuth);
    const one = await queriesFor(() => graphql(server.url, query, { n: 1 }, adminAuth));
    const thirty = await queriesFor(async () => {
      const res = await graphql(server.url, query, { n: 30 }, adminAuth);
      assert.equal(res.data.users.nodes.length, 30);
    });
    assert.equal(thirty, one);
  });

  it('the REST list of users is a bounded number of statements, whatever its length', async () => {
    const api = restClient(server.url);
    const short = await queriesFor(() => api.get('/admin/users?limit=2', adminAuth));
    const long = await queriesFor(async () => {
      const res = await api.get('/admin/users?limit=30', adminAuth);
      assert.equal(res.body.length, 30);
    });
    assert.equal(long, short);
    assert.ok(long <= 4, `expected at most 4 statements, got ${long}`);
  });
});
