import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccount, type TestAccount } from '../../testkit/accounts.ts';
import { clientFor } from '../../testkit/gitea-js.ts';
import { buildOrg, type BuiltOrg } from '../../testkit/orgs.ts';
import { useServer } from '../../testkit/use-server.ts';

/** POST /org/{org}/repos: Gitea's older path of creating an organization's repository. */
describe('creating an organization repository by the older path', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let org: BuiltOrg;

  before(async () => {
    owner = await createAccount(api);
    org = await buildOrg(server, { owner });
  });

  it('creates the repository for the organization, as POST /orgs/{org}/repos does (gitea-js createOrgRepoDeprecated)', async () => {
    const client = await clientFor(server, owner);
    const res = await client.org.createOrgRepoDeprecated(org.login, { name: 'older', description: 'by the older path' });
    assert.equal(res.status, 201);
    assert.equal(res.data.full_name, `${org.login}/older`);
    assert.equal(res.data.owner?.login, org.login);
    const listed = await api.get(`/orgs/${org.login}/repos`, owner.basic);
    assert.deepEqual(listed.body.map((r: { name: string }) => r.name), ['older']);
  });

  it('refuses a taken name (409) and a stranger (403), as the newer path does', async () => {
    await api.post(`/org/${org.login}/repos`, { name: 'taken' }, owner.basic);
    assert.equal((await api.post(`/org/${org.login}/repos`, { name: 'taken' }, owner.basic)).status, 409);
    assert.equal((await api.post(`/orgs/${org.login}/repos`, { name: 'taken' }, owner.basic)).status, 409);
    const stranger = await createAccount(api);
    const refused = await api.post(`/org/${org.login}/repos`, { name: 'not-yours' }, stranger.basic);
    assert.equal(refused.status, (await api.post(`/orgs/${org.login}/repos`, { name: 'not-yours' }, stranger.basic)).status);
    assert.equal(refused.status, 403);
  });
});
