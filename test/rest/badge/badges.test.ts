import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccount, type TestAccount } from '../../testkit/accounts.ts';
import { adminAuth, graphql } from '../../testkit/client.ts';
import { useServer } from '../../testkit/use-server.ts';

const CREATE = 'mutation($input: CreateBadgeInput!) { createBadge(input: $input) { databaseId slug description imageUrl } }';

describe('badges', () => {
  const server = useServer();
  const { api } = server;
  let alice: TestAccount;

  before(async () => {
    alice = await createAccount(api);
  });

  const create = (slug: string, auth = adminAuth) =>
    graphql(server.url, CREATE, { input: { slug, description: `The ${slug} badge`, imageUrl: `https://example.test/${slug}.png` } }, auth);

  it('are created by site administrators through GraphQL, with a unique, well-formed slug', async () => {
    const made = await create('early-adopter');
    assert.equal(made.errors, undefined, JSON.stringify(made.errors));
    assert.equal(made.data.createBadge.slug, 'early-adopter');
    assert.equal((await create('early-adopter')).errors?.[0]?.extensions?.code, 'VALIDATION');
    assert.equal((await create('not a slug')).errors?.[0]?.extensions?.code, 'VALIDATION');
    assert.equal((await create('by-alice', alice.basic)).errors?.[0]?.extensions?.code, 'FORBIDDEN');
  });

  it('are awarded, listed and taken back over REST, with Gitea\'s Badge shape', async () => {
    await create('helper');
    await create('reviewer');
    const path = `/admin/users/${alice.login}/badges`;
    assert.deepEqual((await api.get(path, adminAuth)).body, []);
    assert.equal((await api.post(path, { badge_slugs: ['helper', 'reviewer'] }, adminAuth)).status, 204);
    // Awarding one held already changes nothing.
    assert.equal((await api.post(path, { badge_slugs: ['helper'] }, adminAuth)).status, 204);
    const listed = await api.get(path, adminAuth);
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.body.map((b: { slug: string }) => b.slug), ['helper', 'reviewer']);
    assert.deepEqual(Object.keys(listed.body[0]).sort(), ['description', 'id', 'image_url', 'slug']);
    assert.equal(listed.body[0].image_url, 'https://example.test/helper.png');
    const removed = await api.request('DELETE', path, { body: { badge_slugs: ['helper'] }, auth: adminAuth });
    assert.equal(removed.status, 204);
    assert.deepEqual((await api.get(path, adminAuth)).body.map((b: { slug: string }) => b.slug), ['reviewer']);
  });

  it('refuse an unknown slug with 422 and award none of the others', async () => {
    const bob = await createAccount(api);
    await create('known-one');
    const path = `/admin/users/${bob.login}/badges`;
    const res = await api.post(path, { badge_slugs: ['known-one', 'no-such-badge'] }, adminAuth);
    assert.equal(res.status, 422);
    assert.match(res.body.message, /no-such-badge/);
    assert.deepEqual((await api.get(path, adminAuth)).body, []);
  });

  it('are for site administrators only (403), and an unknown account is a 404', async () => {
    assert.equal((await api.get(`/admin/users/${alice.login}/badges`, alice.basic)).status, 403);
    assert.equal((await api.post(`/admin/users/${alice.login}/badges`, { badge_slugs: [] }, alice.basic)).status, 403);
    assert.equal((await api.get('/admin/users/nobody-at-all-here/badges', adminAuth)).status, 404);
  });

  it('deleted are taken from everyone who held them', async () => {
    await create('short-lived');
    const path = `/admin/users/${alice.login}/badges`;
    assert.equal((await api.post(path, { badge_slugs: ['short-lived'] }, adminAuth)).status, 204);
    const deleted = await graphql(server.url, 'mutation { deleteBadge(slug: "short-lived") }', {}, adminAuth);
    assert.equal(deleted.data.deleteBadge, true);
    assert.ok(!(await api.get(path, adminAuth)).body.some((b: { slug: string }) => b.slug === 'short-lived'));
  });
});
