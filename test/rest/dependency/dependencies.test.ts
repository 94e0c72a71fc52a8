import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

interface RestIssue {
  id: number;
  number: number;
  title: string;
  state: string;
  repository: { full_name: string };
}

describe('issue dependencies', () => {
  const server = useServer();
  const { api } = server;
  const db = () => server.app.database.db;
  let owner: TestAccount;
  let writer: TestAccount;
  let reader: TestAccount;
  let other: TestAccount;
  let repo: TestRepo;
  let elsewhere: TestRepo;
  let secret: TestRepo;

  before(async () => {
    [owner, writer, reader, other] = await createAccounts(api, 4);
    [repo, elsewhere, secret] = await Promise.all([
      buildRepo(server, owner, { collaborators: [[writer, 'write'], [reader, 'read']] }),
      buildRepo(server, other, { collaborators: [[owner, 'read']] }),
      buildRepo(server, other, { private: true, collaborators: [[owner, 'write']] }),
    ]);
  });

  const open = async (title: string, path = repo.path, by = owner): Promise<RestIssue> => {
    const res = await api.post(`${path}/issues`, { title }, by.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body;
  };
  const meta = (issue: RestIssue, path = repo.path) => {
    const [, , ownerLogin, name] = path.split('/');
    return { owner: ownerLogin, repo: name, index: issue.number };
  };
  const depend = (issue: RestIssue, on: RestIssue, onPath = repo.path, by = writer, path = repo.path) =>
    api.post(`${path}/issues/${issue.number}/dependencies`, meta(on, onPath), by.basic);
  const titles = (issues: RestIssue[]) => issues.map((i) => i.title);

  it('makes an issue depend on another (201, the blocked issue), listed on both sides, with a timeline row on each', async () => {
    const [blocked, blocker] = [await open('blocked'), await open('blocker')];
    const res = await depend(blocked, blocker);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.number, blocked.number);
    const dependencies = await api.get(`${repo.path}/issues/${blocked.number}/dependencies`, reader.basic);
    assert.equal(dependencies.status, 200);
    assert.deepEqual(titles(dependencies.body), ['blocker']);
    assert.equal(dependencies.headers.get('x-total-count'), '1');
    assert.deepEqual(titles((await api.get(`${repo.path}/issues/${blocker.number}/blocks`)).body), ['blocked']);
    const rows = await db().comment.findMany({ where: { type: 'add_dependency', issueId: { in: [blocked.id, blocker.id] } } });
    assert.deepEqual(
      rows.map((r) => [r.issueId, r.dependentIssueId, r.posterId]).sort(),
      [[blocked.id, blocker.id, writer.id], [blocker.id, blocked.id, writer.id]].sort(),
    );
  });

  it('blocks the issue of the body by the issue of the path (201, the path\'s issue), the same dependency seen from the other side', async () => {
    const [first, second] = [await open('first'), await open('second')];
    const res = await api.post(`${repo.path}/issues/${first.number}/blocks`, meta(second), writer.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.number, first.number);
    assert.deepEqual(titles((await api.get(`${repo.path}/issues/${second.number}/dependencies`)).body), ['first']);
    const removed = await api.request('DELETE', `${repo.path}/issues/${first.number}/blocks`, { body: meta(second), auth: writer.basic });
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.equal(removed.body.number, first.number);
    assert.deepEqual((await api.get(`${repo.path}/issues/${second.number}/dependencies`)).body, []);
  });

  it('takes an issue of the path\'s repository when the body names no repository', async () => {
    const [a, b] = [await open('same repository a'), await open('same repository b')];
    const res = await api.post(`${repo.path}/issues/${a.number}/dependencies`, { index: b.number }, writer.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.deepEqual(titles((await api.get(`${repo.path}/issues/${a.number}/dependencies`)).body), ['same repository b']);
  });

  it('depends across repositories the caller reads, and answers 404 for a blocker in one it may not read', async () => {
    const local = await open('local');
    const remote = await open('remote', elsewhere.path, other);
    const res = await depend(local, remote, elsewhere.path, owner);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const listed = (await api.get(`${repo.path}/issues/${local.number}/dependencies`, owner.basic)).body;
    assert.deepEqual(listed.map((i: RestIssue) => i.repository.full_name), [`${other.login}/${elsewhere.name}`]);
    const hidden = await open('hidden', secret.path, other);
    assert.equal((await depend(local, hidden, secret.path, writer)).status, 404, 'the writer cannot read the private repository');
    assert.equal((await depend(local, { ...hidden, number: 9999 }, elsewhere.path, writer)).status, 404);
  });

  it('lists only the related issues of repositories the caller reads', async () => {
    const visible = await open('visible side');
    const hidden = await open('private side', secret.path, other);
    assert.equal((await depend(visible, hidden, secret.path, owner)).status, 201);
    assert.equal((await api.get(`${repo.path}/issues/${visible.number}/dependencies`, owner.basic)).body.length, 1);
    assert.deepEqual((await api.get(`${repo.path}/issues/${visible.number}/dependencies`, reader.basic)).body, []);
    assert.deepEqual((await api.get(`${repo.path}/issues/${visible.number}/dependencies`)).body, []);
  });

  it('refuses an issue depending on itself, a dependency that exists, and any dependency that would close a cycle', async () => {
    const [a, b, c, d] = [await open('cycle a'), await open('cycle b'), await open('cycle c'), await open('cycle d')];
    assert.equal((await depend(a, a)).status, 422);
    assert.equal((await depend(a, b)).status, 201);
    assert.equal((await depend(a, b)).status, 409);
    const direct = await depend(b, a);
    assert.equal(direct.status, 422);
    assert.match(direct.body.message, /cycle/);
    assert.equal((await depend(b, c)).status, 201);
    assert.equal((await depend(c, d)).status, 201);
    assert.equal((await depend(d, a)).status, 422, 'a depends on b, b on c, c on d: d depending on a would close the ring');
    assert.equal((await api.post(`${repo.path}/issues/${a.number}/blocks`, meta(d), writer.basic)).status, 422, 'the same, seen from a');
    assert.equal((await api.post(`${repo.path}/issues/${d.number}/blocks`, meta(a), writer.basic)).status, 201, 'a depending on d as well closes nothing');
    assert.equal(await db().issueDependency.count({ where: { issueId: d.id } }), 0);
    assert.equal(await db().issueDependency.count({ where: { issueId: a.id } }), 2);
  });

  it('removes a dependency (200, the blocked issue) with a timeline row on each issue, and answers 404 for one that does not exist', async () => {
    const [blocked, blocker] = [await open('to free'), await open('freeing')];
    await depend(blocked, blocker);
    const removed = await api.request('DELETE', `${repo.path}/issues/${blocked.number}/dependencies`, { body: meta(blocker), auth: writer.basic });
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.equal(removed.body.number, blocked.number);
    assert.deepEqual((await api.get(`${repo.path}/issues/${blocked.number}/dependencies`)).body, []);
    assert.equal(await db().comment.count({ where: { type: 'remove_dependency', issueId: { in: [blocked.id, blocker.id] } } }), 2);
    const again = await api.request('DELETE', `${repo.path}/issues/${blocked.number}/dependencies`, { body: meta(blocker), auth: writer.basic });
    assert.equal(again.status, 404);
  });

  it('needs write access to the blocked issue: 403 for readers, 401 anonymous, 423 when its repository is archived', async () => {
    const [a, b] = [await open('guarded a'), await open('guarded b')];
    assert.equal((await depend(a, b, repo.path, reader)).status, 403);
    assert.equal((await api.post(`${repo.path}/issues/${a.number}/dependencies`, meta(b))).status, 401);
    assert.equal((await api.post(`${repo.path}/issues/${b.number}/blocks`, meta(a), reader.basic)).status, 403);
    const archived = await buildRepo(server, owner);
    const [x, y] = [await open('x', archived.path), await open('y', archived.path)];
    await api.patch(archived.path, { archived: true }, owner.basic);
    assert.equal((await depend(x, y, archived.path, owner, archived.path)).status, 423);
  });

  it('answers 404 for the dependencies of a repository that has them disabled, and for an index that is not a number', async () => {
    const off = await buildRepo(server, owner);
    const [a, b] = [await open('off a', off.path), await open('off b', off.path)];
    assert.equal((await depend(a, b, off.path, owner, off.path)).status, 201);
    const patched = await api.patch(off.path, { internal_tracker: { enable_issue_dependencies: false, enable_time_tracker: true, allow_only_contributors_to_track_time: true } }, owner.basic);
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    assert.equal((await api.get(`${off.path}/issues/${a.number}/dependencies`, owner.basic)).status, 404);
    assert.equal((await depend(a, b, off.path, owner, off.path)).status, 404);
    assert.equal((await api.get(`${off.path}/issues/${b.number}/blocks`, owner.basic)).body.length, 1, 'what an issue blocks is listed whatever the setting');
    assert.equal((await api.patch(`${off.path}/issues/${a.number}`, { state: 'closed' }, owner.basic)).status, 201, 'nor does a disabled setting keep it open');
    assert.equal((await api.get(`${repo.path}/issues/first/dependencies`)).status, 404);
  });

  it('refuses to close an issue with open blockers with 412 and changes nothing, unless the blockers are closed or the caller is an admin', async () => {
    const [blocked, blocker] = [await open('waiting'), await open('in the way')];
    await depend(blocked, blocker);
    const refused = await api.patch(`${repo.path}/issues/${blocked.number}`, { state: 'closed', title: 'renamed while refused' }, writer.basic);
    assert.equal(refused.status, 412, JSON.stringify(refused.body));
    assert.equal(refused.body.message, 'cannot close this issue because it still has open dependencies');
    const after = (await api.get(`${repo.path}/issues/${blocked.number}`)).body;
    assert.deepEqual([after.state, after.title], ['open', 'waiting']);
    assert.equal((await api.patch(`${repo.path}/issues/${blocker.number}`, { state: 'closed' }, writer.basic)).status, 201);
    assert.equal((await api.patch(`${repo.path}/issues/${blocked.number}`, { state: 'closed' }, writer.basic)).status, 201);
    const [again, still] = [await open('admin closes'), await open('still open')];
    await depend(again, still);
    const closed = await api.patch(`${repo.path}/issues/${again.number}`, { state: 'closed' }, owner.basic);
    assert.equal(closed.status, 201, 'the repository owner administers it');
    assert.equal(closed.body.state, 'closed');
  });

  it('publishes an issue_dependency event for each change, about the blocked issue and its blocker', async () => {
    const [blocked, blocker] = [await open('event blocked'), await open('event blocker')];
    const stop = new AbortController();
    const seen: string[] = [];
    const collecting = (async () => {
      for await (const event of server.app.events.subscribe('issue_dependency', stop.signal)) {
        if (event.issueId === blocked.id) seen.push(`${event.action}:${event.number}:${event.blockerNumber}:${event.blockerId}:${event.actorId}`);
      }
    })().catch(() => {});
    await depend(blocked, blocker);
    await api.request('DELETE', `${repo.path}/issues/${blocked.number}/dependencies`, { body: meta(blocker), auth: writer.basic });
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop.abort();
    await collecting;
    assert.deepEqual(seen, ['added', 'removed'].map((action) => `${action}:${blocked.number}:${blocker.number}:${blocker.id}:${writer.id}`));
  });

  it('lists a page of 50 dependencies, across repositories, with the SQL statements of a page of 1', async () => {
    const many = await buildRepo(server, owner);
    const blocked = await open('many blockers', many.path);
    const blocking = await open('blocks many', many.path);
    const now = new Date();
    const made = await Promise.all(
      Array.from({ length: 50 }, (_, i) => db().issue.create({ data: { repoId: i % 2 ? many.id : elsewhere.id, number: 1000 + i, title: `b${i}`, posterId: other.id, createdAt: now, updatedAt: now } })),
    );
    await db().issueDependency.createMany({ data: made.map((issue) => ({ issueId: blocked.id, blockerId: issue.id })) });
    await db().issueDependency.createMany({ data: made.map((issue) => ({ issueId: issue.id, blockerId: blocking.id })) });
    const statements = async (path: string, limit: number) => {
      // What the opening of the issues set going in the background (notifications, feeds) is not this read's.
      await server.app.backgroundIdle();
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await api.get(`${path}?limit=${limit}`, owner.basic);
      assert.equal(res.body.length, limit, JSON.stringify(res.body).slice(0, 300));
      assert.equal(res.headers.get('x-total-count'), '50');
      return server.app.database.queryCount() - before;
    };
    for (const path of [`${many.path}/issues/${blocked.number}/dependencies`, `${many.path}/issues/${blocking.number}/blocks`]) {
      await statements(path, 1);
      assert.equal(await statements(path, 50), await statements(path, 1), path);
    }
  });
});
