import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { createAccount } from '../../testkit/accounts.ts';
import { adminAuth } from '../../testkit/client.ts';
import { buildRepo } from '../../testkit/repos.ts';
import { useServer, type ServerKit } from '../../testkit/use-server.ts';

const ZERO = '0001-01-01T00:00:00Z';
const HOUR = 3_600_000;

async function task(kit: ServerKit, name: string) {
  const res = await kit.api.get('/admin/cron?limit=50', adminAuth);
  assert.equal(res.status, 200);
  const found = res.body.find((t: { name: string }) => t.name === name);
  assert.ok(found, `${name} is listed`);
  return found as { name: string; schedule: string; next: string; prev: string; exec_times: number };
}

/** The GraphQL view of a task: its last status and message. */
async function status(kit: ServerKit, name: string) {
  const res = await kit.graphql<{ cronTasks: { nodes: { name: string; lastStatus: string | null; lastMessage: string | null; running: boolean; enabled: boolean }[] } }>(
    '{ cronTasks(first: 50) { nodes { name lastStatus lastMessage running enabled } } }',
    {},
    adminAuth,
  );
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
  return res.data!.cronTasks.nodes.find((t) => t.name === name)!;
}

async function runNow(kit: ServerKit, name: string) {
  const res = await kit.api.post(`/admin/cron/${name}`, undefined, adminAuth);
  assert.equal(res.status, 204, JSON.stringify(res.body));
  await kit.app.backgroundIdle();
}

const old = (file: string, ageMs: number) => utimesSync(file, new Date(Date.now() - ageMs), new Date(Date.now() - ageMs));

describe('cron tasks', () => {
  const kit = useServer({
    'cron.git_gc_repos': { ENABLED: true, SCHEDULE: '@every 5h' },
    'cron.delete_inactive_accounts': { OLDER_THAN: '1h' },
    'cron.archive_cleanup': { RUN_AT_START: false },
    'cron.cleanup_temporary_uploads': { RUN_AT_START: false },
  });
  const { api } = kit;

  it('lists the tasks by name with their configured schedules; a task not enabled has no next run', async () => {
    const res = await api.get('/admin/cron', adminAuth);
    assert.equal(res.status, 200);
    const names = res.body.map((t: { name: string }) => t.name);
    assert.deepEqual(names, [...names].sort());
    for (const name of ['archive_cleanup', 'delete_inactive_accounts', 'git_gc_repos', 'repo_health_check']) assert.ok(names.includes(name), name);
    const gc = await task(kit, 'git_gc_repos');
    assert.equal(gc.schedule, '@every 5h');
    const due = Date.parse(gc.next) - Date.now();
    assert.ok(due > 4.9 * HOUR && due <= 5 * HOUR, `next run in ${due} ms`);
    const inactive = await task(kit, 'delete_inactive_accounts');
    assert.equal(inactive.schedule, '@annually');
    assert.equal(inactive.next, ZERO);
    const health = await task(kit, 'repo_health_check');
    assert.equal(health.schedule, '@midnight');
    assert.equal(new Date(health.next).getUTCMinutes() + new Date(health.next).getUTCSeconds(), 0);
  });

  it('pages the list with page and limit, and counts it in X-Total-Count', async () => {
    const first = await api.get('/admin/cron?page=1&limit=2', adminAuth);
    const second = await api.get('/admin/cron?page=2&limit=2', adminAuth);
    assert.equal(first.body.length, 2);
    assert.equal(second.body.length, 2);
    assert.notEqual(first.body[0].name, second.body[0].name);
    assert.equal(first.headers.get('x-total-count'), '5');
  });

  it('the whole list costs the same SQL statements as a page of 1', async () => {
    const statements = async (limit: number) => {
      await kit.app.backgroundIdle();
      const before = kit.app.database.queryCount();
      const res = await api.get(`/admin/cron?limit=${limit}`, adminAuth);
      assert.equal(res.body.length, Math.min(limit, 5));
      return kit.app.database.queryCount() - before;
    };
    await statements(50);
    assert.equal(await statements(50), await statements(1));
  });

  it('only site administrators list and run tasks; an unknown task is 404', async () => {
    const user = await createAccount(api);
    assert.equal((await api.get('/admin/cron', user.basic)).status, 403);
    assert.equal((await api.post('/admin/cron/archive_cleanup', undefined, user.basic)).status, 403);
    assert.equal((await api.post('/admin/cron/no_such_task', undefined, adminAuth)).status, 404);
  });

  it('runs a task now: it counts the run and its start, and shows what it did', async () => {
    const before = await task(kit, 'archive_cleanup');
    const stale = path.join(os.tmpdir(), `graft-bundle-crontest-${process.pid}`);
    const fresh = path.join(os.tmpdir(), `graft-bundle-crontest-fresh-${process.pid}`);
    mkdirSync(stale, { recursive: true });
    writeFileSync(path.join(stale, 'x.pack'), 'x');
    old(stale, 25 * HOUR);
    mkdirSync(fresh, { recursive: true });
    try {
      const started = Date.now();
      await runNow(kit, 'archive_cleanup');
      const after = await task(kit, 'archive_cleanup');
      assert.equal(after.exec_times, before.exec_times + 1);
      assert.ok(Date.parse(after.prev) >= Math.floor(started / 1000) * 1000);
      assert.equal(existsSync(stale), false, 'a temporary archive older than OLDER_THAN is removed');
      assert.equal(existsSync(fresh), true, 'a recent one stays');
      const shown = await status(kit, 'archive_cleanup');
      assert.equal(shown.lastStatus, 'ok');
      assert.match(shown.lastMessage!, /removed \d+ stale archive files/);
      assert.equal(shown.running, false);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('removes uploads left unfinished longer than OLDER_THAN, and keeps recent ones', async () => {
    const tmp = path.join(kit.app.config.server.DATA_DIR, 'attachments', 'tmp');
    mkdirSync(tmp, { recursive: true });
    writeFileSync(path.join(tmp, 'stale-upload'), 'x');
    old(path.join(tmp, 'stale-upload'), 25 * HOUR);
    writeFileSync(path.join(tmp, 'recent-upload'), 'x');
    await runNow(kit, 'cleanup_temporary_uploads');
    assert.deepEqual(readdirSync(tmp), ['recent-upload']);
    assert.match((await status(kit, 'cleanup_temporary_uploads')).lastMessage!, /removed 1 stale temporary uploads/);
  });

  it("deletes accounts never activated and made longer ago than OLDER_THAN, as Gitea's rule; others stay", async () => {
    const make = async (createdAgoMs: number, active: boolean) => {
      const login = `inact${process.pid}x${Math.random().toString(36).slice(2, 8)}`;
      const res = await api.post('/admin/users', { username: login, email: `${login}@example.test`, password: 'long-enough-1', created_at: new Date(Date.now() - createdAgoMs).toISOString() }, adminAuth);
      assert.equal(res.status, 201, JSON.stringify(res.body));
      if (!active) assert.equal((await api.patch(`/admin/users/${login}`, { source_id: 0, login_name: login, active: false }, adminAuth)).status, 200);
      return login;
    };
    const oldInactive = await make(2 * HOUR, false);
    const newInactive = await make(0, false);
    const oldActive = await make(2 * HOUR, true);
    const owner = await make(2 * HOUR, true);
    await buildRepo(kit.server, { login: owner, password: 'long-enough-1' });
    assert.equal((await api.patch(`/admin/users/${owner}`, { source_id: 0, login_name: owner, active: false }, adminAuth)).status, 200);
    await runNow(kit, 'delete_inactive_accounts');
    assert.equal((await api.get(`/users/${oldInactive}`, adminAuth)).status, 404);
    assert.equal((await api.get(`/users/${newInactive}`, adminAuth)).status, 200);
    assert.equal((await api.get(`/users/${oldActive}`, adminAuth)).status, 200);
    assert.equal((await api.get(`/users/${owner}`, adminAuth)).status, 200, 'an account owning repositories is kept');
    assert.match((await status(kit, 'delete_inactive_accounts')).lastMessage!, /deleted 1 inactive accounts/);
  });

  it('collects garbage: loose objects end up packed', async () => {
    const alice = await createAccount(api);
    const repo = await buildRepo(kit.server, alice, { autoInit: true });
    const objects = path.join(kit.app.config.server.DATA_DIR, 'repositories', `${repo.id}.git`, 'objects');
    const loose = () => readdirSync(objects).filter((d) => /^[0-9a-f]{2}$/.test(d) && readdirSync(path.join(objects, d)).length > 0);
    assert.ok(loose().length > 0, 'the initial commit is written as loose objects');
    await runNow(kit, 'git_gc_repos');
    assert.deepEqual(loose(), []);
    // Asked twice at once: the second finds the first holding the task and leaves it to finish.
    const runs = (await task(kit, 'git_gc_repos')).exec_times;
    await buildRepo(kit.server, alice, { autoInit: true });
    await buildRepo(kit.server, alice, { autoInit: true });
    const asked = await Promise.all([api.post('/admin/cron/git_gc_repos', undefined, adminAuth), api.post('/admin/cron/git_gc_repos', undefined, adminAuth)]);
    assert.deepEqual(asked.map((res) => res.status), [204, 204]);
    await kit.app.backgroundIdle();
    assert.equal((await task(kit, 'git_gc_repos')).exec_times, runs + 1);
    assert.ok(readdirSync(path.join(objects, 'pack')).some((f) => f.endsWith('.pack')));
    assert.equal((await status(kit, 'git_gc_repos')).lastStatus, 'ok');
  });

  it('a health check that finds a corrupt repository fails, names it and logs it; the server goes on', async () => {
    const alice = await createAccount(api);
    const healthy = await buildRepo(kit.server, alice, { autoInit: true });
    const broken = await buildRepo(kit.server, alice, { autoInit: true });
    const objects = path.join(kit.app.config.server.DATA_DIR, 'repositories', `${broken.id}.git`, 'objects');
    for (const dir of readdirSync(objects).filter((d) => /^[0-9a-f]{2}$/.test(d))) rmSync(path.join(objects, dir), { recursive: true });
    const logged: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      await runNow(kit, 'repo_health_check');
    } finally {
      console.error = original;
    }
    const shown = await status(kit, 'repo_health_check');
    assert.equal(shown.lastStatus, 'failed');
    assert.match(shown.lastMessage!, new RegExp(broken.fullName));
    assert.doesNotMatch(shown.lastMessage!, new RegExp(`${healthy.fullName}:`));
    assert.ok(logged.some((args) => String(args[0]).includes('repo_health_check')), 'the failure is logged');
    assert.equal((await api.get(healthy.path)).status, 200);
    assert.equal((await task(kit, 'repo_health_check')).exec_times, 1);
  });
});

describe('cron tasks on two instances of one deployment', () => {
  // Both instances start in the same minute (a run at start is due at the start's minute): not in a minute's last seconds.
  before(async () => {
    const second = new Date().getSeconds();
    if (second > 45) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
  });
  const everySecond = { 'cron.archive_cleanup': { ENABLED: true, RUN_AT_START: false, SCHEDULE: '* * * * * *' }, 'cron.cleanup_temporary_uploads': { RUN_AT_START: true } };
  const first = useServer(everySecond);
  const second = useServer(everySecond, { sharingDataOf: first });

  it('runs a task due at start once when the instances start together', async () => {
    await first.app.backgroundIdle();
    await second.app.backgroundIdle();
    assert.equal((await task(first, 'cleanup_temporary_uploads')).exec_times, 1);
  });

  it('runs each due time once: the instance that takes the lease runs it, the other skips it', async () => {
    // Counted over a window of its own: runs before it (the previous test's seconds) do not count.
    const before = (await task(first, 'archive_cleanup')).exec_times;
    const start = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 3200));
    const after = (await task(first, 'archive_cleanup')).exec_times;
    const runs = after - before;
    // The due seconds the window touches, both ends included; both instances running each would be about twice as many.
    const seconds = Math.ceil((Date.now() - start) / 1000) + 1;
    assert.ok(runs >= 1, `ran ${runs} times`);
    assert.ok(runs <= seconds, `ran ${runs} times in at most ${seconds} due seconds (both instances would run each)`);
  });
});
