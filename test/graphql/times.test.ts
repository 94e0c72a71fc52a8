import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../testkit/accounts.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

const TIME_FIELDS = 'databaseId seconds createdAt user { login } issue { number title repository { name } }';

describe('time tracking in GraphQL', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let reader: TestAccount;
  let repo: TestRepo;

  before(async () => {
    [owner, reader] = await createAccounts(api, 2);
    repo = await buildRepo(server, owner, { collaborators: [[reader, 'read']] });
  });

  const open = async (title: string, by = owner, path = repo.path) => {
    const res = await api.post(`${path}/issues`, { title }, by.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.number as number;
  };
  const issueVars = (number: number, target = repo) => ({ o: target.owner, n: target.name, i: number });
  const ISSUE_ARGS = '$o: String!, $n: String!, $i: Int!';
  const ON_ISSUE = 'owner: $o, name: $n, number: $i';

  it('addTrackedTime tracks time that Issue.trackedTimes, Repository.trackedTimes and viewerTrackedTimes then list', async () => {
    const number = await open('graphql time');
    const added = await server.graphql(
      `mutation(${ISSUE_ARGS}) { addTrackedTime(${ON_ISSUE}, input: { seconds: 120, createdAt: "2030-05-06T07:08:09Z" }) { ${TIME_FIELDS} } }`,
      issueVars(number),
      owner.basic,
    );
    assert.equal(added.errors, undefined, JSON.stringify(added.errors));
    assert.deepEqual({ ...added.data.addTrackedTime, databaseId: 0 }, {
      databaseId: 0,
      seconds: 120,
      createdAt: '2030-05-06T07:08:09.000Z',
      user: { login: owner.login },
      issue: { number, title: 'graphql time', repository: { name: repo.name } },
    });
    const read = await server.graphql(
      `query(${ISSUE_ARGS}) {
        repository(owner: $o, name: $n) {
          issue(number: $i) { trackedTimes(first: 10) { totalCount nodes { seconds } } }
          trackedTimes(filter: { user: "${owner.login}", since: "2030-01-01T00:00:00Z" }) { totalCount nodes { seconds issue { number } } }
        }
        viewerTrackedTimes(filter: { before: "2031-01-01T00:00:00Z" }) { totalCount nodes { databaseId } }
      }`,
      issueVars(number),
      owner.basic,
    );
    assert.equal(read.errors, undefined, JSON.stringify(read.errors));
    assert.deepEqual(read.data.repository.issue.trackedTimes, { totalCount: 1, nodes: [{ seconds: 120 }] });
    assert.deepEqual(read.data.repository.trackedTimes, { totalCount: 1, nodes: [{ seconds: 120, issue: { number } }] });
    assert.deepEqual(read.data.viewerTrackedTimes.nodes, [{ databaseId: added.data.addTrackedTime.databaseId }]);
  });

  it('deleteTrackedTime and resetTrackedTimes take time off, and a time of zero seconds is a VALIDATION error', async () => {
    const number = await open('graphql deletions');
    const add = (seconds: number) =>
      server.graphql(`mutation(${ISSUE_ARGS}, $s: Int!) { addTrackedTime(${ON_ISSUE}, input: { seconds: $s }) { databaseId } }`, { ...issueVars(number), s: seconds }, owner.basic);
    const first = await add(10);
    await add(20);
    assert.equal((await add(0)).errors?.[0].extensions?.code, 'VALIDATION');
    const deleted = await server.graphql(`mutation(${ISSUE_ARGS}, $id: Int!) { deleteTrackedTime(${ON_ISSUE}, id: $id) }`, { ...issueVars(number), id: first.data.addTrackedTime.databaseId }, owner.basic);
    assert.deepEqual(deleted.data, { deleteTrackedTime: true });
    const reset = await server.graphql(`mutation(${ISSUE_ARGS}) { resetTrackedTimes(${ON_ISSUE}) }`, issueVars(number), owner.basic);
    assert.deepEqual(reset.data, { resetTrackedTimes: true });
    const again = await server.graphql(`mutation(${ISSUE_ARGS}) { resetTrackedTimes(${ON_ISSUE}) }`, issueVars(number), owner.basic);
    assert.equal(again.errors?.[0].extensions?.code, 'NOT_FOUND');
  });

  it('startStopwatch, viewerStopwatches, stopStopwatch and cancelStopwatch run a stopwatch; starting twice is a CONFLICT', async () => {
    const number = await open('graphql stopwatch');
    const started = await server.graphql(`mutation(${ISSUE_ARGS}) { startStopwatch(${ON_ISSUE}) { seconds duration issue { number } } }`, issueVars(number), owner.basic);
    assert.equal(started.errors, undefined, JSON.stringify(started.errors));
    assert.deepEqual(started.data.startStopwatch.issue, { number });
    // Just started: no time yet, or a second on a busy machine.
    assert.ok([[0, ''], [1, '1 second']].some(([s, d]) => started.data.startStopwatch.seconds === s && started.data.startStopwatch.duration === d), JSON.stringify(started.data));
    const twice = await server.graphql(`mutation(${ISSUE_ARGS}) { startStopwatch(${ON_ISSUE}) { seconds } }`, issueVars(number), owner.basic);
    assert.equal(twice.errors?.[0].extensions?.code, 'CONFLICT');
    const listed = await server.graphql('{ viewerStopwatches { totalCount nodes { issue { number repository { name } } } } }', {}, owner.basic);
    assert.deepEqual(listed.data.viewerStopwatches, { totalCount: 1, nodes: [{ issue: { number, repository: { name: repo.name } } }] });
    await server.app.database.db.stopwatch.updateMany({ where: { userId: owner.id }, data: { createdAt: new Date(Date.now() - 600_000) } });
    const stopped = await server.graphql(`mutation(${ISSUE_ARGS}) { stopStopwatch(${ON_ISSUE}) { seconds user { login } issue { number } } }`, issueVars(number), owner.basic);
    assert.deepEqual({ ...stopped.data.stopStopwatch, seconds: 0 }, { seconds: 0, user: { login: owner.login }, issue: { number } });
    assert.ok(stopped.data.stopStopwatch.seconds >= 600 && stopped.data.stopStopwatch.seconds <= 605, `tracked ${stopped.data.stopStopwatch.seconds}`);
    const notRunning = await server.graphql(`mutation(${ISSUE_ARGS}) { cancelStopwatch(${ON_ISSUE}) }`, issueVars(number), owner.basic);
    assert.equal(notRunning.errors?.[0].extensions?.code, 'CONFLICT');
    await server.graphql(`mutation(${ISSUE_ARGS}) { startStopwatch(${ON_ISSUE}) { seconds } }`, issueVars(number), owner.basic);
    const cancelled = await server.graphql(`mutation(${ISSUE_ARGS}) { cancelStopwatch(${ON_ISSUE}) }`, issueVars(number), owner.basic);
    assert.deepEqual(cancelled.data, { cancelStopwatch: true });
  });

  it('answers FORBIDDEN to a reader who may not track time, BAD_REQUEST where tracking is off, and UNAUTHENTICATED to anonymous lists', async () => {
    const number = await open('not for readers');
    const refused = await server.graphql(`mutation(${ISSUE_ARGS}) { addTrackedTime(${ON_ISSUE}, input: { seconds: 5 }) { seconds } }`, issueVars(number), reader.basic);
    assert.equal(refused.errors?.[0].extensions?.code, 'FORBIDDEN');
    const off = await buildRepo(server, owner);
    const untracked = await open('untracked', owner, off.path);
    await api.patch(off.path, { internal_tracker: { enable_time_tracker: false } }, owner.basic);
    const disabled = await server.graphql(`mutation(${ISSUE_ARGS}) { addTrackedTime(${ON_ISSUE}, input: { seconds: 5 }) { seconds } }`, issueVars(untracked, off), owner.basic);
    assert.equal(disabled.errors?.[0].extensions?.code, 'BAD_REQUEST');
    const anonymous = await server.graphql(`query(${ISSUE_ARGS}) { repository(owner: $o, name: $n) { issue(number: $i) { trackedTimes { totalCount } } } }`, issueVars(number));
    assert.equal(anonymous.errors?.[0].extensions?.code, 'UNAUTHENTICATED');
  });

  it('costs the same SQL statements for a page of fifty times with their issues as for a page of one', async () => {
    const many = await buildRepo(server, owner);
    for (let i = 0; i < 5; i++) await api.post(`${many.path}/issues`, { title: `many ${i}`, assignees: [owner.login] }, owner.basic);
    const db = server.app.database.db;
    const issues = await db.issue.findMany({ where: { repoId: many.id } });
    await db.trackedTime.createMany({ data: Array.from({ length: 50 }, (_, i) => ({ issueId: issues[i % 5].id, userId: owner.id, seconds: 1 })) });
    const query = `query($o: String!, $n: String!, $first: Int!) {
      repository(owner: $o, name: $n) { trackedTimes(first: $first) { nodes { seconds user { login } issue { title labels { name } assignees { login } milestone { title } repository { name } } } } }
    }`;
    const cost = async (first: number) => {
      await server.graphql(query, { o: many.owner, n: many.name, first }, owner.basic);
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await server.graphql(query, { o: many.owner, n: many.name, first }, owner.basic);
      assert.equal(res.data.repository.trackedTimes.nodes.length, first, JSON.stringify(res.errors));
      return server.app.database.queryCount() - before;
    };
    assert.equal(await cost(50), await cost(1));
  });
});
