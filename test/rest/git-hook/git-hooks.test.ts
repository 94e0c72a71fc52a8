import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createAccount, createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { adminAuth } from '../../testkit/client.ts';
import { git, gitLocal, makeLocalRepo, remoteUrl, tempDir } from '../../testkit/git.ts';
import { buildRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

const REJECT_ALL = '#!/bin/sh\necho "custom hook says no"\nexit 1\n';

describe('git hooks of a repository, off by default', () => {
  const server = useServer();
  const { api } = server;

  it('answer 403 to everyone while security.DISABLE_GIT_HOOKS is on, site administrators too', async () => {
    const owner = await createAccount(api);
    await buildRepo(server, owner, { name: 'hooked', autoInit: true });
    const path = `/repos/${owner.login}/hooked/hooks/git`;
    assert.equal((await api.get(path, owner.basic)).status, 403);
    assert.equal((await api.get(path, adminAuth)).status, 403);
    assert.equal((await api.get(`${path}/pre-receive`, adminAuth)).status, 403);
    assert.equal((await api.patch(`${path}/pre-receive`, { content: REJECT_ALL }, adminAuth)).status, 403);
    assert.equal((await api.delete(`${path}/pre-receive`, adminAuth)).status, 403);
  });
});

describe('git hooks of a repository, with security.DISABLE_GIT_HOOKS=false', () => {
  const server = useServer({ security: { DISABLE_GIT_HOOKS: false } });
  const { api } = server;
  let owner: TestAccount;
  let writer: TestAccount;
  const work = tempDir();

  before(async () => {
    [owner, writer] = await createAccounts(api, 2);
  });
  after(() => work.remove());

  it('are for repository administrators allowed to edit git hooks (site administrators, or allow_git_hook): 403 otherwise', async () => {
    await buildRepo(server, owner, { name: 'who-may', autoInit: true, collaborators: [[writer, 'write']] });
    const path = `/repos/${owner.login}/who-may/hooks/git`;
    assert.equal((await api.get(path, owner.basic)).status, 403);
    assert.equal((await api.get(path, writer.basic)).status, 403);
    const listed = await api.get(path, adminAuth);
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.body, [
      { name: 'pre-receive', is_active: false, content: '' },
      { name: 'update', is_active: false, content: '' },
      { name: 'post-receive', is_active: false, content: '' },
    ]);
    const allowed = await api.patch(`/admin/users/${owner.login}`, { source_id: 0, login_name: owner.login, allow_git_hook: true }, adminAuth);
    assert.equal(allowed.status, 200);
    assert.equal((await api.get(path, owner.basic)).status, 200);
    // Allowed to edit hooks, but not an administrator of the repository.
    await api.patch(`/admin/users/${writer.login}`, { source_id: 0, login_name: writer.login, allow_git_hook: true }, adminAuth);
    assert.equal((await api.get(path, writer.basic)).status, 403);
    assert.equal((await api.get(`${path}/pre-commit`, adminAuth)).status, 404);
    assert.equal((await api.patch(`${path}/not-a-hook`, { content: REJECT_ALL }, adminAuth)).status, 404);
  });

  it('run on a push once set: a pre-receive hook that exits non-zero refuses the push; deleted, pushes pass again', async () => {
    await buildRepo(server, owner, { name: 'guarded' });
    const local = makeLocalRepo(path.join(work.dir, 'guarded'), { commits: 1 });
    const url = remoteUrl(server.url, owner.login, 'guarded', [owner.login, owner.password]);
    assert.equal((await git(['push', '-q', url, 'main'], { cwd: local })).status, 0);

    const hookPath = `/repos/${owner.login}/guarded/hooks/git/pre-receive`;
    const set = await api.patch(hookPath, { content: REJECT_ALL }, adminAuth);
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.deepEqual(set.body, { name: 'pre-receive', is_active: true, content: REJECT_ALL });
    assert.deepEqual((await api.get(hookPath, adminAuth)).body, set.body);

    writeFileSync(path.join(local, 'more.txt'), 'more\n');
    gitLocal(['add', '.'], { cwd: local });
    gitLocal(['commit', '-q', '-m', 'more'], { cwd: local });
    const refused = await git(['push', url, 'main'], { cwd: local });
    assert.notEqual(refused.status, 0);
    assert.match(refused.stderr, /remote: custom hook says no/);
    assert.match(refused.stderr, /pre-receive hook declined/);

    assert.equal((await api.delete(hookPath, adminAuth)).status, 204);
    assert.equal((await api.get(hookPath, adminAuth)).body.is_active, false);
    const passed = await git(['push', '-q', url, 'main'], { cwd: local });
    assert.equal(passed.status, 0, passed.stderr);
  });

  it("run after Graft's own branch protection, which a custom hook that accepts everything does not lift", async () => {
    await buildRepo(server, owner, { name: 'both', collaborators: [[writer, 'write']] });
    const local = makeLocalRepo(path.join(work.dir, 'both'), { commits: 1 });
    const ownerUrl = remoteUrl(server.url, owner.login, 'both', [owner.login, owner.password]);
    assert.equal((await git(['push', '-q', ownerUrl, 'main'], { cwd: local })).status, 0);
    const rule = await api.post(`/repos/${owner.login}/both/branch_protections`, { rule_name: 'main', enable_push: true, enable_push_whitelist: true, push_whitelist_usernames: [owner.login] }, owner.basic);
    assert.equal(rule.status, 201, JSON.stringify(rule.body));
    const marker = path.join(work.dir, 'post-receive-ran');
    assert.equal((await api.patch(`/repos/${owner.login}/both/hooks/git/pre-receive`, { content: '#!/bin/sh\nexit 0\n' }, adminAuth)).status, 200);
    assert.equal((await api.patch(`/repos/${owner.login}/both/hooks/git/post-receive`, { content: `#!/bin/sh\ncat > '${marker}'\n` }, adminAuth)).status, 200);

    writeFileSync(path.join(local, 'b.txt'), 'b\n');
    gitLocal(['add', '.'], { cwd: local });
    gitLocal(['commit', '-q', '-m', 'b'], { cwd: local });
    const refused = await git(['push', remoteUrl(server.url, owner.login, 'both', [writer.login, writer.password]), 'main'], { cwd: local });
    assert.notEqual(refused.status, 0);
    assert.match(refused.stderr, /Not allowed to push to protected branch main/);
    // The owner may push: both hooks run, the post-receive hook with the updated ref on its input.
    const passed = await git(['push', '-q', ownerUrl, 'main'], { cwd: local });
    assert.equal(passed.status, 0, passed.stderr);
    const { readFileSync } = await import('node:fs');
    assert.match(readFileSync(marker, 'utf8'), / refs\/heads\/main\n$/);
  });
});
