import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { gitSpawnCount } from '../../../src/git/command.ts';
import { createAccount, type TestAccount } from '../../testkit/accounts.ts';
import { unb64 } from '../../testkit/contents.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

/** GET and POST /repos/{owner}/{repo}/file-contents: several files of one ref in one call. */
describe('several files in one call (file-contents)', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let stranger: TestAccount;
  let repo: TestRepo;
  const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`many/f${String(i).padStart(2, '0')}.txt`, `file ${i}\n`]));

  before(async () => {
    owner = await createAccount(api);
    stranger = await createAccount(api);
    repo = await buildRepo(server, owner, {
      files: { 'README.md': 'hello\n', 'docs/guide.md': 'guide\n', ...many },
      commits: [
        { key: 'second', files: { 'README.md': 'hello again\n' }, message: 'second' },
        { key: 'side', branch: 'side', from: 'second', files: { 'side.txt': 'only on side\n' } },
      ],
    });
  });

  const getUrl = (files: unknown, ref?: string) =>
    `${repo.path}/file-contents?body=${encodeURIComponent(JSON.stringify({ files }))}${ref ? `&ref=${encodeURIComponent(ref)}` : ''}`;

  it('POST answers each path in order with its content and last commit, and null where nothing is', async () => {
    const res = await api.post(`${repo.path}/file-contents`, { files: ['README.md', 'missing.txt', 'docs', 'docs/guide.md', '../escape'] }, owner.basic);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.length, 5);
    const [readme, missing, docs, guide, escape] = res.body;
    assert.equal(readme.path, 'README.md');
    assert.equal(readme.type, 'file');
    assert.equal(readme.encoding, 'base64');
    assert.equal(unb64(readme.content).toString(), 'hello again\n');
    assert.equal(readme.last_commit_sha, repo.ids.second);
    assert.match(readme.download_url, /\/raw\/branch\/main\/README\.md$/);
    assert.equal(missing, null);
    assert.equal(docs.type, 'dir');
    assert.equal(docs.content, null);
    assert.equal(unb64(guide.content).toString(), 'guide\n');
    assert.equal(escape, null);
  });

  it('GET reads the list from the JSON body parameter and honours ref', async () => {
    const res = await api.get(getUrl(['side.txt', 'README.md'], 'side'), owner.basic);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(unb64(res.body[0].content).toString(), 'only on side\n');
    assert.match(res.body[0].url, /\?ref=side$/);
    assert.equal(res.body[1].name, 'README.md');
    const onMain = await api.get(getUrl(['side.txt']), owner.basic);
    assert.deepEqual(onMain.body, [null]);
  });

  it('GET refuses a body parameter that is not JSON with a list of paths (400)', async () => {
    for (const bad of ['{files:', '[1]', '{"files": "README.md"}', '{"files": [1]}']) {
      const res = await api.get(`${repo.path}/file-contents?body=${encodeURIComponent(bad)}`, owner.basic);
      assert.equal(res.status, 400, `${bad}: ${JSON.stringify(res.body)}`);
      assert.match(res.body.message, /invalid body parameter/);
    }
  });

  it('an unknown ref is 404, an empty list an empty list', async () => {
    assert.equal((await api.post(`${repo.path}/file-contents?ref=nope`, { files: ['README.md'] }, owner.basic)).status, 404);
    const empty = await api.post(`${repo.path}/file-contents`, {}, owner.basic);
    assert.equal(empty.status, 200);
    assert.deepEqual(empty.body, []);
  });

  it('answers at most the default page size of paths (30), as Gitea does', async () => {
    const res = await api.post(`${repo.path}/file-contents`, { files: Object.keys(many) }, owner.basic);
    assert.equal(res.status, 200);
    assert.equal(res.body.length, 30);
    assert.equal(res.body[29].path, 'many/f29.txt');
  });

  it('a private repository is hidden (404) from who may not read it', async () => {
    const secret = await buildRepo(server, owner, { private: true, files: { 'a.txt': 'a\n' } });
    assert.equal((await api.post(`${secret.path}/file-contents`, { files: ['a.txt'] }, stranger.basic)).status, 404);
    assert.equal((await api.get(`${secret.path}/file-contents?body=${encodeURIComponent('{"files":["a.txt"]}')}`)).status, 404);
    const mine = await api.post(`${secret.path}/file-contents`, { files: ['a.txt'] }, owner.basic);
    assert.equal(unb64(mine.body[0].content).toString(), 'a\n');
  });

  it('20 files cost the git processes and SQL statements of 1', async () => {
    const measure = async (count: number) => {
      const files = Object.keys(many).slice(0, count);
      // Warms the cat-file reader, so neither measure pays for starting it.
      await api.post(`${repo.path}/file-contents`, { files: ['README.md'] }, owner.basic);
      await server.app.backgroundIdle();
      server.app.caches.clear();
      const sql = server.app.database.queryCount();
      const spawns = gitSpawnCount();
      // A commit other than the memoized head, so each measure walks history for its last commits.
      const res = await api.post(`${repo.path}/file-contents?ref=${repo.ids.second}`, { files }, owner.basic);
      assert.equal(res.status, 200);
      assert.equal(res.body.length, count);
      assert.ok(res.body.every((f: { content: string | null }) => f && f.content));
      return { sql: server.app.database.queryCount() - sql, spawns: gitSpawnCount() - spawns };
    };
    const one = await measure(1);
    const twenty = await measure(20);
    assert.equal(twenty.sql, one.sql, `SQL statements: ${twenty.sql} for 20 files, ${one.sql} for 1`);
    assert.equal(twenty.spawns, one.spawns, `git processes: ${twenty.spawns} for 20 files, ${one.spawns} for 1`);
    assert.ok(twenty.spawns <= 2, `at most the history walk and a reader, got ${twenty.spawns}`);
  });
});
