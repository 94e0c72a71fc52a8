import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../testkit/accounts.ts';
import { git, gitLocal, makeLocalRepo, remoteUrl, tempDir } from '../testkit/git.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';
import { repositoryPath } from '../../src/domain/repo/storage.ts';

describe('git push under branch protection', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let writer: TestAccount;
  const work = tempDir();

  before(async () => {
    [owner, writer] = await createAccounts(api, 2);
  });
  after(() => work.remove());

  /** A repository with main and topic pushed by the owner (the writer may write), and a rule set through the API. */
  async function setUp(name: string, rules: Record<string, unknown>[], format: 'sha1' | 'sha256' = 'sha1') {
    const created = await buildRepo(server, owner, { name, objectFormat: format, collaborators: [[writer, 'write']] });
    const local = makeLocalRepo(path.join(work.dir, name), { commits: 2, objectFormat: format });
    gitLocal(['branch', 'topic'], { cwd: local });
    const ownerUrl = remoteUrl(server.url, owner.login, name, [owner.login, owner.password]);
    const writerUrl = remoteUrl(server.url, owner.login, name, [writer.login, writer.password]);
    const push = await git(['push', '-q', ownerUrl, 'main', 'topic'], { cwd: local });
    assert.equal(push.status, 0, push.stderr);
    for (const rule of rules) {
      const res = await api.post(`/repos/${owner.login}/${name}/branch_protections`, rule, owner.basic);
      assert.equal(res.status, 201, JSON.stringify(res.body));
    }
    const gitDir = repositoryPath(server.app.config, created.id);
    const head = (ref: string) => gitLocal(['--git-dir', gitDir, 'rev-parse', '--verify', '-q', ref]).stdout.trim();
    return { local, ownerUrl, writerUrl, head };
  }

  const commit = (local: string, file: string, text: string, branch = 'main') => {
    gitLocal(['checkout', '-q', branch], { cwd: local });
    writeFileSync(path.join(local, file), text);
    gitLocal(['add', file], { cwd: local });
    assert.equal(gitLocal(['commit', '-q', '-m', `change ${file}`], { cwd: local }).status, 0);
  };

  for (const format of ['sha1', 'sha256'] as const) {
    it(`refuses a push by someone the rule does not let push, with the reason on the client, and updates no ref of it (${format})`, async () => {
      const { local, writerUrl, ownerUrl, head } = await setUp(`whitelist-${format}`, [
        { rule_name: 'main', enable_push: true, enable_push_whitelist: true, push_whitelist_usernames: [owner.login] },
      ], format);
      const mainBefore = head('refs/heads/main');
      const topicBefore = head('refs/heads/topic');
      commit(local, 'a.txt', 'a');
      commit(local, 'b.txt', 'b', 'topic');
      const push = await git(['push', writerUrl, 'main', 'topic'], { cwd: local });
      assert.notEqual(push.status, 0);
      assert.match(push.stderr, /remote: Graft: Not allowed to push to protected branch main/);
      assert.match(push.stderr, /\[remote rejected\] main -> main \(pre-receive hook declined\)/);
      assert.equal(head('refs/heads/main'), mainBefore);
      assert.equal(head('refs/heads/topic'), topicBefore, 'the pre-receive check refuses the whole push: no ref of it moves');
      const alone = await git(['push', '-q', writerUrl, 'topic'], { cwd: local });
      assert.equal(alone.status, 0, alone.stderr);
      const byOwner = await git(['push', '-q', ownerUrl, 'main'], { cwd: local });
      assert.equal(byOwner.status, 0, byOwner.stderr);
      assert.notEqual(head('refs/heads/main'), mainBefore);
    });
  }

  it('refuses deleting a protected branch and a force push the rule does not allow, and allows the force push once it does', async () => {
    const { local, ownerUrl, head } = await setUp('force', [{ rule_name: 'top*', enable_push: true }]);
    const deletion = await git(['push', ownerUrl, ':topic'], { cwd: local });
    assert.notEqual(deletion.status, 0);
    assert.match(deletion.stderr, /branch topic is protected from deletion/);
    assert.ok(head('refs/heads/topic'));
    const before = head('refs/heads/topic');
    gitLocal(['checkout', '-q', 'topic'], { cwd: local });
    gitLocal(['reset', '-q', '--hard', 'HEAD~1'], { cwd: local });
    commit(local, 'rewritten.txt', 'r', 'topic');
    const force = await git(['push', '-f', ownerUrl, 'topic'], { cwd: local });
    assert.notEqual(force.status, 0);
    assert.match(force.stderr, /branch topic is protected from force push/);
    assert.equal(head('refs/heads/topic'), before);
    assert.equal((await api.patch(`/repos/${owner.login}/force/branch_protections/${encodeURIComponent('top*')}`, { enable_push: true, enable_force_push: true }, owner.basic)).status, 200);
    const allowed = await git(['push', '-q', '-f', ownerUrl, 'topic'], { cwd: local });
    assert.equal(allowed.status, 0, allowed.stderr);
    assert.notEqual(head('refs/heads/topic'), before);
  });

  it('refuses a push touching protected files, and lets those who may not push change only unprotected files', async () => {
    const { local, ownerUrl, writerUrl, head } = await setUp('files', [
      { rule_name: 'main', enable_push: true, protected_file_patterns: '*.lock' },
      // '.' separates too, as in Gitea: docs/* would not cover docs/guide.md
      { rule_name: 'topic', unprotected_file_patterns: 'docs/**' },
    ]);
    commit(local, 'deps.lock', 'pinned');
    const locked = await git(['push', ownerUrl, 'main'], { cwd: local });
    assert.notEqual(locked.status, 0);
    assert.match(locked.stderr, /branch main is protected from changing file deps\.lock/);
    gitLocal(['reset', '-q', '--hard', 'HEAD~1'], { cwd: local });
    const before = head('refs/heads/topic');
    commit(local, 'notes.txt', 'x', 'topic');
    const refused = await git(['push', writerUrl, 'topic'], { cwd: local });
    assert.notEqual(refused.status, 0, 'pushing is off on topic and notes.txt is not unprotected');
    assert.match(refused.stderr, /Not allowed to push to protected branch topic/);
    assert.equal(head('refs/heads/topic'), before);
    gitLocal(['reset', '-q', '--hard', 'HEAD~1'], { cwd: local });
    mkdirSync(path.join(local, 'docs'), { recursive: true });
    commit(local, 'docs/guide.md', 'only docs', 'topic');
    const docs = await git(['push', '-q', writerUrl, 'topic'], { cwd: local });
    assert.equal(docs.status, 0, docs.stderr);
    assert.notEqual(head('refs/heads/topic'), before);
  });
});
