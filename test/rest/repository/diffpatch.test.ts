import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { useServer } from '../../testkit/use-server.ts';
import { createAccount, type TestAccount } from '../../testkit/accounts.ts';
import { cloneRepo, WorkTree, type ObjectFormat } from '../../testkit/contents.ts';
import { buildRepo } from '../../testkit/repos.ts';

describe('applying diff patches over REST', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let stranger: TestAccount;

  before(async () => {
    owner = await createAccount(api);
    stranger = await createAccount(api);
  });

  const patchUrl = (repo: string) => `/repos/${owner.login}/${repo}/diffpatch`;

  for (const format of ['sha1', 'sha256'] as ObjectFormat[]) {
    describe(`on a ${format} repository`, () => {
      const repo = `patched-${format}`;
      let local: WorkTree;
      let base: string;

      before(async () => {
        await buildRepo(server, owner, { name: repo, objectFormat: format });
        local = new WorkTree(server.dir('base'), format);
        local.write('greeting.txt', 'hello\nworld\n');
        local.write('lib/util.js', 'export const one = 1;\n');
        local.write('old-name.txt', 'moving\n');
        base = local.commit('base');
        await local.push(server.url, owner, repo);
      });

      it('applies a patch made by git format-patch as a new commit; a clone shows the same files as the patch author has', async () => {
        local.write('greeting.txt', 'hello\nthere\nworld\n');
        local.write('lib/new.js', 'export const two = 2;\n');
        const patched = local.commit('Greet better');
        const patch = local.run(['format-patch', '-1', '--stdout', patched]) + '\n';
        local.run(['reset', '-q', '--hard', base]);

        const res = await api.post(
          patchUrl(repo),
          { content: patch, message: 'Apply the greeting patch', author: { name: 'Patch Author', email: 'patch@example.test' }, dates: { author: '2022-06-07T08:09:10Z' } },
          owner.basic,
        );
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.equal(res.body.content, null);
        assert.deepEqual(res.body.commit.parents.map((p: any) => p.sha), [base]);
        assert.equal(res.body.commit.message, 'Apply the greeting patch\n');
        assert.equal(res.body.commit.author.name, 'Patch Author');
        const clone = await cloneRepo(server.url, owner, repo, server.dir('clone'));
        assert.equal(clone(['rev-parse', 'HEAD']).trim(), res.body.commit.sha);
        assert.equal(clone(['log', '-1', '--format=%an|%ae|%aI|%cn']).trim(), 'Patch Author|patch@example.test|2022-06-07T08:09:10+00:00|Patch Author');
        assert.equal(clone(['rev-parse', 'HEAD^{tree}']).trim(), local.rev(`${patched}^{tree}`), 'the resulting tree is the one the patch was made from');
      });

      it('applies a git diff with a rename, a deletion, a mode change and binary content; the default message is apply-patch', async () => {
        const start = (await api.get(`/repos/${owner.login}/${repo}/contents/greeting.txt`, owner.basic)).body.last_commit_sha;
        const clone = await cloneRepo(server.url, owner, repo, server.dir('work'));
        const top = clone(['rev-parse', '--show-toplevel']).trim();
        const worker = WorkTree.open(top);
        worker.run(['mv', 'old-name.txt', 'new-name.txt']);
        worker.run(['rm', '-q', 'lib/util.js']);
        worker.write('bin/image.bin', randomBytes(2048));
        worker.write('run.sh', '#!/bin/sh\necho run\n', { executable: true });
        worker.run(['add', '-A']);
        const diff = worker.run(['diff', '--cached', '--binary', '-M']) + '\n';
        const expectedTree = worker.run(['write-tree']);

        const res = await api.post(patchUrl(repo), { content: diff }, owner.basic);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.equal(res.body.commit.message, 'apply-patch\n');
        assert.equal(res.body.commit.author.name, owner.login, 'the caller is the author by default');
        assert.equal(res.body.commit.tree.sha, expectedTree);
        assert.deepEqual(res.body.commit.parents.map((p: any) => p.sha), [start]);
        const after = await cloneRepo(server.url, owner, repo, server.dir('after'));
        const afterTop = after(['rev-parse', '--show-toplevel']).trim();
        assert.deepEqual(readFileSync(path.join(afterTop, 'bin/image.bin')), readFileSync(path.join(top, 'bin/image.bin')));
        assert.match(after(['ls-tree', 'HEAD', 'run.sh']), /^100755 /);
        assert.equal(after(['ls-tree', 'HEAD', 'lib/util.js']).trim(), '');
      });

      it('commits the patch on new_branch, leaving the base branch where it was', async () => {
        const clone = await cloneRepo(server.url, owner, repo, server.dir('branching'));
        const head = clone(['rev-parse', 'HEAD']).trim();
        const top = clone(['rev-parse', '--show-toplevel']).trim();
        const worker = WorkTree.open(top);
        worker.write('branch-only.txt', 'only on the branch\n');
        worker.run(['add', '-A']);
        const diff = worker.run(['diff', '--cached']) + '\n';
        const res = await api.post(patchUrl(repo), { content: diff, new_branch: 'patched/branch', message: 'On a branch' }, owner.basic);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        const check = await cloneRepo(server.url, owner, repo, server.dir('check'), ['--no-single-branch']);
        assert.equal(check(['rev-parse', 'origin/main']).trim(), head);
        assert.equal(check(['show', 'origin/patched/branch:branch-only.txt']), 'only on the branch\n');
        const again = await api.post(patchUrl(repo), { content: diff, new_branch: 'patched/branch' }, owner.basic);
        assert.equal(again.status, 422);
      });

      it('refuses a patch that does not apply with 409 and changes nothing', async () => {
        const before = (await api.get(`/repos/${owner.login}/${repo}/contents/greeting.txt`, owner.basic)).body;
        const conflicting = [
          'diff --git a/greeting.txt b/greeting.txt',
          '--- a/greeting.txt',
          '+++ b/greeting.txt',
          '@@ -1,2 +1,2 @@',
          '-this line is not there',
          '+replacement',
          ' nor this one',
          '',
        ].join('\n');
        const res = await api.post(patchUrl(repo), { content: conflicting }, owner.basic);
        assert.equal(res.status, 409, JSON.stringify(res.body));
        assert.match(res.body.message, /does not apply/);
        const after = (await api.get(`/repos/${owner.login}/${repo}/contents/greeting.txt`, owner.basic)).body;
        assert.equal(after.last_commit_sha, before.last_commit_sha);
      });
    });
  }

  describe('refusals', () => {
    before(async () => {
      await buildRepo(server, owner, { name: 'strict', autoInit: true });
    });
    const addFile = (file: string) => [`diff --git a/${file} b/${file}`, 'new file mode 100644', '--- /dev/null', `+++ b/${file}`, '@@ -0,0 +1 @@', '+x', ''].join('\n');

    it('refuses input that is no patch with 422', async () => {
      const res = await api.post(patchUrl('strict'), { content: 'this is not a patch\n' }, owner.basic);
      assert.equal(res.status, 422, JSON.stringify(res.body));
      const empty = await api.post(patchUrl('strict'), { content: '' }, owner.basic);
      assert.equal(empty.status, 422);
    });

    it('refuses patches whose paths leave the tree or touch .git with 422', async () => {
      for (const file of ['../escape.txt', '.git/hooks/post-update']) {
        const res = await api.post(patchUrl('strict'), { content: addFile(file) }, owner.basic);
        assert.equal(res.status, 422, `${file}: ${JSON.stringify(res.body)}`);
      }
      const clone = await cloneRepo(server.url, owner, 'strict', server.dir('strict'));
      assert.equal(clone(['ls-tree', '-r', '--name-only', 'HEAD']).trim(), 'README.md');
    });

    it('answers 404 for a missing branch and a missing repository, 403 without write access, 401 anonymously', async () => {
      const missingBranch = await api.post(patchUrl('strict'), { content: addFile('a.txt'), branch: 'ghost' }, owner.basic);
      assert.equal(missingBranch.status, 404);
      const missingRepo = await api.post(`/repos/${owner.login}/no-such-repo/diffpatch`, { content: addFile('a.txt') }, owner.basic);
      assert.equal(missingRepo.status, 404);
      const strangers = await api.post(patchUrl('strict'), { content: addFile('a.txt') }, stranger.basic);
      assert.equal(strangers.status, 403);
      const anonymous = await api.post(patchUrl('strict'), { content: addFile('a.txt') });
      assert.equal(anonymous.status, 401);
      const ok = await api.post(patchUrl('strict'), { content: addFile('a.txt') }, owner.basic);
      assert.equal(ok.status, 200, 'the same patch applies for the owner');
    });

    it('answers 404 on an empty repository, which has no branch to patch', async () => {
      await buildRepo(server, owner, { name: 'bare-patch' });
      const res = await api.post(patchUrl('bare-patch'), { content: addFile('a.txt') }, owner.basic);
      assert.equal(res.status, 404);
    });
  });
});
