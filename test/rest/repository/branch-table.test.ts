import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { repositoryPath } from '../../../src/domain/repo/storage.ts';
import { gitSpawnCount } from '../../../src/git/command.ts';
import { createAccount, createToken, type TestAccount } from '../../testkit/accounts.ts';
import { gitAsync, gitLocal, remoteUrl, tempDir } from '../../testkit/git.ts';
import { buildRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

const b64 = (text: string) => Buffer.from(text).toString('base64');

/**
 * The branch and tag tables: lists come from the database, so they must follow every change of refs
 * (pushes, the API), rebuild themselves when they were never built, and give way to git when git
 * contradicts them.
 */
describe('the branch and tag tables', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let other: TestAccount;
  const work = tempDir();

  before(async () => {
    owner = await createAccount(api);
    other = await createAccount(api);
  });
  after(() => work.remove());

  const db = () => server.app.database.db;
  const repoId = async (login: string, name: string) => (await api.get(`/repos/${login}/${name}`, owner.basic)).body.id as number;
  /** The table's rows of a repository: name → head commit id. */
  const branchRows = async (login: string, name: string) =>
    Object.fromEntries((await db().branch.findMany({ where: { repoId: await repoId(login, name) } })).map((b) => [b.name, b.commitId]));
  const tagRows = async (login: string, name: string) =>
    Object.fromEntries((await db().tag.findMany({ where: { repoId: await repoId(login, name) } })).map((t) => [t.name, t.commitId]));
  const names = async (url: string) => (await api.get(url, owner.basic)).body.map((b: { name: string }) => b.name).sort();
  const push = async (dir: string, repo: string, ...args: string[]) => {
    const res = await gitAsync(['push', '-q', remoteUrl(server.url, owner.login, repo, [owner.login, owner.password]), ...args], { cwd: dir });
    assert.equal(res.status, 0, res.stderr);
  };
  const local = (dir: string) => (...args: string[]) => {
    const res = gitLocal(args, { cwd: dir });
    assert.equal(res.status, 0, `git ${args.join(' ')}: ${res.stderr}`);
    return res.stdout.trim();
  };
  /** A commit at a given time (seconds since the epoch), so that the newest-first order is known. */
  const commitAt = (dir: string, at: number, ...args: string[]) => {
    const date = `${at} +0000`;
    const res = gitLocal(['commit', '-q', ...args], { cwd: dir, env: { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } });
    assert.equal(res.status, 0, res.stderr);
  };

  it('follows git pushes: a new branch, a force-push and a deletion by push, in the rows, the list and the count', async () => {
    await buildRepo(server, owner, { name: 'pushed' });
    const dir = path.join(work.dir, 'pushed');
    const run = local(dir);
    gitLocal(['init', '-q', '-b', 'main', dir]);
    writeFileSync(path.join(dir, 'a.txt'), 'a\n');
    run('add', '.');
    commitAt(dir, 1_700_000_000, '-m', 'first');
    await push(dir, 'pushed', 'main');
    assert.deepEqual(await branchRows(owner.login, 'pushed'), { main: run('rev-parse', 'main') });

    run('checkout', '-q', '-b', 'topic');
    writeFileSync(path.join(dir, 'b.txt'), 'b\n');
    run('add', '.');
    commitAt(dir, 1_700_000_060, '-m', 'topic work');
    await push(dir, 'pushed', 'topic');
    assert.deepEqual(await branchRows(owner.login, 'pushed'), { main: run('rev-parse', 'main'), topic: run('rev-parse', 'topic') });
    const listed = await api.get(`/repos/${owner.login}/pushed/branches`, owner.basic);
    assert.deepEqual(listed.body.map((b: { name: string }) => b.name), ['topic', 'main']);
    assert.equal(listed.body[0].commit.message, 'topic work\n');

    commitAt(dir, 1_700_000_120, '--amend', '-m', 'topic rewritten');
    await push(dir, 'pushed', '--force', 'topic');
    assert.equal((await branchRows(owner.login, 'pushed')).topic, run('rev-parse', 'topic'));
    const rewritten = await api.get(`/repos/${owner.login}/pushed/branches/topic`, owner.basic);
    assert.equal(rewritten.body.commit.id, run('rev-parse', 'topic'));
    assert.equal(rewritten.body.commit.message, 'topic rewritten\n');
    const row = await db().branch.findFirstOrThrow({ where: { repoId: await repoId(owner.login, 'pushed'), name: 'topic' } });
    assert.equal(row.commitSummary, 'topic rewritten');
    assert.equal(row.authorEmail, 'test@example.test');

    await push(dir, 'pushed', ':topic');
    assert.deepEqual(await branchRows(owner.login, 'pushed'), { main: run('rev-parse', 'main') });
    const after = await api.get(`/repos/${owner.login}/pushed/branches`, owner.basic);
    assert.deepEqual(after.body.map((b: { name: string }) => b.name), ['main']);
    assert.equal(after.headers.get('x-total-count'), '1');
    assert.equal((await api.get(`/repos/${owner.login}/pushed`, owner.basic)).body.branch_count, 1);

    run('tag', '-a', 'v1', '-m', 'release', 'main');
    await push(dir, 'pushed', 'v1');
    assert.deepEqual(await tagRows(owner.login, 'pushed'), { v1: run('rev-parse', 'main') });
    await push(dir, 'pushed', ':v1');
    assert.deepEqual(await tagRows(owner.login, 'pushed'), {});
  });

  it('applies a push to the rows from the updates git made, as a rebuild from git would, and lists git refs when the rows did not hold what the push started from', async () => {
    const { id } = await buildRepo(server, owner, { name: 'applied', autoInit: true });
    const gitDir = repositoryPath(server.app.config, id);
    const serverGit = (...args: string[]) => {
      const res = gitLocal(['--git-dir', gitDir, ...args]);
      assert.equal(res.status, 0, res.stderr);
      return res.stdout.trim();
    };
    const dir = path.join(work.dir, 'applied');
    assert.equal((await gitAsync(['clone', '-q', remoteUrl(server.url, owner.login, 'applied', [owner.login, owner.password]), dir])).status, 0);
    const run = local(dir);
    const initial = run('rev-parse', 'main');
    // A branch made behind the tables' back: a push that starts from what the rows hold does not list it.
    serverGit('update-ref', 'refs/heads/behind', initial);

    writeFileSync(path.join(dir, 'a.txt'), 'a\n');
    run('add', '.');
    commitAt(dir, 1_700_000_000, '-m', 'second\n\nbody');
    run('branch', 'side');
    run('tag', 'light');
    run('tag', '-a', 'annotated', '-m', 'an annotated tag');
    run('tag', '-a', 'nested', '-m', 'a tag of a tag', 'annotated');
    run('tag', 'tree-tag', 'main^{tree}');
    const spawns = gitSpawnCount();
    await push(dir, 'applied', 'main', 'side', 'light', 'annotated', 'nested', 'tree-tag');
    assert.equal(gitSpawnCount() - spawns, 2, 'info/refs and receive-pack: the rows follow the push without a ref listing');
    const second = run('rev-parse', 'main');
    assert.deepEqual(await branchRows(owner.login, 'applied'), { main: second, side: second });
    await push(dir, 'applied', ':side', ':light');

    // What the pushes left equals a rebuild from git, row for row (the branch made behind excepted).
    const rows = async () => ({
      branches: (await db().branch.findMany({ where: { repoId: id }, orderBy: { name: 'asc' } })).map(({ updatedAt: _, ...row }) => row),
      tags: (await db().tag.findMany({ where: { repoId: id }, orderBy: { name: 'asc' } })).map(({ updatedAt: _, ...row }) => row),
      count: (await db().repository.findUniqueOrThrow({ where: { id } })).branchCount,
    });
    const applied = await rows();
    assert.deepEqual(applied.branches.map((b) => b.name), ['main']);
    assert.deepEqual(applied.tags.map((t) => t.name), ['annotated', 'nested', 'tree-tag']);
    assert.equal(applied.count, 1);
    serverGit('update-ref', '-d', 'refs/heads/behind');
    await db().branch.deleteMany({ where: { repoId: id } });
    await db().tag.deleteMany({ where: { repoId: id } });
    await db().repository.update({ where: { id }, data: { refsSyncedAt: null } });
    assert.equal((await api.get(`/repos/${owner.login}/applied/branches`, owner.basic)).status, 200);
    assert.deepEqual(await rows(), applied);

    // main moved behind the tables: the push's starting value is not the row's, so git's refs are listed.
    serverGit('update-ref', 'refs/heads/behind', initial);
    serverGit('update-ref', 'refs/heads/main', initial);
    writeFileSync(path.join(dir, 'b.txt'), 'b\n');
    run('add', '.');
    commitAt(dir, 1_700_000_060, '-m', 'third');
    assert.equal((await gitAsync(['fetch', '-q', 'origin'], { cwd: dir })).status, 0);
    await push(dir, 'applied', '--force', 'main');
    assert.deepEqual(await branchRows(owner.login, 'applied'), { main: run('rev-parse', 'main'), behind: initial });
    assert.equal((await api.get(`/repos/${owner.login}/applied`, owner.basic)).body.branch_count, 2);
  });

  it('follows API changes: new repositories, branch and tag creation, renames and deletions, file changes, forks and merge-upstream', async () => {
    assert.equal((await api.post('/user/repos', { name: 'changes', auto_init: true }, owner.basic)).status, 201);
    const main = (await api.get(`/repos/${owner.login}/changes/branches/main`, owner.basic)).body.commit.id;
    assert.deepEqual(await branchRows(owner.login, 'changes'), { main });

    assert.equal((await api.post(`/repos/${owner.login}/changes/branches`, { new_branch_name: 'side' }, owner.basic)).status, 201);
    assert.deepEqual(await branchRows(owner.login, 'changes'), { main, side: main });
    assert.equal((await api.request('PATCH', `/repos/${owner.login}/changes/branches/side`, { body: { name: 'renamed' }, auth: owner.basic })).status, 204);
    assert.deepEqual(await branchRows(owner.login, 'changes'), { main, renamed: main });

    const written = await api.post(`/repos/${owner.login}/changes/contents/new.txt`, { content: b64('new\n'), branch: 'renamed', message: 'add new.txt' }, owner.basic);
    assert.equal(written.status, 201, JSON.stringify(written.body));
    const renamed = written.body.commit.sha;
    assert.notEqual(renamed, main);
    assert.deepEqual(await branchRows(owner.login, 'changes'), { main, renamed });
    const onNewBranch = await api.post(`/repos/${owner.login}/changes/contents/other.txt`, { content: b64('x\n'), new_branch: 'fresh' }, owner.basic);
    assert.equal(onNewBranch.status, 201, JSON.stringify(onNewBranch.body));
    assert.equal((await branchRows(owner.login, 'changes')).fresh, onNewBranch.body.commit.sha);

    assert.equal((await api.delete(`/repos/${owner.login}/changes/branches/fresh`, owner.basic)).status, 204);
    assert.deepEqual(await branchRows(owner.login, 'changes'), { main, renamed });

    assert.equal((await api.post(`/repos/${owner.login}/changes/tags`, { tag_name: 'v1', target: 'renamed', message: 'one' }, owner.basic)).status, 201);
    assert.equal((await api.post(`/repos/${owner.login}/changes/tags`, { tag_name: 'light' }, owner.basic)).status, 201);
    assert.deepEqual(await tagRows(owner.login, 'changes'), { v1: renamed, light: main });
    assert.equal((await api.delete(`/repos/${owner.login}/changes/tags/light`, owner.basic)).status, 204);
    assert.deepEqual(await tagRows(owner.login, 'changes'), { v1: renamed });

    const fork = await api.post(`/repos/${owner.login}/changes/forks`, {}, other.basic);
    assert.equal(fork.status, 202, JSON.stringify(fork.body));
    assert.deepEqual(await branchRows(other.login, 'changes'), { main, renamed });
    assert.deepEqual(await tagRows(other.login, 'changes'), { v1: renamed });
    assert.deepEqual(await names(`/repos/${other.login}/changes/branches`), ['main', 'renamed']);

    const upstream = await api.post(`/repos/${owner.login}/changes/contents/up.txt`, { content: b64('up\n') }, owner.basic);
    assert.equal(upstream.status, 201);
    const merged = await api.post(`/repos/${other.login}/changes/merge-upstream`, { branch: 'main' }, other.basic);
    assert.equal(merged.status, 200, JSON.stringify(merged.body));
    assert.equal((await branchRows(other.login, 'changes')).main, upstream.body.commit.sha);
  });

  it('builds the tables of a repository that never had them on its first read, with one git process, and none after', async () => {
    const id = await repoId(owner.login, 'changes');
    await db().branch.deleteMany({ where: { repoId: id } });
    await db().tag.deleteMany({ where: { repoId: id } });
    await db().repository.update({ where: { id }, data: { refsSyncedAt: null } });

    const spawns = gitSpawnCount();
    const res = await api.get(`/repos/${owner.login}/changes/branches`, owner.basic);
    assert.deepEqual(res.body.map((b: { name: string }) => b.name).sort(), ['main', 'renamed']);
    assert.equal(gitSpawnCount() - spawns, 1);
    assert.deepEqual(Object.keys(await branchRows(owner.login, 'changes')).sort(), ['main', 'renamed']);
    assert.deepEqual(Object.keys(await tagRows(owner.login, 'changes')), ['v1']);

    const again = gitSpawnCount();
    assert.equal((await api.get(`/repos/${owner.login}/changes/branches`, owner.basic)).status, 200);
    assert.equal((await api.get(`/repos/${owner.login}/changes/tags`, owner.basic)).status, 200);
    assert.equal(gitSpawnCount() - again, 0);
  });

  it('shows what git holds when a ref moved or vanished behind the tables, and repairs them', async () => {
    const gitDir = repositoryPath(server.app.config, await repoId(owner.login, 'changes'));
    const serverGit = (...args: string[]) => {
      const res = gitLocal(['--git-dir', gitDir, ...args]);
      assert.equal(res.status, 0, res.stderr);
      return res.stdout.trim();
    };
    const main = serverGit('rev-parse', 'refs/heads/main');
    serverGit('update-ref', 'refs/heads/renamed', main);
    serverGit('update-ref', 'refs/heads/extra', main);
    const moved = await api.get(`/repos/${owner.login}/changes/branches/renamed`, owner.basic);
    assert.equal(moved.body.commit.id, main);
    assert.deepEqual(await branchRows(owner.login, 'changes'), { main, renamed: main, extra: main });

    serverGit('update-ref', '-d', 'refs/heads/extra');
    const listed = await api.get(`/repos/${owner.login}/changes/branches`, owner.basic);
    assert.deepEqual(listed.body.map((b: { name: string }) => b.name).sort(), ['main', 'renamed']);
    assert.equal(listed.headers.get('x-total-count'), '2');

    serverGit('update-ref', '-d', 'refs/tags/v1');
    const tags = await api.get(`/repos/${owner.login}/changes/tags`, owner.basic);
    assert.deepEqual(tags.body, []);
    assert.equal(tags.headers.get('x-total-count'), '0');
  });

  it('matches a search for a name fragment literally, % and _ included', async () => {
    await buildRepo(server, owner, { name: 'search', autoInit: true });
    for (const name of ['a_b', 'axb', 'c%d', 'cxxd', 'Mixed_Case']) {
      assert.equal((await api.post(`/repos/${owner.login}/search/branches`, { new_branch_name: name }, owner.basic)).status, 201);
    }
    const search = async (q: string) => {
      const res = await api.get(`/repos/${owner.login}/search/branches?q=${encodeURIComponent(q)}`, owner.basic);
      return { names: res.body.map((b: { name: string }) => b.name).sort(), total: res.headers.get('x-total-count') };
    };
    assert.deepEqual(await search('a_b'), { names: ['a_b'], total: '1' });
    assert.deepEqual(await search('c%d'), { names: ['c%d'], total: '1' });
    assert.deepEqual(await search('_'), { names: ['Mixed_Case', 'a_b'], total: '2' });
    assert.deepEqual(await search('mixed_'), { names: ['Mixed_Case'], total: '1' });
    assert.deepEqual(await search('x'), { names: ['Mixed_Case', 'axb', 'cxxd'], total: '3' });
    assert.deepEqual(await search('\\'), { names: [], total: '0' });
  });

  it('pages 5,000 branches from the table: a page of 50 costs the SQL statements of a page of 1 and no git process; asked again, no statement', async () => {
    await buildRepo(server, owner, { name: 'huge' });
    const dir = path.join(work.dir, 'huge');
    gitLocal(['init', '-q', '-b', 'main', dir]);
    // 5,000 branches, each with a commit of its own one second newer than the last, made by fast-import.
    const base = 1_600_000_000;
    let stream = '';
    for (let i = 0; i <= 5000; i++) {
      const ref = i === 0 ? 'main' : `branch-${String(i).padStart(4, '0')}`;
      const message = `commit of ${ref}\n`;
      stream += `commit refs/heads/${ref}\ncommitter T <t@example.test> ${base + i} +0000\ndata ${Buffer.byteLength(message)}\n${message}\n`;
    }
    const imported = gitLocal(['fast-import', '--quiet'], { cwd: dir, input: stream });
    assert.equal(imported.status, 0, imported.stderr);
    await push(dir, 'huge', '--all');

    const url = `/repos/${owner.login}/huge/branches`;
    const first = await api.get(`${url}?limit=50`, owner.basic);
    assert.equal(first.headers.get('x-total-count'), '5001');
    assert.equal(first.body.length, 50);
    assert.equal(first.body[0].name, 'branch-5000');
    // A token: once verified it is kept (src/cache), so a request costs only what its answer needs.
    const auth = { token: await createToken(api, owner, ['read:repository']) };
    assert.equal((await api.get(`${url}?limit=1`, auth)).status, 200);
    const costOf = async (query: string, { cold = true } = {}) => {
      // What the push set going in the background (pull request checks) is done before anything is counted.
      await server.app.backgroundIdle();
      if (cold) server.app.caches.clear();
      const spawns = gitSpawnCount();
      const sql = server.app.database.queryCount();
      const res = await api.get(`${url}?${query}`, auth);
      assert.equal(res.status, 200);
      return { spawns: gitSpawnCount() - spawns, sql: server.app.database.queryCount() - sql, names: res.body.map((b: { name: string }) => b.name) };
    };
    const one = await costOf('limit=1');
    const fifty = await costOf('page=3&limit=50');
    assert.deepEqual(fifty.names, Array.from({ length: 50 }, (_, i) => `branch-${String(4900 - i)}`));
    assert.equal(fifty.spawns, 0);
    assert.equal(one.spawns, 0);
    assert.equal(fifty.sql, one.sql, `SQL statements: ${fifty.sql} for 50 branches, ${one.sql} for 1`);
    const again = await costOf('page=3&limit=50', { cold: false });
    assert.deepEqual(again.names, fifty.names);
    assert.deepEqual({ sql: again.sql, spawns: again.spawns }, { sql: 0, spawns: 0 });
    const last = await costOf('page=101&limit=50');
    assert.deepEqual(last.names, ['main']);
    assert.equal(last.sql, one.sql);
  });
});
