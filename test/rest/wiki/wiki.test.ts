import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gitSpawnCount } from '../../../src/git/command.ts';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { git, gitLocal, remoteUrl, tempDir } from '../../testkit/git.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

const b64 = (text: string) => Buffer.from(text).toString('base64');
const text = (base64: string) => Buffer.from(base64, 'base64').toString('utf8');

describe('wikis', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let writer: TestAccount;
  let reader: TestAccount;
  let stranger: TestAccount;
  const work = tempDir('graft-wiki-');

  before(async () => {
    [owner, writer, reader, stranger] = await createAccounts(api, 4);
  });
  after(() => work.remove());

  const repoOf = (name: string, isPrivate = false) =>
    buildRepo(server, owner, { name, private: isPrivate, collaborators: [[writer, 'write'], [reader, 'read']] });
  const wikiDir = (repo: TestRepo) => path.join(server.app.config.server.DATA_DIR, 'repositories', `${repo.id}.wiki.git`);
  const create = async (repo: TestRepo, title: string, content = `# ${title}\n`, by = writer) => {
    const res = await api.post(`${repo.path}/wiki/new`, { title, content_base64: b64(content) }, by.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body;
  };

  it('creates the wiki with its first page: a bare repository <id>.wiki.git on branch main, committed by the caller with Gitea\'s message', async () => {
    const repo = await repoOf('first-page');
    assert.equal((await api.get(`${repo.path}/wiki/pages`, owner.basic)).status, 404, 'no wiki before its first page');
    assert.equal(existsSync(wikiDir(repo)), false);
    const page = await create(repo, 'Home Page', '# Welcome\n');
    assert.equal(page.title, 'Home Page');
    assert.equal(page.sub_url, 'Home-Page');
    assert.equal(page.html_url, `${repo.body.html_url}/wiki/Home-Page`);
    assert.equal(text(page.content_base64), '# Welcome\n');
    assert.equal(page.commit_count, 1);
    assert.equal(page.sidebar, '');
    assert.equal(page.footer, '');
    assert.equal(page.last_commit.message.trim(), 'Add "Home Page"');
    assert.equal(page.last_commit.author.name, writer.login);
    assert.equal(page.last_commit.author.email, writer.email);
    assert.equal(page.last_commit.commiter.name, writer.login);
    assert.match(page.last_commit.author.date, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    assert.match(page.last_commit.sha, /^[0-9a-f]{40}$/);
    assert.equal(readFileSync(path.join(wikiDir(repo), 'HEAD'), 'utf8').trim(), 'ref: refs/heads/main');
    const files = gitLocal(['--git-dir', wikiDir(repo), 'ls-tree', '--name-only', 'main']);
    assert.equal(files.stdout.trim(), 'Home-Page.md');
  });

  it('reads a page by its sub_url or its title, with the sidebar and footer pages, and its revisions newest first with their count', async () => {
    const repo = await repoOf('reading');
    await create(repo, 'Home Page', 'v1');
    await create(repo, '_Sidebar', 'side');
    await create(repo, '_Footer', 'foot');
    const edited = await api.patch(`${repo.path}/wiki/page/Home-Page`, { content_base64: b64('v2'), message: 'second' }, writer.basic);
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    for (const name of ['Home-Page', 'Home%20Page']) {
      const got = await api.get(`${repo.path}/wiki/page/${name}`, reader.basic);
      assert.equal(got.status, 200, name);
      assert.equal(text(got.body.content_base64), 'v2');
      assert.equal(text(got.body.sidebar), 'side');
      assert.equal(text(got.body.footer), 'foot');
      assert.equal(got.body.commit_count, 2);
      assert.equal(got.body.last_commit.message.trim(), 'second');
    }
    const revisions = await api.get(`${repo.path}/wiki/revisions/Home-Page`, reader.basic);
    assert.equal(revisions.status, 200);
    assert.equal(revisions.body.count, 2);
    assert.equal(revisions.headers.get('x-total-count'), '2');
    assert.deepEqual(revisions.body.commits.map((c: { message: string }) => c.message.trim()), ['second', 'Add "Home Page"']);
    const second = await api.get(`${repo.path}/wiki/revisions/Home-Page?page=2`, reader.basic);
    assert.deepEqual(second.body.commits, []);
    assert.equal((await api.get(`${repo.path}/wiki/page/Nowhere`, reader.basic)).status, 404);
    assert.equal((await api.get(`${repo.path}/wiki/revisions/Nowhere`, reader.basic)).status, 404);
  });

  it('names files as Gitea does for titles with dashes, percent signs and plus signs, and finds each page again by its sub_url', async () => {
    const repo = await repoOf('names');
    const titles: [string, string, string][] = [
      ['release-notes', 'release-notes.-', 'release-notes.-.md'],
      ['100% Free', '100%25-Free', '100%25-Free.md'],
      ['C++ notes', 'C%2B%2B-notes', 'C%2B%2B-notes.md'],
      ['a/b', 'a%2Fb', 'a%2Fb.md'],
    ];
    for (const [title, subUrl] of titles) {
      const page = await create(repo, title, title);
      assert.equal(page.sub_url, subUrl, title);
      assert.equal(page.title, title);
      const got = await api.get(`${repo.path}/wiki/page/${encodeURIComponent(subUrl)}`, reader.basic);
      assert.equal(got.status, 200, `${title}: ${JSON.stringify(got.body)}`);
      assert.equal(text(got.body.content_base64), title);
    }
    const files = gitLocal(['--git-dir', wikiDir(repo), 'ls-tree', '--name-only', 'main']).stdout.trim().split('\n');
    assert.deepEqual(files.sort(), titles.map(([, , file]) => file).sort());
  });

  it('renames a page with a new title in one commit, and answers 404 for the old name', async () => {
    const repo = await repoOf('renames');
    await create(repo, 'Old Name', 'kept');
    const renamed = await api.patch(`${repo.path}/wiki/page/Old-Name`, { title: 'New Name', content_base64: b64('moved') }, writer.basic);
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.equal(renamed.body.sub_url, 'New-Name');
    assert.equal(renamed.body.last_commit.message.trim(), 'Update "New-Name"');
    assert.equal(text(renamed.body.content_base64), 'moved');
    assert.equal((await api.get(`${repo.path}/wiki/page/Old-Name`, reader.basic)).status, 404);
    const list = await api.get(`${repo.path}/wiki/pages`, reader.basic);
    assert.deepEqual(list.body.map((p: { title: string }) => p.title), ['New Name']);
    const log = gitLocal(['--git-dir', wikiDir(repo), 'log', '--format=%s', 'main']).stdout.trim().split('\n');
    assert.equal(log.length, 2);
  });

  it('deletes a page with Gitea\'s message (204), then answers 404 for it and for another delete', async () => {
    const repo = await repoOf('deletes');
    await create(repo, 'Doomed');
    await create(repo, 'Kept');
    assert.equal((await api.delete(`${repo.path}/wiki/page/Doomed`, writer.basic)).status, 204);
    assert.equal((await api.get(`${repo.path}/wiki/page/Doomed`, reader.basic)).status, 404);
    assert.equal((await api.delete(`${repo.path}/wiki/page/Doomed`, writer.basic)).status, 404);
    assert.equal(gitLocal(['--git-dir', wikiDir(repo), 'log', '-1', '--format=%s', 'main']).stdout.trim(), 'Delete page "Doomed"');
    assert.deepEqual((await api.get(`${repo.path}/wiki/pages`, reader.basic)).body.map((p: { title: string }) => p.title), ['Kept']);
  });

  it('refuses bad input with 400 as Gitea does: an empty title, a taken name, a reserved name, bad base64; and ".." or control characters', async () => {
    const repo = await repoOf('refusals');
    await create(repo, 'Taken');
    const post = (body: Record<string, unknown>) => api.post(`${repo.path}/wiki/new`, body, writer.basic);
    for (const body of [
      { title: '', content_base64: b64('x') },
      { title: '   ', content_base64: b64('x') },
      { title: 'Taken', content_base64: b64('x') },
      { title: '_edit', content_base64: b64('x') },
      { title: 'raw', content_base64: b64('x') },
      { title: 'Good', content_base64: 'not base64!' },
      { title: '..', content_base64: b64('x') },
      { title: '../escape', content_base64: b64('x') },
      { title: 'bell\u0007', content_base64: b64('x') },
    ]) {
      const res = await post(body);
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${JSON.stringify(res.body)}`);
      assert.equal(typeof res.body.message, 'string');
    }
    const renameOnto = await api.patch(`${repo.path}/wiki/page/Other`, { content_base64: b64('x') }, writer.basic);
    assert.equal(renameOnto.status, 404, 'editing a page that does not exist');
    await create(repo, 'Second');
    const clash = await api.patch(`${repo.path}/wiki/page/Second`, { title: 'Taken', content_base64: b64('x') }, writer.basic);
    assert.equal(clash.status, 400, 'renaming onto another page would lose it');
    assert.equal(text((await api.get(`${repo.path}/wiki/page/Taken`, reader.basic)).body.content_base64), '# Taken\n');
    const pages = await api.get(`${repo.path}/wiki/pages`, reader.basic);
    assert.deepEqual(pages.body.map((p: { title: string }) => p.title).sort(), ['Second', 'Taken']);
  });

  it('follows the wiki unit: readers read, only writers write (403), strangers see nothing of a private wiki (404), a wiki switched off is 404', async () => {
    const repo = await repoOf('access', true);
    await create(repo, 'Secret');
    assert.equal((await api.get(`${repo.path}/wiki/page/Secret`, reader.basic)).status, 200);
    assert.equal((await api.post(`${repo.path}/wiki/new`, { title: 'Mine', content_base64: '' }, reader.basic)).status, 403);
    assert.equal((await api.delete(`${repo.path}/wiki/page/Secret`, reader.basic)).status, 403);
    assert.equal((await api.get(`${repo.path}/wiki/page/Secret`, stranger.basic)).status, 404);
    assert.equal((await api.get(`${repo.path}/wiki/pages`)).status, 404);
    assert.equal((await api.post(`${repo.path}/wiki/new`, { title: 'Anon', content_base64: '' })).status, 401);
    const off = await api.patch(repo.path, { has_wiki: false }, owner.basic);
    assert.equal(off.status, 200, JSON.stringify(off.body));
    assert.equal((await api.get(`${repo.path}/wiki/page/Secret`, owner.basic)).status, 404);
    assert.equal((await api.post(`${repo.path}/wiki/new`, { title: 'Off', content_base64: '' }, owner.basic)).status, 404);
    const clone = await git(['clone', '-q', remoteUrl(server.url, owner.login, 'access', [owner.login, owner.password], '.wiki.git'), path.join(work.dir, 'off')]);
    assert.notEqual(clone.status, 0, 'a wiki switched off cannot be cloned');
  });

  it('refuses writes to the wiki of an archived repository with 423', async () => {
    const repo = await repoOf('archived-wiki');
    await create(repo, 'Frozen');
    assert.equal((await api.patch(repo.path, { archived: true }, owner.basic)).status, 200);
    assert.equal((await api.post(`${repo.path}/wiki/new`, { title: 'More', content_base64: '' }, owner.basic)).status, 423);
    assert.equal((await api.patch(`${repo.path}/wiki/page/Frozen`, { content_base64: '' }, owner.basic)).status, 423);
    assert.equal((await api.delete(`${repo.path}/wiki/page/Frozen`, owner.basic)).status, 423);
    assert.equal((await api.get(`${repo.path}/wiki/page/Frozen`, owner.basic)).status, 200);
  });

  it('is cloned and pushed over HTTP at <repo>.wiki.git with the real git client; the API sees what was pushed, and readers may not push', async () => {
    const repo = await repoOf('cloned', true);
    await create(repo, 'Home');
    const url = (who: TestAccount) => remoteUrl(server.url, owner.login, 'cloned', [who.login, who.password], '.wiki.git');
    const local = path.join(work.dir, 'cloned-wiki');
    const cloned = await git(['clone', '-q', url(writer), local]);
    assert.equal(cloned.status, 0, cloned.stderr);
    assert.equal(readFileSync(path.join(local, 'Home.md'), 'utf8'), '# Home\n');
    writeFileSync(path.join(local, 'From-Git.md'), 'pushed\n');
    gitLocal(['add', '.'], { cwd: local });
    assert.equal(gitLocal(['commit', '-q', '-m', 'from git'], { cwd: local }).status, 0);
    const refused = await git(['push', '-q', url(reader), 'HEAD:main'], { cwd: local });
    assert.notEqual(refused.status, 0, 'a reader may not push');
    const strangerClone = await git(['clone', '-q', url(stranger), path.join(work.dir, 'stranger-wiki')]);
    assert.notEqual(strangerClone.status, 0, 'a stranger may not clone a private wiki');
    const pushed = await git(['push', '-q', url(writer), 'HEAD:main'], { cwd: local });
    assert.equal(pushed.status, 0, pushed.stderr);
    const page = await api.get(`${repo.path}/wiki/page/From-Git`, reader.basic);
    assert.equal(page.status, 200, JSON.stringify(page.body));
    assert.equal(text(page.body.content_base64), 'pushed\n');
    assert.equal(page.body.last_commit.message.trim(), 'from git');
    assert.equal(page.body.last_commit.author.name, 'Test Person');
  });

  it('never loses a page to concurrent writes: twelve pages created at once all land, each in its own commit', async () => {
    const repo = await repoOf('concurrent');
    await create(repo, 'Start');
    const titles = Array.from({ length: 12 }, (_, i) => `Page ${i}`);
    const results = await Promise.all(titles.map((title) => api.post(`${repo.path}/wiki/new`, { title, content_base64: b64(title) }, writer.basic)));
    assert.deepEqual(results.map((r) => r.status), titles.map(() => 201));
    const list = await api.get(`${repo.path}/wiki/pages?limit=50`, reader.basic);
    assert.equal(list.body.length, 13);
    assert.equal(gitLocal(['--git-dir', wikiDir(repo), 'rev-list', '--count', 'main']).stdout.trim(), '13');
  });

  it('lists pages in pages with X-Total-Count, each with its last commit, at one git process and the same SQL statements for a page of one or of thirty', async () => {
    const repo = await repoOf('listing');
    for (let i = 0; i < 31; i++) await create(repo, `Page ${String(i).padStart(2, '0')}`, `${i}`);
    const edited = await api.patch(`${repo.path}/wiki/page/Page-03`, { content_base64: b64('changed'), message: 'third changed' }, writer.basic);
    assert.equal(edited.status, 200);
    const first = await api.get(`${repo.path}/wiki/pages?limit=30`, reader.basic);
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('x-total-count'), '31');
    assert.equal(first.body.length, 30);
    assert.deepEqual(Object.keys(first.body[0]).sort(), ['html_url', 'last_commit', 'sub_url', 'title']);
    assert.equal(first.body[3].title, 'Page 03');
    assert.equal(first.body[3].last_commit.message.trim(), 'third changed');
    assert.equal(first.body[4].last_commit.message.trim(), 'Add "Page 04"');
    const second = await api.get(`${repo.path}/wiki/pages?limit=30&page=2`, reader.basic);
    assert.deepEqual(second.body.map((p: { title: string }) => p.title), ['Page 30']);

    // A new commit, so no last commit is remembered from the reads above.
    await create(repo, 'Zeta');
    const costOf = async (limit: number) => {
      await server.app.backgroundIdle();
      const spawns = gitSpawnCount();
      const sql = server.app.database.queryCount();
      const res = await api.get(`${repo.path}/wiki/pages?limit=${limit}`, reader.basic);
      assert.equal(res.status, 200);
      assert.equal(res.body.length, limit);
      return { spawns: gitSpawnCount() - spawns, sql: server.app.database.queryCount() - sql };
    };
    const one = await costOf(1);
    await create(repo, 'Zeta 2');
    const thirty = await costOf(30);
    assert.ok(one.spawns <= 1 && thirty.spawns <= 1, `git processes: ${JSON.stringify({ one, thirty })}`);
    assert.equal(one.sql, thirty.sql);
  });

  it('keeps the wiki through a rename and a transfer of its repository, and deletes it with the repository', async () => {
    const repo = await repoOf('moving');
    await create(repo, 'Stays');
    const renamed = await api.patch(repo.path, { name: 'moved' }, owner.basic);
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    const page = await api.get(`/repos/${owner.login}/moved/wiki/page/Stays`, reader.basic);
    assert.equal(page.status, 200);
    assert.equal(page.body.html_url, `${renamed.body.html_url}/wiki/Stays`);
    const clone = await git(['clone', '-q', remoteUrl(server.url, owner.login, 'moved', [reader.login, reader.password], '.wiki.git'), path.join(work.dir, 'moved')]);
    assert.equal(clone.status, 0, clone.stderr);
    assert.equal(existsSync(wikiDir(repo)), true);
    assert.equal((await api.delete(`/repos/${owner.login}/moved`, owner.basic)).status, 204);
    assert.equal(existsSync(wikiDir(repo)), false);
  });

  it('publishes a wiki event for each created, edited and deleted page', async () => {
    const repo = await repoOf('eventful');
    const abort = new AbortController();
    const events = server.app.events.subscribe('wiki', abort.signal);
    const heard: { action: string; page: string; comment: string; actorId: number; repoId: number }[] = [];
    const listening = (async () => {
      for await (const e of events) {
        heard.push(e);
        if (heard.length === 3) break;
      }
    })();
    try {
      await create(repo, 'Noted');
      assert.equal((await api.patch(`${repo.path}/wiki/page/Noted`, { content_base64: b64('x'), message: 'why' }, writer.basic)).status, 200);
      assert.equal((await api.delete(`${repo.path}/wiki/page/Noted`, writer.basic)).status, 204);
      await Promise.race([listening, new Promise((_, reject) => setTimeout(() => reject(new Error(`heard only ${JSON.stringify(heard)}`)), 5000))]);
      assert.deepEqual(
        heard.map((e) => [e.action, e.page, e.comment, e.actorId, e.repoId]),
        [
          ['created', 'Noted', 'Add "Noted"', writer.id, repo.id],
          ['edited', 'Noted', 'why', writer.id, repo.id],
          ['deleted', 'Noted', 'Delete page "Noted"', writer.id, repo.id],
        ],
      );
    } finally {
      abort.abort();
    }
  });
});
