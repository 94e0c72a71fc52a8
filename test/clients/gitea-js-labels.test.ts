import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ADMIN } from '../testkit/server.ts';
import { assertTypedFields, clientFor, createClientAccount, failure, giteaClient, type ClientAccount } from '../testkit/gitea-js.ts';
import { LABEL } from '../testkit/gitea-js-fields/label.ts';
import { buildOrg, type BuiltOrg } from '../testkit/orgs.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

/** gitea-js against Graft: labels of repositories and organizations. */
describe('gitea-js: labels', () => {
  const server = useServer();
  let owner: ClientAccount;
  let outsider: ClientAccount;
  let repo: TestRepo;
  let org: BuiltOrg;

  before(async () => {
    const admin = await clientFor(server, ADMIN);
    [owner, outsider] = await Promise.all([createClientAccount(server, admin), createClientAccount(server, admin)]);
    repo = await buildRepo(server, owner);
    org = await buildOrg(server, { owner });
  });

  it('issueCreateLabel, issueListLabels, issueGetLabel, issueEditLabel and issueDeleteLabel manage a repository label with every field the client types', async () => {
    const made = await owner.api.repos.issueCreateLabel(repo.owner, repo.name, { name: 'area/docs', color: '#0075ca', description: 'documentation', exclusive: true });
    assert.equal(made.status, 201);
    assertTypedFields(made.data, LABEL, 'Label');
    assert.deepEqual([made.data.color, made.data.exclusive, made.data.is_archived], ['0075ca', true, false]);
    const listed = await giteaClient(server).repos.issueListLabels(repo.owner, repo.name, { limit: 10 });
    assert.deepEqual(listed.data.map((l) => l.id), [made.data.id]);
    const got = await giteaClient(server).repos.issueGetLabel(repo.owner, repo.name, made.data.id!);
    assert.deepEqual(got.data, made.data);
    const edited = await owner.api.repos.issueEditLabel(repo.owner, repo.name, made.data.id!, { name: 'area/guides', is_archived: true });
    assertTypedFields(edited.data, LABEL, 'Label');
    assert.deepEqual([edited.data.name, edited.data.is_archived], ['area/guides', true]);
    assert.equal((await failure(outsider.api.repos.issueDeleteLabel(repo.owner, repo.name, made.data.id!))).status, 403);
    assert.equal((await owner.api.repos.issueDeleteLabel(repo.owner, repo.name, made.data.id!)).status, 204);
    assert.equal((await failure(giteaClient(server).repos.issueGetLabel(repo.owner, repo.name, made.data.id!))).status, 404);
  });

  it('issueCreateLabel answers a color that is not one with 422 and a message', async () => {
    const refused = await failure(owner.api.repos.issueCreateLabel(repo.owner, repo.name, { name: 'bad', color: 'not-a-color' }));
    assert.equal(refused.status, 422);
    assert.ok(refused.message);
  });

  it('orgCreateLabel, orgListLabels, orgGetLabel, orgEditLabel and orgDeleteLabel manage an organization label, for its owners only', async () => {
    const made = await owner.api.orgs.orgCreateLabel(org.login, { name: 'triage', color: 'e4e669' });
    assert.equal(made.status, 201);
    assertTypedFields(made.data, LABEL, 'Label');
    assert.equal(made.data.url, `${server.url}api/v1/orgs/${org.login}/labels/${made.data.id}`);
    assert.deepEqual((await giteaClient(server).orgs.orgListLabels(org.login)).data.map((l) => l.name), ['triage']);
    assert.deepEqual((await outsider.api.orgs.orgGetLabel(org.login, made.data.id!)).data, made.data);
    assert.equal((await failure(outsider.api.orgs.orgEditLabel(org.login, made.data.id!, { name: 'mine' }))).status, 403);
    const edited = await owner.api.orgs.orgEditLabel(org.login, made.data.id!, { description: 'needs a look' });
    assert.equal(edited.data.description, 'needs a look');
    assert.equal((await owner.api.orgs.orgDeleteLabel(org.login, made.data.id!)).status, 204);
    assert.deepEqual((await giteaClient(server).orgs.orgListLabels(org.login)).data, []);
  });
});
