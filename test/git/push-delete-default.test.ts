import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createAccount, type TestAccount } from '../testkit/accounts.ts';
import { git, gitLocal, makeLocalRepo, remoteUrl, tempDir } from '../testkit/git.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';
import { repositoryPath } from '../../src/domain/repo/storage.ts';

describe('pushes that delete branches', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  const work = tempDir();

  before(async () => {
    owner = await createAccount(api);
  });
  after(() => work.remove());

  /** A repository with branches main (the default) and topic, pushed with the real git CLI. */
  async function setUp(name: string, format: 'sha1' | 'sha256') {
    const created = await buildRepo(server, owner, { name, defaultBranch: 'main', objectFormat: format });
    const local = makeLocalRepo(path.join(work.dir, name), { commits: 2, objectFormat: format });
    gitLocal(['branch', 'topic'], { cwd: local });
    const url = remoteUrl(server.url, owner.login, name, [owner.login, owner.password]);
    const push = await git(['push', '-q', url, 'main', 'topic'], { cwd: local });
    assert.equal(push.status, 0, push.stderr);
    const repo = await api.get(`/repos/${owner.login}/${name}`, owner.basic);
    assert.equal(repo.body.default_branch, 'main');
    return { local, url, gitDir: repositoryPath(server.app.config, created.id) };
  }

  for (const format of ['sha1', 'sha256'] as const) {
    it(`a push may not delete the default branch, as the API may not (${format})`, async () => {
      const { local, url, gitDir } = await setUp(`keep-main-${format}`, format);
      const before = gitLocal(['--git-dir', gitDir, 'rev-parse', 'refs/heads/main']).stdout.trim();
      const push = await git(['push', url, ':main'], { cwd: local });
      assert.notEqual(push.status, 0, 'the push is rejected');
      assert.match(push.stderr, /deletion of the current branch prohibited|refusing to delete the current branch/);
      assert.equal((await api.get(`/repos/${owner.login}/keep-main-${format}/branches/main`, owner.basic)).status, 200);
      assert.equal(gitLocal(['--git-dir', gitDir, 'rev-parse', 'refs/heads/main']).stdout.trim(), before);
      // Other branches can still be deleted by a push.
      const other = await git(['push', '-q', url, ':topic'], { cwd: local });
      assert.equal(other.status, 0, other.stderr);
      assert.equal((await api.get(`/repos/${owner.login}/keep-main-${format}/branches/topic`, owner.basic)).status, 404);
    });
  }

  it('repositories created before the rule (configured to warn) are covered too', async () => {
    const { local, url, gitDir } = await setUp('old-config', 'sha1');
    assert.equal(gitLocal(['--git-dir', gitDir, 'config', 'receive.denyDeleteCurrent', 'warn']).status, 0);
    const push = await git(['push', url, ':main'], { cwd: local });
    assert.notEqual(push.status, 0, 'the push is rejected');
    assert.equal((await api.get(`/repos/${owner.login}/old-config/branches/main`, owner.basic)).status, 200);
  });

  it('new repositories are configured to refuse deleting their current branch', async () => {
    const { gitDir } = await setUp('new-config', 'sha1');
    assert.equal(gitLocal(['--git-dir', gitDir, 'config', 'receive.denyDeleteCurrent']).stdout.trim(), 'refuse');
  });
});
