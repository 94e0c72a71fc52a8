import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ADMIN } from '../testkit/server.ts';
import { assertTypedFields, clientFor, createClientAccount, failure, giteaClient, type ClientAccount, type GiteaClient } from '../testkit/gitea-js.ts';
import { MILESTONE } from '../testkit/gitea-js-fields/milestone.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

/** gitea-js against Graft: a repository's milestones. */
describe('gitea-js: milestones', () => {
  const server = useServer();
  let owner: ClientAccount;
  let outsider: ClientAccount;

  before(async () => {
    const admin: GiteaClient = await clientFor(server, ADMIN);
    [owner, outsider] = await Promise.all([createClientAccount(server, admin), createClientAccount(server, admin)]);
  });

  it('issueCreateMilestone, issueGetMilestone, issueEditMilestone and issueDeleteMilestone make, read, close and remove a milestone', async () => {
    const repo = await buildRepo(server, owner, { autoInit: true });
    const created = await owner.api.repos.issueCreateMilestone(owner.login, repo.name, { title: 'v1', description: 'the first', due_on: '2031-02-03T04:05:06Z' });
    assert.equal(created.status, 201);
    assertTypedFields(created.data, MILESTONE, 'Milestone');
    assert.deepEqual([created.data.state, created.data.due_on, created.data.closed_at], ['open', '2031-02-03T04:05:06Z', null]);

    const byTitle = await giteaClient(server).repos.issueGetMilestone(owner.login, repo.name, 'v1');
    assert.equal(byTitle.data.id, created.data.id);

    const closed = await owner.api.repos.issueEditMilestone(owner.login, repo.name, String(created.data.id), { state: 'closed' });
    assert.equal(closed.data.state, 'closed');
    assert.ok(closed.data.closed_at);

    assert.equal((await owner.api.repos.issueDeleteMilestone(owner.login, repo.name, String(created.data.id))).status, 204);
    assert.equal((await failure(giteaClient(server).repos.issueGetMilestone(owner.login, repo.name, 'v1'))).status, 404);
  });

  it('issueGetMilestonesList lists open milestones unless asked for closed or all, and filters by name', async () => {
    const repo = await buildRepo(server, owner, { autoInit: true });
    await owner.api.repos.issueCreateMilestone(owner.login, repo.name, { title: 'Open one' });
    await owner.api.repos.issueCreateMilestone(owner.login, repo.name, { title: 'Closed one', state: 'closed' });
    const client = giteaClient(server).repos;
    const titles = async (query?: { state?: string; name?: string }) => (await client.issueGetMilestonesList(owner.login, repo.name, query)).data.map((m) => m.title);
    assert.deepEqual(await titles(), ['Open one']);
    assert.deepEqual(await titles({ state: 'closed' }), ['Closed one']);
    assert.deepEqual(await titles({ state: 'all', name: 'one' }), ['Open one', 'Closed one']);
    const listed = await client.issueGetMilestonesList(owner.login, repo.name);
    assertTypedFields(listed.data[0], MILESTONE, 'Milestone');
    assert.equal(listed.data[0].due_on, null);
  });

  it('issueCreateMilestone is refused with 403 to someone who may only read the repository', async () => {
    const repo = await buildRepo(server, owner, { autoInit: true });
    assert.equal((await failure(outsider.api.repos.issueCreateMilestone(owner.login, repo.name, { title: 'not mine' }))).status, 403);
  });
});
