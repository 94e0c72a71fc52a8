import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

describe('pinned issues', () => {
  const server = useServer();
  const { api } = server;
  const db = () => server.app.database.db;
  let owner: TestAccount;
  let admin: TestAccount;
  let writer: TestAccount;
  let stranger: TestAccount;

  before(async () => {
    [owner, admin, writer, stranger] = await createAccounts(api, 4);
  });

  /** A repository with `count` open issues numbered 1…count. */
  const repoWithIssues = async (count: number, spec: Parameters<typeof buildRepo>[2] = {}) => {
    const repo = await buildRepo(server, owner, { autoInit: true, collaborators: [[admin, 'admin'], [writer, 'write']], ...spec });
    for (let i = 1; i <= count; i++) assert.equal((await api.post(`${repo.path}/issues`, { title: `issue ${i}` }, owner.basic)).status, 201);
    return repo;
  };
  const pin = (repo: TestRepo, number: number, by = owner) => api.post(`${repo.path}/issues/${number}/pin`, undefined, by.basic);
  const unpin = (repo: TestRepo, number: number, by = owner) => api.delete(`${repo.path}/issues/${number}/pin`, by.basic);
  const move = (repo: TestRepo, number: number, position: number, by = owner) => api.patch(`${repo.path}/issues/${number}/pin/${position}`, undefined, by.basic);
  /** The pinned list as [number, pin_order] pairs. */
  const pinned = async (repo: TestRepo) => {
    const res = await api.get(`${repo.path}/issues/pinned`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return (res.body as { number: number; pin_order: number }[]).map((i) => [i.number, i.pin_order]);
  };
  const timeline = async (repo: TestRepo, type: string) => db().comment.count({ where: { repoId: repo.id, type } });

  it('pins each issue after the last pinned one, lists them first position first, and writes a pin row', async () => {
    const repo = await repoWithIssues(3);
    for (const number of [2, 3, 1]) assert.equal((await pin(repo, number, admin)).status, 204);
    assert.deepEqual(await pinned(repo), [[2, 1], [3, 2], [1, 3]]);
    assert.equal((await api.get(`${repo.path}/issues/3`)).body.pin_order, 2);
    assert.equal(await timeline(repo, 'pin'), 3);
    const [row] = await db().comment.findMany({ where: { repoId: repo.id, type: 'pin' }, orderBy: { id: 'asc' }, take: 1 });
    assert.equal(row.posterId, admin.id);
  });

  it('refuses a pin beyond the maximum (3 by default) with 400, which new_pin_allowed foretells, and counts pull requests apart', async () => {
    const repo = await repoWithIssues(4);
    assert.deepEqual((await api.get(`${repo.path}/new_pin_allowed`)).body, { issues: true, pull_requests: true });
    for (const number of [1, 2, 3]) assert.equal((await pin(repo, number)).status, 204);
    assert.deepEqual((await api.get(`${repo.path}/new_pin_allowed`)).body, { issues: false, pull_requests: true });
    const refused = await pin(repo, 4);
    assert.equal(refused.status, 400);
    assert.match(refused.body.message, /3/);
    assert.deepEqual(await pinned(repo), [[1, 1], [2, 2], [3, 3]]);
    // A pull request (made as its area will make them: an issue row with isPull) has places of its own.
    const counter = await db().repository.update({ where: { id: repo.id }, data: { issueCounter: { increment: 1 } } });
    await db().issue.create({ data: { repoId: repo.id, number: counter.issueCounter, title: 'a pull', isPull: true, posterId: owner.id } });
    assert.equal((await pin(repo, counter.issueCounter)).status, 204);
    assert.equal((await db().issue.findFirstOrThrow({ where: { repoId: repo.id, number: counter.issueCounter } })).pinOrder, 1);
    assert.deepEqual(await pinned(repo), [[1, 1], [2, 2], [3, 3]], 'the pinned list holds issues only');
  });

  it('keeps positions 1…n without a gap when an issue is unpinned, and writes an unpin row', async () => {
    const repo = await repoWithIssues(3);
    for (const number of [1, 2, 3]) await pin(repo, number);
    assert.equal((await unpin(repo, 2)).status, 204);
    assert.deepEqual(await pinned(repo), [[1, 1], [3, 2]]);
    assert.equal((await api.get(`${repo.path}/issues/2`)).body.pin_order, 0);
    assert.equal(await timeline(repo, 'unpin'), 1);
    assert.equal((await pin(repo, 2)).status, 204);
    assert.deepEqual(await pinned(repo), [[1, 1], [3, 2], [2, 3]]);
  });

  it('moves a pin up or down, shifting the pins between by one, and past the last position to the last', async () => {
    const repo = await repoWithIssues(3);
    for (const number of [1, 2, 3]) await pin(repo, number);
    assert.equal((await move(repo, 3, 1)).status, 204);
    assert.deepEqual(await pinned(repo), [[3, 1], [1, 2], [2, 3]]);
    assert.equal((await move(repo, 3, 2)).status, 204);
    assert.deepEqual(await pinned(repo), [[1, 1], [3, 2], [2, 3]]);
    assert.equal((await move(repo, 1, 99)).status, 204);
    assert.deepEqual(await pinned(repo), [[3, 1], [2, 2], [1, 3]]);
    assert.equal((await move(repo, 2, 2)).status, 204);
    assert.deepEqual(await pinned(repo), [[3, 1], [2, 2], [1, 3]]);
  });

  it('refuses a position below 1 with 422 and moving an issue that is not pinned with 409, changing nothing', async () => {
    const repo = await repoWithIssues(3);
    await pin(repo, 1);
    await pin(repo, 2);
    assert.equal((await move(repo, 2, 0)).status, 422);
    assert.equal((await move(repo, 2, -1)).status, 422);
    const notPinned = await move(repo, 3, 1);
    assert.equal(notPinned.status, 409);
    assert.match(notPinned.body.message, /not pinned/);
    assert.equal((await move(repo, 99, 1)).status, 404);
    assert.deepEqual(await pinned(repo), [[1, 1], [2, 2]]);
  });

  it('changes nothing and answers 204 when a pinned issue is pinned again or one that is not pinned is unpinned', async () => {
    const repo = await repoWithIssues(2);
    await pin(repo, 1);
    assert.equal((await pin(repo, 1)).status, 204);
    assert.equal((await unpin(repo, 2)).status, 204);
    assert.deepEqual(await pinned(repo), [[1, 1]]);
    assert.equal(await timeline(repo, 'pin'), 1);
    assert.equal(await timeline(repo, 'unpin'), 0);
  });

  it('lets only repository admins pin, unpin and move: 403 for writers, 401 anonymous, 404 where the repository is hidden', async () => {
    const repo = await repoWithIssues(1);
    assert.equal((await pin(repo, 1, writer)).status, 403);
    assert.equal((await api.post(`${repo.path}/issues/1/pin`, undefined)).status, 401);
    assert.equal((await pin(repo, 1, admin)).status, 204);
    assert.equal((await move(repo, 1, 1, writer)).status, 403);
    assert.equal((await unpin(repo, 1, writer)).status, 403);
    const secret = await repoWithIssues(1, { private: true });
    assert.equal((await pin(secret, 1, stranger)).status, 404);
    assert.equal((await api.get(`${secret.path}/issues/pinned`, stranger.basic)).status, 404);
    assert.equal((await api.get(`${secret.path}/new_pin_allowed`, stranger.basic)).status, 404);
    assert.equal((await api.get(`${secret.path}/issues/pinned`, writer.basic)).status, 200);
  });

  it('refuses pins in an archived repository with 423 and answers 404 once issues are switched off', async () => {
    const archived = await repoWithIssues(1);
    assert.equal((await api.patch(archived.path, { archived: true }, owner.basic)).status, 200);
    assert.equal((await pin(archived, 1)).status, 423);
    const off = await repoWithIssues(1);
    await pin(off, 1);
    assert.equal((await api.patch(off.path, { has_issues: false }, owner.basic)).status, 200);
    assert.equal((await unpin(off, 1)).status, 404);
    assert.equal((await api.get(`${off.path}/issues/pinned`)).status, 404);
  });

  it('never pins more than the maximum nor gives two issues one position when pins arrive together', async () => {
    const repo = await repoWithIssues(12);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => pin(repo, i + 1)));
    assert.deepEqual(answers.map((a) => a.status).sort(), [...Array(3).fill(204), ...Array(9).fill(400)]);
    assert.deepEqual((await pinned(repo)).map(([, order]) => order), [1, 2, 3]);
  });

  it('publishes issue_pin events for pins, moves and unpins, with the position', async () => {
    const repo = await repoWithIssues(2);
    const seen: string[] = [];
    const stop = new AbortController();
    const running = (async () => {
      for await (const event of server.app.events.subscribe('issue_pin', stop.signal)) {
        if (event.repoId === repo.id) seen.push(`${event.action}:${event.number}@${event.position}:${event.actorId === owner.id}`);
      }
    })().catch(() => {});
    await pin(repo, 1);
    await pin(repo, 2);
    await move(repo, 2, 1);
    await unpin(repo, 1);
    await pin(repo, 2);
    await new Promise((r) => setTimeout(r, 100));
    stop.abort();
    await running;
    assert.deepEqual(seen, ['pinned:1@1:true', 'pinned:2@2:true', 'moved:2@1:true', 'unpinned:1@0:true']);
  });
});

describe('pinned issues with a configured maximum', () => {
  const server = useServer({ repository: { ISSUE_MAX_PINNED: 50 } });
  const { api } = server;

  it('pins up to repository.ISSUE_MAX_PINNED, and lists fifty pinned issues for the SQL statements of one', async () => {
    const [owner] = await createAccounts(api, 1);
    const repo = await buildRepo(server, owner, { autoInit: true });
    for (let i = 1; i <= 51; i++) assert.equal((await api.post(`${repo.path}/issues`, { title: `issue ${i}`, assignees: [owner.login] }, owner.basic)).status, 201);
    for (let i = 1; i <= 50; i++) assert.equal((await api.post(`${repo.path}/issues/${i}/pin`, undefined, owner.basic)).status, 204);
    assert.equal((await api.post(`${repo.path}/issues/51/pin`, undefined, owner.basic)).status, 400);
    const statements = async (first: number) => {
      const query = 'query($owner: String!, $name: String!, $first: Int) { repository(owner: $owner, name: $name) { pinnedIssues(first: $first) { totalCount nodes { number labels { name } assignees { login } milestone { title } } } } }';
      const variables = { owner: repo.owner, name: repo.name, first };
      await server.graphql(query, variables, owner.basic);
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await server.graphql(query, variables, owner.basic);
      assert.equal(res.data.repository.pinnedIssues.nodes.length, first);
      assert.equal(res.data.repository.pinnedIssues.totalCount, 50);
      return server.app.database.queryCount() - before;
    };
    assert.equal(await statements(50), await statements(1));
    const rest = await api.get(`${repo.path}/issues/pinned`);
    assert.equal(rest.body.length, 50);
  });
});
