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

describe('tags and git refs over REST', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let stranger: TestAccount;
  const work = tempDir();
  const creds = (): [string, string] => [owner.login, owner.password];

  /**
   * A repository with two commits on main and a branch main1, pushed with the git CLI, plus a lightweight
   * tag "light" (first commit) and an annotated tag "annotated" (second commit) made locally and pushed.
   */
  async function seeded(name: string, objectFormat: 'sha1' | 'sha256' = 'sha1') {
    const created = await buildRepo(server, owner, { name, objectFormat });
    const dir = path.join(work.dir, name);
    const run = (args: string[], at?: number) => {
      const env = at ? { GIT_AUTHOR_DATE: `${at} +0000`, GIT_COMMITTER_DATE: `${at} +0000` } : undefined;
      const result = gitLocal(args, { cwd: dir, env });
      assert.equal(result.status, 0, `git ${args.join(' ')}: ${result.stderr}`);
      return result.stdout.trim();
    };
    assert.equal(gitLocal(['init', '-q', `--object-format=${objectFormat}`, '-b', 'main', dir]).status, 0);
    for (const [i, at] of [1_600_000_000, 1_600_000_600].entries()) {
      writeFileSync(path.join(dir, `f${i}.txt`), `${i}\n`);
      run(['add', '.']);
      run(['commit', '-q', '-m', `commit ${i}\n\nbody ${i}`], at);
    }
    run(['tag', 'light', 'HEAD~1']);
    run(['tag', '-a', 'annotated', '-m', 'pushed with git\n\nsecond paragraph'], 1_600_001_200);
    run(['branch', 'main1']);
    const push = await gitAsync(['push', '-q', remoteUrl(server.url, owner.login, name, creds()), '--all'], { cwd: dir });
    assert.equal(push.status, 0, push.stderr);
    const tags = await gitAsync(['push', '-q', remoteUrl(server.url, owner.login, name, creds()), '--tags'], { cwd: dir });
    assert.equal(tags.status, 0, tags.stderr);
    return { id: created.id, revParse: (rev: string) => run(['rev-parse', rev]) };
  }

  let seed: Awaited<ReturnType<typeof seeded>>;

  before(async () => {
    owner = await createAccount(api);
    stranger = await createAccount(api);
    seed = await seeded('tagged');
  });
  after(() => work.remove());

  const base = () => `/repos/${owner.login}/tagged`;

  it('lists tags pushed with git, newest first, with X-Total-Count; annotated tags show their own id and message', async () => {
    const res = await api.get(`${base()}/tags`, owner.basic);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.headers.get('x-total-count'), '2');
    assert.deepEqual(res.body.map((t: { name: string }) => t.name), ['annotated', 'light']);
    const [annotated, light] = res.body;
    assert.equal(annotated.id, seed.revParse('annotated'));
    assert.notEqual(annotated.id, seed.revParse('main'));
    assert.equal(annotated.commit.sha, seed.revParse('main'));
    assert.equal(annotated.message, 'pushed with git\n\nsecond paragraph');
    assert.equal(annotated.commit.created, '2020-09-13T12:46:40Z');
    assert.equal(annotated.commit.url, `${server.url}api/v1${base()}/git/commits/${seed.revParse('main')}`);
    assert.equal(annotated.zipball_url, `${server.url}${owner.login}/tagged/archive/annotated.zip`);
    assert.equal(annotated.tarball_url, `${server.url}${owner.login}/tagged/archive/annotated.tar.gz`);
    assert.equal(light.id, seed.revParse('main~1'));
    assert.equal(light.commit.sha, seed.revParse('main~1'));
    assert.equal(light.message, 'commit 0\n\nbody 0');
    assert.equal(light.commit.created, '2020-09-13T12:26:40Z');
  });

  it('pages tags with page and limit', async () => {
    const res = await api.get(`${base()}/tags?page=2&limit=1`, owner.basic);
    assert.deepEqual(res.body.map((t: { name: string }) => t.name), ['light']);
    assert.equal(res.headers.get('x-total-count'), '2');
  });

  it('lists tags with no git process and the SQL statements of a page of one, whatever their number; the same page again costs none', async () => {
    // A token: once verified it is kept (src/cache), so a request costs only what its answer needs.
    const auth = { token: await createToken(api, owner, ['read:repository']) };
    await api.get(`${base()}/tags?limit=1`, auth); // warm the cat-file reader
    const costOf = async (limit: number, { cold = true } = {}) => {
      if (cold) server.app.caches.clear();
      const spawns = gitSpawnCount();
      const sql = server.app.database.queryCount();
      const res = await api.get(`${base()}/tags?limit=${limit}`, auth);
      assert.equal(res.body.length, limit);
      return { spawns: gitSpawnCount() - spawns, sql: server.app.database.queryCount() - sql };
    };
    const one = await costOf(1);
    const two = await costOf(2);
    assert.deepEqual(one, { spawns: 0, sql: two.sql });
    assert.equal(two.spawns, 0);
    assert.deepEqual(await costOf(2, { cold: false }), { spawns: 0, sql: 0 });
  });

  it('creates an annotated tag when a message is given: a tag object by the caller, on the target', async () => {
    const res = await api.post(`${base()}/tags`, { tag_name: 'v1.0', target: 'main1', message: 'First release\n\nNotes.' }, owner.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.name, 'v1.0');
    assert.equal(res.body.message, 'First release\n\nNotes.');
    assert.equal(res.body.commit.sha, seed.revParse('main1'));
    assert.notEqual(res.body.id, res.body.commit.sha);
    const gitDir = repositoryPath(server.app.config, seed.id);
    assert.equal(gitLocal(['--git-dir', gitDir, 'cat-file', '-t', res.body.id]).stdout.trim(), 'tag');
    const object = gitLocal(['--git-dir', gitDir, 'cat-file', 'tag', res.body.id]).stdout;
    assert.match(object, new RegExp(`^tagger ${owner.login} <${owner.email}> \\d+ \\+0000$`, 'm'));
    assert.equal(gitLocal(['--git-dir', gitDir, 'fsck', '--strict']).status, 0);

    const annotated = await api.get(`${base()}/git/tags/${res.body.id}`, owner.basic);
    assert.equal(annotated.status, 200, JSON.stringify(annotated.body));
    assert.equal(annotated.body.tag, 'v1.0');
    assert.equal(annotated.body.sha, res.body.id);
    assert.equal(annotated.body.message, 'First release\n\nNotes.\n');
    assert.deepEqual(annotated.body.object, { sha: seed.revParse('main1'), type: 'commit', url: `${server.url}api/v1${base()}/git/commits/${seed.revParse('main1')}` });
    assert.equal(annotated.body.tagger.name, owner.login);
    assert.equal(annotated.body.tagger.email, owner.email);
    assert.match(annotated.body.tagger.date, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.equal(annotated.body.url, `${server.url}api/v1${base()}/git/tags/${res.body.id}`);
    assert.equal(annotated.body.verification.verified, false);
  });

  it('creates a lightweight tag without a message: its id is the commit, its message the commit message', async () => {
    const target = seed.revParse('main~1');
    const res = await api.post(`${base()}/tags`, { tag_name: 'quick', target: target.slice(0, 8) }, owner.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.id, target);
    assert.equal(res.body.commit.sha, target);
    assert.equal(res.body.message, 'commit 0\n\nbody 0');
    const gitDir = repositoryPath(server.app.config, seed.id);
    assert.equal(gitLocal(['--git-dir', gitDir, 'cat-file', '-t', 'refs/tags/quick']).stdout.trim(), 'commit');
    const notAnnotated = await api.get(`${base()}/git/tags/${target}`, owner.basic);
    assert.equal(notAnnotated.status, 400, 'the git tags API knows annotated tags only');
  });

  it('tags the default branch when no target is given', async () => {
    const res = await api.post(`${base()}/tags`, { tag_name: 'at-default' }, owner.basic);
    assert.equal(res.status, 201);
    assert.equal(res.body.commit.sha, seed.revParse('main'));
  });

  it('refuses a missing target (404), a taken name (409), an invalid name (422) and readers (403)', async () => {
    assert.equal((await api.post(`${base()}/tags`, { tag_name: 'x', target: 'no-such-branch' }, owner.basic)).status, 404);
    assert.equal((await api.post(`${base()}/tags`, { tag_name: 'light' }, owner.basic)).status, 409);
    for (const name of ['bad..tag', 'sp ace', '-opt', 'end.lock', '']) {
      assert.equal((await api.post(`${base()}/tags`, { tag_name: name }, owner.basic)).status, 422, name);
    }
    assert.equal((await api.post(`${base()}/tags`, { tag_name: 'mine' }, stranger.basic)).status, 403);
    assert.equal((await api.get(`${base()}/tags/mine`, owner.basic)).status, 404);
  });

  it('refuses a tag in an empty repository, where the default branch has no commit (404)', async () => {
    await buildRepo(server, owner, { name: 'bare-tags' });
    const res = await api.post(`/repos/${owner.login}/bare-tags/tags`, { tag_name: 'v0' }, owner.basic);
    assert.equal(res.status, 404);
    assert.deepEqual((await api.get(`/repos/${owner.login}/bare-tags/tags`, owner.basic)).body, []);
  });

  it('gets one tag by name (also with a slash in it) and answers 404 for a missing one', async () => {
    assert.equal((await api.post(`${base()}/tags`, { tag_name: 'release/2', message: 'two' }, owner.basic)).status, 201);
    const res = await api.get(`${base()}/tags/release/2`, owner.basic);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.name, 'release/2');
    assert.equal(res.body.message, 'two');
    assert.equal(res.body.zipball_url, `${server.url}${owner.login}/tagged/archive/release%2F2.zip`);
    assert.equal((await api.get(`${base()}/tags/nope`, owner.basic)).status, 404);
  });

  it('deletes a tag (204) once: after that it is gone and a second delete is 404; readers may not delete', async () => {
    assert.equal((await api.delete(`${base()}/tags/quick`, stranger.basic)).status, 403);
    assert.equal((await api.delete(`${base()}/tags/quick`, owner.basic)).status, 204);
    assert.equal((await api.get(`${base()}/tags/quick`, owner.basic)).status, 404);
    const remote = await gitAsync(['ls-remote', '--tags', remoteUrl(server.url, owner.login, 'tagged')]);
    assert.doesNotMatch(remote.stdout, /refs\/tags\/quick$/m);
    assert.match(remote.stdout, /refs\/tags\/light$/m);
    assert.equal((await api.delete(`${base()}/tags/quick`, owner.basic)).status, 404);
  });

  it('answers 404 for the tag object of an id that does not exist', async () => {
    assert.equal((await api.get(`${base()}/git/tags/${'ab'.repeat(20)}`, owner.basic)).status, 404);
  });

  it('lists every git ref with its object type and links', async () => {
    const res = await api.get(`${base()}/git/refs`, owner.basic);
    assert.equal(res.status, 200);
    const names = res.body.map((r: { ref: string }) => r.ref);
    for (const name of ['refs/heads/main', 'refs/heads/main1', 'refs/tags/annotated', 'refs/tags/light']) assert.ok(names.includes(name), name);
    assert.deepEqual(names, [...names].sort());
    const annotated = res.body.find((r: { ref: string }) => r.ref === 'refs/tags/annotated');
    assert.deepEqual(annotated, {
      ref: 'refs/tags/annotated',
      url: `${server.url}api/v1${base()}/git/refs/tags/annotated`,
      object: { sha: seed.revParse('annotated'), type: 'tag', url: `${server.url}api/v1${base()}/git/tags/${seed.revParse('annotated')}` },
    });
    assert.equal(res.body.find((r: { ref: string }) => r.ref === 'refs/tags/light').object.type, 'commit');
  });

  it('answers one ref as an object for its full name, a list for a prefix, and 404 when nothing matches', async () => {
    const exact = await api.get(`${base()}/git/refs/heads/main`, owner.basic);
    assert.equal(exact.status, 200);
    assert.equal(Array.isArray(exact.body), false);
    assert.equal(exact.body.ref, 'refs/heads/main');
    assert.equal(exact.body.object.sha, seed.revParse('main'));
    const prefix = await api.get(`${base()}/git/refs/heads/mai`, owner.basic);
    assert.deepEqual(prefix.body.map((r: { ref: string }) => r.ref), ['refs/heads/main', 'refs/heads/main1']);
    const tags = await api.get(`${base()}/git/refs/tags`, owner.basic);
    assert.ok(tags.body.length >= 2);
    assert.ok(tags.body.every((r: { ref: string }) => r.ref.startsWith('refs/tags/')));
    assert.equal((await api.get(`${base()}/git/refs/heads/zzz`, owner.basic)).status, 404);
    assert.equal((await api.get(`/repos/${owner.login}/bare-tags/git/refs`, owner.basic)).status, 404);
  });

  it('does the same on a SHA-256 repository: annotated and lightweight tags, refs and tag objects with 64-character ids', async () => {
    const sha = await seeded('tagged256', 'sha256');
    const base256 = `/repos/${owner.login}/tagged256`;
    const list = await api.get(`${base256}/tags`, owner.basic);
    assert.deepEqual(list.body.map((t: { name: string }) => t.name), ['annotated', 'light']);
    assert.equal(list.body[0].id, sha.revParse('annotated'));
    assert.equal(list.body[0].id.length, 64);
    assert.equal(list.body[0].commit.sha, sha.revParse('main'));
    const annotated = await api.post(`${base256}/tags`, { tag_name: 'v2', message: 'sha-256 release' }, owner.basic);
    assert.equal(annotated.status, 201, JSON.stringify(annotated.body));
    assert.equal(annotated.body.id.length, 64);
    assert.notEqual(annotated.body.id, sha.revParse('main'));
    const object = await api.get(`${base256}/git/tags/${annotated.body.id}`, owner.basic);
    assert.equal(object.body.object.sha, sha.revParse('main'));
    assert.equal(object.body.message, 'sha-256 release\n');
    const light = await api.post(`${base256}/tags`, { tag_name: 'v2-light', target: 'main1' }, owner.basic);
    assert.equal(light.body.id, sha.revParse('main1'));
    const ref = await api.get(`${base256}/git/refs/tags/v2`, owner.basic);
    assert.equal(ref.body.object.type, 'tag');
    assert.equal(ref.body.object.sha, annotated.body.id);
    assert.equal((await api.delete(`${base256}/tags/v2`, owner.basic)).status, 204);
    assert.equal(gitLocal(['--git-dir', repositoryPath(server.app.config, sha.id), 'fsck', '--strict']).status, 0);
  });
});
