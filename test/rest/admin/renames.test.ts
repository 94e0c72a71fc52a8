import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccount, type TestAccount } from '../../testkit/accounts.ts';
import { adminAuth } from '../../testkit/client.ts';
import { failInserts } from '../../testkit/faults.ts';
import { git, gitLocal, remoteUrl } from '../../testkit/git.ts';
import { createOrg } from '../../testkit/orgs.ts';
import { buildRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

describe('renamed accounts', () => {
  const server = useServer();
  const { api } = server;
  let bob: TestAccount;

  before(async () => {
    bob = await createAccount(api);
  });

  const renameUser = (from: string, to: string) => api.post(`/admin/users/${from}/rename`, { new_username: to }, adminAuth);

  it('answer at their old login, for the API, their repositories and git fetch of an existing clone', async () => {
    const alice = await createAccount(api);
    const repo = await buildRepo(server, alice, { name: 'kept', files: { 'a.txt': 'a\n' } });
    const clone = server.dir('account-rename-clone');
    assert.equal((await git(['clone', '-q', remoteUrl(server.url, alice.login, 'kept'), clone])).status, 0);
    const renamed = await renameUser(alice.login, `${alice.login}-new`);
    assert.equal(renamed.status, 204, JSON.stringify(renamed.body));

    const profile = await api.get(`/users/${alice.login}`);
    assert.equal(profile.status, 200);
    assert.equal(profile.body.login, `${alice.login}-new`);
    const viaOld = await api.get(`/repos/${alice.login}/kept`);
    assert.equal(viaOld.status, 200);
    assert.equal(viaOld.body.id, repo.id);
    assert.equal(viaOld.body.full_name, `${alice.login}-new/kept`);
    assert.equal((await api.get(`/repos/${alice.login}-new/kept`)).body.id, repo.id);
    const fetched = await git(['fetch', '-q', 'origin'], { cwd: clone });
    assert.equal(fetched.status, 0, fetched.stderr);
    assert.equal(gitLocal(['rev-parse', 'origin/main'], { cwd: clone }).stdout.trim(), repo.heads.main);
    // Signing in takes the new login only.
    assert.equal((await api.get('/user', { basic: [`${alice.login}-new`, alice.password] })).status, 200);
  });

  it('give their old login up to a new account that takes it, which then answers there', async () => {
    const carol = await createAccount(api);
    await buildRepo(server, carol, { name: 'carols', autoInit: true });
    assert.equal((await renameUser(carol.login, `${carol.login}-moved`)).status, 204);
    const newcomer = await api.post('/admin/users', { username: carol.login, email: `again-${carol.email}`, password: 'a-long-password-1' }, adminAuth);
    assert.equal(newcomer.status, 201, JSON.stringify(newcomer.body));
    assert.equal((await api.get(`/users/${carol.login}`)).body.id, newcomer.body.id);
    // The newcomer has no repository of that name: the old owner's is not reached through the taken login.
    assert.equal((await api.get(`/repos/${carol.login}/carols`)).status, 404);
    assert.equal((await api.get(`/repos/${carol.login}-moved/carols`)).status, 200);
    // The login is taken for good: once the newcomer is gone, it leads nowhere.
    assert.equal((await api.delete(`/admin/users/${carol.login}`, adminAuth)).status, 204);
    assert.equal((await api.get(`/users/${carol.login}`)).status, 404);
    assert.equal((await api.get(`/repos/${carol.login}/carols`)).status, 404);
  });

  it("take over another account's old login by renaming to it, which then leads to them alone", async () => {
    const [gail, hank] = [await createAccount(api), await createAccount(api)];
    assert.equal((await renameUser(gail.login, `${gail.login}-2`)).status, 204);
    assert.equal((await api.get(`/users/${gail.login}`)).body.id, gail.id);
    assert.equal((await renameUser(hank.login, gail.login)).status, 204);
    assert.equal((await api.get(`/users/${gail.login}`)).body.id, hank.id);
    assert.equal((await api.get(`/users/${hank.login}`)).body.id, hank.id);
    assert.equal((await api.get(`/users/${gail.login}-2`)).body.id, gail.id);
  });

  it('follow renames in a row, and a rename back to an old login answers there', async () => {
    const dave = await createAccount(api);
    await buildRepo(server, dave, { name: 'trail', autoInit: true });
    assert.equal((await renameUser(dave.login, `${dave.login}-b`)).status, 204);
    assert.equal((await renameUser(`${dave.login}-b`, `${dave.login}-c`)).status, 204);
    assert.equal((await api.get(`/repos/${dave.login}/trail`)).body.full_name, `${dave.login}-c/trail`);
    assert.equal((await api.get(`/repos/${dave.login}-b/trail`)).body.full_name, `${dave.login}-c/trail`);
    assert.equal((await renameUser(`${dave.login}-c`, dave.login)).status, 204);
    assert.equal((await api.get(`/users/${dave.login}`)).body.login, dave.login);
    assert.equal((await api.get(`/users/${dave.login}-c`)).body.login, dave.login);
  });

  it('refuse a taken, reserved or invalid login with 422, an organization with 422, and non-admins with 403', async () => {
    const erin = await createAccount(api);
    assert.equal((await renameUser(erin.login, bob.login)).status, 422);
    assert.equal((await renameUser(erin.login, 'admin')).status, 422);
    assert.equal((await renameUser(erin.login, 'not valid')).status, 422);
    assert.equal((await api.post(`/admin/users/${erin.login}/rename`, { new_username: 'x-other' }, erin.basic)).status, 403);
    const org = await createOrg(server, [erin]);
    assert.equal((await renameUser(org.login, `${org.login}-x`)).status, 422);
    assert.equal((await renameUser('nobody-here-at-all', 'whatever-name')).status, 404);
    // A change of case only is a rename too.
    assert.equal((await renameUser(erin.login, erin.login.toUpperCase())).status, 204);
    assert.equal((await api.get(`/users/${erin.login}`)).body.login, erin.login.toUpperCase());
  });

  it('are all or nothing: a failure part-way leaves the old login in place and no redirect', async () => {
    const fay = await createAccount(api);
    const restore = await failInserts(server, 'UserRedirect', 'lowerLogin', fay.login.toLowerCase());
    try {
      assert.notEqual((await renameUser(fay.login, `${fay.login}-z`)).status, 204);
    } finally {
      await restore();
    }
    assert.equal((await api.get(`/users/${fay.login}`)).body.login, fay.login);
    assert.equal((await api.get(`/users/${fay.login}-z`)).status, 404);
  });
});

describe('renamed organizations', () => {
  const server = useServer();
  const { api } = server;

  it('are renamed by their owners only, and answer at the old name for the API and their repositories', async () => {
    const owner = await createAccount(api);
    const outsider = await createAccount(api);
    const org = await createOrg(server, [owner]);
    const made = await api.post(`/orgs/${org.login}/repos`, { name: 'site', auto_init: true }, owner.basic);
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.equal((await api.post(`/orgs/${org.login}/rename`, { new_name: `${org.login}-x` }, outsider.basic)).status, 403);
    assert.equal((await api.post(`/orgs/${org.login}/rename`, { new_name: outsider.login }, owner.basic)).status, 422);
    const renamed = await api.post(`/orgs/${org.login}/rename`, { new_name: `${org.login}-x` }, owner.basic);
    assert.equal(renamed.status, 204, JSON.stringify(renamed.body));
    const viaOld = await api.get(`/orgs/${org.login}`);
    assert.equal(viaOld.status, 200);
    assert.equal(viaOld.body.username, `${org.login}-x`);
    const repo = await api.get(`/repos/${org.login}/site`);
    assert.equal(repo.body.full_name, `${org.login}-x/site`);
  });
});
