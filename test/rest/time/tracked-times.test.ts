import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { adminAuth } from '../../testkit/client.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { ADMIN } from '../../testkit/server.ts';
import { useServer } from '../../testkit/use-server.ts';

describe('tracked times of issues', () => {
  const server = useServer();
  const { api } = server;
  const db = () => server.app.database.db;
  let owner: TestAccount;
  let writer: TestAccount;
  let reader: TestAccount;
  let stranger: TestAccount;
  let repo: TestRepo;

  before(async () => {
    [owner, writer, reader, stranger] = await createAccounts(api, 4);
    repo = await buildRepo(server, owner, { collaborators: [[writer, 'write'], [reader, 'read']] });
  });

  const open = async (by: TestAccount, title: string, path = repo.path, extra: Record<string, unknown> = {}) => {
    const res = await api.post(`${path}/issues`, { title, ...extra }, by.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.number as number;
  };
  const added = async (by: TestAccount, number: number, seconds: number, path = repo.path, extra: Record<string, unknown> = {}) => {
    const res = await api.post(`${path}/issues/${number}/times`, { time: seconds, ...extra }, by.basic);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body;
  };
  const seconds = (list: { time: number }[]) => list.map((t) => t.time);

  it("tracks the caller's time and answers Gitea's TrackedTime with the issue in it, writing an add_time_manual timeline row", async () => {
    const number = await open(owner, 'tracked');
    const time = await added(writer, number, 3600, repo.path, { created: '2030-01-02T03:04:05Z' });
    assert.equal(time.time, 3600);
    assert.equal(time.created, '2030-01-02T03:04:05Z');
    assert.equal(time.user_name, writer.login);
    assert.equal(time.user_id, writer.id);
    assert.equal(time.issue.number, number);
    assert.equal(time.issue_id, time.issue.id);
    assert.equal(time.issue.url, `${server.url}api/v1/repos/${repo.owner}/${repo.name}/issues/${number}`);
    const row = await db().comment.findFirstOrThrow({ where: { issueId: time.issue_id, type: 'add_time_manual' } });
    assert.deepEqual([row.body, row.trackedTimeId, row.posterId], ['|3600', time.id, writer.id]);
    const now = await added(writer, number, 5);
    assert.ok(Math.abs(Date.parse(now.created) - Date.now()) < 60_000, `created ${now.created} is not now`);
  });

  it('refuses a time of zero or less with 422 and anonymous callers with 401, tracking nothing', async () => {
    const number = await open(owner, 'bad times');
    for (const time of [0, -60]) {
      const res = await api.post(`${repo.path}/issues/${number}/times`, { time }, owner.basic);
      assert.equal(res.status, 422, `${time}: ${JSON.stringify(res.body)}`);
      assert.match(res.body.message, /positive/);
    }
    assert.equal((await api.post(`${repo.path}/issues/${number}/times`, {}, owner.basic)).status, 422);
    assert.equal((await api.post(`${repo.path}/issues/${number}/times`, { time: 60 })).status, 401);
    const issue = await db().issue.findFirstOrThrow({ where: { repoId: repo.id, number } });
    assert.equal(await db().trackedTime.count({ where: { issueId: issue.id } }), 0);
  });

  it('answers 404 for an issue that does not exist and for a repository the caller may not see', async () => {
    assert.equal((await api.post(`${repo.path}/issues/9999/times`, { time: 60 }, owner.basic)).status, 404);
    const secret = await buildRepo(server, owner, { private: true });
    const number = await open(owner, 'hidden', secret.path);
    assert.equal((await api.post(`${secret.path}/issues/${number}/times`, { time: 60 }, stranger.basic)).status, 404);
    assert.equal((await api.get(`${secret.path}/issues/${number}/times`, stranger.basic)).status, 404);
    assert.equal((await api.get(`${secret.path}/times`, stranger.basic)).status, 404);
  });

  it('lets only contributors, the poster and assignees track time while the repository says so, and every reader once it does not', async () => {
    const theirs = await open(reader, 'posted by the reader');
    const others = await open(owner, "not the reader's");
    assert.equal((await added(reader, theirs, 60)).user_name, reader.login);
    const refused = await api.post(`${repo.path}/issues/${others}/times`, { time: 60 }, reader.basic);
    assert.equal(refused.status, 403, JSON.stringify(refused.body));
    assert.equal((await api.post(`${repo.path}/issues/${others}/times`, { time: 60 }, stranger.basic)).status, 403);

    const open_ = await buildRepo(server, owner, { collaborators: [[reader, 'read']] });
    assert.equal((await api.patch(open_.path, { internal_tracker: { enable_time_tracker: true, allow_only_contributors_to_track_time: false } }, owner.basic)).status, 200);
    const anyone = await open(owner, 'anyone may track', open_.path);
    assert.equal((await added(reader, anyone, 60, open_.path)).user_name, reader.login);
    assert.equal((await added(stranger, anyone, 60, open_.path)).user_name, stranger.login);
  });

  it('lets an assignee who only reads track time on the issue assigned to them', async () => {
    const [helper] = await createAccounts(api, 1);
    const target = await buildRepo(server, owner, { collaborators: [[helper, 'write']] });
    const number = await open(owner, 'for the helper', target.path, { assignees: [helper.login] });
    assert.equal((await api.put(`${target.path}/collaborators/${helper.login}`, { permission: 'read' }, owner.basic)).status, 204);
    assert.equal((await added(helper, number, 90, target.path)).time, 90);
  });

  it("tracks time for another account only for site and repository admins, and ignores the name for anyone else, as Gitea does", async () => {
    const number = await open(owner, 'on behalf');
    assert.equal((await added(owner, number, 60, repo.path, { user_name: writer.login })).user_name, writer.login);
    const byAdmin = await api.post(`${repo.path}/issues/${number}/times`, { time: 60, user_name: reader.login }, adminAuth);
    assert.equal(byAdmin.status, 200, JSON.stringify(byAdmin.body));
    assert.equal(byAdmin.body.user_name, reader.login);
    assert.equal((await added(writer, number, 60, repo.path, { user_name: reader.login })).user_name, writer.login);
    assert.equal((await api.post(`${repo.path}/issues/${number}/times`, { time: 60, user_name: 'no-such-account' }, owner.basic)).status, 404);
  });

  it('refuses time tracking on an archived repository with 423', async () => {
    const archived = await buildRepo(server, owner);
    const number = await open(owner, 'before archiving', archived.path);
    await api.patch(archived.path, { archived: true }, owner.basic);
    assert.equal((await api.post(`${archived.path}/issues/${number}/times`, { time: 60 }, owner.basic)).status, 423);
    assert.equal((await api.delete(`${archived.path}/issues/${number}/times`, owner.basic)).status, 423);
  });

  it("answers a repository whose time tracking is off as Gitea does: 400 to writes and to the repository's lists, 404 to an issue's list", async () => {
    const off = await buildRepo(server, owner);
    const number = await open(owner, 'untracked', off.path);
    await added(owner, number, 60, off.path);
    assert.equal((await api.patch(off.path, { internal_tracker: { enable_time_tracker: false } }, owner.basic)).status, 200);
    const write = await api.post(`${off.path}/issues/${number}/times`, { time: 60 }, owner.basic);
    assert.equal(write.status, 400);
    assert.match(write.body.message, /time tracking is disabled/);
    assert.equal((await api.delete(`${off.path}/issues/${number}/times`, owner.basic)).status, 400);
    assert.equal((await api.get(`${off.path}/issues/${number}/times`, owner.basic)).status, 404);
    assert.equal((await api.get(`${off.path}/times`, owner.basic)).status, 400);
    assert.equal((await api.get(`${off.path}/times/${owner.login}`, owner.basic)).status, 400);
  });

  describe("an issue's list", () => {
    let number: number;
    before(async () => {
      number = await open(reader, 'listed');
      await added(writer, number, 10, repo.path, { created: '2030-01-01T00:00:00Z' });
      await added(reader, number, 20, repo.path, { created: '2030-02-01T00:00:00Z' });
      await added(owner, number, 30, repo.path, { created: '2030-03-01T00:00:00Z' });
    });
    const list = (by: TestAccount, query = '') => api.get(`${repo.path}/issues/${number}/times${query}`, by.basic);

    it('shows writers every time, oldest first, paged with X-Total-Count', async () => {
      const all = await list(writer);
      assert.equal(all.status, 200);
      assert.deepEqual(seconds(all.body), [10, 20, 30]);
      const page = await list(writer, '?limit=1&page=2');
      assert.deepEqual(seconds(page.body), [20]);
      assert.equal(page.headers.get('x-total-count'), '3');
    });

    it("shows those who may not write to the issues their own times, and refuses them another account's with 403", async () => {
      assert.deepEqual(seconds((await list(reader)).body), [20]);
      assert.deepEqual(seconds((await list(reader, `?user=${reader.login}`)).body), [20]);
      assert.equal((await list(reader, `?user=${writer.login}`)).status, 403);
      assert.equal((await api.get(`${repo.path}/issues/${number}/times`)).status, 401);
    });

    it('filters by account and by the moment the time was spent; an unknown account is 404, a bad moment 422', async () => {
      assert.deepEqual(seconds((await list(owner, `?user=${writer.login}`)).body), [10]);
      assert.deepEqual(seconds((await list(owner, '?since=2030-02-01T00:00:00Z')).body), [20, 30]);
      assert.deepEqual(seconds((await list(owner, '?before=2030-02-01T00:00:00Z')).body), [10, 20]);
      assert.deepEqual(seconds((await list(owner, '?since=2030-01-15T00:00:00%2B01:00&before=2030-02-15T00:00:00Z')).body), [20]);
      assert.equal((await list(owner, '?user=no-such-account')).status, 404);
      assert.equal((await list(owner, '?since=yesterday')).status, 422);
    });
  });

  describe('deleting', () => {
    it('marks one time deleted for its own account: it stays in the table, leaves the lists and gets a delete_time_manual row', async () => {
      const number = await open(owner, 'to delete');
      const time = await added(writer, number, 45);
      assert.equal((await api.delete(`${repo.path}/issues/${number}/times/${time.id}`, writer.basic)).status, 204);
      const row = await db().trackedTime.findUniqueOrThrow({ where: { id: time.id } });
      assert.equal(row.deleted, true);
      assert.deepEqual((await api.get(`${repo.path}/issues/${number}/times`, owner.basic)).body, []);
      const timeline = await db().comment.findFirstOrThrow({ where: { issueId: time.issue_id, type: 'delete_time_manual' } });
      assert.deepEqual([timeline.body, timeline.posterId, timeline.trackedTimeId], ['|45', writer.id, time.id]);
    });

    it("answers 404 for a time that does not exist, was deleted already or is another issue's", async () => {
      const number = await open(owner, 'deleting twice');
      const other = await open(owner, 'another issue');
      const time = await added(owner, number, 45);
      assert.equal((await api.delete(`${repo.path}/issues/${other}/times/${time.id}`, owner.basic)).status, 404);
      assert.equal((await api.delete(`${repo.path}/issues/${number}/times/99999999`, owner.basic)).status, 404);
      assert.equal((await api.delete(`${repo.path}/issues/${number}/times/${time.id}`, owner.basic)).status, 204);
      const again = await api.delete(`${repo.path}/issues/${number}/times/${time.id}`, owner.basic);
      assert.equal(again.status, 404);
      assert.match(again.body.message, /does not exist/);
    });

    it("refuses another account's time with 403, even to the repository owner, and lets a site admin delete it", async () => {
      const number = await open(owner, 'not yours');
      const time = await added(writer, number, 45);
      assert.equal((await api.delete(`${repo.path}/issues/${number}/times/${time.id}`, owner.basic)).status, 403);
      assert.equal((await db().trackedTime.findUniqueOrThrow({ where: { id: time.id } })).deleted, false);
      assert.equal((await api.delete(`${repo.path}/issues/${number}/times/${time.id}`, adminAuth)).status, 204);
    });

    it("resets only the caller's times on the issue with one row of their sum, and answers 404 when there is nothing to reset", async () => {
      const number = await open(owner, 'to reset');
      await added(writer, number, 100);
      await added(writer, number, 20);
      const kept = await added(owner, number, 7);
      assert.equal((await api.delete(`${repo.path}/issues/${number}/times`, writer.basic)).status, 204);
      const left = await api.get(`${repo.path}/issues/${number}/times`, owner.basic);
      assert.deepEqual(left.body.map((t: { id: number }) => t.id), [kept.id]);
      const rows = await db().comment.findMany({ where: { issueId: kept.issue_id, type: 'delete_time_manual' } });
      assert.deepEqual(rows.map((r) => [r.body, r.posterId]), [['|120', writer.id]]);
      assert.equal((await api.delete(`${repo.path}/issues/${number}/times`, writer.basic)).status, 404);
    });
  });

  describe("a repository's lists", () => {
    let listed: TestRepo;
    before(async () => {
      listed = await buildRepo(server, owner, { collaborators: [[writer, 'write'], [reader, 'read']] });
      const first = await open(owner, 'first', listed.path);
      const second = await open(reader, 'second', listed.path);
      await added(writer, first, 1, listed.path, { created: '2031-01-01T00:00:00Z' });
      await added(reader, second, 2, listed.path, { created: '2031-02-01T00:00:00Z' });
      await added(owner, second, 3, listed.path, { created: '2031-03-01T00:00:00Z' });
    });

    it('lists the times of every issue, each with its issue, to those who write to the issues, with filters and X-Total-Count', async () => {
      const all = await api.get(`${listed.path}/times`, writer.basic);
      assert.equal(all.status, 200);
      assert.deepEqual(seconds(all.body), [1, 2, 3]);
      assert.deepEqual(all.body.map((t: { issue: { title: string } }) => t.issue.title), ['first', 'second', 'second']);
      assert.equal(all.headers.get('x-total-count'), '3');
      assert.deepEqual(seconds((await api.get(`${listed.path}/times?user=${owner.login}`, writer.basic)).body), [3]);
      assert.deepEqual(seconds((await api.get(`${listed.path}/times?since=2031-02-01T00:00:00Z&before=2031-02-28T00:00:00Z`, writer.basic)).body), [2]);
    });

    it('shows a reader their own times only, and refuses them another account with 403', async () => {
      assert.deepEqual(seconds((await api.get(`${listed.path}/times`, reader.basic)).body), [2]);
      assert.equal((await api.get(`${listed.path}/times?user=${owner.login}`, reader.basic)).status, 403);
    });

    it("lists one account's times at /times/{user} for itself and for writers, paged; others get 403, an unknown account 404", async () => {
      assert.deepEqual(seconds((await api.get(`${listed.path}/times/${reader.login}`, reader.basic)).body), [2]);
      const paged = await api.get(`${listed.path}/times/${owner.login}?limit=1&page=2`, owner.basic);
      assert.deepEqual([paged.body, paged.headers.get('x-total-count')], [[], '1']);
      assert.deepEqual(seconds((await api.get(`${listed.path}/times/${reader.login}`, writer.basic)).body), [2]);
      assert.equal((await api.get(`${listed.path}/times/${owner.login}`, reader.basic)).status, 403);
      assert.equal((await api.get(`${listed.path}/times/no-such-account`, owner.basic)).status, 404);
    });

    it('answers 404 when the issues are switched off', async () => {
      const off = await buildRepo(server, owner);
      assert.equal((await api.patch(off.path, { has_issues: false }, owner.basic)).status, 200);
      assert.equal((await api.get(`${off.path}/times`, owner.basic)).status, 404);
    });

    it("lists the caller's own times in every repository at /user/times, with since and before", async () => {
      const [tracker] = await createAccounts(api, 1);
      const mine = await buildRepo(server, tracker);
      await added(tracker, await open(tracker, 'mine', mine.path), 11, mine.path, { created: '2032-01-01T00:00:00Z' });
      const elsewhere = await buildRepo(server, owner);
      assert.equal((await api.patch(elsewhere.path, { internal_tracker: { enable_time_tracker: true, allow_only_contributors_to_track_time: false } }, owner.basic)).status, 200);
      await added(tracker, await open(owner, 'theirs', elsewhere.path), 22, elsewhere.path, { created: '2032-02-01T00:00:00Z' });
      const all = await api.get('/user/times', tracker.basic);
      assert.equal(all.status, 200);
      assert.deepEqual(all.body.map((t: { time: number; issue: { repository: { full_name: string } } }) => [t.time, t.issue.repository.full_name]), [
        [11, `${tracker.login}/${mine.name}`],
        [22, `${owner.login}/${elsewhere.name}`],
      ]);
      assert.equal(all.headers.get('x-total-count'), '2');
      assert.deepEqual(seconds((await api.get('/user/times?since=2032-01-15T00:00:00Z', tracker.basic)).body), [22]);
      assert.deepEqual(seconds((await api.get('/user/times?before=2032-01-15T00:00:00Z', tracker.basic)).body), [11]);
      assert.equal((await api.get('/user/times')).status, 401);
    });
  });

  it('shows the time of a deleted account as the ghost account', async () => {
    const [gone] = await createAccounts(api, 1);
    const open_ = await buildRepo(server, owner);
    await api.patch(open_.path, { internal_tracker: { enable_time_tracker: true, allow_only_contributors_to_track_time: false } }, owner.basic);
    const number = await open(owner, 'orphaned time', open_.path);
    await added(gone, number, 33, open_.path);
    await db().user.delete({ where: { id: gone.id } });
    const [time] = (await api.get(`${open_.path}/issues/${number}/times`, owner.basic)).body;
    assert.deepEqual([time.time, time.user_name, time.user_id], [33, 'Ghost', -1]);
  });

  it('publishes an issue_time event after each change, with the account and the seconds', async () => {
    const seen: string[] = [];
    const stop = new AbortController();
    const running = (async () => {
      for await (const event of server.app.events.subscribe('issue_time', stop.signal)) {
        if (event.repoId === repo.id) seen.push(`${event.action}:${event.userId === writer.id ? 'writer' : event.userId}:${event.seconds}`);
      }
    })().catch(() => {});
    const number = await open(owner, 'evented');
    const time = await added(writer, number, 40);
    await added(writer, number, 2);
    await api.delete(`${repo.path}/issues/${number}/times/${time.id}`, writer.basic);
    await api.delete(`${repo.path}/issues/${number}/times`, writer.basic);
    await new Promise((r) => setTimeout(r, 100));
    stop.abort();
    await running;
    assert.deepEqual(seen, ['added:writer:40', 'added:writer:2', 'deleted:writer:40', 'reset:writer:2']);
  });

  describe('cost', () => {
    let many: TestRepo;
    before(async () => {
      many = await buildRepo(server, owner);
      const numbers: number[] = [];
      for (let i = 0; i < 5; i++) numbers.push(await open(owner, `cost ${i}`, many.path, { assignees: [owner.login] }));
      const issues = await db().issue.findMany({ where: { repoId: many.id } });
      await db().trackedTime.createMany({ data: Array.from({ length: 50 }, (_, i) => ({ issueId: issues[i % issues.length].id, userId: owner.id, seconds: i + 1 })) });
    });

    /** The statements one request costs, measured after a first run has warmed the caches. */
    const cost = async (path: string, limit: number) => {
      await api.get(`${path}?limit=${limit}`, owner.basic);
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await api.get(`${path}?limit=${limit}`, owner.basic);
      assert.equal(res.body.length, limit);
      return server.app.database.queryCount() - before;
    };

    it('costs the same SQL statements for a page of fifty times as for a page of one: per repository, per issue and for the caller', async () => {
      assert.equal(await cost(`${many.path}/times`, 50), await cost(`${many.path}/times`, 1));
      assert.equal(await cost('/user/times', 50), await cost('/user/times', 1));
      const issues = await db().issue.findMany({ where: { repoId: many.id }, orderBy: { number: 'asc' } });
      await db().trackedTime.createMany({ data: Array.from({ length: 50 }, () => ({ issueId: issues[0].id, userId: owner.id, seconds: 5 })) });
      assert.equal(await cost(`${many.path}/issues/${issues[0].number}/times`, 50), await cost(`${many.path}/issues/${issues[0].number}/times`, 1));
    });
  });

  it('is usable by the site administrator on any repository', async () => {
    const number = await open(owner, 'admin tracks');
    const res = await api.post(`${repo.path}/issues/${number}/times`, { time: 60 }, adminAuth);
    assert.equal(res.status, 200);
    assert.equal(res.body.user_name, ADMIN.login);
  });
});

describe('time-tracking settings of the server', () => {
  describe('with time tracking off for the whole server', () => {
    const server = useServer({ service: { TIME_TRACKING_DISABLED: true } });

    it('refuses to track time on any repository with 400, whatever its own switch says', async () => {
      const [owner] = await createAccounts(server.api, 1);
      const repo = await buildRepo(server, owner);
      assert.equal(repo.body.internal_tracker.enable_time_tracker, true);
      const issue = await server.api.post(`${repo.path}/issues`, { title: 'x' }, owner.basic);
      assert.equal((await server.api.post(`${repo.path}/issues/${issue.body.number}/times`, { time: 60 }, owner.basic)).status, 400);
      assert.equal((await server.api.get(`${repo.path}/times`, owner.basic)).status, 400);
    });
  });

  describe('with other defaults for new repositories', () => {
    const server = useServer({ service: { DEFAULT_ENABLE_TIMETRACKING: false, DEFAULT_ALLOW_ONLY_CONTRIBUTORS_TO_TRACK_TIME: false } });

    it('starts new repositories with those defaults, which the repository settings then change', async () => {
      const [owner] = await createAccounts(server.api, 1);
      const repo = await buildRepo(server, owner);
      assert.deepEqual(
        { enabled: repo.body.internal_tracker.enable_time_tracker, contributors: repo.body.internal_tracker.allow_only_contributors_to_track_time },
        { enabled: false, contributors: false },
      );
      const issue = await server.api.post(`${repo.path}/issues`, { title: 'x' }, owner.basic);
      assert.equal((await server.api.post(`${repo.path}/issues/${issue.body.number}/times`, { time: 60 }, owner.basic)).status, 400);
      assert.equal((await server.api.patch(repo.path, { internal_tracker: { enable_time_tracker: true } }, owner.basic)).status, 200);
      assert.equal((await server.api.post(`${repo.path}/issues/${issue.body.number}/times`, { time: 60 }, owner.basic)).status, 200);
    });
  });
});
