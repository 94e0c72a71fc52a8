import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccount, createToken, type TestAccount } from '../testkit/accounts.ts';
import { graphql, type GraphQLResult } from '../testkit/client.ts';
import { createOrg, type TestOrg } from '../testkit/orgs.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

const codes = (res: GraphQLResult) => (res.errors ?? []).map((e) => e.extensions?.code);

describe('the token scope a type needs is checked where a field hands out its objects', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let org: TestOrg;
  let userOnly: string;

  before(async () => {
    owner = await createAccount(api);
    org = await createOrg(server, [owner]);
    await buildRepo(server, owner, { name: 'scoped', autoInit: true });
    userOnly = await createToken(api, owner, ['read:user']);
  });

  it('refuses a repository to a token without read:repository with one FORBIDDEN error, not one per field', async () => {
    const res = await graphql(server.url, 'query($o: String!) { repository(owner: $o, name: "scoped") { name fullName isPrivate owner { login } } }', { o: owner.login }, { token: userOnly });
    assert.equal(res.data?.repository ?? null, null);
    assert.deepEqual(codes(res), ['FORBIDDEN']);
  });

  it('refuses the repositories of a connection, while the fields around them still answer', async () => {
    const query = 'query($o: String!) { user(login: $o) { login repositories(first: 5) { totalCount nodes { name } } } }';
    const res = await graphql(server.url, query, { o: owner.login }, { token: userOnly });
    assert.deepEqual(codes(res), ['FORBIDDEN']);
    assert.equal(res.data?.user?.login ?? owner.login, owner.login);
    const allowed = await graphql(server.url, query, { o: owner.login }, { token: await createToken(api, owner, ['read:user', 'read:repository']) });
    assert.deepEqual(codes(allowed), []);
    assert.deepEqual(allowed.data.user.repositories.nodes.map((r: { name: string }) => r.name), ['scoped']);
  });

  it('refuses an organization to a token without read:organization, and gives it to one with it', async () => {
    const query = 'query($o: String!) { organization(login: $o) { login } }';
    const denied = await graphql(server.url, query, { o: org.login }, { token: userOnly });
    assert.equal(denied.data?.organization ?? null, null);
    assert.deepEqual(codes(denied), ['FORBIDDEN']);
    const allowed = await graphql(server.url, query, { o: org.login }, { token: await createToken(api, owner, ['read:organization']) });
    assert.deepEqual(allowed.data, { organization: { login: org.login } });
  });

  it('lets a password session, which holds every scope, read them all', async () => {
    const res = await graphql(server.url, 'query($o: String!) { repository(owner: $o, name: "scoped") { name } }', { o: owner.login }, owner.basic);
    assert.deepEqual(res.data, { repository: { name: 'scoped' } });
  });

  it('refuses a field that needs a token scope (tokenScope) to a token without it, naming the scope, and runs nothing of it', async () => {
    const mutation = 'mutation($n: String!) { createRepository(input: { name: $n }) { name } }';
    const denied = await graphql(server.url, mutation, { n: 'refused' }, { token: await createToken(api, owner, ['read:repository']) });
    assert.deepEqual(codes(denied), ['FORBIDDEN']);
    assert.match(denied.errors![0].message, /write:repository/);
    assert.equal((await api.get(`/repos/${owner.login}/refused`, owner.basic)).status, 404);
    const allowed = await graphql(server.url, mutation, { n: 'allowed' }, { token: await createToken(api, owner, ['write:repository']) });
    assert.deepEqual(codes(allowed), []);
    assert.deepEqual(allowed.data, { createRepository: { name: 'allowed' } });
  });
});
