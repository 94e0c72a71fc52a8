import assert from 'node:assert/strict';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { gitSpawnCount } from '../../../src/git/command.ts';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { git, gitLocal, remoteUrl, tempDir } from '../../testkit/git.ts';
import { buildRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

describe('templates: gitignores, licenses, label sets, and repositories started from them', () => {
  const server = useServer();
  const { api } = server;
  let alice: TestAccount;
  let bob: TestAccount;

  before(async () => {
    [alice, bob] = await createAccounts(api, 2);
  });

  it("lists GitHub's gitignore templates by base name, Global/ ones included, sorted", async () => {
    const res = await api.get('/gitignore/templates');
    assert.equal(res.status, 200);
    for (const name of ['Node', 'Go', 'macOS', 'Python', 'JetBrains', 'C++']) assert.ok(res.body.includes(name), name);
    assert.ok(res.body.length > 150, `${res.body.length} templates`);
    assert.deepEqual(res.body, [...res.body].sort());
  });

  it('answers one gitignore template with its text, and 404 for an unknown name', async () => {
    const res = await api.get('/gitignore/templates/Node');
    assert.equal(res.status, 200);
    assert.equal(res.body.name, 'Node');
    assert.match(res.body.source, /node_modules\//);
    assert.equal((await api.get('/gitignore/templates/NoSuchThing')).status, 404);
  });

  it('lists every license of the SPDX list, the preferred ones first, each with its API url', async () => {
    const res = await api.get('/licenses');
    assert.equal(res.status, 200);
    assert.ok(res.body.length > 600, `${res.body.length} licenses`);
    assert.deepEqual(res.body.slice(0, 2).map((l: { key: string }) => l.key), ['Apache-2.0', 'MIT']);
    const gpl = res.body.find((l: { key: string }) => l.key === 'GPL-3.0-only');
    assert.deepEqual(gpl, { key: 'GPL-3.0-only', name: 'GPL-3.0-only', url: `${server.url}api/v1/licenses/GPL-3.0-only` });
  });

  it('answers one license with its unfilled text and 404 for an unknown id', async () => {
    const res = await api.get('/licenses/MIT');
    assert.equal(res.status, 200);
    assert.equal(res.body.key, 'MIT');
    assert.match(res.body.body, /Copyright \(c\) <year> <copyright holders>/);
    assert.match(res.body.implementation, /LICENSE/);
    assert.equal((await api.get('/licenses/NoSuchLicense')).status, 404);
  });

  it('lists the label sets and answers the labels of one with colors without "#", 404 for an unknown set', async () => {
    assert.deepEqual((await api.get('/label/templates')).body, ['Advanced', 'Default']);
    const res = await api.get('/label/templates/Advanced');
    assert.equal(res.status, 200);
    const high = res.body.find((l: { name: string }) => l.name === 'Priority/High');
    assert.deepEqual(high, { name: 'Priority/High', color: 'd32f2f', description: 'The priority is high', exclusive: true });
    assert.equal(res.body.find((l: { name: string }) => l.name === 'Kind/Bug').exclusive, false);
    assert.equal((await api.get('/label/templates/Nope')).status, 404);
  });

  for (const license of ['Apache-2.0', 'GPL-3.0-only', 'BSD-3-Clause']) {
    it(`auto_init with ${license} and gitignores Node,Go,macOS commits the filled license and the joined gitignores`, async () => {
      const name = `init-${license.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
      const res = await api.post('/user/repos', { name, auto_init: true, license, gitignores: 'Node,Go,macOS', readme: 'Default' }, alice.basic);
      assert.equal(res.status, 201, JSON.stringify(res.body));
      const work = tempDir();
      const dest = path.join(work.dir, name);
      assert.equal((await git(['clone', '-q', remoteUrl(server.url, alice.login, name), dest])).status, 0);
      assert.equal(gitLocal(['rev-list', '--count', 'HEAD'], { cwd: dest }).stdout.trim(), '1');
      const show = (file: string) => gitLocal(['show', `HEAD:${file}`], { cwd: dest }).stdout;
      const ignore = show('.gitignore');
      assert.deepEqual(ignore.match(/^# ---> .*$/gm), ['# ---> Node', '# ---> Go', '# ---> macOS']);
      assert.match(ignore, /\.DS_Store/);
      const text = show('LICENSE');
      const spdx = (await api.get(`/licenses/${license}`)).body.body as string;
      assert.equal(text.split('\n').length, spdx.replace(/\n$/, '').split('\n').length + 1, 'every line kept');
      if (license === 'BSD-3-Clause') assert.match(text, new RegExp(`Copyright \\(c\\) ${new Date().getUTCFullYear()} ${alice.login}`));
      assert.doesNotMatch(text, /<year>|<copyright holders>|\[yyyy\]/);
      const detected = await api.get(`/repos/${alice.login}/${name}/licenses`, alice.basic);
      assert.equal(detected.status, 200);
      assert.ok(detected.body.includes(license), `${license} detected as ${JSON.stringify(detected.body)}`);
    });
  }

  it('refuses an unknown gitignore or license with 422 and an unknown readme with 400, leaving no repository', async () => {
    const gi = await api.post('/user/repos', { name: 'bad-gi', auto_init: true, gitignores: 'Node,NoSuch' }, alice.basic);
    assert.equal(gi.status, 422);
    assert.match(gi.body.message, /NoSuch/);
    assert.equal((await api.post('/user/repos', { name: 'bad-li', auto_init: true, license: 'NoSuch' }, alice.basic)).status, 422);
    assert.equal((await api.post('/user/repos', { name: 'bad-rd', auto_init: true, readme: 'NoSuch' }, alice.basic)).status, 400);
    for (const name of ['bad-gi', 'bad-li', 'bad-rd']) assert.equal((await api.get(`/repos/${alice.login}/${name}`, alice.basic)).status, 404);
  });

  it('issue_labels creates the labels of the named set with the repository; an unknown set is 422 and creates nothing', async () => {
    const res = await api.post('/user/repos', { name: 'labelled', issue_labels: 'Advanced' }, alice.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const labels = await api.get(`/repos/${alice.login}/labelled/labels?limit=50`, alice.basic);
    const set = (await api.get('/label/templates/Advanced')).body;
    assert.equal(labels.body.length, set.length);
    const bug = labels.body.find((l: { name: string }) => l.name === 'Reviewed/Duplicate');
    assert.deepEqual([bug.color, bug.exclusive, bug.description], ['616161', true, 'This issue or pull request already exists']);
    const refused = await api.post('/user/repos', { name: 'unlabelled', issue_labels: 'Nope' }, alice.basic);
    assert.equal(refused.status, 422);
    assert.equal((await api.get(`/repos/${alice.login}/unlabelled`, alice.basic)).status, 404);
  });

  it('detects no license where there is no license file, or one that is no known license', async () => {
    const none = await buildRepo(server, bob, { files: { 'README.md': '# none\n' } });
    assert.deepEqual((await api.get(`${none.path}/licenses`)).body, []);
    const own = await buildRepo(server, bob, { files: { LICENSE: 'All rights reserved. Ask me first.\n' } });
    assert.deepEqual((await api.get(`${own.path}/licenses`)).body, []);
    const empty = await buildRepo(server, bob, {});
    assert.deepEqual((await api.get(`${empty.path}/licenses`)).body, []);
    assert.equal((await api.get(`/repos/${bob.login}/missing/licenses`)).status, 404);
  });

  it('detects a license file named COPYING with the year and holders filled in, as MIT', async () => {
    const mit = (await api.get('/licenses/MIT')).body.body.replace('<year>', '1999').replace('<copyright holders>', 'Jane Doe and Others');
    const repo = await buildRepo(server, bob, { files: { COPYING: mit, 'README.md': '# x\n' } });
    assert.deepEqual((await api.get(`${repo.path}/licenses`)).body, ['MIT']);
  });

  it("hides a private repository's licenses from those who may not read it", async () => {
    const repo = await buildRepo(server, bob, { private: true, files: { LICENSE: 'x\n' } });
    assert.equal((await api.get(`${repo.path}/licenses`, alice.basic)).status, 404);
    assert.equal((await api.get(`${repo.path}/licenses`, bob.basic)).status, 200);
  });

  it('reads the license file through the git reader: a repeated detection starts no git process', async () => {
    const repo = await buildRepo(server, bob, { files: { LICENSE: (await api.get('/licenses/ISC')).body.body } });
    assert.deepEqual((await api.get(`${repo.path}/licenses`)).body, ['ISC']);
    const spawned = gitSpawnCount();
    assert.deepEqual((await api.get(`${repo.path}/licenses`)).body, ['ISC']);
    assert.equal(gitSpawnCount() - spawned, 0);
  });
});
