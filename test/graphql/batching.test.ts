import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { useServer } from '../testkit/use-server.ts';
import { adminAuth, graphql, restClient } from '../testkit/client.ts';
import { createAccount, createAccounts } from '../testkit/accounts.ts';

const globalId = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');

describe('query cost per request', () => {
  const server = useServer();
  before(async () => {
    for (let i = 0; i < 30; i++) await createAccount(server.api, { login: `batch${i}` });
  });

  const queriesFor = async (run: () => Promise<unknown>) => {
    await server.app.backgroundIdle();
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

  it('repositories found by id get their owners in one batch: the owners of ten cost what the owner of one costs', async () => {
    const owners = await createAccounts(server.api, 12);
    const ids: number[] = [];
    for (const owner of owners) ids.push((await server.api.post('/user/repos', { name: 'owned' }, owner.basic)).body.id);
    const bare = 'query($ids: [ID!]!) { nodes(ids: $ids) { ... on Repository { name } } }';
    const withOwners = 'query($ids: [ID!]!) { nodes(ids: $ids) { ... on Repository { fullName owner { login } } } }';
    /** The statements the owners add to the same lookup, measured before anything reads those owners. */
    const ownersCost = async (some: number[]) => {
      const variables = { ids: some.map((id) => globalId('Repository', id)) };
      const without = await queriesFor(() => graphql(server.url, bare, variables, adminAuth));
      let names: string[] = [];
      const withThem = await queriesFor(async () => {
        names = (await graphql(server.url, withOwners, variables, adminAuth)).data.nodes.map((n: { fullName: string }) => n.fullName);
      });
      return { names, statements: withThem - without };
    };
    await ownersCost(ids.slice(0, 1)); // once before measuring: both documents are then compiled and the caller cached
    const one = await ownersCost(ids.slice(1, 2));
    const ten = await ownersCost(ids.slice(2));
    assert.deepEqual(ten.names, owners.slice(2).map((o) => `${o.login}/owned`));
    assert.equal(ten.statements, one.statements);
    assert.ok(ten.statements <= 1, `the owners took ${ten.statements} statements`);
  });
});
