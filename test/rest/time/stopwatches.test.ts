import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

describe('stopwatches on issues', () => {
  const server = useServer();
  const { api } = server;
  const db = () => server.app.database.db;
  let owner: TestAccount;
  let writer: TestAccount;
  let reader: TestAccount;
  let repo: TestRepo;

  before(async () => {
    [owner, writer, reader] = await createAccounts(api, 3);
    repo = await buildRepo(server, owner, { collaborators: [[writer, 'write'], [reader, 'read']] });
  });

  const open = async (title: string, by = owner, path = repo.path) => {
    const res = await api.post(`${path}/issues`, { title }, by.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return { number: res.body.number as number, id: res.body.id as number };
  };
  const start = (number: number, by = writer, path = repo.path) => api.post(`${path}/issues/${number}/stopwatch/start`, undefined, by.basic);
  const stop = (number: number, by = writer, path = repo.path) => api.post(`${path}/issues/${number}/stopwatch/stop`, undefined, by.basic);
  const discard = (number: number, by = writer, path = repo.path) => api.delete(`${path}/issues/${number}/stopwatch/delete`, by.basic);
  /** Moves the start of a running stopwatch `seconds` into the past, as if it had run that long. */
  const backdate = (issueId: number, userId: number, seconds: number) =>
    db().stopwatch.update({ where: { issueId_userId: { issueId, userId } }, data: { createdAt: new Date(Date.now() - seconds * 1000) } });
  const timelineOf = async (issueId: number) =>
    (await db().comment.findMany({ where: { issueId }, orderBy: { id: 'asc' } })).map((c) => [c.type, c.body, c.trackedTimeId === null ? null : 'time']);

  it("starts with 201, and a second start while it runs is a 409 that changes nothing", async () => {
    const issue = await open('started twice');
    const first = await start(issue.number);
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.equal(first.body, undefined, 'no body');
    const again = await start(issue.number);
    assert.equal(again.status, 409);
    assert.match(again.body.message, /already running/);
    assert.equal(await db().stopwatch.count({ where: { issueId: issue.id } }), 1);
    assert.deepEqual(await timelineOf(issue.id), [['start_tracking', '', null]]);
  });

  it('stops with 201, tracking the whole seconds it ran in the same transaction, and a second stop is a 409', async () => {
    const issue = await open('stopped');
    assert.equal((await start(issue.number)).status, 201);
    await backdate(issue.id, writer.id, 3725);
    const stopped = await stop(issue.number);
    assert.equal(stopped.status, 201, JSON.stringify(stopped.body));
    assert.equal(await db().stopwatch.count({ where: { issueId: issue.id } }), 0);
    const times = await api.get(`${repo.path}/issues/${issue.number}/times`, writer.basic);
    assert.deepEqual(times.body.map((t: { user_name: string }) => t.user_name), [writer.login]);
    // Whole Unix seconds from start to stop, as Gitea counts them: the request itself may add one or two.
    assert.ok(times.body[0].time >= 3725 && times.body[0].time <= 3730, `tracked ${times.body[0].time}`);
    assert.deepEqual(await timelineOf(issue.id), [['start_tracking', '', null], ['stop_tracking', '1 hour 2 minutes', 'time']]);
    const again = await stop(issue.number);
    assert.equal(again.status, 409);
    assert.match(again.body.message, /no stopwatch/);
  });

  it('discards a running stopwatch with 204 without tracking time, and answers 409 when none runs', async () => {
    const issue = await open('discarded');
    assert.equal((await discard(issue.number)).status, 409);
    assert.equal((await start(issue.number)).status, 201);
    assert.equal((await discard(issue.number)).status, 204);
    assert.equal(await db().stopwatch.count({ where: { issueId: issue.id } }), 0);
    assert.equal(await db().trackedTime.count({ where: { issueId: issue.id } }), 0);
    assert.deepEqual(await timelineOf(issue.id), [['start_tracking', '', null], ['cancel_tracking', '', null]]);
  });

  it('stops the stopwatch running on another issue when one starts, tracking its time, as Gitea does', async () => {
    const [busy] = await createAccounts(api, 1);
    const own = await buildRepo(server, busy);
    const first = await open('first', busy, own.path);
    const second = await open('second', busy, own.path);
    assert.equal((await start(first.number, busy, own.path)).status, 201);
    await backdate(first.id, busy.id, 90);
    assert.equal((await start(second.number, busy, own.path)).status, 201);
    assert.deepEqual((await db().stopwatch.findMany({ where: { userId: busy.id } })).map((s) => s.issueId), [second.id]);
    const tracked = await db().trackedTime.findMany({ where: { userId: busy.id } });
    assert.deepEqual(tracked.map((t) => t.issueId), [first.id]);
    assert.ok(tracked[0].seconds >= 90 && tracked[0].seconds <= 95, `tracked ${tracked[0].seconds}`);
  });

  it("lists the caller's running stopwatches at /user/stopwatches with their issue, repository and the time they ran", async () => {
    const [watcher] = await createAccounts(api, 1);
    const own = await buildRepo(server, watcher);
    const issue = await open('watched', watcher, own.path);
    assert.deepEqual((await api.get('/user/stopwatches', watcher.basic)).body, []);
    assert.equal((await start(issue.number, watcher, own.path)).status, 201);
    await backdate(issue.id, watcher.id, 42);
    const res = await api.get('/user/stopwatches', watcher.basic);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-total-count'), '1');
    const [stopwatch] = res.body;
    assert.ok(stopwatch.seconds >= 42 && stopwatch.seconds < 100, `seconds ${stopwatch.seconds}`);
    assert.match(stopwatch.duration, /^\d+ seconds$|^1 minute/);
    assert.deepEqual(
      { ...stopwatch, seconds: 0, duration: '', created: '' },
      { created: '', seconds: 0, duration: '', issue_index: issue.number, issue_title: 'watched', repo_owner_name: watcher.login, repo_name: own.name },
    );
    assert.ok(Math.abs(Date.parse(stopwatch.created) - (Date.now() - 42_000)) < 60_000);
    assert.equal((await api.get('/user/stopwatches')).status, 401);
    assert.deepEqual((await api.get('/user/stopwatches', owner.basic)).body, []);
  });

  it('refuses those who may not write to the issues with 403, the poster too, and anonymous callers with 401', async () => {
    const issue = await open('posted by a reader', reader);
    assert.equal((await start(issue.number, reader)).status, 403);
    assert.equal((await stop(issue.number, reader)).status, 403);
    assert.equal((await discard(issue.number, reader)).status, 403);
    assert.equal((await api.post(`${repo.path}/issues/${issue.number}/stopwatch/start`, undefined)).status, 401);
    assert.equal((await start(9999)).status, 404);
  });

  it('refuses stopwatches with 403 where time tracking is off, and with 423 on an archived repository', async () => {
    const off = await buildRepo(server, owner);
    const issue = await open('untracked', owner, off.path);
    assert.equal((await api.patch(off.path, { internal_tracker: { enable_time_tracker: false } }, owner.basic)).status, 200);
    assert.equal((await start(issue.number, owner, off.path)).status, 403);
    const archived = await buildRepo(server, owner);
    const frozen = await open('frozen', owner, archived.path);
    await api.patch(archived.path, { archived: true }, owner.basic);
    assert.equal((await start(frozen.number, owner, archived.path)).status, 423);
  });

  it('lets one of two concurrent starts win and answers the other 409; of two concurrent stops, one tracks the time and the other is a 409', async () => {
    const issue = await open('raced');
    const starts = await Promise.all([start(issue.number), start(issue.number)]);
    assert.deepEqual(starts.map((r) => r.status).sort(), [201, 409]);
    const stops = await Promise.all([stop(issue.number), stop(issue.number)]);
    assert.deepEqual(stops.map((r) => r.status).sort(), [201, 409]);
    assert.equal(await db().trackedTime.count({ where: { issueId: issue.id } }), 1);
  });

  it('publishes issue_time events as stopwatches start, stop and are discarded', async () => {
    const seen: string[] = [];
    const abort = new AbortController();
    const running = (async () => {
      for await (const event of server.app.events.subscribe('issue_time', abort.signal)) if (event.repoId === repo.id) seen.push(`${event.action}:${event.number}`);
    })().catch(() => {});
    const issue = await open('evented');
    await start(issue.number);
    await stop(issue.number);
    await start(issue.number);
    await discard(issue.number);
    await new Promise((r) => setTimeout(r, 100));
    abort.abort();
    await running;
    const n = issue.number;
    assert.deepEqual(seen, [`stopwatch_started:${n}`, `stopwatch_stopped:${n}`, `stopwatch_started:${n}`, `stopwatch_cancelled:${n}`]);
  });

  it('costs the same SQL statements for a page of fifty stopwatches as for a page of one', async () => {
    const [many] = await createAccounts(api, 1);
    const own = await buildRepo(server, many);
    for (let i = 0; i < 5; i++) await open(`issue ${i}`, many, own.path);
    const others = await buildRepo(server, owner);
    for (let i = 0; i < 45; i++) await open(`other ${i}`, owner, others.path);
    const issues = await db().issue.findMany({ where: { repoId: { in: [own.id, others.id] } } });
    await db().stopwatch.createMany({ data: issues.map((issue) => ({ issueId: issue.id, userId: many.id })) });
    const cost = async (limit: number) => {
      await api.get(`/user/stopwatches?limit=${limit}`, many.basic);
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await api.get(`/user/stopwatches?limit=${limit}`, many.basic);
      assert.equal(res.body.length, limit);
      return server.app.database.queryCount() - before;
    };
    assert.equal(await cost(50), await cost(1));
  });
});
