import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { queuedOnRef, queuedOnRefCount } from '../../../src/git/ref-queue.ts';
import { repositoryPath } from '../../../src/domain/repo/storage.ts';
import { createAccount, type TestAccount } from '../../testkit/accounts.ts';
import { b64, cloneRepo, WorkTree, type ObjectFormat } from '../../testkit/contents.ts';
import { buildRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

/**
 * Writes through the API that touch different paths of one branch never fail because of each other; only a
 * real conflict (the same path changed since the request read it) is a 409, and nothing is ever lost.
 */
describe('concurrent writes to one branch', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;

  before(async () => {
    owner = await createAccount(api);
  });

  const contentsUrl = (repo: string, file = '') => `/repos/${owner.login}/${repo}/contents${file ? `/${file}` : ''}`;
  const headOf = async (repo: string, branch = 'main') => (await api.get(`/repos/${owner.login}/${repo}/branches/${branch}`, owner.basic)).body.commit.id as string;
  const gitDirOf = (id: number) => repositoryPath(server.app.config, id);

  /** The history of the branch: every commit id, newest first, and the files of its tip. */
  async function history(repo: string) {
    const clone = await cloneRepo(server.url, owner, repo, server.dir('clone'));
    return {
      commits: clone(['rev-list', '--first-parent', 'HEAD']).trim().split('\n'),
      files: clone(['ls-tree', '-r', '--name-only', 'HEAD']).trim().split('\n'),
      show: (file: string) => clone(['show', `HEAD:${file}`]),
      head: clone(['rev-parse', 'HEAD']).trim(),
    };
  }

  /** Asserts the writes all answered `status`, each commit is in the branch's first-parent chain, and the branch table shows the tip. */
  async function allLanded(repo: string, responses: { status: number; body: any }[], status: number) {
    for (const res of responses) assert.equal(res.status, status, JSON.stringify(res.body));
    const seen = await history(repo);
    for (const res of responses) assert.ok(seen.commits.includes(res.body.commit.sha), `commit ${res.body.commit.sha} was lost`);
    assert.equal(new Set(responses.map((r) => r.body.commit.sha)).size, responses.length, 'one commit per write');
    assert.equal(await headOf(repo), seen.head, 'the branch table follows the ref');
    return seen;
  }

  /**
   * Sends `request` (`requests` writes to main) so that every write computes its change on the same tip: the
   * ref's queue is held until all of them wait their turn; then `meanwhile` runs (a push moving the branch),
   * then the queue goes on.
   */
  async function fromOneTip<T>(gitDir: string, request: () => Promise<T>, meanwhile: () => Promise<void>, requests = 1): Promise<T> {
    let release!: () => void;
    const held = queuedOnRef(gitDir, 'refs/heads/main', () => new Promise<void>((resolve) => (release = resolve)));
    const answer = request();
    for (let waited = 0; queuedOnRefCount(gitDir, 'refs/heads/main') < 1 + requests; waited += 10) {
      assert.ok(waited < 60_000, 'the requests never reached the queue of their branch');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await meanwhile();
    release();
    await held;
    return answer;
  }

  for (const [count, format] of [[12, 'sha1'], [20, 'sha256']] as [number, ObjectFormat][]) {
    it(`answers 201 to each of ${count} concurrent creates of different files on one ${format} branch, and keeps every commit`, async () => {
      const repo = `creates-${count}-${format}`;
      await buildRepo(server, owner, { name: repo, objectFormat: format, files: { 'README.md': 'start\n' } });
      const creates = await Promise.all(
        Array.from({ length: count }, (_, i) => api.post(contentsUrl(repo, `parallel/${i}.txt`), { content: b64(`file ${i}\n`) }, owner.basic)),
      );
      const seen = await allLanded(repo, creates, 201);
      for (let i = 0; i < count; i++) assert.ok(seen.files.includes(`parallel/${i}.txt`), `parallel/${i}.txt is missing from the tree`);
      assert.equal(seen.commits.length, count + 1, 'one commit per create on top of the first, in one chain');
    });
  }

  it('lands every one of concurrent creates in an empty repository: the first makes the branch, the others follow it', async () => {
    const repo = 'empty-creates';
    await buildRepo(server, owner, { name: repo });
    const creates = await Promise.all(Array.from({ length: 5 }, (_, i) => api.post(contentsUrl(repo, `e${i}.txt`), { content: b64(`${i}\n`) }, owner.basic)));
    const seen = await allLanded(repo, creates, 201);
    assert.deepEqual(seen.files.sort(), ['e0.txt', 'e1.txt', 'e2.txt', 'e3.txt', 'e4.txt']);
    assert.equal(seen.commits.length, 5);
  });

  it('lets concurrent updates of different existing files all succeed', async () => {
    const repo = 'updates';
    const files = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`doc/${i}.md`, `old ${i}\n`]));
    await buildRepo(server, owner, { name: repo, files });
    const shas = await Promise.all(Object.keys(files).map(async (f) => (await api.get(contentsUrl(repo, f), owner.basic)).body.sha as string));
    const updates = await Promise.all(
      Object.keys(files).map((f, i) => api.request('PUT', contentsUrl(repo, f), { auth: owner.basic, body: { content: b64(`new ${i}\n`), sha: shas[i] } })),
    );
    const seen = await allLanded(repo, updates, 200);
    Object.keys(files).forEach((f, i) => assert.equal(seen.show(f), `new ${i}\n`));
  });

  it('lets exactly one of concurrent updates of the same file with the same sha win; the others get 409 and change nothing', async () => {
    const repo = 'same-file';
    const built = await buildRepo(server, owner, { name: repo, files: { 'shared.txt': 'v0\n' } });
    const sha = (await api.get(contentsUrl(repo, 'shared.txt'), owner.basic)).body.sha;
    const before = await headOf(repo);
    const updates = await fromOneTip(
      gitDirOf(built.id),
      () =>
        Promise.all(
          Array.from({ length: 6 }, (_, i) => api.request('PUT', contentsUrl(repo, 'shared.txt'), { auth: owner.basic, body: { content: b64(`v${i + 1}\n`), sha } })),
        ),
      async () => {},
      6,
    );
    const statuses = updates.map((r) => r.status);
    assert.equal(statuses.filter((s) => s === 200).length, 1, `${statuses}`);
    for (const res of updates.filter((r) => r.status !== 200)) {
      assert.equal(res.status, 409, JSON.stringify(res.body));
      assert.match(res.body.message, /shared\.txt/);
    }
    const winner = updates.find((r) => r.status === 200)!;
    const seen = await history(repo);
    assert.deepEqual(seen.commits.slice(0, 2), [winner.body.commit.sha, before], 'only the winner committed');
    assert.equal(seen.show('shared.txt'), `v${statuses.indexOf(200) + 1}\n`);
  });

  it('answers 409 to all but one of concurrent creates of the same path', async () => {
    const repo = 'same-create';
    const built = await buildRepo(server, owner, { name: repo, files: { 'README.md': 'start\n' } });
    const creates = await fromOneTip(
      gitDirOf(built.id),
      () => Promise.all(Array.from({ length: 4 }, (_, i) => api.post(contentsUrl(repo, 'taken.txt'), { content: b64(`${i}\n`) }, owner.basic))),
      async () => {},
      4,
    );
    const statuses = creates.map((r) => r.status).sort();
    assert.deepEqual(statuses, [201, 409, 409, 409]);
  });

  it('lets concurrent changes of several files (ChangeFiles) with disjoint paths all succeed', async () => {
    const repo = 'change-files';
    const files = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`set${i}/keep.txt`, `keep ${i}\n`]));
    await buildRepo(server, owner, { name: repo, files });
    const shas = await Promise.all(Object.keys(files).map(async (f) => (await api.get(contentsUrl(repo, f), owner.basic)).body.sha as string));
    const changes = await Promise.all(
      Object.keys(files).map((f, i) =>
        api.post(
          contentsUrl(repo),
          {
            message: `change set ${i}`,
            files: [
              { operation: 'create', path: `set${i}/a.txt`, content: b64(`a ${i}\n`) },
              { operation: 'create', path: `set${i}/deep/b.txt`, content: b64(`b ${i}\n`) },
              { operation: 'update', path: f, content: b64(`kept ${i}\n`), sha: shas[i] },
            ],
          },
          owner.basic,
        ),
      ),
    );
    const seen = await allLanded(repo, changes, 201);
    for (let i = 0; i < 6; i++) {
      assert.equal(seen.show(`set${i}/a.txt`), `a ${i}\n`);
      assert.equal(seen.show(`set${i}/deep/b.txt`), `b ${i}\n`);
      assert.equal(seen.show(`set${i}/keep.txt`), `kept ${i}\n`);
    }
  });

  it('lets concurrent patch applies to disjoint files all succeed', async () => {
    const repo = 'patches';
    const files = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`p${i}.txt`, `line one\nline ${i}\n`]));
    await buildRepo(server, owner, { name: repo, files });
    const patch = (i: number) =>
      `diff --git a/p${i}.txt b/p${i}.txt\n--- a/p${i}.txt\n+++ b/p${i}.txt\n@@ -1,2 +1,2 @@\n line one\n-line ${i}\n+patched ${i}\n`;
    const applies = await Promise.all(
      Array.from({ length: 6 }, (_, i) => api.post(`/repos/${owner.login}/${repo}/diffpatch`, { content: patch(i), message: `patch ${i}` }, owner.basic)),
    );
    const seen = await allLanded(repo, applies, 200);
    for (let i = 0; i < 6; i++) assert.equal(seen.show(`p${i}.txt`), `line one\npatched ${i}\n`);
  });

  describe('racing a git push', () => {
    /** A repository with `files` on main, and a push to main (from a clone) of a commit writing `changes`; it answers the commit's id. */
    async function pushable(repo: string, files: Record<string, string>, objectFormat: ObjectFormat = 'sha1') {
      const built = await buildRepo(server, owner, { name: repo, objectFormat, files });
      const local = WorkTree.open(server.dir('local'));
      await cloneRepo(server.url, owner, repo, local.dir);
      const push = async (changes: Record<string, string>) => {
        for (const [file, content] of Object.entries(changes)) local.write(file, content);
        const id = local.commit('pushed');
        await local.push(server.url, owner, repo);
        return id;
      };
      return { gitDir: gitDirOf(built.id), push };
    }

    for (const format of ['sha1', 'sha256'] as ObjectFormat[]) {
      it(`lands a write on top of a pushed commit that changed other paths (${format})`, async () => {
        const repo = `push-disjoint-${format}`;
        const { gitDir, push } = await pushable(repo, { 'a.txt': 'a\n', 'b.txt': 'b\n' }, format);
        const sha = (await api.get(contentsUrl(repo, 'a.txt'), owner.basic)).body.sha;
        let pushed = '';
        const res = await fromOneTip(
          gitDir,
          () => api.request('PUT', contentsUrl(repo, 'a.txt'), { auth: owner.basic, body: { content: b64('a by the API\n'), sha } }),
          async () => void (pushed = await push({ 'b.txt': 'b by a push\n', 'c/new.txt': 'new\n' })),
        );
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.deepEqual(res.body.commit.parents.map((p: any) => p.sha), [pushed], 'the write is carried over onto the pushed commit');
        const seen = await history(repo);
        assert.equal(seen.head, res.body.commit.sha);
        assert.equal(seen.show('a.txt'), 'a by the API\n');
        assert.equal(seen.show('b.txt'), 'b by a push\n');
        assert.equal(seen.show('c/new.txt'), 'new\n');
        assert.equal(await headOf(repo), res.body.commit.sha, 'the branch table follows the ref');
      });
    }

    it('answers 409 to a write whose path the push changed, and keeps the push', async () => {
      const repo = 'push-same';
      const { gitDir, push } = await pushable(repo, { 'a.txt': 'a\n' });
      const sha = (await api.get(contentsUrl(repo, 'a.txt'), owner.basic)).body.sha;
      let pushed = '';
      const [update, create] = await fromOneTip(
        gitDir,
        () =>
          Promise.all([
            api.request('PUT', contentsUrl(repo, 'a.txt'), { auth: owner.basic, body: { content: b64('a by the API\n'), sha } }),
            api.post(contentsUrl(repo, 'dir/x.txt'), { content: b64('x\n') }, owner.basic),
          ]),
        async () => void (pushed = await push({ 'a.txt': 'a by a push\n', dir: 'a file where the API makes a directory\n' })),
        2,
      );
      assert.equal(update.status, 409, JSON.stringify(update.body));
      assert.match(update.body.message, /a\.txt/);
      assert.equal(create.status, 409, JSON.stringify(create.body));
      const seen = await history(repo);
      assert.equal(seen.head, pushed, 'the push is kept, nothing was written over it');
      assert.equal(seen.show('a.txt'), 'a by a push\n');
      assert.equal(await headOf(repo), pushed);
    });
  });

  it('deletes a branch while changes land on it, without a 409', async () => {
    const repo = 'delete-busy';
    await buildRepo(server, owner, { name: repo, files: { 'README.md': 'start\n' }, commits: [{ branch: 'side', files: { 's.txt': 's\n' } }] });
    const writes = Array.from({ length: 5 }, (_, i) => api.post(contentsUrl(repo, `w${i}.txt`), { content: b64(`${i}\n`), branch: 'side' }, owner.basic));
    const deleted = api.delete(`/repos/${owner.login}/${repo}/branches/side`, owner.basic);
    const [removal, ...answers] = await Promise.all([deleted, ...writes]);
    assert.equal(removal.status, 204, JSON.stringify(removal.body));
    for (const res of answers) assert.ok(res.status === 201 || res.status === 404, `${res.status} ${JSON.stringify(res.body)}`);
    assert.equal((await api.get(`/repos/${owner.login}/${repo}/branches/side`, owner.basic)).status, 404);
  });
});
