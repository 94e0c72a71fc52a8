import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { clientFor } from '../../testkit/gitea-js.ts';
import { createAccount, type TestAccount } from '../../testkit/accounts.ts';
import { WorkTree } from '../../testkit/contents.ts';
import { tempDir } from '../../testkit/git.ts';
import { buildRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

/** GET /repos/{owner}/{repo}/git/notes/{sha}: the git note of a commit, read from refs/notes/commits. */
describe('git notes', () => {
  const server = useServer();
  const { api } = server;
  const work = tempDir('graft-notes-');
  let owner: TestAccount;
  let stranger: TestAccount;
  let repoPath: string;
  let repoName: string;
  const commits: Record<string, string> = {};
  const notesCommits: Record<string, string> = {};

  before(async () => {
    owner = await createAccount(api);
    stranger = await createAccount(api);
    const repo = await buildRepo(server, owner, { private: true });
    repoPath = repo.path;
    repoName = repo.name;
    const local = new WorkTree(path.join(work.dir, 'notes'));
    local.write('a.txt', 'a\n');
    commits.first = local.commit('first');
    local.write('b.txt', 'b\n');
    commits.second = local.commit('second');
    commits.plain = local.commit('no note here');
    local.run(['notes', 'add', '-m', 'reviewed by someone', commits.first]);
    notesCommits.first = local.rev('refs/notes/commits');
    local.run(['notes', 'add', '-m', 'second thoughts', commits.second]);
    notesCommits.second = local.rev('refs/notes/commits');
    local.run(['tag', 'v1', commits.second]);
    await local.push(server.url, owner, repo.name, ['main', 'v1', 'refs/notes/commits']);
  });
  after(() => work.remove());

  it('answers the note of a commit with the notes commit that last changed it, by id, short id or tag', async () => {
    const res = await api.get(`${repoPath}/git/notes/${commits.first}`, owner.basic);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.message, 'reviewed by someone\n');
    assert.equal(res.body.commit.sha, notesCommits.first);
    assert.match(res.body.commit.commit.message, /Notes added by 'git notes add'/);
    assert.equal(res.body.commit.files.length, 1, 'the notes commit changed one note file');
    const byTag = await api.get(`${repoPath}/git/notes/v1?files=false&verification=false`, owner.basic);
    assert.equal(byTag.status, 200);
    assert.equal(byTag.body.message, 'second thoughts\n');
    assert.equal(byTag.body.commit.sha, notesCommits.second);
    assert.deepEqual(byTag.body.commit.files, []);
    const short = await api.get(`${repoPath}/git/notes/${commits.second.slice(0, 10)}`, owner.basic);
    assert.equal(short.body.message, 'second thoughts\n');
  });

  it('a commit without a note, an unknown commit and a repository without notes are 404', async () => {
    assert.equal((await api.get(`${repoPath}/git/notes/${commits.plain}`, owner.basic)).status, 404);
    assert.equal((await api.get(`${repoPath}/git/notes/${'0'.repeat(40)}`, owner.basic)).status, 404);
    const bare = await buildRepo(server, owner, { files: { 'x.txt': 'x\n' } });
    assert.equal((await api.get(`${bare.path}/git/notes/main`, owner.basic)).status, 404);
  });

  it('a revision that is not a valid ref or id is 422', async () => {
    const res = await api.get(`${repoPath}/git/notes/${encodeURIComponent('-bad')}`, owner.basic);
    assert.equal(res.status, 422, JSON.stringify(res.body));
  });

  it('notes of a private repository are hidden (404) from who may not read it', async () => {
    assert.equal((await api.get(`${repoPath}/git/notes/${commits.first}`, stranger.basic)).status, 404);
  });

  it('gitea-js repoGetNote reads the note', async () => {
    const client = await clientFor(server, owner);
    const res = await client.repos.repoGetNote(owner.login, repoName, commits.first);
    assert.equal(res.data.message, 'reviewed by someone\n');
    assert.equal(res.data.commit?.sha, notesCommits.first);
  });
});
