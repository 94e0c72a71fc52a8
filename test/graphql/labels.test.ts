import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../testkit/accounts.ts';
import { buildOrg, type BuiltOrg } from '../testkit/orgs.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

const LABEL_FIELDS = 'databaseId name color exclusive exclusiveScope isArchived archivedAt issueCount closedIssueCount openIssueCount apiUrl';

describe('labels in GraphQL', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let outsider: TestAccount;
  let repo: TestRepo;
  let secret: TestRepo;
  let org: BuiltOrg;

  before(async () => {
    [owner, outsider] = await createAccounts(api, 2);
    [repo, secret, org] = await Promise.all([buildRepo(server, owner), buildRepo(server, owner, { private: true }), buildOrg(server, { owner })]);
  });

  const createLabel = async (variables: Record<string, unknown>, auth = owner.basic) =>
    server.graphql(
      `mutation($owner: String!, $repository: String, $input: LabelInput!) { createLabel(owner: $owner, repository: $repository, input: $input) { ${LABEL_FIELDS} } }`,
      variables,
      auth,
    );

  it('createLabel makes a label of a repository or, without repository, of an organization, and reports its scope when exclusive', async () => {
    const scoped = await createLabel({ owner: repo.owner, repository: repo.name, input: { name: 'status/blocked/hard', color: 'abc', exclusive: true } });
    assert.equal(scoped.errors, undefined, JSON.stringify(scoped.errors));
    assert.deepEqual(
      { ...scoped.data.createLabel, databaseId: 0 },
      {
        databaseId: 0,
        name: 'status/blocked/hard',
        color: '#aabbcc',
        exclusive: true,
        exclusiveScope: 'status/blocked',
        isArchived: false,
        archivedAt: null,
        issueCount: 0,
        closedIssueCount: 0,
        openIssueCount: 0,
        apiUrl: `${server.url}api/v1/repos/${repo.owner}/${repo.name}/labels/${scoped.data.createLabel.databaseId}`,
      },
    );
    const unscoped = await createLabel({ owner: org.login, input: { name: '/leading', color: '#000000', exclusive: true } });
    assert.deepEqual([unscoped.data.createLabel.exclusive, unscoped.data.createLabel.exclusiveScope], [true, null]);
    assert.equal(unscoped.data.createLabel.apiUrl, `${server.url}api/v1/orgs/${org.login}/labels/${unscoped.data.createLabel.databaseId}`);
    const notExclusive = await createLabel({ owner: org.login, input: { name: 'kind/bug', color: '#000000' } });
    assert.equal(notExclusive.data.createLabel.exclusiveScope, null);
  });

  it('counts open issues as all issues carrying the label less the closed ones', async () => {
    const made = await createLabel({ owner: repo.owner, repository: repo.name, input: { name: 'counted', color: '#000000' } });
    const id = made.data.createLabel.databaseId;
    await server.app.database.db.label.update({ where: { id }, data: { issueCount: 5, closedIssueCount: 2 } });
    const res = await server.graphql(
      'query($owner: String!, $name: String!, $id: Int!) { repository(owner: $owner, name: $name) { label(id: $id) { issueCount closedIssueCount openIssueCount } } }',
      { owner: repo.owner, name: repo.name, id },
    );
    assert.deepEqual(res.data.repository.label, { issueCount: 5, closedIssueCount: 2, openIssueCount: 3 });
  });

  it('Repository.labels and Organization.labels list each owner\'s labels by name with their total', async () => {
    const listed = await buildRepo(server, owner);
    for (const name of ['c', 'a', 'b']) await createLabel({ owner: listed.owner, repository: listed.name, input: { name, color: '#000000' } });
    const res = await server.graphql(
      'query($owner: String!, $name: String!, $org: String!) { repository(owner: $owner, name: $name) { labels(first: 2) { totalCount nodes { name } } } organization(login: $org) { labels { totalCount } } }',
      { owner: listed.owner, name: listed.name, org: org.login },
    );
    assert.deepEqual(res.data.repository.labels, { totalCount: 3, nodes: [{ name: 'a' }, { name: 'b' }] });
    assert.ok(res.data.organization.labels.totalCount >= 2);
  });

  it('updateLabel and deleteLabel change only a label of the owner they name', async () => {
    const made = await createLabel({ owner: repo.owner, repository: repo.name, input: { name: 'changing', color: '#000000' } });
    const id = made.data.createLabel.databaseId;
    const update = 'mutation($owner: String!, $repository: String, $id: Int!) { updateLabel(owner: $owner, repository: $repository, id: $id, input: { isArchived: true }) { isArchived archivedAt } }';
    const elsewhere = await server.graphql(update, { owner: org.login, id }, owner.basic);
    assert.equal(elsewhere.errors?.[0].extensions?.code, 'NOT_FOUND');
    const archived = await server.graphql(update, { owner: repo.owner, repository: repo.name, id }, owner.basic);
    assert.equal(archived.data.updateLabel.isArchived, true);
    assert.ok(archived.data.updateLabel.archivedAt);
    const remove = 'mutation($owner: String!, $repository: String, $id: Int!) { deleteLabel(owner: $owner, repository: $repository, id: $id) }';
    assert.equal((await server.graphql(remove, { owner: repo.owner, repository: repo.name, id }, owner.basic)).data.deleteLabel, true);
  });

  it('answers null for a label of a repository the viewer may not see, and refuses its changes as not found', async () => {
    const made = await createLabel({ owner: secret.owner, repository: secret.name, input: { name: 'hidden', color: '#000000' } });
    const id = made.data.createLabel.databaseId;
    const read = await server.graphql(
      'query($owner: String!, $name: String!, $id: Int!) { repository(owner: $owner, name: $name) { label(id: $id) { name } } }',
      { owner: secret.owner, name: secret.name, id },
      outsider.basic,
    );
    assert.equal(read.data.repository, null);
    const change = await createLabel({ owner: secret.owner, repository: secret.name, input: { name: 'x', color: '#000000' } }, outsider.basic);
    assert.equal(change.errors?.[0].extensions?.code, 'NOT_FOUND');
  });

  it('a REST page of 50 labels costs the same SQL statements as a page of 1', async () => {
    const many = await buildRepo(server, owner);
    await server.app.database.db.label.createMany({ data: Array.from({ length: 50 }, (_, i) => ({ repoId: many.id, name: `l${String(i).padStart(2, '0')}`, color: '#000000' })) });
    const statements = async (limit: number) => {
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await api.get(`${many.path}/labels?limit=${limit}`, owner.basic);
      assert.equal(res.body.length, limit);
      return server.app.database.queryCount() - before;
    };
    await statements(1);
    assert.equal(await statements(50), await statements(1));
  });
});
