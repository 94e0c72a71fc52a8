import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useServer } from '../testkit/use-server.ts';
import { adminAuth, graphql, restClient } from '../testkit/client.ts';
import { createAccount } from '../testkit/accounts.ts';

describe('GraphQL endpoint', () => {
  const server = useServer({ graphql: { MAX_DEPTH: 3, MAX_COMPLEXITY: 300, MAX_BREADTH: 200 } });

  it('serves GraphiQL to browsers at /api/graphql', async () => {
    const res = await fetch(new URL('api/graphql', server.url), { headers: { accept: 'text/html' } });
    assert.equal(res.status, 200);
    assert.match(await res.text(), /GraphiQL|graphiql/);
  });

  it('refuses a query deeper than MAX_DEPTH', async () => {
    const shallow = await graphql(server.url, '{ viewer { login } }', {}, adminAuth);
    assert.equal(shallow.errors, undefined, JSON.stringify(shallow.errors));
    const deep = await graphql(server.url, '{ users(first: 1) { edges { node { login } } } }', {}, adminAuth);
    assert.ok(deep.errors?.length, 'expected a depth error');
    assert.match(deep.errors![0].message, /depth/i);
  });

  it('refuses a query whose estimated cost exceeds MAX_COMPLEXITY', async () => {
    const fields = Array.from({ length: 12 }, (_, i) => `u${i}: users(first: 100) { nodes { login email } }`).join(' ');
    const res = await graphql(server.url, `{ ${fields} }`, {}, adminAuth);
    assert.ok(res.errors?.length, 'expected a complexity error');
    assert.match(res.errors![0].message, /complexity/i);
  });

  it('reports a domain error with its kind in extensions.code and a variable error as invalid input', async () => {
    const api = restClient(server.url);
    await createAccount(api, { login: 'taken' });
    const res = await graphql(server.url, 'mutation($i: CreateUserInput!) { createUser(input: $i) { login } }', {
      i: { login: 'taken', email: 'new@example.test', password: 'long-enough-1' },
    }, adminAuth);
    assert.equal(res.errors?.[0].extensions?.code, 'VALIDATION', 'a taken login is invalid input (422 in REST), as in Gitea');
    const bad = await graphql(server.url, 'mutation($i: CreateUserInput!) { createUser(input: $i) { login } }', { i: { login: 'x' } }, adminAuth);
    assert.ok(bad.errors?.length);
  });

  it('gives the same global id back through node()', async () => {
    const viewer = await graphql(server.url, '{ viewer { id login } }', {}, adminAuth);
    const id = viewer.data.viewer.id;
    const node = await graphql(server.url, 'query($id: ID!) { node(id: $id) { ... on User { login } } }', { id }, adminAuth);
    assert.equal(node.data.node.login, viewer.data.viewer.login);
  });
});
