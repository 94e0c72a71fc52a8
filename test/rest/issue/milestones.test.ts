import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { graphql } from '../../testkit/client.ts';
import { buildOrg } from '../../testkit/orgs.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

describe('milestones over REST and GraphQL', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let reader: TestAccount;
  let stranger: TestAccount;

  before(async () => {
    [owner, reader, stranger] = await createAccounts(api, 3);
  });

  const newRepo = (spec: Parameters<typeof buildRepo>[2] = {}) => buildRepo(server, owner, { autoInit: true, ...spec });
  async function milestone(repo: TestRepo, body: Record<string, unknown>) {
    const res = await api.post(`${repo.path}/milestones`, body, owner.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body;
  }

  it('a new milestone is open, counts no issues, and has due_on and closed_at null when it has no deadline', async () => {
    const repo = await newRepo();
    const made = await milestone(repo, { title: 'v1.0', description: 'first release' });
    assert.deepEqual(
      { ...made, id: 0, created_at: '', updated_at: '' },
      { id: 0, title: 'v1.0', description: 'first release', state: 'open', open_issues: 0, closed_issues: 0, created_at: '', updated_at: '', closed_at: null, due_on: null },
    );
    assert.match(made.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('a deadline is kept to the second, and the zero time means no deadline', async () => {
    const repo = await newRepo();
    assert.equal((await milestone(repo, { title: 'dated', due_on: '2031-05-06T07:08:09+02:00' })).due_on, '2031-05-06T05:08:09Z');
    assert.equal((await milestone(repo, { title: 'zero', due_on: '0001-01-01T00:00:00Z' })).due_on, null);
  });

  it('a milestone created with state closed starts closed, with closed_at set', async () => {
    const repo = await newRepo();
    const made = await milestone(repo, { title: 'done', state: 'closed' });
    assert.equal(made.state, 'closed');
    assert.ok(made.closed_at);
  });

  it('a milestone is found by id, else by its exact title, and only in its own repository', async () => {
    const repo = await newRepo();
    const other = await newRepo();
    const first = await milestone(repo, { title: 'first' });
    const numeric = await milestone(repo, { title: '999999' });
    const elsewhere = await milestone(other, { title: 'elsewhere' });
    assert.equal((await api.get(`${repo.path}/milestones/${first.id}`)).body.title, 'first');
    assert.equal((await api.get(`${repo.path}/milestones/first`)).body.id, first.id);
    // No milestone has id 999999: the number is then taken as a title.
    assert.equal((await api.get(`${repo.path}/milestones/999999`)).body.id, numeric.id);
    assert.equal((await api.get(`${repo.path}/milestones/FIRST`)).status, 404);
    const foreign = await api.get(`${repo.path}/milestones/${elsewhere.id}`);
    assert.equal(foreign.status, 404);
    assert.equal(typeof foreign.body.message, 'string');
  });

  it('the list holds open milestones by default, closed or all on request, soonest deadline first and undated last', async () => {
    const repo = await newRepo();
    await milestone(repo, { title: 'undated' });
    await milestone(repo, { title: 'later', due_on: '2032-01-01T00:00:00Z' });
    await milestone(repo, { title: 'sooner', due_on: '2031-01-01T00:00:00Z' });
    await milestone(repo, { title: 'closed one', state: 'closed' });
    const titles = async (query: string) => {
      const res = await api.get(`${repo.path}/milestones${query}`);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.map((m: { title: string }) => m.title);
    };
    assert.deepEqual(await titles(''), ['sooner', 'later', 'undated']);
    assert.deepEqual(await titles('?state=closed'), ['closed one']);
    assert.deepEqual(await titles('?state=all'), ['sooner', 'later', 'undated', 'closed one']);
    assert.deepEqual(await titles('?state=whatever'), ['sooner', 'later', 'undated']);
  });

  it('the list filters by a part of the title whatever its case, and pages with X-Total-Count', async () => {
    const repo = await newRepo();
    for (const title of ['Release 1', 'release 2', 'Sprint']) await milestone(repo, { title });
    const found = await api.get(`${repo.path}/milestones?name=RELEASE`);
    assert.deepEqual(found.body.map((m: { title: string }) => m.title), ['Release 1', 'release 2']);
    const page = await api.get(`${repo.path}/milestones?limit=1&page=2`);
    assert.equal(page.headers.get('x-total-count'), '3');
    assert.deepEqual(page.body.map((m: { title: string }) => m.title), ['release 2']);
  });

  it('a page of 50 milestones costs the same SQL statements as a page of 1', async () => {
    const repo = await newRepo();
    for (let i = 0; i < 50; i++) await milestone(repo, { title: `m${i}` });
    const statements = async (limit: number) => {
      await api.get(`${repo.path}/milestones?limit=${limit}`, owner.basic);
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await api.get(`${repo.path}/milestones?limit=${limit}`, owner.basic);
      assert.equal(res.body.length, limit);
      return server.app.database.queryCount() - before;
    };
    assert.equal(await statements(50), await statements(1));
  });

  it('closing a milestone sets closed_at and reopening clears it; an edit keeps what it leaves out', async () => {
    const repo = await newRepo();
    const made = await milestone(repo, { title: 'edit me', description: 'kept', due_on: '2031-01-01T00:00:00Z' });
    const closed = await api.patch(`${repo.path}/milestones/${made.id}`, { state: 'closed', title: '' }, owner.basic);
    assert.equal(closed.status, 200, JSON.stringify(closed.body));
    assert.deepEqual([closed.body.state, closed.body.title, closed.body.description, closed.body.due_on], ['closed', 'edit me', 'kept', '2031-01-01T00:00:00Z']);
    assert.ok(closed.body.closed_at);
    // Any state but closed reopens, as in Gitea.
    const reopened = await api.patch(`${repo.path}/milestones/edit me`, { state: 'anything', title: 'renamed', due_on: '2033-03-03T00:00:00Z' }, owner.basic);
    assert.deepEqual([reopened.body.state, reopened.body.closed_at, reopened.body.title, reopened.body.due_on], ['open', null, 'renamed', '2033-03-03T00:00:00Z']);
  });

  it('a deleted milestone is gone', async () => {
    const repo = await newRepo();
    const made = await milestone(repo, { title: 'short-lived' });
    assert.equal((await api.delete(`${repo.path}/milestones/short-lived`, owner.basic)).status, 204);
    assert.equal((await api.get(`${repo.path}/milestones/${made.id}`)).status, 404);
    assert.equal((await api.delete(`${repo.path}/milestones/${made.id}`, owner.basic)).status, 404);
  });

  it('a title is required, not blank, and at most 255 characters', async () => {
    const repo = await newRepo();
    for (const body of [{}, { title: '   ' }, { title: 'x'.repeat(256) }]) {
      const res = await api.post(`${repo.path}/milestones`, body, owner.basic);
      assert.equal(res.status, 422, JSON.stringify(body));
      assert.equal(typeof res.body.message, 'string');
    }
    const res = await api.patch(`${repo.path}/milestones/${(await milestone(repo, { title: 'ok' })).id}`, { title: 'x'.repeat(256) }, owner.basic);
    assert.equal(res.status, 422);
  });

  it('readers see milestones but only writers change them; a private repository hides them from strangers', async () => {
    const repo = await newRepo({ private: true, collaborators: [[reader, 'read']] });
    const made = await milestone(repo, { title: 'private' });
    assert.equal((await api.get(`${repo.path}/milestones`, reader.basic)).body.length, 1);
    assert.equal((await api.post(`${repo.path}/milestones`, { title: 'no' }, reader.basic)).status, 403);
    assert.equal((await api.patch(`${repo.path}/milestones/${made.id}`, { state: 'closed' }, reader.basic)).status, 403);
    assert.equal((await api.delete(`${repo.path}/milestones/${made.id}`, reader.basic)).status, 403);
    assert.equal((await api.get(`${repo.path}/milestones`, stranger.basic)).status, 404);
    assert.equal((await api.get(`${repo.path}/milestones/${made.id}`, stranger.basic)).status, 404);
    assert.equal((await api.post(`${repo.path}/milestones`, { title: 'no' }, stranger.basic)).status, 404);
    assert.equal((await api.post(`${repo.path}/milestones`, { title: 'no' })).status, 401);
  });

  it('write access to pull requests alone is enough to change milestones; a team that reaches only the code does not see them', async () => {
    const org = await buildOrg(server, {
      owner,
      visibility: 'private',
      teams: [
        { name: 'pulls', unitsMap: { 'repo.pulls': 'write' }, includesAllRepositories: true, members: 1 },
        { name: 'coders', unitsMap: { 'repo.code': 'write' }, includesAllRepositories: true, members: 1 },
      ],
    });
    const repo = await buildRepo(server, owner, { org: org.login, autoInit: true, private: true });
    const [puller] = org.teams.pulls.members;
    const [coder] = org.teams.coders.members;
    assert.equal((await api.post(`${repo.path}/milestones`, { title: 'by pulls' }, puller.basic)).status, 201);
    assert.equal((await api.get(`${repo.path}/milestones`, coder.basic)).status, 404);
    assert.equal((await api.get(`${repo.path}/milestones/by pulls`, coder.basic)).status, 404);
    assert.equal((await api.post(`${repo.path}/milestones`, { title: 'by code' }, coder.basic)).status, 404);
  });

  it('an archived repository refuses milestone writes with 423 and still lists them', async () => {
    const repo = await newRepo();
    const made = await milestone(repo, { title: 'frozen' });
    assert.equal((await api.patch(repo.path, { archived: true }, owner.basic)).status, 200);
    for (const res of [
      await api.post(`${repo.path}/milestones`, { title: 'no' }, owner.basic),
      await api.patch(`${repo.path}/milestones/${made.id}`, { state: 'closed' }, owner.basic),
      await api.delete(`${repo.path}/milestones/${made.id}`, owner.basic),
    ]) {
      assert.equal(res.status, 423, JSON.stringify(res.body));
    }
    assert.equal((await api.get(`${repo.path}/milestones`)).body.length, 1);
  });

  it('GraphQL closes and reopens a milestone, and counts a repository\'s milestones by state', async () => {
    const repo = await newRepo();
    await milestone(repo, { title: 'g1' });
    await milestone(repo, { title: 'g2' });
    const target = { owner: owner.login, name: repo.name, idOrName: 'g1' };
    const closed = await graphql(server.url, 'mutation($owner: String!, $name: String!, $idOrName: String!) { closeMilestone(owner: $owner, name: $name, idOrName: $idOrName) { state closedAt } }', target, owner.basic);
    assert.equal(closed.data.closeMilestone.state, 'closed');
    assert.ok(closed.data.closeMilestone.closedAt);
    const counts = await graphql(
      server.url,
      'query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { open: milestones(state: open) { totalCount } all: milestones(state: all) { totalCount nodes { title } } milestone(idOrName: "g1") { state } missing: milestone(idOrName: "none") { title } } }',
      { owner: owner.login, name: repo.name },
      owner.basic,
    );
    assert.deepEqual(counts.data.repository.open, { totalCount: 1 });
    assert.equal(counts.data.repository.all.totalCount, 2);
    assert.equal(counts.data.repository.milestone.state, 'closed');
    assert.equal(counts.data.repository.missing, null);
    const reopened = await graphql(server.url, 'mutation($owner: String!, $name: String!, $idOrName: String!) { reopenMilestone(owner: $owner, name: $name, idOrName: $idOrName) { state closedAt } }', target, owner.basic);
    assert.deepEqual(reopened.data.reopenMilestone, { state: 'open', closedAt: null });
  });
});
