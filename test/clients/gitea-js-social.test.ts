import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ADMIN } from '../testkit/server.ts';
import { assertTypedFields, clientFor, createClientAccount, failure, giteaClient, type ClientAccount, type GiteaClient } from '../testkit/gitea-js.ts';
import { COLLABORATOR_PERMISSION } from '../testkit/gitea-js-fields/collaborator.ts';
import { REPOSITORY } from '../testkit/gitea-js-fields/repo.ts';
import { WATCH_INFO } from '../testkit/gitea-js-fields/social.ts';
import { USER } from '../testkit/gitea-js-fields/user.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

/** gitea-js against Graft: stars, watches, follows and collaborators. */
describe('gitea-js: stars, watches, follows and collaborators', () => {
  const server = useServer();
  let admin: GiteaClient;
  let owner: ClientAccount;
  let fan: ClientAccount;

  before(async () => {
    admin = await clientFor(server, ADMIN);
    [owner, fan] = await Promise.all([createClientAccount(server, admin), createClientAccount(server, admin)]);
  });

  describe('stars', () => {
    it('userCurrentPutStar stars a repository, which the counts and every list then show', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      assert.equal((await fan.api.user.userCurrentPutStar(owner.login, repo.name)).status, 204);
      assert.equal((await fan.api.user.userCurrentCheckStarring(owner.login, repo.name)).status, 204);
      assert.equal((await giteaClient(server).repos.repoGet(owner.login, repo.name)).data.stars_count, 1);
      const gazers = await giteaClient(server).repos.repoListStargazers(owner.login, repo.name);
      assert.deepEqual(gazers.data.map((u) => u.login), [fan.login]);
      assertTypedFields(gazers.data[0], USER, 'User');
      const starred = await fan.api.user.userCurrentListStarred();
      assert.ok(starred.data.some((r) => r.full_name === repo.fullName));
      assertTypedFields(starred.data[0], REPOSITORY, 'Repository');
      const theirs = await giteaClient(server).users.userListStarred(fan.login);
      assert.ok(theirs.data.some((r) => r.full_name === repo.fullName));
      assert.equal((await giteaClient(server).users.userGet(fan.login)).data.starred_repos_count, starred.data.length);
    });

    it('userGetCurrent shows the caller\'s new counts right after a star or a follow', async () => {
      const counter = await createClientAccount(server, admin);
      const before = await counter.api.user.userGetCurrent();
      assert.equal(before.data.starred_repos_count, 0);
      const repo = await buildRepo(server, owner, { autoInit: true });
      await counter.api.user.userCurrentPutStar(owner.login, repo.name);
      await counter.api.user.userCurrentPutFollow(owner.login);
      const after = await counter.api.user.userGetCurrent();
      assert.equal(after.data.starred_repos_count, 1);
      assert.equal(after.data.following_count, 1);
    });

    it('userCurrentDeleteStar unstars, after which userCurrentCheckStarring rejects with 404', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      await fan.api.user.userCurrentPutStar(owner.login, repo.name);
      assert.equal((await fan.api.user.userCurrentDeleteStar(owner.login, repo.name)).status, 204);
      assert.equal((await failure(fan.api.user.userCurrentCheckStarring(owner.login, repo.name))).status, 404);
      assert.equal((await giteaClient(server).repos.repoGet(owner.login, repo.name)).data.stars_count, 0);
    });

    it('starring a private repository one cannot see rejects with 404', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true, private: true });
      assert.equal((await failure(fan.api.user.userCurrentPutStar(owner.login, repo.name))).status, 404);
    });
  });

  describe('watches', () => {
    it('the creator watches a new repository from the start', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      const info = await owner.api.repos.userCurrentCheckSubscription(owner.login, repo.name);
      assert.equal(info.data.subscribed, true);
      assert.equal(repo.body.watchers_count, 1);
    });

    it('userCurrentPutSubscription watches and answers a WatchInfo with the client\'s fields', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      const res = await fan.api.repos.userCurrentPutSubscription(owner.login, repo.name);
      assert.equal(res.status, 200);
      assertTypedFields(res.data, WATCH_INFO, 'WatchInfo');
      assert.equal(res.data.subscribed, true);
      assert.equal(res.data.ignored, false);
      assert.ok(res.data.repository_url?.endsWith(`/repos/${owner.login}/${repo.name}`), res.data.repository_url);
      const checked = await fan.api.repos.userCurrentCheckSubscription(owner.login, repo.name);
      assertTypedFields(checked.data, WATCH_INFO, 'WatchInfo');
      assert.equal(checked.data.subscribed, true);
      const watchers = await giteaClient(server).repos.repoListSubscribers(owner.login, repo.name);
      assert.deepEqual(watchers.data.map((u) => u.login).sort(), [owner.login, fan.login].sort());
      const watched = await fan.api.user.userCurrentListSubscriptions();
      assert.ok(watched.data.some((r) => r.full_name === repo.fullName));
      const theirs = await giteaClient(server).users.userListSubscriptions(fan.login);
      assert.ok(theirs.data.some((r) => r.full_name === repo.fullName));
      assert.equal((await giteaClient(server).repos.repoGet(owner.login, repo.name)).data.watchers_count, 2);
    });

    it('userCurrentDeleteSubscription unwatches, after which the check rejects with 404', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      await fan.api.repos.userCurrentPutSubscription(owner.login, repo.name);
      assert.equal((await fan.api.repos.userCurrentDeleteSubscription(owner.login, repo.name)).status, 204);
      assert.equal((await failure(fan.api.repos.userCurrentCheckSubscription(owner.login, repo.name))).status, 404);
    });
  });

  describe('follows', () => {
    it('userCurrentPutFollow follows an account; the counts, checks and lists all follow', async () => {
      const star = await createClientAccount(server, admin);
      assert.equal((await fan.api.user.userCurrentPutFollow(star.login)).status, 204);
      assert.equal((await fan.api.user.userCurrentCheckFollowing(star.login)).status, 204);
      assert.equal((await giteaClient(server).users.userCheckFollowing(fan.login, star.login)).status, 204);
      const followers = await star.api.user.userCurrentListFollowers();
      assert.deepEqual(followers.data.map((u) => u.login), [fan.login]);
      assertTypedFields(followers.data[0], USER, 'User');
      assert.deepEqual((await giteaClient(server).users.userListFollowers(star.login)).data.map((u) => u.login), [fan.login]);
      assert.ok((await fan.api.user.userCurrentListFollowing()).data.some((u) => u.login === star.login));
      assert.ok((await giteaClient(server).users.userListFollowing(fan.login)).data.some((u) => u.login === star.login));
      const starAccount = await giteaClient(server).users.userGet(star.login);
      assert.equal(starAccount.data.followers_count, 1);
    });

    it('userCurrentDeleteFollow unfollows, after which the checks reject with 404', async () => {
      const star = await createClientAccount(server, admin);
      await fan.api.user.userCurrentPutFollow(star.login);
      assert.equal((await fan.api.user.userCurrentDeleteFollow(star.login)).status, 204);
      assert.equal((await failure(fan.api.user.userCurrentCheckFollowing(star.login))).status, 404);
      assert.equal((await failure(giteaClient(server).users.userCheckFollowing(fan.login, star.login))).status, 404);
      assert.equal((await giteaClient(server).users.userGet(star.login)).data.followers_count, 0);
    });

    it('following oneself rejects with 422', async () => {
      assert.equal((await failure(fan.api.user.userCurrentPutFollow(fan.login))).status, 422);
    });
  });

  describe('collaborators', () => {
    it('repoAddCollaborator grants access, which the collaborator then has', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true, private: true });
      assert.equal((await failure(fan.api.repos.repoGet(owner.login, repo.name))).status, 404);
      assert.equal((await owner.api.repos.repoAddCollaborator(owner.login, repo.name, fan.login, { permission: 'write' })).status, 204);
      assert.equal((await owner.api.repos.repoCheckCollaborator(owner.login, repo.name, fan.login)).status, 204);
      const listed = await owner.api.repos.repoListCollaborators(owner.login, repo.name);
      assert.deepEqual(listed.data.map((u) => u.login), [fan.login]);
      assertTypedFields(listed.data[0], USER, 'User');
      const seen = await fan.api.repos.repoGet(owner.login, repo.name);
      assert.deepEqual(seen.data.permissions, { admin: false, push: true, pull: true });
    });

    it('repoAddCollaborator with an empty body grants write, Gitea\'s default', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      assert.equal((await owner.api.repos.repoAddCollaborator(owner.login, repo.name, fan.login, {})).status, 204);
      const res = await owner.api.repos.repoGetRepoPermissions(owner.login, repo.name, fan.login);
      assert.equal(res.data.permission, 'write');
    });

    it('userCurrentListRepos includes the repositories the caller collaborates on', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true, private: true });
      await owner.api.repos.repoAddCollaborator(owner.login, repo.name, fan.login, { permission: 'read' });
      const listed = await fan.api.user.userCurrentListRepos({ limit: 50 });
      assert.ok(listed.data.some((r) => r.full_name === repo.fullName), JSON.stringify(listed.data.map((r) => r.full_name)));
    });

    it('repoGetRepoPermissions reports the collaborator\'s permission and role', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      await owner.api.repos.repoAddCollaborator(owner.login, repo.name, fan.login, { permission: 'read' });
      const res = await owner.api.repos.repoGetRepoPermissions(owner.login, repo.name, fan.login);
      assertTypedFields(res.data, COLLABORATOR_PERMISSION, 'RepoCollaboratorPermission');
      assert.equal(res.data.permission, 'read');
      assert.equal(res.data.user?.login, fan.login);
      const mine = await owner.api.repos.repoGetRepoPermissions(owner.login, repo.name, owner.login);
      assert.equal(mine.data.permission, 'owner');
    });

    it('repoAddCollaborator again changes the permission', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      await owner.api.repos.repoAddCollaborator(owner.login, repo.name, fan.login, { permission: 'read' });
      await owner.api.repos.repoAddCollaborator(owner.login, repo.name, fan.login, { permission: 'admin' });
      const res = await owner.api.repos.repoGetRepoPermissions(owner.login, repo.name, fan.login);
      assert.equal(res.data.permission, 'admin');
    });

    it('repoDeleteCollaborator takes the access away', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true, private: true });
      await owner.api.repos.repoAddCollaborator(owner.login, repo.name, fan.login, { permission: 'read' });
      assert.equal((await owner.api.repos.repoDeleteCollaborator(owner.login, repo.name, fan.login)).status, 204);
      assert.equal((await failure(owner.api.repos.repoCheckCollaborator(owner.login, repo.name, fan.login))).status, 404);
      assert.equal((await failure(fan.api.repos.repoGet(owner.login, repo.name))).status, 404);
    });
  });
});
