import assert from 'node:assert/strict';
import { existsSync, renameSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import { repositoryPath } from '../../../src/domain/repo/storage.ts';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { cloneRepo, WorkTree } from '../../testkit/contents.ts';
import { buildRepo } from '../../testkit/repos.ts';
import { createOrg } from '../../testkit/orgs.ts';
import { useServer } from '../../testkit/use-server.ts';

describe('forks over REST', () => {
  const server = useServer();
  const { api } = server;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;
  let upstream: WorkTree;

  before(async () => {
    [alice, bob, carol] = await createAccounts(api, 3);
    // alice/project: main with two commits, a feature branch and an annotated tag.
    await buildRepo(server, alice, { name: 'project' });
    upstream = new WorkTree(server.dir('upstream'));
    upstream.write('README.md', 'hello\n');
    upstream.commit('first');
    upstream.write('a.txt', 'a\n');
    upstream.commit('second');
    upstream.run(['branch', 'feature']);
    upstream.run(['tag', '-a', 'v1.0', '-m', 'release 1.0']);
    await upstream.push(server.url, alice, 'project', ['main', 'feature', 'v1.0']);
  });

  const fork = (owner: string, repo: string, body: Record<string, unknown>, who: TestAccount) => api.post(`/repos/${owner}/${repo}/forks`, body, who.basic);
  const head = async (owner: string, repo: string, branch = 'main') => {
    const res = await api.get(`/repos/${owner}/${repo}/branches/${branch}`, alice.basic);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.commit.id as string;
  };

  it('forks a repository with every branch and tag, watched by its maker, and a clone of the fork has the same history', async () => {
    const res = await fork(alice.login, 'project', {}, bob);
    assert.equal(res.status, 202, JSON.stringify(res.body));
    assert.equal(res.body.full_name, `${bob.login}/project`);
    assert.equal(res.body.fork, true);
    assert.equal(res.body.parent.full_name, `${alice.login}/project`);
    assert.equal(res.body.empty, false);
    // Like any new repository, the fork is watched by whoever made it.
    assert.equal(res.body.watchers_count, 1);
    assert.equal((await api.get(`/repos/${bob.login}/project/subscription`, bob.basic)).status, 200);
    assert.equal(res.body.default_branch, 'main');
    assert.equal(res.body.private, false);
    assert.ok(existsSync(repositoryPath(server.app.config, res.body.id)));

    const run = await cloneRepo(server.url, bob, 'project', server.dir('bob-clone'));
    assert.equal(run(['log', '--format=%H', 'origin/main']), upstream.run(['log', '--format=%H', 'main']) + '\n');
    assert.equal(run(['rev-parse', 'origin/feature']).trim(), upstream.rev('feature'));
    assert.equal(run(['rev-parse', 'v1.0']).trim(), upstream.rev('v1.0'), 'the annotated tag object itself is copied');
    const branches = await api.get(`/repos/${bob.login}/project/branches`, bob.basic);
    assert.deepEqual(branches.body.map((b: { name: string }) => b.name).sort(), ['feature', 'main']);
  });

  it('counts forks on the source and lists them, with X-Total-Count, only as far as the caller may read them', async () => {
    const named = await fork(alice.login, 'project', { name: 'carols-copy' }, carol);
    assert.equal(named.status, 202, JSON.stringify(named.body));
    assert.equal(named.body.name, 'carols-copy');
    const hide = await api.patch(`/repos/${carol.login}/carols-copy`, { private: true }, carol.basic);
    assert.equal(hide.status, 200, JSON.stringify(hide.body));

    const source = await api.get(`/repos/${alice.login}/project`);
    assert.equal(source.body.forks_count, 2);
    const asCarol = await api.get(`/repos/${alice.login}/project/forks`, carol.basic);
    assert.equal(asCarol.status, 200);
    assert.equal(asCarol.headers.get('x-total-count'), '2');
    assert.deepEqual(asCarol.body.map((r: { full_name: string }) => r.full_name), [`${bob.login}/project`, `${carol.login}/carols-copy`]);
    assert.equal(asCarol.body[0].parent.full_name, `${alice.login}/project`);
    const anonymous = await api.get(`/repos/${alice.login}/project/forks`);
    assert.equal(anonymous.headers.get('x-total-count'), '1');
    assert.deepEqual(anonymous.body.map((r: { full_name: string }) => r.full_name), [`${bob.login}/project`]);
    const paged = await api.get(`/repos/${alice.login}/project/forks?limit=1&page=2`, carol.basic);
    assert.deepEqual(paged.body.map((r: { full_name: string }) => r.full_name), [`${carol.login}/carols-copy`]);
  });

  it('refuses a second fork of the same repository into the same owner, and a name already taken, with 409', async () => {
    const again = await fork(alice.login, 'project', { name: 'another-name' }, bob);
    assert.equal(again.status, 409, JSON.stringify(again.body));
    assert.match(again.body.message, /already has a fork/);
    await buildRepo(server, carol, { name: 'taken' });
    const other = await buildRepo(server, alice, { name: 'other' });
    assert.ok(other.id);
    const clash = await fork(alice.login, 'other', { name: 'taken' }, carol);
    assert.equal(clash.status, 409, JSON.stringify(clash.body));
    const bad = await fork(alice.login, 'other', { name: 'bad name!' }, carol);
    assert.equal(bad.status, 422, JSON.stringify(bad.body));
  });

  it('lowers the source’s fork count when a fork is deleted', async () => {
    const before = (await api.get(`/repos/${alice.login}/project`)).body.forks_count;
    assert.equal((await api.delete(`/repos/${carol.login}/carols-copy`, carol.basic)).status, 204);
    assert.equal((await api.get(`/repos/${alice.login}/project`)).body.forks_count, before - 1);
  });

  it('turns the forks of a deleted repository into ordinary repositories', async () => {
    await buildRepo(server, carol, { name: 'short-lived', autoInit: true });
    assert.equal((await fork(carol.login, 'short-lived', {}, bob)).status, 202);
    assert.equal((await api.delete(`/repos/${carol.login}/short-lived`, carol.basic)).status, 204);
    const orphan = await api.get(`/repos/${bob.login}/short-lived`, bob.basic);
    assert.equal(orphan.status, 200);
    assert.equal(orphan.body.fork, false);
    assert.equal(orphan.body.parent ?? null, null);
    assert.equal((await api.post(`/repos/${bob.login}/short-lived/merge-upstream`, { branch: 'main' }, bob.basic)).status, 400);
  });

  it('leaves no fork row, directory or count behind when copying the git data fails', async () => {
    const source = await buildRepo(server, carol, { name: 'broken', autoInit: true });
    const dir = repositoryPath(server.app.config, source.id);
    renameSync(dir, `${dir}.away`);
    try {
      const res = await fork(carol.login, 'broken', {}, bob);
      assert.ok(res.status >= 400, `status ${res.status}`);
    } finally {
      renameSync(`${dir}.away`, dir);
    }
    assert.equal((await api.get(`/repos/${bob.login}/broken`, bob.basic)).status, 404);
    assert.equal((await api.get(`/repos/${carol.login}/broken`)).body.forks_count, 0);
    const retry = await fork(carol.login, 'broken', {}, bob);
    assert.equal(retry.status, 202, JSON.stringify(retry.body));
    assert.ok(existsSync(repositoryPath(server.app.config, retry.body.id)));
  });

  it('forks a private repository only for those who can read it, and the fork stays private', async () => {
    await buildRepo(server, alice, { name: 'secret', private: true, autoInit: true });
    const stranger = await fork(alice.login, 'secret', {}, carol);
    assert.equal(stranger.status, 404, JSON.stringify(stranger.body));
    const own = await fork(alice.login, 'secret', { name: 'secret-fork' }, alice);
    assert.equal(own.status, 202, JSON.stringify(own.body));
    assert.equal(own.body.private, true);
    assert.equal((await api.get(`/repos/${alice.login}/secret-fork`, carol.basic)).status, 404);
    assert.equal((await api.post(`/repos/${alice.login}/secret/forks`, {})).status, 401, 'anonymous callers cannot fork');
  });

  it('forks a sha256 repository into a sha256 fork with the same commits', async () => {
    await buildRepo(server, alice, { name: 'wide', objectFormat: 'sha256' });
    const local = new WorkTree(server.dir('wide'), 'sha256');
    local.write('x.txt', 'x\n');
    const oid = local.commit('sha256 commit');
    assert.equal(oid.length, 64);
    await local.push(server.url, alice, 'wide');
    const res = await fork(alice.login, 'wide', {}, bob);
    assert.equal(res.status, 202, JSON.stringify(res.body));
    assert.equal(res.body.object_format_name, 'sha256');
    assert.equal(await head(bob.login, 'wide'), oid);
  });

  it('forks into an organization the caller may create in; refuses one it may not (403) or cannot see (404)', async () => {
    const org = await createOrg(server, [bob]);
    const hidden = await createOrg(server, [bob], { visibility: 'private' });
    const res = await fork(alice.login, 'project', { organization: org.login }, bob);
    assert.equal(res.status, 202, JSON.stringify(res.body));
    assert.equal(res.body.owner.login, org.login);
    assert.equal(res.body.full_name, `${org.login}/project`);

    const refused = await fork(alice.login, 'project', { organization: org.login, name: 'by-carol' }, carol);
    assert.equal(refused.status, 403, JSON.stringify(refused.body));
    const invisible = await fork(alice.login, 'project', { organization: hidden.login }, carol);
    assert.equal(invisible.status, 404, JSON.stringify(invisible.body));
    const notAnOrg = await fork(alice.login, 'project', { organization: carol.login }, carol);
    assert.equal(notAnOrg.status, 422, JSON.stringify(notAnOrg.body));
    assert.equal((await api.get(`/repos/${org.login}/by-carol`)).status, 404, 'nothing was created');
  });

  describe('merge-upstream', () => {
    let fork1: WorkTree;
    before(async () => {
      // alice/tracked → bob/tracked, both at the same commit.
      await buildRepo(server, alice, { name: 'tracked' });
      const local = new WorkTree(server.dir('tracked'));
      local.write('base.txt', 'base\n');
      local.commit('base');
      await local.push(server.url, alice, 'tracked');
      assert.equal((await fork(alice.login, 'tracked', {}, bob)).status, 202);
      fork1 = local;
    });

    const merge = (body: Record<string, unknown>, who = bob, repo = 'tracked') => api.post(`/repos/${who.login}/${repo}/merge-upstream`, body, who.basic);

    it('answers up-to-date when the fork already has the upstream branch', async () => {
      const res = await merge({ branch: 'main' });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body, { merge_type: 'up-to-date' });
    });

    it('fast-forwards the fork’s branch to new upstream commits', async () => {
      fork1.write('up.txt', 'upstream change\n');
      const upstreamHead = fork1.commit('upstream change', '2024-03-05T00:00:00Z');
      await fork1.push(server.url, alice, 'tracked');
      const res = await merge({ branch: 'main', ff_only: true });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body, { merge_type: 'fast-forward' });
      assert.equal(await head(bob.login, 'tracked'), upstreamHead);
    });

    it('refuses with 409 and changes nothing when ff_only is set and a merge commit would be needed', async () => {
      const mine = new WorkTree(server.dir('bob-tracked'), null);
      await cloneRepo(server.url, bob, 'tracked', mine.dir);
      mine.write('mine.txt', 'bob\n');
      const bobHead = mine.commit('bob change', '2024-03-06T00:00:00Z');
      await mine.push(server.url, bob, 'tracked');
      fork1.write('up2.txt', 'more upstream\n');
      fork1.commit('more upstream', '2024-03-06T00:00:01Z');
      await fork1.push(server.url, alice, 'tracked');

      const refused = await merge({ branch: 'main', ff_only: true });
      assert.equal(refused.status, 409, JSON.stringify(refused.body));
      assert.match(refused.body.message, /fast-forward/);
      assert.equal(await head(bob.login, 'tracked'), bobHead, 'the branch did not move');
    });

    it('merges diverged histories with a merge commit whose parents are the fork’s and upstream’s heads', async () => {
      const bobHead = await head(bob.login, 'tracked');
      const upstreamHead = await head(alice.login, 'tracked');
      const res = await merge({ branch: 'main' });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body, { merge_type: 'merge' });
      const merged = await head(bob.login, 'tracked');
      const commit = await api.get(`/repos/${bob.login}/tracked/git/commits/${merged}`, bob.basic);
      assert.deepEqual(commit.body.parents.map((p: { sha: string }) => p.sha), [bobHead, upstreamHead]);
      const files = await api.get(`/repos/${bob.login}/tracked/contents?ref=main`, bob.basic);
      assert.deepEqual(files.body.map((f: { name: string }) => f.name).sort(), ['base.txt', 'mine.txt', 'up.txt', 'up2.txt']);
    });

    it('uses the upstream default branch for a fork branch that upstream does not have', async () => {
      assert.equal((await api.post(`/repos/${bob.login}/tracked/branches`, { new_branch_name: 'topic', old_ref_name: 'main' }, bob.basic)).status, 201);
      fork1.write('up3.txt', 'third\n');
      const upstreamHead = fork1.commit('third upstream', '2024-03-07T00:00:00Z');
      await fork1.push(server.url, alice, 'tracked');
      const res = await merge({ branch: 'topic' });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.merge_type, 'merge');
      const commit = await api.get(`/repos/${bob.login}/tracked/git/commits/topic`, bob.basic);
      assert.equal(commit.body.parents[1].sha, upstreamHead);
    });

    it('answers 404 for a missing branch, 400 for a repository that is no fork, 403 without write access', async () => {
      const missing = await merge({ branch: 'nope' });
      assert.equal(missing.status, 404, JSON.stringify(missing.body));
      const notFork = await merge({ branch: 'main' }, alice);
      assert.equal(notFork.status, 400, JSON.stringify(notFork.body));
      const reader = await api.post(`/repos/${bob.login}/tracked/merge-upstream`, { branch: 'main' }, carol.basic);
      assert.equal(reader.status, 403, JSON.stringify(reader.body));
    });
  });
});
