import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { adminAuth } from '../../testkit/client.ts';
import { buildRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

describe('user settings', () => {
  const server = useServer();
  const { api } = server;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;

  before(async () => {
    [alice, bob, carol] = await createAccounts(api, 3);
  });

  it("answers the caller's settings with Gitea's defaults", async () => {
    const res = await api.get('/user/settings', carol.basic);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body, {
      full_name: '', website: '', description: '', location: '', language: '', theme: '', diff_view_style: '', hide_email: false, hide_activity: false,
    });
    assert.equal((await api.get('/user/settings')).status, 401);
  });

  it('changes the members sent and keeps the others', async () => {
    const res = await api.patch('/user/settings', { full_name: 'Carol C.', theme: 'gitea-dark', diff_view_style: 'split', language: 'de-DE' }, carol.basic);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.full_name, 'Carol C.');
    assert.equal(res.body.diff_view_style, 'split');
    const again = await api.patch('/user/settings', { location: 'Berlin' }, carol.basic);
    assert.deepEqual(
      [again.body.full_name, again.body.theme, again.body.diff_view_style, again.body.language, again.body.location],
      ['Carol C.', 'gitea-dark', 'split', 'de-DE', 'Berlin'],
    );
    assert.equal((await api.get(`/users/${carol.login}`)).body.full_name, 'Carol C.');
  });

  it('refuses a diff layout other than unified or split, a website that is not a URL and values too long with 422', async () => {
    for (const body of [{ diff_view_style: 'sideways' }, { website: 'example.org' }, { theme: 'x'.repeat(31) }, { full_name: 'x'.repeat(101) }]) {
      const res = await api.patch('/user/settings', body, carol.basic);
      assert.equal(res.status, 422, `${JSON.stringify(body)}: ${JSON.stringify(res.body)}`);
    }
  });

  it('shows the e-mail address to other signed-in accounts until hide_email, then the no-reply address to everyone but the account and site admins, at once', async () => {
    const noReply = `${alice.login.toLowerCase()}@noreply.${new URL(server.url).hostname}`;
    const seen = async () => ({
      anonymous: (await api.get(`/users/${alice.login}`)).body.email,
      other: (await api.get(`/users/${alice.login}`, bob.basic)).body.email,
      self: (await api.get('/user', alice.basic)).body.email,
      admin: (await api.get(`/users/${alice.login}`, adminAuth)).body.email,
      searched: (await api.get(`/users/search?q=${alice.login}`, bob.basic)).body.data[0].email,
      graphql: (await server.graphql('query($l: String!) { user(login: $l) { email } }', { l: alice.login }, bob.basic)).data?.user.email,
    });
    assert.deepEqual(await seen(), { anonymous: noReply, other: alice.email, self: alice.email, admin: alice.email, searched: alice.email, graphql: alice.email });
    assert.equal((await api.patch('/user/settings', { hide_email: true }, alice.basic)).body.hide_email, true);
    assert.deepEqual(await seen(), { anonymous: noReply, other: noReply, self: alice.email, admin: alice.email, searched: noReply, graphql: noReply });
    assert.equal((await api.patch('/user/settings', { hide_email: false }, alice.basic)).status, 200);
    assert.equal((await api.get(`/users/${alice.login}`, bob.basic)).body.email, alice.email);
  });

  it('hide_activity empties the feed and heatmap of the account and hides its entries in other feeds for everyone but the account and site admins, at once', async () => {
    const repo = await buildRepo(server, bob, { files: { 'a.txt': 'a\n' } });
    assert.equal((await api.post(`${repo.path}/issues`, { title: 'From alice' }, alice.basic)).status, 201);
    await server.app.backgroundIdle();
    const count = async (path: string, auth?: typeof alice.basic) => {
      const res = await api.get(path, auth);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.length;
    };
    const views = async () => ({
      feedOthers: await count(`/users/${alice.login}/activities/feeds`, bob.basic),
      feedAnonymous: await count(`/users/${alice.login}/activities/feeds`),
      feedSelf: await count(`/users/${alice.login}/activities/feeds`, alice.basic),
      feedAdmin: await count(`/users/${alice.login}/activities/feeds`, adminAuth),
      heatmapOthers: await count(`/users/${alice.login}/heatmap`, bob.basic),
      heatmapSelf: await count(`/users/${alice.login}/heatmap`, alice.basic),
      repoFeedOthers: await count(`${repo.path}/activities/feeds`, bob.basic),
      repoFeedAdmin: await count(`${repo.path}/activities/feeds`, adminAuth),
    });
    const shown = await views();
    assert.deepEqual(Object.values(shown).map((n) => n > 0), Array(8).fill(true), JSON.stringify(shown));
    assert.equal((await api.patch('/user/settings', { hide_activity: true }, alice.basic)).body.hide_activity, true);
    const hidden = await views();
    assert.equal(hidden.feedOthers, 0);
    assert.equal(hidden.feedAnonymous, 0);
    assert.equal(hidden.heatmapOthers, 0);
    assert.equal(hidden.feedSelf, shown.feedSelf);
    assert.equal(hidden.feedAdmin, shown.feedAdmin);
    assert.equal(hidden.heatmapSelf, shown.heatmapSelf);
    assert.equal(hidden.repoFeedOthers, shown.repoFeedOthers - 1, "alice's issue leaves bob's repository feed");
    assert.equal(hidden.repoFeedAdmin, shown.repoFeedAdmin);
    const gql = await server.graphql('query($l: String!) { user(login: $l) { activities(first: 10) { totalCount } heatmap { contributions } } }', { l: alice.login }, bob.basic);
    assert.deepEqual(gql.data?.user, { activities: { totalCount: 0 }, heatmap: [] });
    await api.patch('/user/settings', { hide_activity: false }, alice.basic);
    assert.equal(await count(`/users/${alice.login}/activities/feeds`, bob.basic), shown.feedOthers);
  });

  it('reads and changes the settings through GraphQL as the viewer, and shows them to no one else', async () => {
    const changed = await server.graphql('mutation { updateViewerProfile(input: { theme: "auto", hideActivity: false }) { theme hideEmail hideActivity diffViewStyle } }', {}, bob.basic);
    assert.deepEqual(changed.data?.updateViewerProfile, { theme: 'auto', hideEmail: false, hideActivity: false, diffViewStyle: '' });
    const other = await server.graphql('query($l: String!) { user(login: $l) { theme hideEmail hideActivity diffViewStyle } }', { l: bob.login }, carol.basic);
    assert.deepEqual(other.data?.user, { theme: null, hideEmail: null, hideActivity: null, diffViewStyle: null });
  });
});
