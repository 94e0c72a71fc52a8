import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ADMIN } from '../testkit/server.ts';
import { assertTypedFields, clientFor, createClientAccount, failure, type ClientAccount, type GiteaClient } from '../testkit/gitea-js.ts';
import { ISSUE } from '../testkit/gitea-js-fields/issue.ts';
import { STOP_WATCH, TRACKED_TIME } from '../testkit/gitea-js-fields/time.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

/** gitea-js against Graft: tracked times and stopwatches on issues. */
describe('gitea-js: tracked times and stopwatches', () => {
  const server = useServer();
  let owner: ClientAccount;
  let reader: ClientAccount;
  let repo: TestRepo;

  before(async () => {
    const admin: GiteaClient = await clientFor(server, ADMIN);
    [owner, reader] = await Promise.all([createClientAccount(server, admin), createClientAccount(server, admin)]);
    repo = await buildRepo(server, owner, { collaborators: [[reader, 'read']] });
  });

  const open = async (title: string) => (await owner.api.repos.issueCreateIssue(owner.login, repo.name, { title })).data.number!;

  it('issueAddTime answers the time with every field the client types, and the lists return it', async () => {
    const number = await open('tracked by a client');
    const added = await owner.api.repos.issueAddTime(owner.login, repo.name, number, { time: 1800, created: '2030-04-05T06:07:08Z' });
    assert.equal(added.status, 200);
    assertTypedFields(added.data, TRACKED_TIME, 'TrackedTime');
    assertTypedFields(added.data.issue, ISSUE, 'TrackedTime.issue');
    assert.deepEqual([added.data.time, added.data.user_name, added.data.created, added.data.issue!.number], [1800, owner.login, '2030-04-05T06:07:08Z', number]);

    const onIssue = await owner.api.repos.issueTrackedTimes(owner.login, repo.name, number, { limit: 10, page: 1 });
    assert.deepEqual(onIssue.data.map((t) => t.id), [added.data.id]);
    assert.equal(onIssue.headers.get('x-total-count'), '1');
    const onRepo = await owner.api.repos.repoTrackedTimes(owner.login, repo.name, { user: owner.login, since: '2030-01-01T00:00:00Z' });
    assert.deepEqual(onRepo.data.map((t) => t.id), [added.data.id]);
    const ofUser = await owner.api.repos.userTrackedTimes(owner.login, repo.name, owner.login);
    assert.deepEqual(ofUser.data.map((t) => t.id), [added.data.id]);
    const mine = await owner.api.user.userCurrentTrackedTimes({ before: '2031-01-01T00:00:00Z' });
    assert.deepEqual(mine.data.map((t) => t.id), [added.data.id]);
    assertTypedFields(mine.data[0], TRACKED_TIME, 'TrackedTime');
  });

  it('issueDeleteTime and issueResetTime take time off; deleting a time that does not exist is a 404', async () => {
    const number = await open('time taken off');
    const first = await owner.api.repos.issueAddTime(owner.login, repo.name, number, { time: 60 });
    await owner.api.repos.issueAddTime(owner.login, repo.name, number, { time: 120 });
    assert.equal((await owner.api.repos.issueDeleteTime(owner.login, repo.name, number, first.data.id!)).status, 204);
    assert.equal((await failure(owner.api.repos.issueDeleteTime(owner.login, repo.name, number, first.data.id!))).status, 404);
    assert.equal((await owner.api.repos.issueResetTime(owner.login, repo.name, number)).status, 204);
    assert.deepEqual((await owner.api.repos.issueTrackedTimes(owner.login, repo.name, number)).data, []);
    const negative = await failure(owner.api.repos.issueAddTime(owner.login, repo.name, number, { time: -5 }));
    assert.equal(negative.status, 422);
    assert.match(negative.message ?? '', /positive/);
    assert.equal((await failure(reader.api.repos.issueAddTime(owner.login, repo.name, number, { time: 5 }))).status, 403);
  });

  it('issueStartStopWatch, userGetStopWatches, issueStopStopWatch and issueDeleteStopWatch run stopwatches; a second start is a 409', async () => {
    const number = await open('timed by a client');
    assert.equal((await owner.api.repos.issueStartStopWatch(owner.login, repo.name, number)).status, 201);
    assert.equal((await failure(owner.api.repos.issueStartStopWatch(owner.login, repo.name, number))).status, 409);
    const running = await owner.api.user.userGetStopWatches({ page: 1, limit: 10 });
    assert.equal(running.data.length, 1);
    assertTypedFields(running.data[0], STOP_WATCH, 'StopWatch');
    assert.deepEqual([running.data[0].issue_index, running.data[0].repo_owner_name, running.data[0].repo_name], [number, owner.login, repo.name]);
    assert.equal((await owner.api.repos.issueStopStopWatch(owner.login, repo.name, number)).status, 201);
    assert.equal((await failure(owner.api.repos.issueStopStopWatch(owner.login, repo.name, number))).status, 409);
    assert.equal((await owner.api.repos.issueTrackedTimes(owner.login, repo.name, number)).data.length, 1);
    assert.equal((await owner.api.repos.issueStartStopWatch(owner.login, repo.name, number)).status, 201);
    assert.equal((await owner.api.repos.issueDeleteStopWatch(owner.login, repo.name, number)).status, 204);
    assert.deepEqual((await owner.api.user.userGetStopWatches()).data, []);
    assert.equal((await failure(owner.api.repos.issueDeleteStopWatch(owner.login, repo.name, number))).status, 409);
  });
});
