import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';
import { createAccount, type TestAccount } from '../../testkit/accounts.ts';
import { git, gitLocal, remoteUrl, tempDir } from '../../testkit/git.ts';
import { LocalHistory } from '../../testkit/history.ts';

describe('comparing revisions over REST', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  const work = tempDir('graft-compare-');
  let local: LocalHistory;
  const ids: Record<string, string> = {};
  const creds = (): [string, string] => [owner.login, owner.password];
  const compare = (basehead: string, query = '') => api.get(`/repos/${owner.login}/cmp/compare/${basehead}${query}`, owner.basic);
  const shas = (commits: { sha: string }[]) => commits.map((c) => c.sha);
  const rawCompare = async (basehead: string, output: 'diff' | 'patch') => {
    const res = await fetch(new URL(`api/v1/repos/${owner.login}/cmp/compare/${basehead}?output=${output}`, server.url), {
      headers: { authorization: `Basic ${Buffer.from(creds().join(':')).toString('base64')}` },
    });
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
  };

  before(async () => {
    owner = await createAccount(api);
    await buildRepo(server, owner, { name: 'cmp' });
    local = new LocalHistory(path.join(work.dir, 'cmp'));
    const me = { name: 'Owner', email: owner.email };
    ids.m1 = local.commit({ message: 'base', date: '2024-01-01T00:00:00Z', author: me, files: { 'shared.txt': 'one\ntwo\n' } });
    ids.m2 = local.commit({ message: 'main moves on', date: '2024-01-03T00:00:00Z', author: me, files: { 'main.txt': 'main only\n' } });
    local.run(['checkout', '-q', '-b', 'feature/x', ids.m1]);
    ids.f1 = local.commit({ message: 'feature one', date: '2024-01-02T00:00:00Z', author: me, files: { 'shared.txt': 'one\ntwo\nthree\n' } });
    ids.f2 = local.commit({ message: 'feature two', date: '2024-01-04T00:00:00Z', files: { 'feature.txt': 'feature\n' } });
    local.run(['tag', '-a', 'v-base', '-m', 'base', ids.m1]);
    local.run(['tag', 'v-head', ids.f2]);
    local.run(['checkout', '-q', '--orphan', 'orphan']);
    local.run(['rm', '-rq', '--cached', '.']);
    ids.o1 = local.commit({ message: 'unrelated', date: '2024-01-05T00:00:00Z', files: { 'other.txt': 'other\n' } });
    local.run(['checkout', '-q', '-f', 'main']);
    await local.push(server.url, owner.login, 'cmp', creds(), ['main', 'feature/x', 'orphan', '--tags']);
  });
  after(() => work.remove());

  it('lists the commits head adds to base, newest first, with stats and files, for branch names holding slashes', async () => {
    const res = await compare('main...feature/x');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.total_commits, 2);
    assert.deepEqual(shas(res.body.commits), [ids.f2, ids.f1]);
    const f1 = res.body.commits[1];
    assert.equal(f1.commit.message, 'feature one\n');
    assert.deepEqual(f1.stats, { additions: 1, deletions: 0, total: 1 });
    assert.deepEqual(f1.files, [{ filename: 'shared.txt', status: 'modified' }]);
    assert.equal(f1.author.login, owner.login);
    assert.equal(f1.url, `${server.url}api/v1/repos/${owner.login}/cmp/git/commits/${ids.f1}`);
    const reverse = await compare('feature/x...main');
    assert.deepEqual(shas(reverse.body.commits), [ids.m2]);
    assert.equal(reverse.body.total_commits, 1);
  });

  it('takes tags (annotated or not), full and abbreviated commit ids, and revision expressions on either side', async () => {
    for (const basehead of ['v-base...v-head', `${ids.m1}...${ids.f2}`, `${ids.m1.slice(0, 9)}...${ids.f2.slice(0, 9)}`, 'feature/x~2...feature/x', 'v-base..v-head']) {
      const res = await compare(basehead);
      assert.equal(res.status, 200, `${basehead}: ${JSON.stringify(res.body)}`);
      assert.deepEqual(shas(res.body.commits), [ids.f2, ids.f1], basehead);
    }
    const same = await compare('main...main');
    assert.deepEqual([same.body.total_commits, same.body.commits], [0, []]);
  });

  it('diffs base...head from the merge base, but base..head from base itself', async () => {
    const threeDots = await rawCompare('main...feature/x', 'diff');
    assert.equal(threeDots.status, 200);
    assert.match(threeDots.type, /^text\/plain/);
    assert.match(threeDots.text, /^diff --git a\/feature.txt b\/feature.txt$/m);
    assert.match(threeDots.text, /^\+three$/m);
    assert.doesNotMatch(threeDots.text, /main.txt/, "main's own changes are not part of what the feature adds");
    const twoDots = await rawCompare('main..feature/x', 'diff');
    assert.match(twoDots.text, /^deleted file mode 100644$/m);
    assert.match(twoDots.text, /^diff --git a\/main.txt b\/main.txt$/m);

    const dir = path.join(work.dir, 'apply-compare');
    assert.equal((await git(['clone', '-q', remoteUrl(server.url, owner.login, 'cmp', creds()), dir])).status, 0);
    writeFileSync(path.join(work.dir, 'cmp.diff'), threeDots.text);
    assert.equal(gitLocal(['checkout', '-q', ids.m1], { cwd: dir }).status, 0);
    const check = gitLocal(['apply', '--check', path.join(work.dir, 'cmp.diff')], { cwd: dir });
    assert.equal(check.status, 0, check.stderr);
    assert.equal(gitLocal(['checkout', '-q', ids.f1], { cwd: dir }).status, 0);
    assert.notEqual(gitLocal(['apply', '--check', path.join(work.dir, 'cmp.diff')], { cwd: dir }).status, 0);
  });

  it('gives the commits as an mbox series that git am replays onto the merge base', async () => {
    const res = await rawCompare('main...feature/x', 'patch');
    assert.equal(res.status, 200);
    assert.match(res.text, /^Subject: \[PATCH 1\/2\] feature one$/m);
    assert.match(res.text, /^Subject: \[PATCH 2\/2\] feature two$/m);
    const dir = path.join(work.dir, 'am-compare');
    assert.equal((await git(['clone', '-q', remoteUrl(server.url, owner.login, 'cmp', creds()), dir])).status, 0);
    writeFileSync(path.join(work.dir, 'cmp.patch'), res.text);
    assert.equal(gitLocal(['checkout', '-q', '-b', 'replay', ids.m1], { cwd: dir }).status, 0);
    const am = gitLocal(['am', '-q', path.join(work.dir, 'cmp.patch')], { cwd: dir });
    assert.equal(am.status, 0, am.stderr);
    assert.equal(gitLocal(['rev-parse', 'HEAD^{tree}'], { cwd: dir }).stdout.trim(), local.rev(`${ids.f2}^{tree}`));
  });

  it('compares unrelated histories: every commit of head, diffed from base', async () => {
    const res = await compare('main...orphan');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(shas(res.body.commits), [ids.o1]);
    const diff = await rawCompare('main...orphan', 'diff');
    assert.match(diff.text, /^diff --git a\/main.txt b\/main.txt$/m);
    assert.match(diff.text, /^\+other$/m);
  });

  it('answers 404 when a side names no commit, and 422 for a malformed or option-like basehead', async () => {
    for (const basehead of ['main...nope', 'nope...main', `${'0'.repeat(40)}...main`]) {
      const res = await compare(basehead);
      assert.equal(res.status, 404, `${basehead}: ${JSON.stringify(res.body)}`);
      assert.match(res.body.message, /is not a branch, tag or commit/);
    }
    for (const basehead of ['main', '...main', 'main...', '--all...main', 'main...--output=x']) {
      const res = await compare(basehead);
      assert.equal(res.status, 422, `${basehead}: ${JSON.stringify(res.body)}`);
    }
    assert.equal((await compare('main...feature/x', '?output=html')).status, 422, 'output is diff or patch');
    const stranger = await createAccount(api);
    assert.equal((await api.get(`/repos/${owner.login}/nope/compare/main...main`, stranger.basic)).status, 404);
  });

  it('compares in SHA-256 repositories', async () => {
    await buildRepo(server, owner, { name: 'cmp256', objectFormat: 'sha256' });
    const l = new LocalHistory(path.join(work.dir, 'cmp256'), 'sha256');
    const a = l.commit({ message: 'a', date: '2024-02-01T00:00:00Z', files: { 'a.txt': 'a\n' } });
    l.run(['tag', 'start']);
    const b = l.commit({ message: 'b', date: '2024-02-02T00:00:00Z', files: { 'a.txt': 'a\nb\n' } });
    await l.push(server.url, owner.login, 'cmp256', creds(), ['main', '--tags']);
    const res = await api.get(`/repos/${owner.login}/cmp256/compare/start...main`, owner.basic);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(shas(res.body.commits), [b]);
    assert.equal(res.body.commits[0].parents[0].sha, a);
    assert.deepEqual(res.body.commits[0].stats, { additions: 1, deletions: 0, total: 1 });
    const diff = await api.request('GET', `/repos/${owner.login}/cmp256/compare/${a}...${b}?output=diff`, { auth: owner.basic });
    assert.match(String(diff.body), /^\+b$/m);
  });
});
