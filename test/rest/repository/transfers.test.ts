import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccount, createAccounts, createToken, type TestAccount } from '../../testkit/accounts.ts';
import { adminAuth, graphql } from '../../testkit/client.ts';
import { WorkTree } from '../../testkit/contents.ts';
import { buildRepo } from '../../testkit/repos.ts';
import { git, gitLocal, remoteUrl } from '../../testkit/git.ts';
import { createOrg, createTeam, type TestOrg } from '../../testkit/orgs.ts';
import { useServer } from '../../testkit/use-server.ts';

describe('repository transfers over REST', () => {
  const server = useServer();
  const { api } = server;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;
  let aliceOrg: TestOrg;
  let bobOrg: TestOrg;

  before(async () => {
    [alice, bob, carol] = await createAccounts(api, 3);
    aliceOrg = await createOrg(server, [alice]);
    bobOrg = await createOrg(server, [bob]);
  });

  const transfer = (owner: string, repo: string, body: Record<string, unknown>, who: { basic: [string, string] } | TestAccount) =>
    api.post(`/repos/${owner}/${repo}/transfer`, body, 'login' in who ? who.basic : who);
  const accept = (owner: string, repo: string, who: TestAccount) => api.post(`/repos/${owner}/${repo}/transfer/accept`, {}, who.basic);
  const reject = (owner: string, repo: string, who: TestAccount) => api.post(`/repos/${owner}/${repo}/transfer/reject`, {}, who.basic);
  const db = () => server.app.database.db;

  it('moves a repository at once (202) to an organization the caller owns, and the old name still answers', async () => {
    const repo = await buildRepo(server, alice, { name: 'to-org', autoInit: true });
    const res = await transfer(alice.login, 'to-org', { new_owner: aliceOrg.login }, alice);
    assert.equal(res.status, 202, JSON.stringify(res.body));
    assert.equal(res.body.id, repo.id);
    assert.equal(res.body.full_name, `${aliceOrg.login}/to-org`);
    assert.equal(res.body.owner.login, aliceOrg.login);
    const viaOld = await api.get(`/repos/${alice.login}/to-org`);
    assert.equal(viaOld.status, 200);
    assert.equal(viaOld.body.full_name, `${aliceOrg.login}/to-org`);
    assert.equal((await api.get(`/repos/${aliceOrg.login}/to-org`)).body.id, repo.id);
  });

  it('clones through the old URL after a transfer, over git smart HTTP', async () => {
    await buildRepo(server, alice, { name: 'cloned' });
    const local = new WorkTree(server.dir('cloned-src'));
    local.write('f.txt', 'content\n');
    const oid = local.commit('the commit');
    await local.push(server.url, alice, 'cloned');
    assert.equal((await transfer(alice.login, 'cloned', { new_owner: aliceOrg.login }, alice)).status, 202);

    const dest = server.dir('cloned-old-url');
    const clone = await git(['clone', '-q', remoteUrl(server.url, alice.login, 'cloned'), dest]);
    assert.equal(clone.status, 0, clone.stderr);
    assert.equal(gitLocal(['rev-parse', 'HEAD'], { cwd: dest }).stdout.trim(), oid);
    // Pushing through the old URL reaches the same repository too.
    const more = WorkTree.open(dest);
    more.write('g.txt', 'more\n');
    const next = more.commit('through the old name');
    const push = await git(['push', '-q', remoteUrl(server.url, alice.login, 'cloned', [alice.login, alice.password]), 'main'], { cwd: dest });
    assert.equal(push.status, 0, push.stderr);
    const branch = await api.get(`/repos/${aliceOrg.login}/cloned/branches/main`);
    assert.equal(branch.body.commit.id, next);
  });

  it('waits (201) for another user to accept; only that user may accept, and then the repository is theirs', async () => {
    const repo = await buildRepo(server, alice, { name: 'gift', autoInit: true });
    await db().collaboration.create({ data: { repoId: repo.id, userId: bob.id, permission: 'write' } });
    const res = await transfer(alice.login, 'gift', { new_owner: bob.login }, alice);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.owner.login, alice.login, 'nothing moved yet');

    const pending = await graphql(
      server.url,
      'query($o: String!, $n: String!) { repository(owner: $o, name: $n) { pendingTransfer { doer { login } recipient { login } } } }',
      { o: alice.login, n: 'gift' },
      alice.basic,
    );
    assert.deepEqual(pending.data.repository.pendingTransfer, { doer: { login: alice.login }, recipient: { login: bob.login } });
    assert.equal((await transfer(alice.login, 'gift', { new_owner: carol.login }, alice)).status, 409, 'one pending transfer at a time');

    assert.equal((await accept(alice.login, 'gift', carol)).status, 403);
    assert.equal((await accept(alice.login, 'gift', alice)).status, 403, 'the sender cannot accept for the recipient');
    const accepted = await accept(alice.login, 'gift', bob);
    assert.equal(accepted.status, 202, JSON.stringify(accepted.body));
    assert.equal(accepted.body.full_name, `${bob.login}/gift`);
    assert.equal(await db().collaboration.count({ where: { repoId: repo.id } }), 0, "the new owner's collaboration is gone");
    assert.equal(await db().repositoryTransfer.count({ where: { repoId: repo.id } }), 0);
    assert.equal((await api.get(`/repos/${alice.login}/gift`)).body.full_name, `${bob.login}/gift`);
    assert.equal((await api.delete(`/repos/${alice.login}/gift`, alice.basic)).status, 403, 'the old owner has no rights left');
    assert.equal((await accept(bob.login, 'gift', bob)).status, 404, 'nothing is pending any more');
  });

  it('lets the recipient accept a private repository it could not see before, and then read it', async () => {
    await buildRepo(server, alice, { name: 'private-gift', private: true });
    assert.equal((await api.get(`/repos/${alice.login}/private-gift`, carol.basic)).status, 404);
    assert.equal((await transfer(alice.login, 'private-gift', { new_owner: carol.login }, alice)).status, 201);
    assert.equal((await accept(alice.login, 'private-gift', bob)).status, 404, 'a stranger learns nothing about it');
    const accepted = await accept(alice.login, 'private-gift', carol);
    assert.equal(accepted.status, 202, JSON.stringify(accepted.body));
    assert.equal(accepted.body.private, true);
    assert.equal((await api.get(`/repos/${carol.login}/private-gift`, carol.basic)).status, 200);
    assert.equal((await api.get(`/repos/${alice.login}/private-gift`, alice.basic)).status, 404, 'the old owner no longer sees it');
  });

  it('refuses (403) a transfer that would take the recipient past its repository limit', async () => {
    const limited = await createAccount(api);
    await db().user.update({ where: { id: limited.id }, data: { maxRepoCreation: 0 } });
    await buildRepo(server, alice, { name: 'too-many' });
    const res = await transfer(alice.login, 'too-many', { new_owner: limited.login }, alice);
    assert.equal(res.status, 403, JSON.stringify(res.body));
    assert.match(res.body.message, /limit/);
  });

  it('lets the recipient reject a transfer, which leaves the repository where it was', async () => {
    await buildRepo(server, alice, { name: 'declined' });
    assert.equal((await transfer(alice.login, 'declined', { new_owner: bob.login }, alice)).status, 201);
    assert.equal((await reject(alice.login, 'declined', carol)).status, 403);
    const res = await reject(alice.login, 'declined', bob);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.full_name, `${alice.login}/declined`);
    assert.equal((await api.get(`/repos/${alice.login}/declined`)).body.owner.login, alice.login);
    assert.equal((await accept(alice.login, 'declined', bob)).status, 404);
    assert.equal((await reject(alice.login, 'declined', bob)).status, 404);
  });

  it('lets whoever may create repositories in a receiving organization accept for it', async () => {
    await buildRepo(server, alice, { name: 'for-bobs-org' });
    const res = await transfer(alice.login, 'for-bobs-org', { new_owner: bobOrg.login }, alice);
    assert.equal(res.status, 201, 'alice may not create repositories in bob’s organization');
    assert.equal((await accept(alice.login, 'for-bobs-org', carol)).status, 403);
    const accepted = await accept(alice.login, 'for-bobs-org', bob);
    assert.equal(accepted.status, 202, JSON.stringify(accepted.body));
    assert.equal(accepted.body.owner.login, bobOrg.login);
  });

  it('gives the chosen teams of the receiving organization the repository, and refuses team_ids for a user', async () => {
    const team = await createTeam(server, aliceOrg, { name: 'Readers' });
    const repo = await buildRepo(server, alice, { name: 'teamed' });
    assert.equal((await transfer(alice.login, 'teamed', { new_owner: bob.login, team_ids: [team] }, alice)).status, 422);
    const otherOrgTeam = await createTeam(server, bobOrg, { name: 'Elsewhere' });
    assert.equal((await transfer(alice.login, 'teamed', { new_owner: aliceOrg.login, team_ids: [otherOrgTeam] }, alice)).status, 422);
    const res = await transfer(alice.login, 'teamed', { new_owner: aliceOrg.login, team_ids: [team] }, alice);
    assert.equal(res.status, 202, JSON.stringify(res.body));
    const rows = await db().teamRepository.findMany({ where: { repoId: repo.id } });
    assert.deepEqual(rows.map((r) => r.teamId), [team]);
  });

  it('shows a pending transfer as repo_transfer (sender, recipient, chosen teams) to readers of the repository, until it is settled', async () => {
    await buildRepo(server, alice, { name: 'on-its-way' });
    assert.equal((await api.get(`/repos/${alice.login}/on-its-way`)).body.repo_transfer, null);
    const team = await createTeam(server, bobOrg, { name: 'Receivers' });
    const dropped = await createTeam(server, bobOrg, { name: 'Dropped' });
    const res = await transfer(alice.login, 'on-its-way', { new_owner: bobOrg.login, team_ids: [team, dropped] }, alice);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const shown = res.body.repo_transfer;
    assert.equal(shown.doer.login, alice.login);
    assert.equal(shown.recipient.login, bobOrg.login);
    assert.equal(shown.recipient.type, 'Organization');
    // Gitea lists the teams without their organization.
    assert.deepEqual(shown.teams.map((t: any) => [t.id, t.name, t.organization]), [[team, 'Receivers', null], [dropped, 'Dropped', null]]);
    // A team deleted meanwhile is no longer named.
    assert.equal((await api.delete(`/teams/${dropped}`, bob.basic)).status, 204);
    // Anyone who may read the repository sees it; reading it with a token needs no organization scope.
    const token = await createToken(api, carol, ['read:repository']);
    const seen = await api.get(`/repos/${alice.login}/on-its-way`, { token });
    assert.equal(seen.status, 200, JSON.stringify(seen.body));
    const summary = (t: any) => [t.doer.login, t.recipient.login, t.teams.map((each: any) => each.id)];
    assert.deepEqual(summary(seen.body.repo_transfer), [alice.login, bobOrg.login, [team]]);
    const listed = await api.get(`/users/${alice.login}/repos`, { token });
    assert.deepEqual(summary(listed.body.find((r: any) => r.name === 'on-its-way').repo_transfer), [alice.login, bobOrg.login, [team]]);
    const accepted = await accept(alice.login, 'on-its-way', bob);
    assert.equal(accepted.status, 202, JSON.stringify(accepted.body));
    assert.equal(accepted.body.repo_transfer, null);
  });

  it('lets a site admin move anyone’s repository at once', async () => {
    await buildRepo(server, carol, { name: 'admin-moved' });
    const res = await transfer(carol.login, 'admin-moved', { new_owner: bob.login }, adminAuth as { basic: [string, string] });
    assert.equal(res.status, 202, JSON.stringify(res.body));
    assert.equal(res.body.owner.login, bob.login);
  });

  it('refuses (422) to give a fork to an owner that already has a fork of the same repository', async () => {
    await buildRepo(server, alice, { name: 'forked-twice', autoInit: true });
    assert.equal((await api.post(`/repos/${alice.login}/forked-twice/forks`, {}, bob.basic)).status, 202);
    assert.equal((await api.post(`/repos/${alice.login}/forked-twice/forks`, { name: 'carols' }, carol.basic)).status, 202);
    const res = await transfer(carol.login, 'carols', { new_owner: bob.login }, carol);
    assert.equal(res.status, 422, JSON.stringify(res.body));
    assert.match(res.body.message, /already has a fork/);
  });

  it('refuses bad transfers with clear 4xx answers and no change', async () => {
    await buildRepo(server, alice, { name: 'stays' });
    await buildRepo(server, alice, { name: 'hidden', private: true });
    await buildRepo(server, bob, { name: 'stays' });
    const hiddenOrg = await createOrg(server, [bob], { visibility: 'private' });
    const cases: [number, () => ReturnType<typeof transfer>][] = [
      [404, () => transfer(alice.login, 'stays', { new_owner: 'nobody-at-all' }, alice)],
      [404, () => transfer(alice.login, 'stays', { new_owner: hiddenOrg.login }, alice)],
      [422, () => transfer(alice.login, 'stays', { new_owner: bob.login }, alice)],
      [422, () => transfer(alice.login, 'stays', { new_owner: alice.login }, alice)],
      [404, () => transfer(alice.login, 'stays', {}, alice)], // no new_owner names nobody, as in Gitea
      [403, () => transfer(alice.login, 'stays', { new_owner: carol.login }, carol)],
      [404, () => transfer(alice.login, 'hidden', { new_owner: carol.login }, carol)],
      [404, () => accept(alice.login, 'hidden', carol)],
      [404, () => accept(alice.login, 'stays', bob)],
    ];
    for (const [status, call] of cases) {
      const res = await call();
      assert.equal(res.status, status, JSON.stringify(res.body));
      assert.equal(typeof res.body.message, 'string');
    }
    assert.equal((await api.get(`/repos/${alice.login}/stays`)).body.owner.login, alice.login);
  });
});
