import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createAccount, type TestAccount } from '../../testkit/accounts.ts';
import { adminAuth } from '../../testkit/client.ts';
import { gitLocal, makeLocalRepo } from '../../testkit/git.ts';
import { buildRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

describe('unadopted repositories', () => {
  const kit = useServer();
  const { api } = kit;
  const folder = (owner: string, name: string) => path.join(kit.app.config.server.DATA_DIR, 'repositories', owner.toLowerCase(), `${name}.git`);

  /** Bare repository files in Gitea's layout: empty, or cloned from a local history with branches main and develop (HEAD on develop). */
  function files(owner: string, name: string, options: { history?: boolean } = {}) {
    const dir = folder(owner, name);
    if (options.history) {
      const work = makeLocalRepo(kit.dir('work'), { commits: 2 });
      gitLocal(['branch', 'develop'], { cwd: work });
      gitLocal(['tag', 'v1'], { cwd: work });
      assert.equal(gitLocal(['clone', '-q', '--bare', work, dir]).status, 0);
      assert.equal(gitLocal(['--git-dir', dir, 'symbolic-ref', 'HEAD', 'refs/heads/develop']).status, 0);
    } else {
      assert.equal(gitLocal(['init', '--bare', '-q', dir]).status, 0);
    }
    return dir;
  }

  let alice: TestAccount;
  let bob: TestAccount;
  it('lists the files of repositories no row names as owner/name, sorted, paged, filtered by a glob', async () => {
    [alice, bob] = [await createAccount(api), await createAccount(api)];
    const owned = await buildRepo(kit.server, alice);
    files(alice.login, 'one');
    files(alice.login, 'two');
    files(bob.login, 'three');
    files('nobody-has-this-name', 'orphan');
    const all = await api.get('/admin/unadopted', adminAuth);
    assert.equal(all.status, 200);
    const mine = all.body.filter((n: string) => n.startsWith(`${alice.login}/`) || n.startsWith(`${bob.login}/`));
    assert.deepEqual(mine, [`${alice.login}/one`, `${alice.login}/two`, `${bob.login}/three`]);
    assert.ok(!all.body.some((n: string) => n.includes('orphan')), 'a folder of no account is not listed');
    assert.ok(!all.body.includes(owned.fullName));

    const byOwner = await api.get(`/admin/unadopted?query=${alice.login}`, adminAuth);
    assert.deepEqual(byOwner.body, [`${alice.login}/one`, `${alice.login}/two`]);
    const byName = await api.get(`/admin/unadopted?pattern=${alice.login}/t*`, adminAuth);
    assert.deepEqual(byName.body, [`${alice.login}/two`]);
    const anyOwner = await api.get('/admin/unadopted?query=*/THR??', adminAuth);
    assert.ok(anyOwner.body.includes(`${bob.login}/three`) && !anyOwner.body.includes(`${alice.login}/two`));
    const page = await api.get(`/admin/unadopted?query=${alice.login}&page=2&limit=1`, adminAuth);
    assert.deepEqual(page.body, [`${alice.login}/two`]);
    assert.equal(page.headers.get('x-total-count'), '2');
  });

  it('adopts files: a private repository whose branches, tags and default branch come from them', async () => {
    const dir = files(alice.login, 'history', { history: true });
    const res = await api.post(`/admin/unadopted/${alice.login}/history`, undefined, adminAuth);
    assert.equal(res.status, 204, JSON.stringify(res.body));
    assert.equal(existsSync(dir), false, 'the files moved to the repository');
    const repo = await api.get(`/repos/${alice.login}/history`, adminAuth);
    assert.equal(repo.status, 200);
    assert.equal(repo.body.private, true);
    assert.equal(repo.body.default_branch, 'develop');
    assert.equal(repo.body.empty, false);
    assert.ok(repo.body.size > 0, 'its size is measured');
    const branches = await api.get(`/repos/${alice.login}/history/branches`, adminAuth);
    assert.deepEqual(branches.body.map((b: { name: string }) => b.name).sort(), ['develop', 'main']);
    const tags = await api.get(`/repos/${alice.login}/history/tags`, adminAuth);
    assert.deepEqual(tags.body.map((t: { name: string }) => t.name), ['v1']);
    const listed = await api.get(`/admin/unadopted?query=${alice.login}`, adminAuth);
    assert.ok(!listed.body.includes(`${alice.login}/history`));
  });

  it('refuses as Gitea does: 404 for an unknown owner, a repository that exists, or no files; 422 for a name that is no repository name', async () => {
    const owned = await buildRepo(kit.server, alice);
    files(alice.login, owned.name);
    assert.equal((await api.post(`/admin/unadopted/nobody-${process.pid}/one`, undefined, adminAuth)).status, 404);
    assert.equal((await api.post(`/admin/unadopted/${alice.login}/${owned.name}`, undefined, adminAuth)).status, 404);
    assert.equal((await api.delete(`/admin/unadopted/${alice.login}/${owned.name}`, adminAuth)).status, 404);
    assert.equal((await api.post(`/admin/unadopted/${alice.login}/missing`, undefined, adminAuth)).status, 404);
    assert.equal((await api.delete(`/admin/unadopted/${alice.login}/missing`, adminAuth)).status, 404);
    assert.equal((await api.post(`/admin/unadopted/${alice.login}/${encodeURIComponent('../one')}`, undefined, adminAuth)).status, 422);
    assert.equal((await api.delete(`/admin/unadopted/${alice.login}/${encodeURIComponent('../../repositories')}`, adminAuth)).status, 422);
    assert.equal((await api.delete(`/admin/unadopted/${alice.login}/${encodeURIComponent('one two')}`, adminAuth)).status, 422);
    assert.ok(existsSync(folder(alice.login, owned.name)), 'nothing was removed');
  });

  it('deletes the files of an unadopted repository', async () => {
    const dir = files(bob.login, 'gone');
    assert.equal((await api.delete(`/admin/unadopted/${bob.login}/gone`, adminAuth)).status, 204);
    assert.equal(existsSync(dir), false);
    assert.equal((await api.delete(`/admin/unadopted/${bob.login}/gone`, adminAuth)).status, 404);
  });

  it('a page of 50 unadopted repositories costs the same SQL statements as a page of 1', async () => {
    const many = await createAccount(api);
    for (let i = 0; i < 50; i++) files(many.login, `many${i}`);
    const statements = async (limit: number) => {
      await kit.app.backgroundIdle();
      const before = kit.app.database.queryCount();
      const res = await api.get(`/admin/unadopted?query=${many.login}&limit=${limit}`, adminAuth);
      assert.equal(res.body.length, limit);
      return kit.app.database.queryCount() - before;
    };
    await statements(50);
    assert.equal(await statements(50), await statements(1));
  });

  it('is for site administrators only', async () => {
    files(bob.login, 'guarded');
    assert.equal((await api.get('/admin/unadopted', bob.basic)).status, 403);
    assert.equal((await api.post(`/admin/unadopted/${bob.login}/guarded`, undefined, bob.basic)).status, 403);
    assert.equal((await api.delete(`/admin/unadopted/${bob.login}/guarded`, bob.basic)).status, 403);
    assert.ok(existsSync(folder(bob.login, 'guarded')));
  });
});
