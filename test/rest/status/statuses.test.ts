import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { CommitStatusEvent } from '../../../src/events/topics.ts';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

describe('commit statuses', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let writer: TestAccount;
  let reader: TestAccount;
  let repo: TestRepo;
  let head: string;
  let first: string;

  before(async () => {
    [owner, writer, reader] = await createAccounts(api, 3);
    repo = await buildRepo(server, owner, {
      private: true,
      commits: [
        { key: 'first', files: { 'a.txt': 'a\n' } },
        { key: 'second', files: { 'b.txt': 'b\n' } },
        { key: 'side', branch: 'side', from: 'first', files: { 's.txt': 's\n' } },
      ],
      tags: { v1: 'first' },
      collaborators: [[writer, 'write'], [reader, 'read']],
    });
    head = repo.heads[repo.defaultBranch];
    first = repo.ids.first;
  });

  const report = async (sha: string, body: Record<string, unknown>, by: TestAccount = writer, path = repo.path) => {
    const res = await api.post(`${path}/statuses/${sha}`, body, by.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body;
  };

  it("creates a status as Gitea answers it: 201, its id the status's number on that commit, text trimmed, the creator and the link of the commit's statuses", async () => {
    const sha = repo.ids.second;
    const one = await report(sha, { state: 'pending', context: ' ci/build ', description: ' building ', target_url: ' https://ci.example/1 ' });
    assert.equal(one.id, 1);
    assert.equal(one.status, 'pending');
    assert.equal(one.context, 'ci/build');
    assert.equal(one.description, 'building');
    assert.equal(one.target_url, 'https://ci.example/1');
    assert.equal(one.creator.login, writer.login);
    assert.equal(one.url, `${server.url}api/v1/repos/${repo.owner}/${repo.name}/statuses/${sha}`);
    assert.match(one.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.equal(one.updated_at, one.created_at);
    const two = await report(sha, { state: 'success', context: 'ci/build' });
    assert.equal(two.id, 2);
    // Another commit counts from 1 again.
    assert.equal((await report(first, { state: 'success' })).id, 1);
  });

  it('keeps a status reported by branch, tag or abbreviated id on the full id of the commit it names', async () => {
    const byBranch = await report('side', { state: 'failure', context: 'by-branch' });
    assert.equal(byBranch.url, `${server.url}api/v1/repos/${repo.owner}/${repo.name}/statuses/${repo.heads.side}`);
    const byShort = await report(repo.heads.side.slice(0, 10), { state: 'success', context: 'by-short' });
    assert.equal(byShort.url, byBranch.url);
    assert.equal(byShort.id, byBranch.id + 1);
    const listed = await api.get(`${repo.path}/statuses/${repo.heads.side}`, owner.basic);
    assert.deepEqual(listed.body.map((s: { context: string }) => s.context).sort(), ['by-branch', 'by-short']);
  });

  it('answers 404 for a sha that names no commit and 422 for a state Gitea does not know, reporting nothing', async () => {
    const missing = '0123456789abcdef0123456789abcdef01234567';
    const res = await api.post(`${repo.path}/statuses/${missing}`, { state: 'success' }, writer.basic);
    assert.equal(res.status, 404, JSON.stringify(res.body));
    assert.equal(typeof res.body.message, 'string');
    assert.equal((await api.post(`${repo.path}/statuses/no-such-branch`, { state: 'success' }, writer.basic)).status, 404);
    for (const state of ['finished', '', undefined]) {
      const bad = await api.post(`${repo.path}/statuses/${first}`, { state, context: 'refused' }, writer.basic);
      assert.equal(bad.status, 422, `${state}: ${JSON.stringify(bad.body)}`);
      assert.match(bad.body.message, /state must be one of/);
    }
    const listed = await api.get(`${repo.path}/statuses/${first}?limit=50`, owner.basic);
    assert.ok(!listed.body.some((s: { context: string }) => s.context === 'refused'));
  });

  it('lets only those who write to the code report: 401 anonymous, 403 a reader, 404 a stranger to a private repository', async () => {
    const [stranger] = await createAccounts(api, 1);
    assert.equal((await api.post(`${repo.path}/statuses/${first}`, { state: 'success' })).status, 401);
    assert.equal((await api.post(`${repo.path}/statuses/${first}`, { state: 'success' }, reader.basic)).status, 403);
    assert.equal((await api.post(`${repo.path}/statuses/${first}`, { state: 'success' }, stranger.basic)).status, 404);
    assert.equal((await api.get(`${repo.path}/statuses/${first}`, stranger.basic)).status, 404);
    assert.equal((await api.get(`${repo.path}/statuses/${first}`, reader.basic)).status, 200);
  });

  it('refuses to report on an archived repository with 423', async () => {
    const archived = await buildRepo(server, owner, { files: { 'x.txt': 'x\n' } });
    const sha = archived.heads[archived.defaultBranch];
    assert.equal((await api.patch(archived.path, { archived: true }, owner.basic)).status, 200);
    const res = await api.post(`${archived.path}/statuses/${sha}`, { state: 'success' }, owner.basic);
    assert.equal(res.status, 423, JSON.stringify(res.body));
  });

  it('publishes a status event with the sha, context, state, description, target url, repository and sender', async () => {
    const events = server.app.events.subscribe('status');
    const made = await report('side', { state: 'error', context: 'evented', description: 'broke', target_url: 'https://ci.example/e' });
    const next = await Promise.race([events.next(), new Promise<null>((r) => setTimeout(() => r(null), 3000))]);
    await events.return?.();
    assert.ok(next, 'an event arrived');
    const event = (next as IteratorResult<CommitStatusEvent>).value;
    assert.deepEqual(
      { sha: event.sha, context: event.context, state: event.state, description: event.description, targetUrl: event.targetUrl, repoId: event.repoId, actorId: event.actorId, index: event.index },
      { sha: repo.heads.side, context: 'evented', state: 'error', description: 'broke', targetUrl: 'https://ci.example/e', repoId: repo.id, actorId: writer.id, index: made.id },
    );
  });

  describe('lists', () => {
    let listed: TestRepo;
    let sha: string;
    before(async () => {
      listed = await buildRepo(server, owner, { files: { 'l.txt': 'l\n' }, tags: { release: repo.defaultBranch } });
      sha = listed.heads[listed.defaultBranch];
      for (const [state, context] of [['pending', 'ci'], ['failure', 'lint'], ['success', 'ci'], ['warning', 'cov']]) await report(sha, { state, context }, owner, listed.path);
    });

    const ids = (body: { id: number }[]) => body.map((s) => s.id);

    it('lists the statuses of a sha newest first, with X-Total-Count, and pages them', async () => {
      const all = await api.get(`${listed.path}/statuses/${sha}`);
      assert.equal(all.status, 200);
      assert.deepEqual(ids(all.body), [4, 3, 2, 1]);
      assert.equal(all.headers.get('x-total-count'), '4');
      const page = await api.get(`${listed.path}/statuses/${sha}?page=2&limit=3`);
      assert.deepEqual(ids(page.body), [1]);
      assert.equal(page.headers.get('x-total-count'), '4');
    });

    it("orders by Gitea's sort values (leastindex: highest index first; highestindex: lowest first) and an unknown one as the default", async () => {
      const sorted = async (sort: string) => ids((await api.get(`${listed.path}/statuses/${sha}?sort=${sort}`)).body);
      assert.deepEqual(await sorted('oldest'), [1, 2, 3, 4]);
      assert.deepEqual(await sorted('recentupdate'), [4, 3, 2, 1]);
      assert.deepEqual(await sorted('leastupdate'), [1, 2, 3, 4]);
      assert.deepEqual(await sorted('leastindex'), [4, 3, 2, 1]);
      assert.deepEqual(await sorted('highestindex'), [1, 2, 3, 4]);
      assert.deepEqual(await sorted('sideways'), [4, 3, 2, 1]);
    });

    it('filters by state, and an unknown state filters nothing', async () => {
      const byState = async (state: string) => (await api.get(`${listed.path}/statuses/${sha}?state=${state}`)).body;
      assert.deepEqual(ids(await byState('failure')), [2]);
      assert.deepEqual(ids(await byState('warning')), [4]);
      assert.deepEqual(ids(await byState('nothing')), [4, 3, 2, 1]);
      const counted = await api.get(`${listed.path}/statuses/${sha}?state=pending`);
      assert.equal(counted.headers.get('x-total-count'), '1');
    });

    it('lists the statuses of an abbreviated id as those of its commit, and of an id that names no commit as none', async () => {
      assert.deepEqual(ids((await api.get(`${listed.path}/statuses/${sha.slice(0, 8)}`)).body), [4, 3, 2, 1]);
      const none = await api.get(`${listed.path}/statuses/ffffffffffffffffffffffffffffffffffffffff`);
      assert.equal(none.status, 200);
      assert.deepEqual(none.body, []);
      assert.deepEqual((await api.get(`${listed.path}/statuses/--output=x`)).body, []);
    });

    it('lists by branch, tag or commit id the statuses of the commit it names, and answers 404 for a ref that names none', async () => {
      for (const ref of [listed.defaultBranch, 'release', sha]) {
        const res = await api.get(`${listed.path}/commits/${ref}/statuses?sort=oldest`);
        assert.equal(res.status, 200, `${ref}: ${JSON.stringify(res.body)}`);
        assert.deepEqual(ids(res.body), [1, 2, 3, 4]);
        assert.equal(res.headers.get('x-total-count'), '4');
      }
      assert.equal((await api.get(`${listed.path}/commits/nowhere/statuses`)).status, 404);
      assert.equal((await api.get(`${listed.path}/commits/nowhere/status`)).status, 404);
    });

    it('combines the latest status of each context: one failing context fails the commit, and the count is of contexts', async () => {
      const res = await api.get(`${listed.path}/commits/${listed.defaultBranch}/status`);
      assert.equal(res.status, 200);
      assert.equal(res.body.state, 'failure');
      assert.equal(res.body.sha, sha);
      assert.equal(res.body.total_count, 3);
      assert.equal(res.headers.get('x-total-count'), '3');
      assert.deepEqual(
        res.body.statuses.map((s: { context: string; status: string }) => `${s.context}:${s.status}`),
        ['cov:warning', 'ci:success', 'lint:failure'],
      );
      assert.equal(res.body.repository.full_name, listed.fullName);
      assert.equal(res.body.commit_url, `${server.url}api/v1/repos/${listed.owner}/${listed.name}/commits/${sha}`);
      assert.equal(res.body.url, `${res.body.commit_url}/status`);
      const page = await api.get(`${listed.path}/commits/${sha}/status?limit=1&page=2`);
      assert.deepEqual(page.body.statuses.map((s: { context: string }) => s.context), ['ci']);
      assert.equal(page.body.total_count, 3);
      assert.equal(page.body.state, 'failure');
    });

    it('gives a branch the combined status of its head commit', async () => {
      const byBranch = await api.get(`${listed.path}/commits/${listed.defaultBranch}/status`);
      const bySha = await api.get(`${listed.path}/commits/${sha}/status`);
      const byTag = await api.get(`${listed.path}/commits/release/status`);
      assert.deepEqual(byBranch.body, bySha.body);
      assert.deepEqual(byTag.body, bySha.body);
    });
  });

  describe("Gitea's combined state", () => {
    const combined = async (states: string[]) => {
      const made = await buildRepo(server, owner, { files: { 'c.txt': 'c\n' } });
      const sha = made.heads[made.defaultBranch];
      for (const [i, state] of states.entries()) await report(sha, { state, context: `c${i}` }, owner, made.path);
      return (await api.get(`${made.path}/commits/${sha}/status`)).body;
    };

    it('is pending, with no statuses and a count of zero, for a commit nothing reported on', async () => {
      const body = await combined([]);
      assert.equal(body.state, 'pending');
      assert.equal(body.total_count, 0);
      assert.deepEqual(body.statuses, []);
      assert.match(body.sha, /^[0-9a-f]{40}$/);
    });

    it('is failure when any latest status is an error or a failure, success when all are success, warning or skipped, and pending otherwise', async () => {
      assert.equal((await combined(['success', 'error'])).state, 'failure');
      assert.equal((await combined(['pending', 'failure', 'success'])).state, 'failure');
      assert.equal((await combined(['success', 'warning', 'skipped'])).state, 'success');
      assert.equal((await combined(['success', 'pending'])).state, 'pending');
    });

    it('counts only the latest status of a context: a failure reported again as a success no longer fails the commit', async () => {
      const made = await buildRepo(server, owner, { files: { 'r.txt': 'r\n' } });
      const sha = made.heads[made.defaultBranch];
      await report(sha, { state: 'failure', context: 'ci' }, owner, made.path);
      assert.equal((await api.get(`${made.path}/commits/${sha}/status`)).body.state, 'failure');
      await report(sha, { state: 'success', context: 'ci' }, owner, made.path);
      const body = (await api.get(`${made.path}/commits/${sha}/status`)).body;
      assert.equal(body.state, 'success');
      assert.deepEqual(body.statuses.map((s: { id: number }) => s.id), [2]);
    });
  });

  it('numbers concurrent reports on one commit without a gap or a repeat', async () => {
    const made = await buildRepo(server, owner, { files: { 'p.txt': 'p\n' } });
    const sha = made.heads[made.defaultBranch];
    const bodies = await Promise.all(Array.from({ length: 8 }, (_, i) => report(sha, { state: 'success', context: `p${i}` }, owner, made.path)));
    assert.deepEqual(bodies.map((b) => b.id).sort((a, b) => a - b), [1, 2, 3, 4, 5, 6, 7, 8]);
  });

  describe('cost', () => {
    let many: TestRepo;
    let sha: string;
    before(async () => {
      many = await buildRepo(server, owner, { files: { 'm.txt': 'm\n' } });
      sha = many.heads[many.defaultBranch];
      const db = server.app.database.db;
      await db.commitStatus.createMany({
        data: Array.from({ length: 60 }, (_, i) => ({ repoId: many.id, sha, index: i + 1, state: i % 7 === 0 ? 'pending' : 'success', context: `ctx-${i % 55}`, creatorId: owner.id })),
      });
    });

    /** The statements one request costs, measured after a first run has warmed the caches. */
    const cost = async (path: string, limit: number, items: (body: any) => unknown[]) => {
      // Background work of the writes before (the event log's followers) must not land in the count.
      await server.app.backgroundIdle();
      await api.get(`${path}?limit=${limit}`, owner.basic);
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await api.get(`${path}?limit=${limit}`, owner.basic);
      assert.equal(items(res.body).length, limit);
      return server.app.database.queryCount() - before;
    };

    it('costs the same SQL statements for a page of fifty statuses as for a page of one: by sha, by ref and combined', async () => {
      const list = (body: unknown[]) => body;
      assert.equal(await cost(`${many.path}/statuses/${sha}`, 50, list), await cost(`${many.path}/statuses/${sha}`, 1, list));
      assert.equal(await cost(`${many.path}/commits/${many.defaultBranch}/statuses`, 50, list), await cost(`${many.path}/commits/${many.defaultBranch}/statuses`, 1, list));
      const statuses = (body: { statuses: unknown[] }) => body.statuses;
      assert.equal(await cost(`${many.path}/commits/${many.defaultBranch}/status`, 50, statuses), await cost(`${many.path}/commits/${many.defaultBranch}/status`, 1, statuses));
    });
  });
});
