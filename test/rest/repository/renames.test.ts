import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccount, type TestAccount } from '../../testkit/accounts.ts';
import { buildRepo } from '../../testkit/repos.ts';
import { git, gitLocal, remoteUrl } from '../../testkit/git.ts';
import { useServer } from '../../testkit/use-server.ts';

describe('renamed repositories', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;

  before(async () => {
    owner = await createAccount(api);
  });

  const rename = (from: string, to: string) => api.patch(`/repos/${owner.login}/${from}`, { name: to }, owner.basic);

  it('answer at their old name, for the API and for git fetch of an existing clone', async () => {
    const repo = await buildRepo(server, owner, { name: 'before-rename', files: { 'a.txt': 'a\n' } });
    const clone = server.dir('rename-clone');
    assert.equal((await git(['clone', '-q', remoteUrl(server.url, owner.login, 'before-rename'), clone])).status, 0);
    const renamed = await rename('before-rename', 'after-rename');
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.equal(renamed.body.full_name, `${owner.login}/after-rename`);
    const viaOld = await api.get(`/repos/${owner.login}/before-rename`, owner.basic);
    assert.equal(viaOld.status, 200);
    assert.equal(viaOld.body.id, repo.id);
    assert.equal(viaOld.body.full_name, `${owner.login}/after-rename`);
    const fetched = await git(['fetch', '-q', 'origin'], { cwd: clone });
    assert.equal(fetched.status, 0, fetched.stderr);
    assert.equal(gitLocal(['rev-parse', 'origin/main'], { cwd: clone }).stdout.trim(), repo.heads.main);
  });

  it('give their old name up to a new repository that takes it, which then answers there', async () => {
    const first = await buildRepo(server, owner, { name: 'taken-back', autoInit: true });
    assert.equal((await rename('taken-back', 'moved-on')).status, 200);
    const second = await buildRepo(server, owner, { name: 'taken-back', autoInit: true });
    assert.notEqual(second.id, first.id);
    assert.equal((await api.get(`/repos/${owner.login}/taken-back`, owner.basic)).body.id, second.id);
    assert.equal((await api.get(`/repos/${owner.login}/moved-on`, owner.basic)).body.id, first.id);
  });

  it('renamed back to an old name answer there with no redirect in the way, and the other old name leads to them', async () => {
    const repo = await buildRepo(server, owner, { name: 'round-trip', autoInit: true });
    assert.equal((await rename('round-trip', 'away')).status, 200);
    assert.equal((await rename('away', 'round-trip')).status, 200);
    assert.equal((await api.get(`/repos/${owner.login}/round-trip`, owner.basic)).body.full_name, `${owner.login}/round-trip`);
    assert.equal((await api.get(`/repos/${owner.login}/away`, owner.basic)).body.id, repo.id);
  });
});
