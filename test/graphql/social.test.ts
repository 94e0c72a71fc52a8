import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';
import { graphql } from '../testkit/client.ts';
import { createAccount, type TestAccount } from '../testkit/accounts.ts';

describe('stars, watches and follows in GraphQL', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let fan: TestAccount;
  const fans: TestAccount[] = [];
  before(async () => {
    owner = await createAccount(api);
    fan = await createAccount(api);
    for (let i = 0; i < 12; i++) {
      await buildRepo(server, owner, { name: `r${i}` });
      fans.push(await createAccount(api));
    }
  });

  const STAR = 'mutation($o: String!, $n: String!) { starRepository(owner: $o, name: $n) }';
  const UNSTAR = 'mutation($o: String!, $n: String!) { unstarRepository(owner: $o, name: $n) }';

  it('starring sets viewerHasStarred and the counts; starring twice counts once; unstarring undoes it', async () => {
    const repoQuery = 'query($o: String!, $n: String!) { repository(owner: $o, name: $n) { starCount viewerHasStarred stargazers { totalCount nodes { login } } } viewer { starredCount } }';
    for (let i = 0; i < 2; i++) {
      const res = await graphql(server.url, STAR, { o: owner.login, n: 'r0' }, fan.basic);
      assert.deepEqual(res, { status: 200, data: { starRepository: true } });
    }
    const starred = await graphql(server.url, repoQuery, { o: owner.login, n: 'r0' }, fan.basic);
    assert.deepEqual(starred.data, {
      repository: { starCount: 1, viewerHasStarred: true, stargazers: { totalCount: 1, nodes: [{ login: fan.login }] } },
      viewer: { starredCount: 1 },
    });
    await graphql(server.url, UNSTAR, { o: owner.login, n: 'r0' }, fan.basic);
    await graphql(server.url, UNSTAR, { o: owner.login, n: 'r0' }, fan.basic);
    const unstarred = await graphql(server.url, repoQuery, { o: owner.login, n: 'r0' }, fan.basic);
    assert.deepEqual(unstarred.data, {
      repository: { starCount: 0, viewerHasStarred: false, stargazers: { totalCount: 0, nodes: [] } },
      viewer: { starredCount: 0 },
    });
  });

  it('anonymous callers cannot star, and see viewerHasStarred false', async () => {
    const res = await graphql(server.url, STAR, { o: owner.login, n: 'r1' });
    assert.equal(res.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED', JSON.stringify(res));
    const read = await graphql(server.url, 'query($o: String!) { repository(owner: $o, name: "r1") { viewerHasStarred starCount } }', { o: owner.login });
    assert.deepEqual(read.data, { repository: { viewerHasStarred: false, starCount: 0 } });
  });

  it('the creator of a repository watches it, and watchRepository returns the watch', async () => {
    const query = 'query($o: String!) { repository(owner: $o, name: "r2") { watchCount viewerSubscription { subscribed createdAt } subscribers { nodes { login } } } }';
    const mine = await graphql(server.url, query, { o: owner.login }, owner.basic);
    assert.equal(mine.data.repository.watchCount, 1);
    assert.equal(mine.data.repository.viewerSubscription.subscribed, true);
    assert.deepEqual(mine.data.repository.subscribers.nodes, [{ login: owner.login }]);
    const watch = await graphql(server.url, 'mutation($o: String!) { watchRepository(owner: $o, name: "r2") { subscribed ignored repository { watchCount } } }', { o: owner.login }, fan.basic);
    assert.deepEqual(watch.data, { watchRepository: { subscribed: true, ignored: false, repository: { watchCount: 2 } } });
    const theirs = await graphql(server.url, query, { o: owner.login }, fan.basic);
    assert.ok(theirs.data.repository.viewerSubscription, 'the fan watches now');
  });

  it('following another account updates both counts and the lists; following oneself is refused', async () => {
    const follow = await graphql(server.url, 'mutation($l: String!) { followUser(login: $l) { login followerCount viewerIsFollowing } }', { l: owner.login }, fan.basic);
    assert.deepEqual(follow.data, { followUser: { login: owner.login, followerCount: 1, viewerIsFollowing: true } });
    const lists = await graphql(
      server.url,
      'query($l: String!) { user(login: $l) { followers { totalCount nodes { login followingCount } } } }',
      { l: owner.login },
      fan.basic,
    );
    assert.deepEqual(lists.data.user.followers, { totalCount: 1, nodes: [{ login: fan.login, followingCount: 1 }] });
    const self = await graphql(server.url, 'mutation($l: String!) { followUser(login: $l) { login } }', { l: fan.login }, fan.basic);
    assert.equal(self.errors?.[0]?.extensions?.code, 'VALIDATION', JSON.stringify(self));
    assert.match(self.errors![0].message, /cannot follow yourself/);
  });

  it('a page of 12 stargazers, or of 12 starred repositories with viewerHasStarred, costs the same SQL statements as a page of 1', async () => {
    for (const f of fans) await graphql(server.url, STAR, { o: owner.login, n: 'r3' }, f.basic);
    for (let i = 0; i < 12; i++) await graphql(server.url, STAR, { o: owner.login, n: `r${i}` }, fans[0].basic);
    const cost = async (query: string, n: number, check: (data: any) => void) => {
      // Cold caches each time: a row read once per item must not hide behind an earlier request's reads.
      server.app.caches.clear();
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await graphql(server.url, query, { o: owner.login, l: fans[0].login, n }, fan.basic);
      assert.equal(res.errors, undefined, JSON.stringify(res.errors));
      const spent = server.app.database.queryCount() - before;
      check(res.data);
      return spent;
    };
    const gazers = 'query($o: String!, $n: Int) { repository(owner: $o, name: "r3") { stargazers(first: $n) { nodes { login followerCount viewerIsFollowing } } } }';
    const gazersLength = (n: number) => (d: any) => assert.equal(d.repository.stargazers.nodes.length, n);
    assert.equal(await cost(gazers, 12, gazersLength(12)), await cost(gazers, 1, gazersLength(1)));
    const starred = 'query($l: String!, $n: Int) { user(login: $l) { starredRepositories(first: $n) { nodes { fullName owner { login } viewerHasStarred viewerSubscription { createdAt } viewerPermissions { pull } } } } }';
    const starredLength = (n: number) => (d: any) => assert.equal(d.user.starredRepositories.nodes.length, n);
    assert.equal(await cost(starred, 12, starredLength(12)), await cost(starred, 1, starredLength(1)));
  });
});
