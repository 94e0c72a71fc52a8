import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createAccount, type TestAccount } from '../../testkit/accounts.ts';
import { git, gitLocal, remoteUrl, tempDir } from '../../testkit/git.ts';
import { LocalHistory } from '../../testkit/history.ts';
import { buildRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';
import { gitSpawnCount } from '../../../src/git/command.ts';

describe('commits over REST', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let coauthor: TestAccount;
  const work = tempDir('graft-commits-');
  const creds = (): [string, string] => [owner.login, owner.password];
  const ids: Record<string, string> = {};
  let history: LocalHistory;
  let repoPath: string;
  const outsider = { name: 'Outside Person', email: 'outside@nowhere.test' };

  const get = (p: string, auth = owner.basic) => api.get(`${repoPath}${p}`, auth);
  const shas = (body: { sha: string }[]) => body.map((c) => c.sha);

  before(async () => {
    owner = await createAccount(api);
    coauthor = await createAccount(api);
    await buildRepo(server, owner, { name: 'history' });
    repoPath = `/repos/${owner.login}/history`;
    const me = { name: 'Owner Name', email: owner.email };
    history = new LocalHistory(path.join(work.dir, 'history'));
    ids.c1 = history.commit({ message: 'first', date: '2020-01-01T10:00:00Z', author: me, files: { 'README.md': 'hello\n', 'src/a.txt': 'alpha\nbeta\ngamma\n' } });
    ids.c2 = history.commit({
      message: 'second\n\nwith a body',
      date: '2020-02-01T10:00:00+02:00',
      author: outsider,
      files: { 'README.md': 'hello\nworld\n', 'docs/guide.md': 'guide\n' },
    });
    ids.c3 = history.commit({ message: 'rename and remove', date: '2020-03-01T10:00:00Z', author: me, files: { 'src/a.txt': null, 'src/b.txt': 'alpha\nbeta\ngamma\n', 'docs/guide.md': null } });
    ids.c4 = history.commit({
      message: 'binary',
      date: '2020-04-01T10:00:00Z',
      author: { name: 'Co Author', email: coauthor.email.toUpperCase() },
      files: { 'img.bin': Buffer.from([0, 1, 2, 3, 0, 255]) },
    });
    history.run(['tag', '-a', 'v1.0', '-m', 'release 1.0', ids.c4]);
    history.run(['tag', 'light', ids.c2]);
    history.run(['checkout', '-q', '-b', 'feature/x', ids.c2]);
    ids.f1 = history.commit({ message: 'feature', date: '2020-05-01T10:00:00Z', author: me, files: { 'feature.txt': 'feature\n' } });
    history.run(['checkout', '-q', 'main']);
    await history.push(server.url, owner.login, 'history', creds(), ['main', 'feature/x', '--tags']);
  });
  after(() => work.remove());

  describe('GET /repos/{owner}/{repo}/git/commits/{sha}', () => {
    it('returns a commit by id in Gitea\'s shape: message, signatures, tree, parents, URLs and the author\'s account', async () => {
      const res = await get(`/git/commits/${ids.c3}`);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const c = res.body;
      const api = `${server.url}api/v1${repoPath}`;
      assert.equal(c.sha, ids.c3);
      assert.equal(c.url, `${api}/git/commits/${ids.c3}`);
      assert.equal(c.html_url, `${server.url}${owner.login}/history/commit/${ids.c3}`);
      assert.equal(c.created, '2020-03-01T10:00:00Z');
      assert.equal(c.commit.message, 'rename and remove\n');
      assert.deepEqual(c.commit.author, { name: 'Owner Name', email: owner.email, date: '2020-03-01T10:00:00Z' });
      assert.deepEqual(c.commit.committer, { name: 'Owner Name', email: owner.email, date: '2020-03-01T10:00:00Z' });
      const tree = history.rev(`${ids.c3}^{tree}`);
      assert.deepEqual(c.commit.tree, { url: `${api}/git/trees/${tree}`, sha: tree, created: '2020-03-01T10:00:00Z' });
      assert.equal(c.commit.url, c.url);
      assert.deepEqual(c.parents.map((p: { sha: string; url: string }) => [p.sha, p.url]), [[ids.c2, `${api}/git/commits/${ids.c2}`]]);
      assert.equal(c.author.login, owner.login);
      assert.equal(c.author.id, owner.id);
      assert.equal(c.committer.login, owner.login);
      assert.deepEqual(c.commit.verification, { verified: false, reason: 'gpg.error.not_signed_commit', signature: '', payload: '', signer: null });
    });

    it('counts changed lines and lists changed files; a rename is its old path removed and its new path added, as in Gitea', async () => {
      const c = (await get(`/git/commits/${ids.c3}`)).body;
      assert.deepEqual(c.stats, { additions: 0, deletions: 1, total: 1 });
      const files = [...c.files].sort((a, b) => (a.filename < b.filename ? -1 : 1));
      assert.deepEqual(files, [
        { filename: 'docs/guide.md', status: 'removed' },
        { filename: 'src/a.txt', status: 'removed' },
        { filename: 'src/b.txt', status: 'added' },
      ]);
      const second = (await get(`/git/commits/${ids.c2}`)).body;
      assert.deepEqual(second.stats, { additions: 2, deletions: 0, total: 2 });
      assert.deepEqual(
        [...second.files].sort((a, b) => (a.filename < b.filename ? -1 : 1)),
        [{ filename: 'README.md', status: 'modified' }, { filename: 'docs/guide.md', status: 'added' }],
      );
      const binary = (await get(`/git/commits/${ids.c4}`)).body;
      assert.deepEqual(binary.stats, { additions: 0, deletions: 0, total: 0 }, 'binary files count no lines');
      assert.deepEqual(binary.files, [{ filename: 'img.bin', status: 'added' }]);
      const root = (await get(`/git/commits/${ids.c1}`)).body;
      assert.deepEqual(root.parents, []);
      assert.deepEqual(root.stats, { additions: 4, deletions: 0, total: 4 }, 'a root commit is compared with nothing');
    });

    it('leaves stats and verification out (null) and files empty when stat, files and verification are false', async () => {
      const c = (await get(`/git/commits/${ids.c3}?stat=false&files=false&verification=false`)).body;
      assert.equal(c.sha, ids.c3);
      assert.equal(c.stats, null);
      assert.deepEqual(c.files, []);
      assert.equal(c.commit.verification, null);
      assert.equal(c.author.login, owner.login, 'the rest is unchanged');
    });

    it('keeps the time zone git recorded, and matches no account for an unknown e-mail, but any case of a known one', async () => {
      const c = (await get(`/git/commits/${ids.c2}`)).body;
      assert.equal(c.commit.author.date, '2020-02-01T10:00:00+02:00');
      assert.equal(c.created, '2020-02-01T10:00:00+02:00');
      assert.equal(c.commit.message, 'second\n\nwith a body\n');
      assert.equal(c.author, null);
      assert.equal(c.committer, null);
      const upper = (await get(`/git/commits/${ids.c4}`)).body;
      assert.equal(upper.commit.author.email, coauthor.email.toUpperCase());
      assert.equal(upper.author?.login, coauthor.login);
    });

    it('resolves branches (also with slashes, encoded), lightweight and annotated tags, abbreviated ids and revision expressions', async () => {
      const cases: [string, string][] = [
        ['main', ids.c4],
        ['feature%2Fx', ids.f1],
        ['v1.0', ids.c4],
        ['light', ids.c2],
        [ids.c1.slice(0, 10), ids.c1],
        ['main~2', ids.c2],
        [`${ids.c3}%5E`, ids.c2],
      ];
      for (const [rev, sha] of cases) {
        const res = await get(`/git/commits/${rev}?stat=false&files=false`);
        assert.equal(res.status, 200, `${rev}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.sha, sha, rev);
      }
    });

    it('answers 404 for revisions that name no commit, and refuses option-like revisions with 422', async () => {
      for (const rev of ['0'.repeat(40), 'no-such-branch', 'main~99', `${ids.c1}%5E`, history.rev('main^{tree}')]) {
        const res = await get(`/git/commits/${rev}`);
        assert.equal(res.status, 404, `${rev}: ${JSON.stringify(res.body)}`);
        assert.equal(typeof res.body.message, 'string');
      }
      for (const rev of ['-h', '--output=%2Ftmp%2Fx', '--all']) {
        const res = await get(`/git/commits/${rev}`);
        assert.equal(res.status, 422, `${rev}: ${JSON.stringify(res.body)}`);
        assert.match(res.body.message, /may not start with "-"/);
      }
    });

    it('hides commits of a private repository from others (404) and shows them to the owner', async () => {
      await buildRepo(server, owner, { name: 'hidden-history', private: true, autoInit: true });
      const stranger = await createAccount(api);
      assert.equal((await api.get(`/repos/${owner.login}/hidden-history/git/commits/main`, stranger.basic)).status, 404);
      assert.equal((await api.get(`/repos/${owner.login}/hidden-history/git/commits/main`)).status, 404);
      assert.equal((await api.get(`/repos/${owner.login}/hidden-history/commits`, stranger.basic)).status, 404);
      const mine = await api.get(`/repos/${owner.login}/hidden-history/git/commits/main`, owner.basic);
      assert.equal(mine.status, 200);
      assert.equal(mine.body.commit.message, 'Initial commit\n');
    });
  });

  describe('GET /repos/{owner}/{repo}/commits', () => {
    it('lists the default branch newest first, with the same commit shape as the single-commit endpoint', async () => {
      const res = await get('/commits');
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(shas(res.body), [ids.c4, ids.c3, ids.c2, ids.c1]);
      const single = (await get(`/git/commits/${ids.c3}`)).body;
      assert.deepEqual(res.body[1], single);
      assert.equal(res.headers.get('x-total-count'), '4');
      assert.equal(res.headers.get('x-hasmore'), 'false');
      assert.equal(res.headers.get('x-pagecount'), '1');
    });

    it('pages with page and limit, and says so in X-Total-Count, X-HasMore, X-Page, X-PerPage, X-PageCount and Link', async () => {
      const first = await get('/commits?limit=3&page=1&stat=false&files=false');
      assert.deepEqual(shas(first.body), [ids.c4, ids.c3, ids.c2]);
      assert.equal(first.headers.get('x-total-count'), '4');
      assert.equal(first.headers.get('x-total'), '4');
      assert.equal(first.headers.get('x-hasmore'), 'true');
      assert.equal(first.headers.get('x-page'), '1');
      assert.equal(first.headers.get('x-perpage'), '3');
      assert.equal(first.headers.get('x-pagecount'), '2');
      assert.match(first.headers.get('link') ?? '', /<[^>]*[?&]page=2[^>]*>; rel="next"/);
      assert.match(first.headers.get('access-control-expose-headers') ?? '', /X-HasMore/);
      const second = await get('/commits?limit=3&page=2&stat=false&files=false');
      assert.deepEqual(shas(second.body), [ids.c1]);
      assert.equal(second.headers.get('x-hasmore'), 'false');
      assert.equal(second.headers.get('x-page'), '2');
      const beyond = await get('/commits?limit=3&page=5');
      assert.deepEqual(beyond.body, []);
      assert.equal(beyond.headers.get('x-total-count'), '4');
    });

    it('starts from the revision in sha: a branch with slashes, a tag or a commit id', async () => {
      assert.deepEqual(shas((await get('/commits?sha=feature/x&stat=false')).body), [ids.f1, ids.c2, ids.c1]);
      assert.deepEqual(shas((await get('/commits?sha=light&stat=false')).body), [ids.c2, ids.c1]);
      assert.deepEqual(shas((await get(`/commits?sha=${ids.c3}&stat=false`)).body), [ids.c3, ids.c2, ids.c1]);
      const counted = await get('/commits?sha=feature/x&limit=1');
      assert.equal(counted.headers.get('x-total-count'), '3');
    });

    it('keeps only commits committed within since and until (inclusive), time zones included', async () => {
      const res = await get('/commits?since=2020-02-01T00:00:00Z&until=2020-03-15T00:00:00Z&stat=false');
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(shas(res.body), [ids.c3, ids.c2]);
      assert.equal(res.headers.get('x-total-count'), '2');
      // c2 was committed at 08:00 UTC (10:00+02:00): a bound at 09:00 UTC excludes it.
      assert.deepEqual(shas((await get('/commits?since=2020-02-01T09:00:00Z&stat=false')).body), [ids.c4, ids.c3]);
      assert.deepEqual(shas((await get('/commits?until=2020-02-01T08:00:00Z&stat=false')).body), [ids.c2, ids.c1]);
      assert.equal((await get('/commits?since=yesterday')).status, 422, 'since must be a date-time');
    });

    it('filters by path (file or directory) and answers 404 when no commit touches the path', async () => {
      assert.deepEqual(shas((await get('/commits?path=README.md&stat=false')).body), [ids.c2, ids.c1]);
      const dir = await get('/commits?path=src&stat=false');
      assert.deepEqual(shas(dir.body), [ids.c3, ids.c1]);
      assert.equal(dir.headers.get('x-total-count'), '2');
      assert.deepEqual(shas((await get('/commits?path=/docs/&stat=false')).body), [ids.c3, ids.c2]);
      assert.equal((await get('/commits?path=nothing-here.txt')).status, 404);
      assert.equal((await get('/commits?path=:(glob)*')).status, 404, 'paths are literal, never pathspec magic');
      assert.equal((await get('/commits?path=../etc')).status, 422);
    });

    it('leaves out the history of the revision in not', async () => {
      assert.deepEqual(shas((await get('/commits?not=light&stat=false')).body), [ids.c4, ids.c3]);
      const onlyFeature = await get('/commits?sha=feature/x&not=main&stat=false');
      assert.deepEqual(shas(onlyFeature.body), [ids.f1]);
      assert.equal(onlyFeature.headers.get('x-total-count'), '1');
    });

    it('answers 409 for an empty repository, as Gitea does', async () => {
      await buildRepo(server, owner, { name: 'nothing-yet' });
      const res = await api.get(`/repos/${owner.login}/nothing-yet/commits`, owner.basic);
      assert.equal(res.status, 409);
      assert.equal(res.body.message, 'Git Repository is empty.');
    });

    it('answers 404 for an unknown start revision and 422 for option-like sha or not', async () => {
      assert.equal((await get('/commits?sha=no-such-branch')).status, 404);
      assert.equal((await get(`/commits?sha=${history.rev('main:README.md')}`)).status, 404, 'a blob id names no commit');
      assert.equal((await get(`/commits?sha=${history.rev('main^{tree}')}`)).status, 404, 'a tree id names no commit');
      assert.equal((await get('/commits?not=no-such-branch')).status, 404);
      for (const bad of ['sha=--all', 'sha=-n1', 'not=--all']) {
        const res = await get(`/commits?${bad}`);
        assert.equal(res.status, 422, `${bad}: ${JSON.stringify(res.body)}`);
      }
    });
  });

  describe('GET /repos/{owner}/{repo}/git/commits/{sha}.{diffType}', () => {
    const clone = async (name: string) => {
      const dir = path.join(work.dir, name);
      const res = await git(['clone', '-q', remoteUrl(server.url, owner.login, 'history', creds()), dir]);
      assert.equal(res.status, 0, res.stderr);
      return dir;
    };
    const raw = async (p: string) => {
      const res = await fetch(new URL(`api/v1${repoPath}${p}`, server.url), {
        headers: { authorization: `Basic ${Buffer.from(creds().join(':')).toString('base64')}` },
      });
      return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
    };

    it('returns the raw diff as text/plain, and that diff applies to the parent (git apply --check)', async () => {
      const res = await raw(`/git/commits/${ids.c3}.diff`);
      assert.equal(res.status, 200, res.text);
      assert.match(res.type, /^text\/plain/);
      assert.match(res.text, /^diff --git a\/docs\/guide.md b\/docs\/guide.md$/m);
      assert.match(res.text, /^rename from src\/a.txt$/m);
      assert.match(res.text, /^rename to src\/b.txt$/m);
      const dir = await clone('apply-diff');
      const file = path.join(work.dir, 'c3.diff');
      (await import('node:fs')).writeFileSync(file, res.text);
      assert.equal(gitLocal(['checkout', '-q', ids.c2], { cwd: dir }).status, 0);
      const check = gitLocal(['apply', '--check', file], { cwd: dir });
      assert.equal(check.status, 0, check.stderr);
      assert.equal(gitLocal(['checkout', '-q', ids.c1], { cwd: dir }).status, 0);
      assert.notEqual(gitLocal(['apply', '--check', file], { cwd: dir }).status, 0, 'the check can fail: not on another base');
    });

    it('returns an mbox patch that git am turns into the same tree', async () => {
      const res = await raw(`/git/commits/${ids.c2}.patch`);
      assert.equal(res.status, 200, res.text);
      assert.match(res.type, /^text\/plain/);
      assert.ok(res.text.startsWith(`From ${ids.c2} `), res.text.slice(0, 80));
      assert.match(res.text, /^From: Outside Person <outside@nowhere.test>$/m);
      assert.match(res.text, /^Subject: \[PATCH\] second$/m);
      const dir = await clone('apply-patch');
      const file = path.join(work.dir, 'c2.patch');
      (await import('node:fs')).writeFileSync(file, res.text);
      assert.equal(gitLocal(['checkout', '-q', '-b', 'replay', ids.c1], { cwd: dir }).status, 0);
      assert.equal(gitLocal(['apply', '--check', file], { cwd: dir }).status, 0);
      const am = gitLocal(['am', '-q', file], { cwd: dir });
      assert.equal(am.status, 0, am.stderr);
      assert.equal(gitLocal(['rev-parse', 'HEAD^{tree}'], { cwd: dir }).stdout.trim(), history.rev(`${ids.c2}^{tree}`));
    });

    it('diffs a root commit against nothing, and takes branch and tag names (with dots) as well as ids', async () => {
      const root = await raw(`/git/commits/${ids.c1}.diff`);
      assert.match(root.text, /^new file mode 100644$/m);
      assert.match(root.text, /^\+alpha$/m);
      const byBranch = await raw('/git/commits/main.diff');
      assert.equal(byBranch.status, 200);
      assert.match(byBranch.text, /img.bin/);
      const byTag = await raw('/git/commits/v1.0.patch');
      assert.equal(byTag.status, 200);
      assert.ok(byTag.text.startsWith(`From ${ids.c4} `));
    });

    it('answers 404 for an unknown commit and 422 for an option-like one; other suffixes are not diff types', async () => {
      assert.equal((await raw(`/git/commits/${'0'.repeat(40)}.diff`)).status, 404);
      assert.equal((await raw('/git/commits/--output=x.diff')).status, 422);
      // "v1.0" is a tag, not "v1" with diff type "0": it reaches the single-commit route.
      const tag = await get('/git/commits/v1.0?stat=false&files=false');
      assert.equal(tag.status, 200);
      assert.equal(tag.body.sha, ids.c4);
      assert.equal((await raw(`/git/commits/${ids.c1}.txt`)).status, 404);
    });
  });

  describe('SHA-256 repositories', () => {
    it('serve commits, lists and diffs with 64-character ids', async () => {
      await buildRepo(server, owner, { name: 'history256', objectFormat: 'sha256' });
      const local = new LocalHistory(path.join(work.dir, 'history256'), 'sha256');
      const a = local.commit({ message: 'one', date: '2021-01-01T00:00:00Z', author: { name: 'O', email: owner.email }, files: { 'x.txt': 'x\n' } });
      const b = local.commit({ message: 'two', date: '2021-01-02T00:00:00Z', files: { 'x.txt': 'x\ny\n', 'z.txt': 'z\n' } });
      await local.push(server.url, owner.login, 'history256', creds(), ['main']);
      assert.equal(b.length, 64);
      const base = `/repos/${owner.login}/history256`;
      const single = await api.get(`${base}/git/commits/${b}`, owner.basic);
      assert.equal(single.status, 200, JSON.stringify(single.body));
      assert.equal(single.body.sha, b);
      assert.equal(single.body.commit.tree.sha, local.rev(`${b}^{tree}`));
      assert.equal(single.body.commit.tree.sha.length, 64);
      assert.deepEqual(shas(single.body.parents), [a]);
      assert.deepEqual(single.body.stats, { additions: 2, deletions: 0, total: 2 });
      const list = await api.get(`${base}/commits`, owner.basic);
      assert.deepEqual(shas(list.body), [b, a]);
      assert.equal(list.body[1].author.login, owner.login);
      const diff = await api.request('GET', `${base}/git/commits/${b}.diff`, { auth: owner.basic });
      assert.equal(diff.status, 200);
      assert.match(String(diff.body), /^\+y$/m);
      assert.equal((await api.get(`${base}/git/commits/${b.slice(0, 12)}?stat=false`, owner.basic)).body.sha, b);
    });
  });

  describe('cost', () => {
    it('a page of 30 commits with their authors, stats and files costs the SQL statements and git processes of a page of 1', async () => {
      await buildRepo(server, owner, { name: 'busy' });
      const authors = [owner, coauthor, await createAccount(api), await createAccount(api)];
      const local = new LocalHistory(path.join(work.dir, 'busy'));
      for (let i = 0; i < 35; i++) {
        const who = authors[i % authors.length];
        local.commit({
          message: `change ${i}`,
          date: `2022-01-${String(1 + (i % 28)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:00:00Z`,
          author: i % 5 === 4 ? outsider : { name: who.login, email: who.email },
          files: { [`f${i % 7}.txt`]: `line ${i}\n` },
        });
      }
      await local.push(server.url, owner.login, 'busy', creds(), ['main']);
      const measure = async (limit: number) => {
        // Warms the cat-file reader with the oldest commit, which neither measured page holds: a commit's
        // changes are memoized, so warming with a measured commit would make the page of 1 look cheaper.
        await api.get(`/repos/${owner.login}/busy/commits?limit=1&page=35`, owner.basic);
        // Cold caches each time: a row read once per item must not hide behind an earlier request's reads.
        server.app.caches.clear();
        // The push's background work (its events' followers) must not be counted as the read's statements.
        await server.app.backgroundIdle();
        const sql = server.app.database.queryCount();
        const spawns = gitSpawnCount();
        const res = await api.get(`/repos/${owner.login}/busy/commits?limit=${limit}`, owner.basic);
        assert.equal(res.status, 200);
        assert.equal(res.body.length, limit);
        return { sql: server.app.database.queryCount() - sql, spawns: gitSpawnCount() - spawns, body: res.body };
      };
      const one = await measure(1);
      const thirty = await measure(30);
      assert.ok(thirty.body.filter((c: { author: unknown }) => c.author).length >= 20, 'most commits have an account as author');
      assert.ok(thirty.body.every((c: { stats: unknown; files: unknown[] }) => c.stats && c.files.length === 1));
      assert.equal(thirty.sql, one.sql, `SQL statements: ${thirty.sql} for 30 commits, ${one.sql} for 1`);
      // Viewer, repository (with its owner, twice: once for its URLs) and ONE query for all authors and committers.
      assert.ok(thirty.sql <= 6, `at most 6 statements, got ${thirty.sql}`);
      assert.equal(thirty.spawns, one.spawns, `git processes: ${thirty.spawns} for 30 commits, ${one.spawns} for 1`);
      assert.ok(thirty.spawns <= 3, `log, rev-list and diff-tree at most, got ${thirty.spawns}`);
    });
  });
});
