import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { adminAuth } from '../../testkit/client.ts';
import { createAccount, createToken, type TestAccount } from '../../testkit/accounts.ts';
import { git, gitLocal, remoteUrl, tempDir } from '../../testkit/git.ts';
import { buildRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';
import { repositoryPath } from '../../../src/domain/repo/storage.ts';

describe('repositories over REST', () => {
  const server = useServer({ repository: { MAX_CREATION_LIMIT: 20 } });
  const { api } = server;
  let alice: TestAccount;
  let bob: TestAccount;
  const work = tempDir();

  before(async () => {
    alice = await createAccount(api);
    bob = await createAccount(api);
  });
  after(() => work.remove());

  it('creates a repository for the caller with the fields Gitea clients read', async () => {
    const res = await api.post('/user/repos', { name: 'first', description: 'the first one', private: false }, alice.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const repo = res.body;
    assert.equal(repo.full_name, `${alice.login}/first`);
    assert.equal(repo.owner.login, alice.login);
    assert.equal(repo.description, 'the first one');
    assert.equal(repo.empty, true);
    assert.equal(repo.default_branch, 'main');
    assert.equal(repo.object_format_name, 'sha1');
    assert.equal(repo.clone_url, `${server.url}${alice.login}/first.git`);
    assert.deepEqual(repo.permissions, { admin: true, push: true, pull: true });
    assert.ok(existsSync(repositoryPath(server.app.config, repo.id)), 'the bare repository exists on disk');
  });

  it('auto_init commits README, .gitignore and LICENSE on the chosen default branch', async () => {
    const res = await api.post('/user/repos', { name: 'inited', auto_init: true, default_branch: 'trunk', gitignores: 'Node,Go', license: 'MIT', readme: 'Default' }, alice.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.empty, false);
    assert.equal(res.body.default_branch, 'trunk');
    const dest = path.join(work.dir, 'inited');
    assert.equal((await git(['clone', '-q', remoteUrl(server.url, alice.login, 'inited'), dest])).status, 0);
    const files = gitLocal(['ls-files'], { cwd: dest }).stdout.trim().split('\n').sort();
    assert.deepEqual(files, ['.gitignore', 'LICENSE', 'README.md']);
    assert.equal(gitLocal(['rev-parse', '--abbrev-ref', 'HEAD'], { cwd: dest }).stdout.trim(), 'trunk');
  });

  it('refuses bad names, duplicates, unknown templates and unknown object formats with clear 4xx', async () => {
    assert.equal((await api.post('/user/repos', { name: 'bad name!' }, alice.basic)).status, 422);
    assert.equal((await api.post('/user/repos', { name: 'x.git' }, alice.basic)).status, 422);
    assert.equal((await api.post('/user/repos', { name: 'first' }, alice.basic)).status, 409);
    assert.equal((await api.post('/user/repos', { name: 'FIRST' }, alice.basic)).status, 409, 'names are case-insensitive');
    const template = await api.post('/user/repos', { name: 'tpl', auto_init: true, license: 'NoSuchLicense' }, alice.basic);
    assert.equal(template.status, 422);
    assert.match(template.body.message, /license/);
    assert.equal((await api.post('/user/repos', { name: 'fmt', object_format_name: 'md5' }, alice.basic)).status, 422);
    assert.equal((await api.post('/user/repos', {}, alice.basic)).status, 422);
    assert.equal((await api.post('/user/repos', { name: 'anon' })).status, 401);
    assert.equal((await api.get(`/repos/${alice.login}/tpl`, alice.basic)).status, 404, 'a refused create leaves nothing behind');
  });

  it('enforces the per-user creation limit, which the account setting overrides', async () => {
    const limited = await createAccount(api);
    assert.equal((await api.patch(`/admin/users/${limited.login}`, { source_id: 0, login_name: limited.login, max_repo_creation: 1 }, adminAuth)).status, 200);
    assert.equal((await api.post('/user/repos', { name: 'one' }, limited.basic)).status, 201);
    const second = await api.post('/user/repos', { name: 'two' }, limited.basic);
    assert.equal(second.status, 403);
    assert.match(second.body.message, /limit/);
  });

  it('admins create repositories for other accounts; others may not', async () => {
    const res = await api.post(`/admin/users/${bob.login}/repos`, { name: 'made-for-bob', private: true }, adminAuth);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.owner.login, bob.login);
    assert.equal((await api.post(`/admin/users/${bob.login}/repos`, { name: 'nope' }, alice.basic)).status, 403);
  });

  it('calls a public repository of a private account internal, as Gitea does, and no other', async () => {
    const hidden = await createAccount(api, { visibility: 'private' });
    const open = await api.post('/user/repos', { name: 'half-open' }, hidden.basic);
    const closed = await api.post('/user/repos', { name: 'closed', private: true }, hidden.basic);
    const plain = await api.post('/user/repos', { name: 'plain' }, alice.basic);
    assert.equal(open.body.internal, true);
    assert.equal(closed.body.internal, false);
    assert.equal(plain.body.internal, false);
    assert.equal(open.body.owner.type, 'User');
  });

  it('hides a private repository from others with 404, by name and by id', async () => {
    const { id } = await buildRepo(server, alice, { name: 'hidden', private: true });
    assert.equal((await api.get(`/repos/${alice.login}/hidden`)).status, 404);
    assert.equal((await api.get(`/repos/${alice.login}/hidden`, bob.basic)).status, 404);
    assert.equal((await api.get(`/repositories/${id}`, bob.basic)).status, 404);
    assert.equal((await api.get(`/repos/${alice.login}/hidden`, alice.basic)).status, 200);
    assert.equal((await api.get(`/repositories/${id}`, alice.basic)).body.full_name, `${alice.login}/hidden`);
    assert.equal((await api.get(`/repositories/${id}`, adminAuth)).status, 200);
    const publicOnly = await createToken(api, alice, ['read:repository', 'public-only']);
    // A public-only token of someone who may see it is refused with 403, as Gitea does ("limited to public repos").
    const limited = await api.get(`/repos/${alice.login}/hidden`, { token: publicOnly });
    assert.equal(limited.status, 403);
    assert.match(limited.body.message, /limited to public repos/);
    const bobView = await api.get(`/repos/${alice.login}/first`, bob.basic);
    assert.deepEqual(bobView.body.permissions, { admin: false, push: false, pull: true });
  });

  it('edits settings, unit switches included, and only for repository admins', async () => {
    await buildRepo(server, alice, { name: 'editable', autoInit: true });
    const res = await api.patch(`/repos/${alice.login}/editable`, {
      description: 'changed', website: 'https://example.org', has_code: false, has_issues: false, has_wiki: false,
      has_pull_requests: false, has_projects: false, has_releases: false, has_packages: false, has_actions: false,
      default_merge_style: 'squash', allow_rebase: false, template: true,
    }, alice.basic);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    for (const key of ['has_code', 'has_issues', 'has_wiki', 'has_pull_requests', 'has_projects', 'has_releases', 'has_packages', 'has_actions', 'allow_rebase']) {
      assert.equal(res.body[key], false, key);
    }
    assert.equal(res.body.description, 'changed');
    assert.equal(res.body.website, 'https://example.org');
    assert.equal(res.body.default_merge_style, 'squash');
    assert.equal(res.body.template, true);
    assert.equal((await api.get(`/repos/${alice.login}/editable`, bob.basic)).body.has_issues, false);
    assert.equal(res.body.allow_merge_update, false, 'no pull requests, no merge updates');
    const reopened = await api.patch(`/repos/${alice.login}/editable`, { has_pull_requests: true }, alice.basic);
    assert.equal(reopened.body.allow_merge_update, true, "Gitea's default while pull requests are on");
    assert.equal((await api.patch(`/repos/${alice.login}/editable`, { description: 'bob was here' }, bob.basic)).status, 403);
    // As in Gitea: an unknown merge style reads as merge, a missing default branch and mirror settings on a
    // repository that is not a mirror are ignored.
    assert.equal((await api.patch(`/repos/${alice.login}/editable`, { default_merge_style: 'yolo' }, alice.basic)).body.default_merge_style, 'merge');
    const missing = await api.patch(`/repos/${alice.login}/editable`, { default_branch: 'no-such-branch' }, alice.basic);
    assert.deepEqual([missing.status, missing.body.default_branch], [200, 'main']);
    const mirror = await api.patch(`/repos/${alice.login}/editable`, { mirror_interval: '8h' }, alice.basic);
    assert.deepEqual([mirror.status, mirror.body.mirror], [200, false]);
  });

  it('edits the issue-tracking settings: internal time tracking, an external tracker and an external wiki', async () => {
    await buildRepo(server, alice, { name: 'tracked' });
    const res = await api.patch(`/repos/${alice.login}/tracked`, {
      internal_tracker: { enable_time_tracker: false, allow_only_contributors_to_track_time: false, enable_issue_dependencies: false },
      external_tracker: { external_tracker_url: 'https://tracker.example/issues', external_tracker_format: 'https://tracker.example/issues/{index}', external_tracker_style: 'numeric' },
      external_wiki: { external_wiki_url: 'https://wiki.example/' },
    }, alice.basic);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.internal_tracker, { enable_time_tracker: false, allow_only_contributors_to_track_time: false, enable_issue_dependencies: false });
    assert.equal(res.body.external_tracker.external_tracker_url, 'https://tracker.example/issues');
    assert.equal(res.body.external_tracker.external_tracker_style, 'numeric');
    assert.equal(res.body.external_wiki.external_wiki_url, 'https://wiki.example/');
    assert.equal((await api.get(`/repos/${alice.login}/tracked`)).body.external_wiki.external_wiki_url, 'https://wiki.example/');
    const bad = await api.patch(`/repos/${alice.login}/tracked`, { external_wiki: { external_wiki_url: 'javascript:alert(1)' } }, alice.basic);
    assert.equal(bad.status, 422);
    const badStyle = await api.patch(`/repos/${alice.login}/tracked`, { external_tracker: { external_tracker_url: 'https://t.example', external_tracker_style: 'roman' } }, alice.basic);
    assert.deepEqual([badStyle.status, badStyle.body.external_tracker.external_tracker_style], [200, 'numeric'], 'an unknown style reads as numeric');
    const cleared = await api.patch(`/repos/${alice.login}/tracked`, { external_wiki: { external_wiki_url: '' } }, alice.basic);
    assert.equal(cleared.body.external_wiki, null, 'an empty URL switches the external wiki off (docs/rest-validation.md)');
    assert.equal((await api.get(`/repos/${alice.login}/first`)).body.external_wiki, null, 'no external wiki: null, as Gitea sends it');
    const mirrorCreds = await api.patch(`/repos/${alice.login}/tracked`, { mirror_username: 'u', mirror_password: 'p' }, alice.basic);
    assert.equal(mirrorCreds.status, 200, 'mirror credentials are ignored on a repository that is not a mirror');
  });

  it('new repositories take the time-tracking defaults from the configuration', async () => {
    const res = await api.post('/user/repos', { name: 'defaults' }, alice.basic);
    assert.deepEqual(res.body.internal_tracker, { enable_time_tracker: true, allow_only_contributors_to_track_time: true, enable_issue_dependencies: true });
  });

  it('renames a repository: the old name leads to the new one and git works under the new one', async () => {
    await buildRepo(server, alice, { name: 'old-name', autoInit: true });
    const res = await api.patch(`/repos/${alice.login}/old-name`, { name: 'new-name' }, alice.basic);
    assert.equal(res.status, 200);
    assert.equal(res.body.name, 'new-name');
    assert.equal((await api.get(`/repos/${alice.login}/old-name`, alice.basic)).body.full_name, `${alice.login}/new-name`);
    assert.equal((await git(['ls-remote', remoteUrl(server.url, alice.login, 'new-name')])).status, 0);
    assert.equal((await api.patch(`/repos/${alice.login}/new-name`, { name: 'first' }, alice.basic)).status, 422, 'a taken name: 422, as in Gitea');
  });

  it('an archived repository refuses pushes (403 with Gitea\'s sentence, as its git over HTTP answers) until it is unarchived', async () => {
    await buildRepo(server, alice, { name: 'frozen', autoInit: true });
    const local = path.join(work.dir, 'frozen');
    await git(['clone', '-q', remoteUrl(server.url, alice.login, 'frozen', [alice.login, alice.password]), local]);
    writeFileSync(path.join(local, 'n.txt'), 'n\n');
    gitLocal(['add', '.'], { cwd: local });
    gitLocal(['commit', '-q', '-m', 'n'], { cwd: local });
    const archived = await api.patch(`/repos/${alice.login}/frozen`, { archived: true }, alice.basic);
    assert.equal(archived.body.archived, true);
    assert.notEqual((await git(['push', '-q', 'origin', 'main'], { cwd: local })).status, 0);
    const advertisement = await fetch(`${server.url}${alice.login}/frozen.git/info/refs?service=git-receive-pack`, {
      headers: { authorization: `Basic ${Buffer.from(`${alice.login}:${alice.password}`).toString('base64')}` },
    });
    assert.equal(advertisement.status, 403);
    assert.match(await advertisement.text(), /^This repo is archived\. You can view files and clone it, but cannot push/);
    await api.patch(`/repos/${alice.login}/frozen`, { archived: false }, alice.basic);
    assert.equal((await git(['push', '-q', 'origin', 'main'], { cwd: local })).status, 0);
  });

  it('deletes a repository with its files; strangers cannot', async () => {
    const created = await buildRepo(server, alice, { name: 'to-delete', autoInit: true });
    const dir = repositoryPath(server.app.config, created.id);
    assert.equal((await api.delete(`/repos/${alice.login}/to-delete`, bob.basic)).status, 403);
    assert.equal((await api.delete(`/repos/${alice.login}/to-delete`, alice.basic)).status, 204);
    assert.equal(existsSync(dir), false);
    assert.equal((await api.get(`/repos/${alice.login}/to-delete`, alice.basic)).status, 404);
    assert.equal((await api.delete(`/repos/${alice.login}/to-delete`, alice.basic)).status, 404);
  });

  it("lists an account's repositories with pagination, private ones only for those who may see them", async () => {
    const carol = await createAccount(api);
    for (const name of ['c1', 'c2', 'c3']) await buildRepo(server, carol, { name });
    await buildRepo(server, carol, { name: 'c-private', private: true });
    const mine = await api.get('/user/repos?limit=2', carol.basic);
    assert.equal(mine.status, 200);
    assert.equal(mine.body.length, 2);
    assert.equal(mine.headers.get('x-total-count'), '4');
    const theirs = await api.get(`/users/${carol.login}/repos`, bob.basic);
    assert.deepEqual(theirs.body.map((r: { name: string }) => r.name).sort(), ['c1', 'c2', 'c3']);
    assert.equal((await api.get(`/users/${carol.login}/repos`, adminAuth)).body.length, 4);
    assert.equal((await api.get('/users/nobody-at-all/repos')).status, 404);
  });

  it('searches repositories by name, owner, visibility and sorts them, with X-Total-Count', async () => {
    const dave = await createAccount(api);
    for (const name of ['search-b', 'search-a', 'search-c']) await buildRepo(server, dave, { name, description: `about ${name}` });
    await buildRepo(server, dave, { name: 'search-private', private: true });
    const res = await api.get(`/repos/search?q=search-&uid=${dave.id}&sort=alpha&order=asc&limit=2&page=1`);
    assert.equal(res.status, 200);
    assert.equal(res.body.ok, true);
    assert.deepEqual(res.body.data.map((r: { name: string }) => r.name), ['search-a', 'search-b']);
    assert.equal(res.headers.get('x-total-count'), '3');
    const privateOnes = await api.get(`/repos/search?uid=${dave.id}&is_private=true`, dave.basic);
    assert.deepEqual(privateOnes.body.data.map((r: { name: string }) => r.name), ['search-private']);
    const byDescription = await api.get(`/repos/search?q=about%20search-c&includeDesc=true`);
    assert.deepEqual(byDescription.body.data.map((r: { name: string }) => r.name), ['search-c']);
    const desc = await api.get(`/repos/search?uid=${dave.id}&sort=alpha&order=desc`);
    assert.equal(desc.body.data[0].name, 'search-c');
    assert.equal((await api.get('/repos/search?sort=stars-ish')).status, 422);
    assert.equal((await api.get('/repos/search?mode=weird')).status, 422);
  });

  it('sets, lists, adds and removes topics, refusing invalid ones', async () => {
    await buildRepo(server, alice, { name: 'topical' });
    assert.equal((await api.request('PUT', `/repos/${alice.login}/topical/topics`, { body: { topics: ['Go', 'cli'] }, auth: alice.basic })).status, 204);
    assert.deepEqual((await api.get(`/repos/${alice.login}/topical/topics`)).body, { topics: ['cli', 'go'] });
    assert.equal((await api.request('PUT', `/repos/${alice.login}/topical/topics/web`, { auth: alice.basic })).status, 204);
    assert.equal((await api.delete(`/repos/${alice.login}/topical/topics/cli`, alice.basic)).status, 204);
    assert.deepEqual((await api.get(`/repos/${alice.login}/topical/topics`)).body.topics, ['go', 'web']);
    const invalid = await api.request('PUT', `/repos/${alice.login}/topical/topics`, { body: { topics: ['-bad', 'ok'] }, auth: alice.basic });
    assert.equal(invalid.status, 422);
    assert.equal((await api.delete(`/repos/${alice.login}/topical/topics/absent`, alice.basic)).status, 404);
    assert.equal((await api.request('PUT', `/repos/${alice.login}/topical/topics/x`, { auth: bob.basic })).status, 403);
  });

  it('lists topics in name order a page at a time, with the whole count in X-Total-Count, as Gitea pages them', async () => {
    await buildRepo(server, alice, { name: 'paged-topics' });
    const topics = ['zeta', 'alpha', 'mu', 'beta', 'kappa'];
    assert.equal((await api.request('PUT', `/repos/${alice.login}/paged-topics/topics`, { body: { topics }, auth: alice.basic })).status, 204);
    const first = await api.get(`/repos/${alice.login}/paged-topics/topics?page=1&limit=2`);
    assert.deepEqual(first.body, { topics: ['alpha', 'beta'] });
    assert.equal(first.headers.get('x-total-count'), '5');
    assert.match(first.headers.get('link') ?? '', /rel="next"/);
    assert.deepEqual((await api.get(`/repos/${alice.login}/paged-topics/topics?page=3&limit=2`)).body, { topics: ['zeta'] });
    assert.deepEqual((await api.get(`/repos/${alice.login}/paged-topics/topics?page=4&limit=2`)).body, { topics: [] });
    assert.deepEqual((await api.get(`/repos/${alice.login}/paged-topics/topics`)).body.topics, ['alpha', 'beta', 'kappa', 'mu', 'zeta']);
  });

  it('reports bytes of code per language on the default branch', async () => {
    await buildRepo(server, alice, { name: 'polyglot' });
    const local = path.join(work.dir, 'polyglot');
    gitLocal(['init', '-q', '-b', 'main', local]);
    writeFileSync(path.join(local, 'a.ts'), 'x'.repeat(300));
    writeFileSync(path.join(local, 'b.py'), 'y'.repeat(100));
    writeFileSync(path.join(local, 'notes.txt'), 'z'.repeat(50));
    gitLocal(['add', '.'], { cwd: local });
    gitLocal(['commit', '-q', '-m', 'code'], { cwd: local });
    assert.equal((await git(['push', '-q', remoteUrl(server.url, alice.login, 'polyglot', [alice.login, alice.password]), 'main'], { cwd: local })).status, 0);
    const res = await api.get(`/repos/${alice.login}/polyglot/languages`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { TypeScript: 300, Python: 100 });
    assert.deepEqual((await api.get(`/repos/${alice.login}/first/languages`)).body, {}, 'an empty repository has none');
  });
});
