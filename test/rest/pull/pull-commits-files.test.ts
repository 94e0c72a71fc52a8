import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { gitSpawnCount } from '../../../src/git/command.ts';
import { createAccounts, createToken, type TestAccount } from '../../testkit/accounts.ts';
import { graphql } from '../../testkit/client.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

/** Enough lines that a moved file is still found to be the same file (git's rename detection). */
const LONG = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n') + '\n';

describe("a pull request's commits and files", () => {
  const server = useServer();
  const { api } = server;
  const db = () => server.app.database.db;
  let owner: TestAccount;
  let reader: TestAccount;
  let outsider: TestAccount;
  let repo: TestRepo;
  let pr: { number: number; id: number };

  before(async () => {
    [owner, reader, outsider] = await createAccounts(api, 3);
    repo = await buildRepo(server, owner, {
      private: true,
      files: { 'README.md': 'hello\n', 'a.txt': 'one\ntwo\n', 'ws.txt': 'a b\n', 'old.txt': LONG, 'gone.txt': 'bye\n', 'bin.dat': Buffer.from([0, 1, 2, 3]) },
      commits: [
        { key: 't1', branch: 'topic', message: 'add new.txt', files: { 'new.txt': 'new\n' } },
        { key: 't2', branch: 'topic', message: 'edit a.txt, respace ws.txt', files: { 'a.txt': 'one\nTWO\nthree\n', 'ws.txt': 'a   b\n' } },
        { key: 't3', branch: 'topic', message: 'move old.txt, remove gone.txt', files: { 'old.txt': null, 'moved.txt': LONG, 'gone.txt': null } },
        { key: 't4', branch: 'topic', message: 'change the binary', files: { 'bin.dat': Buffer.from([0, 9, 9, 9]) } },
      ],
      collaborators: [[reader, 'read']],
    });
    const res = await api.post(`${repo.path}/pulls`, { title: 'topic', head: 'topic', base: 'main' }, owner.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    pr = res.body;
  });

  it('lists the commits its head adds to the base, newest first, each with its files and stats, paged with Gitea’s headers', async () => {
    const all = await api.get(`${repo.path}/pulls/${pr.number}/commits`, reader.basic);
    assert.equal(all.status, 200, JSON.stringify(all.body));
    assert.deepEqual(all.body.map((c: { sha: string }) => c.sha), [repo.ids.t4, repo.ids.t3, repo.ids.t2, repo.ids.t1]);
    const t2 = all.body[2];
    assert.equal(t2.commit.message, 'edit a.txt, respace ws.txt\n');
    assert.deepEqual(t2.files, [{ filename: 'a.txt', status: 'modified' }, { filename: 'ws.txt', status: 'modified' }]);
    assert.deepEqual(t2.stats, { total: 5, additions: 3, deletions: 2 });
    assert.equal(t2.commit.verification.reason, 'gpg.error.not_signed_commit');
    assert.match(t2.html_url, new RegExp(`/${repo.fullName}/commit/${repo.ids.t2}$`));

    const page = await api.get(`${repo.path}/pulls/${pr.number}/commits?page=2&limit=3`, reader.basic);
    assert.deepEqual(page.body.map((c: { sha: string }) => c.sha), [repo.ids.t1]);
    assert.equal(page.headers.get('x-total-count'), '4');
    assert.equal(page.headers.get('x-page'), '2');
    assert.equal(page.headers.get('x-perpage'), '3');
    assert.equal(page.headers.get('x-pagecount'), '2');
    assert.equal(page.headers.get('x-hasmore'), 'false');
    assert.match(page.headers.get('link') ?? '', /rel="first"/);
    const first = await api.get(`${repo.path}/pulls/${pr.number}/commits?limit=3`, reader.basic);
    assert.equal(first.headers.get('x-hasmore'), 'true');
  });

  it('leaves out the files and the verification when asked, and always counts the lines, as Gitea does', async () => {
    const res = await api.get(`${repo.path}/pulls/${pr.number}/commits?files=false&verification=false`, reader.basic);
    assert.equal(res.status, 200);
    for (const commit of res.body) {
      assert.deepEqual(commit.files, []);
      assert.equal(commit.commit.verification, null);
      assert.equal(typeof commit.stats.total, 'number');
    }
  });

  it('lists the files from the merge base with Gitea’s status words, line counts and links at the head commit', async () => {
    const res = await api.get(`${repo.path}/pulls/${pr.number}/files`, reader.basic);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const head = repo.ids.t4;
    const root = server.url.replace(/\/$/, '');
    const byName = Object.fromEntries(res.body.map((f: { filename: string }) => [f.filename, f]));
    assert.deepEqual(res.body.map((f: { filename: string }) => f.filename), ['a.txt', 'bin.dat', 'gone.txt', 'moved.txt', 'new.txt', 'ws.txt']);
    assert.deepEqual(byName['a.txt'], {
      filename: 'a.txt',
      previous_filename: '',
      status: 'changed',
      additions: 2,
      deletions: 1,
      changes: 3,
      html_url: `${root}/${repo.fullName}/src/commit/${head}/a.txt`,
      contents_url: `${root}/api/v1/repos/${repo.fullName}/contents/a.txt?ref=${head}`,
      raw_url: `${root}/${repo.fullName}/raw/commit/${head}/a.txt`,
    });
    assert.deepEqual([byName['new.txt'].status, byName['new.txt'].additions], ['added', 1]);
    assert.deepEqual([byName['gone.txt'].status, byName['gone.txt'].deletions], ['deleted', 1]);
    assert.deepEqual([byName['moved.txt'].status, byName['moved.txt'].previous_filename, byName['moved.txt'].changes], ['renamed', 'old.txt', 0]);
    // Gitea counts no lines of a binary file, and so calls it unchanged.
    assert.deepEqual([byName['bin.dat'].status, byName['bin.dat'].changes], ['unchanged', 0]);
    assert.equal(res.headers.get('x-total-count'), '6');
  });

  it('pages the files with Gitea’s headers and starts them at skip-to; a path the change does not touch lists none', async () => {
    const page = await api.get(`${repo.path}/pulls/${pr.number}/files?page=2&limit=4`, reader.basic);
    assert.deepEqual(page.body.map((f: { filename: string }) => f.filename), ['new.txt', 'ws.txt']);
    assert.equal(page.headers.get('x-total-count'), '6');
    assert.equal(page.headers.get('x-pagecount'), '2');
    assert.equal(page.headers.get('x-hasmore'), 'false');
    const skipped = await api.get(`${repo.path}/pulls/${pr.number}/files?skip-to=moved.txt`, reader.basic);
    assert.deepEqual(skipped.body.map((f: { filename: string }) => f.filename), ['moved.txt', 'new.txt', 'ws.txt']);
    assert.equal(skipped.headers.get('x-total-count'), '3');
    const nowhere = await api.get(`${repo.path}/pulls/${pr.number}/files?skip-to=not-in-the-change.txt`, reader.basic);
    assert.equal(nowhere.status, 200);
    assert.deepEqual(nowhere.body, []);
    assert.equal(nowhere.headers.get('x-total-count'), '0');
  });

  it('leaves out the files whose changes are all whitespace when whitespace is ignored; an unknown setting counts every change', async () => {
    const names = async (whitespace: string) =>
      (await api.get(`${repo.path}/pulls/${pr.number}/files?whitespace=${whitespace}`, reader.basic)).body.map((f: { filename: string }) => f.filename);
    assert.ok(!(await names('ignore-all')).includes('ws.txt'));
    assert.ok(!(await names('ignore-change')).includes('ws.txt'));
    assert.ok((await names('ignore-eol')).includes('ws.txt'), 'the spaces are inside the line');
    assert.ok((await names('show-all')).includes('ws.txt'));
    assert.ok((await names('sideways')).includes('ws.txt'));
  });

  it('lists the commits the base branch lacks: a head commit the base took in meanwhile is no longer listed', async () => {
    const other = await buildRepo(server, owner, {
      files: { 'a.txt': 'a\n' },
      commits: [
        { key: 'h1', branch: 'work', files: { 'h1.txt': '1\n' } },
        { key: 'h2', branch: 'work', files: { 'h2.txt': '2\n' } },
      ],
    });
    const opened = await api.post(`${other.path}/pulls`, { title: 'work', head: 'work', base: 'main' }, owner.basic);
    assert.equal(opened.status, 201, JSON.stringify(opened.body));
    const moved = await api.put(`${other.path}/branches/main`, { new_commit_id: other.ids.h1 }, owner.basic);
    assert.equal(moved.status, 204, JSON.stringify(moved.body));
    const res = await api.get(`${other.path}/pulls/${opened.body.number}/commits`, owner.basic);
    assert.deepEqual(res.body.map((c: { sha: string }) => c.sha), [other.ids.h2]);
  });

  it('answers the diff and the patch as raw text to a token of a private repository’s reader', async () => {
    const auth = { token: await createToken(api, reader, ['read:repository']) };
    const diff = await api.get(`${repo.path}/pulls/${pr.number}.diff`, auth);
    assert.equal(diff.status, 200);
    assert.match(diff.headers.get('content-type') ?? '', /^text\/plain/);
    assert.match(String(diff.body), /^diff --git a\/a\.txt b\/a\.txt$/m);
    const patch = await api.get(`${repo.path}/pulls/${pr.number}.patch`, auth);
    assert.equal(patch.status, 200);
    assert.match(String(patch.body), /Subject: \[PATCH 1\/4\] add new\.txt/);
    assert.equal((await api.get(`${repo.path}/pulls/${pr.number}.diff`)).status, 404, 'anonymous callers do not see a private repository');
  });

  it('answers 404 for an issue’s number, a number nobody took, and callers who may not read the repository', async () => {
    const issue = await api.post(`${repo.path}/issues`, { title: 'only an issue' }, owner.basic);
    for (const path of ['commits', 'files']) {
      assert.equal((await api.get(`${repo.path}/pulls/${issue.body.number}/${path}`, owner.basic)).status, 404);
      assert.equal((await api.get(`${repo.path}/pulls/999/${path}`, owner.basic)).status, 404);
      assert.equal((await api.get(`${repo.path}/pulls/${pr.number}/${path}`, outsider.basic)).status, 404);
      assert.equal((await api.get(`${repo.path}/pulls/${pr.number}/${path}`)).status, 404);
    }
  });

  it('reads a page of 50 commits or files with the SQL statements of a page of 1, and at most two git processes for all pages', async () => {
    const many = await buildRepo(server, owner, {
      files: { 'base.txt': 'b\n' },
      commits: Array.from({ length: 60 }, (_, i) => ({ branch: 'many', files: { [`f${String(i).padStart(2, '0')}.txt`]: `${i}\n` } })),
    });
    const opened = await api.post(`${many.path}/pulls`, { title: 'many', head: 'many', base: 'main' }, owner.basic);
    assert.equal(opened.status, 201);
    await server.app.backgroundIdle(); // the mergeability check's git processes are not the requests'
    const measure = async (what: string, limit: number, page = 1) => {
      server.app.caches.clear();
      const sql = server.app.database.queryCount();
      const spawns = gitSpawnCount();
      const res = await api.get(`${many.path}/pulls/${opened.body.number}/${what}?limit=${limit}&page=${page}`, owner.basic);
      assert.equal(res.status, 200);
      return { sql: server.app.database.queryCount() - sql, spawns: gitSpawnCount() - spawns, length: res.body.length };
    };
    // The first page of commits: one rev-list for the list, one diff-tree for the files of all fifty.
    const commits50 = await measure('commits', 50);
    assert.equal(commits50.length, 50);
    assert.ok(commits50.spawns <= 2, `rev-list and diff-tree at most, got ${commits50.spawns}`);
    const commits1 = await measure('commits', 1, 51);
    assert.equal(commits1.length, 1);
    assert.equal(commits50.sql, commits1.sql, `SQL statements: ${commits50.sql} for 50 commits, ${commits1.sql} for 1`);
    assert.equal((await measure('commits', 50)).spawns, 0, 'a page read again starts no git process');

    const files50 = await measure('files', 50);
    assert.equal(files50.length, 50);
    assert.ok(files50.spawns <= 1, `one diff-tree at most, got ${files50.spawns}`);
    const files1 = await measure('files', 1, 51);
    assert.equal(files1.length, 1);
    assert.equal(files1.spawns, 0, 'another page of the same change starts no git process');
    assert.equal(files50.sql, files1.sql, `SQL statements: ${files50.sql} for 50 files, ${files1.sql} for 1`);
  });

  it('shows the commits and files through GraphQL as connections with their totals', async () => {
    const result = await graphql(
      server.url,
      `query($o: String!, $n: String!, $number: Int!) { repository(owner: $o, name: $n) { pullRequest(number: $number) {
        commits(first: 2) { totalCount nodes { oid stats { additions } files { filename } } }
        files(first: 10, whitespace: ignore_all) { totalCount nodes { filename previousFilename status additions deletions changes } }
      } } }`,
      { o: repo.owner, n: repo.name, number: pr.number },
      reader.basic,
    );
    assert.equal(result.errors, undefined, JSON.stringify(result.errors));
    const pull = result.data.repository.pullRequest;
    assert.equal(pull.commits.totalCount, 4);
    assert.deepEqual(pull.commits.nodes.map((c: { oid: string }) => c.oid), [repo.ids.t4, repo.ids.t3]);
    assert.deepEqual(pull.commits.nodes[1].files.map((f: { filename: string }) => f.filename).sort(), ['gone.txt', 'moved.txt']);
    assert.equal(pull.files.totalCount, 5, 'ws.txt changed its whitespace only');
    assert.deepEqual(pull.files.nodes.find((f: { filename: string }) => f.filename === 'moved.txt'), {
      filename: 'moved.txt',
      previousFilename: 'old.txt',
      status: 'renamed',
      additions: 0,
      deletions: 0,
      changes: 0,
    });
  });

  it('finds the pull request a commit was merged as, and answers 404 for any other commit', async () => {
    const merged = await buildRepo(server, owner, { files: { 'a.txt': 'a\n' }, commits: [{ key: 'm1', branch: 'done', files: { 'm.txt': 'm\n' } }] });
    const opened = await api.post(`${merged.path}/pulls`, { title: 'done', head: 'done', base: 'main' }, owner.basic);
    assert.equal(opened.status, 201);
    assert.equal((await api.get(`${merged.path}/commits/${merged.ids.m1}/pull`, owner.basic)).status, 404, 'not merged yet');
    // Merging is built elsewhere: the row is marked as a fast-forward merge would leave it.
    await db().pullRequest.update({ where: { id: opened.body.id }, data: { hasMerged: true, mergedAt: new Date(), mergedCommitId: merged.ids.m1, mergerId: owner.id } });
    const found = await api.get(`${merged.path}/commits/${merged.ids.m1}/pull`, reader.basic);
    assert.equal(found.status, 200, JSON.stringify(found.body));
    assert.equal(found.body.number, opened.body.number);
    assert.equal(found.body.merged, true);
    assert.equal(found.body.merge_commit_sha, merged.ids.m1);
    assert.equal((await api.get(`${merged.path}/commits/${merged.heads.main}/pull`, owner.basic)).status, 404);
    assert.equal((await api.get(`${merged.path}/commits/${merged.ids.m1.slice(0, 10)}/pull`, owner.basic)).status, 404, 'the full id, as Gitea matches it');
    const gql = await graphql(
      server.url,
      'query($o: String!, $n: String!, $sha: String!) { repository(owner: $o, name: $n) { pullRequestByMergedCommit(sha: $sha) { number merged } } }',
      { o: merged.owner, n: merged.name, sha: merged.ids.m1 },
      owner.basic,
    );
    assert.deepEqual(gql.data?.repository.pullRequestByMergedCommit, { number: opened.body.number, merged: true });
  });
});
