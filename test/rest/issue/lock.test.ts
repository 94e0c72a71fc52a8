import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

describe('locked issues', () => {
  const server = useServer();
  const { api } = server;
  const db = () => server.app.database.db;
  let owner: TestAccount;
  let admin: TestAccount;
  let writer: TestAccount;
  let stranger: TestAccount;
  let repo: TestRepo;
  let next = 0;

  before(async () => {
    [owner, admin, writer, stranger] = await createAccounts(api, 4);
    repo = await buildRepo(server, owner, { autoInit: true, collaborators: [[admin, 'admin'], [writer, 'write']] });
  });

  /** A new issue of `repo`, by its number. */
  const issue = async (where = repo) => {
    const res = await api.post(`${where.path}/issues`, { title: `issue ${++next}` }, owner.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.number as number;
  };
  const lock = (number: number, body?: unknown, by: TestAccount | null = owner, where = repo) => api.put(`${where.path}/issues/${number}/lock`, body, by?.basic);
  const unlock = (number: number, by: TestAccount | null = owner, where = repo) => api.delete(`${where.path}/issues/${number}/lock`, by?.basic);
  const rows = (number: number) =>
    db().comment.findMany({ where: { repoId: repo.id, issue: { number }, type: { in: ['lock', 'unlock'] } }, orderBy: { id: 'asc' }, select: { type: true, body: true, posterId: true } });

  it('locks with a configured reason whatever its case, shows is_locked, and writes a lock row with the reason as configured', async () => {
    const number = await issue();
    assert.equal((await lock(number, { lock_reason: 'too HEATED' }, admin)).status, 204);
    assert.equal((await api.get(`${repo.path}/issues/${number}`)).body.is_locked, true);
    assert.deepEqual(await rows(number), [{ type: 'lock', body: 'Too heated', posterId: admin.id }]);
  });

  it('locks without a reason, with an empty one or with no body at all', async () => {
    for (const body of [{}, { lock_reason: '' }, undefined]) {
      const number = await issue();
      assert.equal((await lock(number, body)).status, 204, JSON.stringify(body));
      assert.deepEqual(await rows(number), [{ type: 'lock', body: '', posterId: owner.id }]);
    }
  });

  it('refuses a reason that is not configured with 400 and a lock on a locked issue with 409, changing nothing', async () => {
    const number = await issue();
    const unknown = await lock(number, { lock_reason: 'boring' });
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.message, /Off-topic/);
    assert.equal((await api.get(`${repo.path}/issues/${number}`)).body.is_locked, false);
    assert.equal((await lock(number, { lock_reason: 'spam' })).status, 204);
    const again = await lock(number, { lock_reason: 'resolved' });
    assert.equal(again.status, 409);
    assert.match(again.body.message, /locked already/);
    assert.deepEqual(await rows(number), [{ type: 'lock', body: 'Spam', posterId: owner.id }]);
  });

  it('unlocks with an unlock row, and answers 204 changing nothing for an issue that is not locked', async () => {
    const number = await issue();
    await lock(number, { lock_reason: 'Off-topic' });
    assert.equal((await unlock(number)).status, 204);
    assert.equal((await api.get(`${repo.path}/issues/${number}`)).body.is_locked, false);
    assert.equal((await unlock(number)).status, 204);
    assert.deepEqual((await rows(number)).map((r) => r.type), ['lock', 'unlock']);
  });

  it('lets only repository admins lock and unlock: 403 for writers, 401 anonymous, 404 where hidden or missing, 423 when archived', async () => {
    const number = await issue();
    assert.equal((await lock(number, {}, writer)).status, 403);
    assert.equal((await lock(number, {}, null)).status, 401);
    assert.equal((await lock(9999, {})).status, 404);
    assert.equal((await lock(number, {}, admin)).status, 204);
    assert.equal((await unlock(number, writer)).status, 403);
    const secret = await buildRepo(server, owner, { autoInit: true, private: true });
    const hidden = await issue(secret);
    assert.equal((await lock(hidden, {}, stranger, secret)).status, 404);
    const archived = await buildRepo(server, owner, { autoInit: true });
    const old = await issue(archived);
    assert.equal((await api.patch(archived.path, { archived: true }, owner.basic)).status, 200);
    assert.equal((await lock(old, {}, owner, archived)).status, 423);
    assert.equal((await unlock(old, owner, archived)).status, 423);
  });

  it('lets one of two locks sent together pass and refuses the other with 409', async () => {
    const number = await issue();
    const answers = await Promise.all([lock(number, { lock_reason: 'Spam' }), lock(number, { lock_reason: 'Resolved' })]);
    assert.deepEqual(answers.map((a) => a.status).sort(), [204, 409]);
    assert.equal((await rows(number)).length, 1);
  });

  it('publishes issue_lock events when an issue is locked and unlocked, with the reason', async () => {
    const number = await issue();
    const seen: string[] = [];
    const stop = new AbortController();
    const running = (async () => {
      for await (const event of server.app.events.subscribe('issue_lock', stop.signal)) {
        if (event.repoId === repo.id && event.number === number) seen.push(`${event.action}:${event.reason}:${event.actorId === owner.id}`);
      }
    })().catch(() => {});
    await lock(number, { lock_reason: 'resolved' });
    await lock(number, {});
    await unlock(number);
    await unlock(number);
    await new Promise((r) => setTimeout(r, 100));
    stop.abort();
    await running;
    assert.deepEqual(seen, ['locked:Resolved:true', 'unlocked::true']);
  });

  it('locks and unlocks through GraphQL, where Issue.isLocked tells the state', async () => {
    const number = await issue();
    const mutation = 'mutation($owner: String!, $name: String!, $number: Int!, $reason: String) { lockIssue(owner: $owner, name: $name, number: $number, reason: $reason) { number isLocked } }';
    const locked = await server.graphql(mutation, { owner: repo.owner, name: repo.name, number, reason: 'spam' }, owner.basic);
    assert.deepEqual(locked.data.lockIssue, { number, isLocked: true });
    const twice = await server.graphql(mutation, { owner: repo.owner, name: repo.name, number }, owner.basic);
    assert.equal(twice.errors?.[0].extensions?.code, 'CONFLICT');
    const byWriter = await server.graphql(
      'mutation($owner: String!, $name: String!, $number: Int!) { unlockIssue(owner: $owner, name: $name, number: $number) { isLocked } }',
      { owner: repo.owner, name: repo.name, number },
      writer.basic,
    );
    assert.equal(byWriter.errors?.[0].extensions?.code, 'FORBIDDEN');
  });
});

describe('lock reasons of the configuration', () => {
  const server = useServer({ repository: { ISSUE_LOCK_REASONS: ['Heated', 'Duplicate effort'] } });

  it('accepts the reasons of repository.ISSUE_LOCK_REASONS and refuses the default ones it does not list', async () => {
    const { api } = server;
    const [owner] = await createAccounts(api, 1);
    const repo = await buildRepo(server, owner, { autoInit: true });
    for (let i = 0; i < 2; i++) await api.post(`${repo.path}/issues`, { title: `t${i}` }, owner.basic);
    assert.equal((await api.put(`${repo.path}/issues/1/lock`, { lock_reason: 'Spam' }, owner.basic)).status, 400);
    assert.equal((await api.put(`${repo.path}/issues/1/lock`, { lock_reason: 'duplicate EFFORT' }, owner.basic)).status, 204);
    const row = await server.app.database.db.comment.findFirstOrThrow({ where: { repoId: repo.id, type: 'lock' } });
    assert.equal(row.body, 'Duplicate effort');
  });
});
