import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { buildOrg, type BuiltOrg } from '../../testkit/orgs.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

describe('assignees', () => {
  const server = useServer();
  const { api } = server;
  const db = () => server.app.database.db;
  let owner: TestAccount;
  let writer: TestAccount;
  let admin: TestAccount;
  let reader: TestAccount;
  let stranger: TestAccount;
  let repo: TestRepo;
  let org: BuiltOrg;
  let orgRepo: TestRepo;

  before(async () => {
    [owner, writer, admin, reader, stranger] = await createAccounts(api, 5);
    org = await buildOrg(server, {
      owner,
      teams: [
        { name: 'coders', unitsMap: { 'repo.code': 'write', 'repo.issues': 'read' }, includesAllRepositories: true, members: 1 },
        { name: 'triage', unitsMap: { 'repo.issues': 'write' }, members: 1 },
        { name: 'readers', permission: 'read', includesAllRepositories: true, members: 1 },
      ],
    });
    [repo, orgRepo] = await Promise.all([
      buildRepo(server, owner, { collaborators: [[writer, 'write'], [admin, 'admin'], [reader, 'read']] }),
      buildRepo(server, owner, { org: org.login }),
    ]);
  });

  const logins = (users: { login: string }[]) => users.map((u) => u.login);
  const sorted = (names: string[]) => [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  const open = async (by: TestAccount, path = repo.path, body: Record<string, unknown> = {}) => {
    const res = await api.post(`${path}/issues`, { title: 'to assign', ...body }, by.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body as { id: number; number: number; user: { login: string } };
  };

  it('lists who may be assigned: the owning person and collaborators with write or admin access, by login', async () => {
    const res = await api.get(`${repo.path}/assignees`, reader.basic);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(logins(res.body), sorted([owner.login, writer.login, admin.login]));
    assert.equal(res.body[0].id > 0, true);
  });

  it('lists, for an organization\'s repository, members of its teams that write to the code, issues or pull requests and reach it', async () => {
    const res = await api.get(`${orgRepo.path}/assignees`, owner.basic);
    assert.equal(res.status, 200);
    const [coder, triager] = [org.teams.coders.members[0], org.teams.triage.members[0]];
    assert.deepEqual(logins(res.body), sorted([owner.login, coder.login]), 'the triage team reaches no repository yet; readers only read');
    assert.equal((await api.put(`/teams/${org.teams.triage.id}/repos/${org.login}/${orgRepo.name}`, undefined, owner.basic)).status, 204);
    const after = await api.get(`${orgRepo.path}/assignees`, owner.basic);
    assert.deepEqual(logins(after.body), sorted([owner.login, coder.login, triager.login]));
  });

  it('answers the repository assignee list and check only to signed-in callers who may read the repository', async () => {
    assert.equal((await api.get(`${repo.path}/assignees`)).status, 401);
    assert.equal((await api.get(`${repo.path}/assignees/${writer.login}`)).status, 401);
    const secret = await buildRepo(server, owner, { private: true });
    assert.equal((await api.get(`${secret.path}/assignees`, stranger.basic)).status, 404);
    assert.equal((await api.get(`${secret.path}/assignees/${owner.login}`, stranger.basic)).status, 404);
  });

  it('checks one account: 204 when it may be assigned, 404 for readers, organizations and logins no account has', async () => {
    const check = async (login: string, path = repo.path) => (await api.get(`${path}/assignees/${login}`, stranger.basic)).status;
    assert.equal(await check(writer.login), 204);
    assert.equal(await check(owner.login.toUpperCase()), 204);
    assert.equal(await check(reader.login), 404);
    assert.equal(await check('no-such-account'), 404);
    assert.equal(await check(org.login, orgRepo.path), 404);
    assert.equal(await check(org.teams.coders.members[0].login, orgRepo.path), 204);
  });

  it('checks one account against one issue, whose poster may be assigned too, for anyone who reads the issues', async () => {
    const mine = await open(reader);
    const theirs = await open(owner);
    const check = async (number: number, login: string) => (await api.get(`${repo.path}/issues/${number}/assignees/${login}`)).status;
    assert.equal(await check(mine.number, reader.login), 204);
    assert.equal(await check(theirs.number, reader.login), 404);
    assert.equal(await check(theirs.number, writer.login), 204);
    assert.equal(await check(9999, writer.login), 404);
  });

  it('adds assignees (201, the issue), skips those assigned, and writes a timeline row and an issue_assign event for each', async () => {
    const issue = await open(reader);
    const stop = new AbortController();
    const seen: string[] = [];
    const collecting = (async () => {
      for await (const event of server.app.events.subscribe('issue_assign', stop.signal)) {
        if (event.issueId === issue.id) seen.push(`${event.action}:${event.assigneeId}:${event.actorId}`);
      }
    })().catch(() => {});
    const res = await api.post(`${repo.path}/issues/${issue.number}/assignees`, { assignees: [writer.login, reader.login] }, owner.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.number, issue.number);
    assert.deepEqual(sorted(logins(res.body.assignees)), sorted([writer.login, reader.login]), 'the poster may be assigned though only a reader');
    const again = await api.post(`${repo.path}/issues/${issue.number}/assignees`, { assignees: [writer.login, admin.login] }, owner.basic);
    assert.deepEqual(sorted(logins(again.body.assignees)), sorted([writer.login, reader.login, admin.login]));
    const rows = await db().comment.findMany({ where: { issueId: issue.id, type: 'assignees' } });
    assert.deepEqual(rows.map((r) => r.assigneeId).sort(), [writer.id, reader.id, admin.id].sort());
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop.abort();
    await collecting;
    assert.deepEqual(seen.sort(), [writer.id, reader.id, admin.id].map((id) => `assigned:${id}:${owner.id}`).sort());
  });

  it('refuses to add someone who may not be assigned, an organization or an unknown login with 422, assigning nobody', async () => {
    const issue = await open(owner);
    for (const wanted of [[writer.login, reader.login], ['no-such-account'], [org.login]]) {
      const res = await api.post(`${repo.path}/issues/${issue.number}/assignees`, { assignees: wanted }, owner.basic);
      assert.equal(res.status, 422, `${wanted}: ${JSON.stringify(res.body)}`);
      assert.ok(res.body.message);
    }
    assert.deepEqual((await api.get(`${repo.path}/issues/${issue.number}`)).body.assignees, []);
  });

  it('removes assignees (200, the issue), leaving those not named and ignoring those not assigned, with timeline rows', async () => {
    const issue = await open(owner, repo.path, { assignees: [writer.login, admin.login] });
    const res = await api.request('DELETE', `${repo.path}/issues/${issue.number}/assignees`, { body: { assignees: [admin.login, owner.login] }, auth: writer.basic });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(logins(res.body.assignees), [writer.login]);
    const removed = await db().comment.findMany({ where: { issueId: issue.id, type: 'assignees', removedAssignee: true } });
    assert.deepEqual(removed.map((r) => r.assigneeId), [admin.id]);
    const unknown = await api.request('DELETE', `${repo.path}/issues/${issue.number}/assignees`, { body: { assignees: ['no-such-account'] }, auth: writer.basic });
    assert.equal(unknown.status, 422);
  });

  it('needs write access to the issues to change assignees: 403 for readers and posters, 401 anonymous, 423 archived', async () => {
    const issue = await open(reader);
    const path = `${repo.path}/issues/${issue.number}/assignees`;
    assert.equal((await api.post(path, { assignees: [reader.login] }, reader.basic)).status, 403);
    assert.equal((await api.request('DELETE', path, { body: { assignees: [reader.login] }, auth: reader.basic })).status, 403);
    assert.equal((await api.post(path, { assignees: [reader.login] })).status, 401);
    const archived = await buildRepo(server, owner);
    const kept = await open(owner, archived.path);
    await api.patch(archived.path, { archived: true }, owner.basic);
    assert.equal((await api.post(`${archived.path}/issues/${kept.number}/assignees`, { assignees: [owner.login] }, owner.basic)).status, 423);
  });

  it('applies the same rule when an issue is opened or edited: write access to the code counts, reading does not', async () => {
    const coder = org.teams.coders.members[0];
    const reading = org.teams.readers.members[0];
    const opened = await open(owner, orgRepo.path, { assignees: [coder.login] });
    assert.deepEqual(logins((opened as unknown as { assignees: { login: string }[] }).assignees), [coder.login]);
    const refused = await api.patch(`${orgRepo.path}/issues/${opened.number}`, { assignees: [reading.login] }, owner.basic);
    assert.equal(refused.status, 422);
  });
});
