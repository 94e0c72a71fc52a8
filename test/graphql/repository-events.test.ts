import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../testkit/accounts.ts';
import { git, remoteUrl } from '../testkit/git.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { buildOrg } from '../testkit/orgs.ts';
import { listenAs } from '../testkit/subscriptions.ts';
import { useServer, type ServerKit } from '../testkit/use-server.ts';

const EVENTS =
  'subscription($owner: String!, $name: String!) { repositoryEvents(owner: $owner, name: $name) { event actor { login } repository { name } ref { ref name refType before after } status { sha context state index creator { login } } } }';

interface Delivered {
  event: string;
  actor: { login: string } | null;
  repository: { name: string };
  ref: { ref: string; name: string; refType: string; before: string; after: string } | null;
  status: { sha: string; context: string; state: string; index: number; creator: { login: string } | null } | null;
}

const ZERO = '0'.repeat(40);
const b64 = (text: string) => Buffer.from(text).toString('base64');
/** An event as [kind, ref name or status context, actor]. */
const brief = (e: Delivered) => [e.event, e.ref?.name ?? e.status?.context ?? null, e.actor?.login ?? null];

function listen(server: ServerKit, who: TestAccount, owner: TestAccount, repo: TestRepo) {
  return listenAs<Delivered>(server.url, who, 'repositoryEvents', EVENTS, { owner: owner.login, name: repo.name });
}

describe('the repositoryEvents subscription', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let reader: TestAccount;
  let stranger: TestAccount;

  before(async () => {
    [owner, reader, stranger] = await createAccounts(api, 3);
  });

  const privateRepo = () => buildRepo(server, owner, { private: true, files: { 'README.md': 'hello\n' }, collaborators: [[reader, 'read']] });

  it('delivers branches and tags created and deleted through the API, commits pushed and statuses reported, and nothing of another repository', async () => {
    const [repo, other] = await Promise.all([privateRepo(), privateRepo()]);
    const main = repo.heads.main;
    const sub = listen(server, reader, owner, repo);
    await sub.connected;
    assert.equal((await api.post(`${other.path}/branches`, { new_branch_name: 'elsewhere', old_branch_name: 'main' }, owner.basic)).status, 201);
    assert.equal((await api.post(`${repo.path}/branches`, { new_branch_name: 'topic', old_branch_name: 'main' }, owner.basic)).status, 201);
    const pushed = await api.post(`${repo.path}/contents/more.txt`, { content: b64('more\n'), branch: 'topic', message: 'more' }, owner.basic);
    assert.equal(pushed.status, 201, JSON.stringify(pushed.body));
    const head = pushed.body.commit.sha;
    const status = await api.post(`${repo.path}/statuses/${head}`, { state: 'success', context: 'ci/build' }, owner.basic);
    assert.equal(status.status, 201, JSON.stringify(status.body));
    assert.equal((await api.post(`${repo.path}/tags`, { tag_name: 'v1', target: 'topic' }, owner.basic)).status, 201);
    assert.equal((await api.delete(`${repo.path}/tags/v1`, owner.basic)).status, 204);
    assert.equal((await api.delete(`${repo.path}/branches/topic`, owner.basic)).status, 204);

    const { events, errors } = await sub.settle(6);
    assert.deepEqual(errors, []);
    assert.deepEqual(events.map(brief), [
      ['create', 'topic', owner.login],
      ['push', 'topic', owner.login],
      ['status', 'ci/build', owner.login],
      ['create', 'v1', owner.login],
      ['delete', 'v1', owner.login],
      ['delete', 'topic', owner.login],
    ]);
    assert.deepEqual(events[0].ref, { ref: 'refs/heads/topic', name: 'topic', refType: 'branch', before: ZERO, after: main });
    assert.deepEqual(events[1].ref, { ref: 'refs/heads/topic', name: 'topic', refType: 'branch', before: main, after: head });
    assert.deepEqual(events[2].status, { sha: head, context: 'ci/build', state: 'success', index: 1, creator: { login: owner.login } });
    assert.equal(events[2].ref, null);
    assert.deepEqual([events[3].ref?.ref, events[3].ref?.refType, events[3].ref?.before, events[3].ref?.after], ['refs/tags/v1', 'tag', ZERO, head]);
    assert.deepEqual([events[5].ref?.before, events[5].ref?.after], [head, ZERO]);
    assert.ok(events.every((e) => e.repository.name === repo.name));
  });

  it('tells a git push that creates a branch as create then push, and one that deletes it as delete', async () => {
    const repo = await privateRepo();
    const clone = server.dir('clone');
    const url = remoteUrl(server.url, owner.login, repo.name, [owner.login, owner.password]);
    assert.equal((await git(['clone', '-q', url, clone])).status, 0);
    const sub = listen(server, reader, owner, repo);
    await sub.connected;
    const created = await git(['push', '-q', 'origin', 'main:refs/heads/pushed'], { cwd: clone });
    assert.equal(created.status, 0, created.stderr);
    await sub.delivered(2);
    const deleted = await git(['push', '-q', 'origin', ':refs/heads/pushed'], { cwd: clone });
    assert.equal(deleted.status, 0, deleted.stderr);

    const { events, errors } = await sub.settle(3);
    assert.deepEqual(errors, []);
    assert.deepEqual(events.map(brief), [
      ['create', 'pushed', owner.login],
      ['push', 'pushed', owner.login],
      ['delete', 'pushed', owner.login],
    ]);
    assert.deepEqual([events[1].ref?.before, events[1].ref?.after], [ZERO, repo.heads.main]);
    assert.deepEqual([events[2].ref?.before, events[2].ref?.after], [repo.heads.main, ZERO]);
  });

  it('stops delivering to a subscriber who loses read access, while those who keep it still receive', async () => {
    const repo = await privateRepo();
    const kept = listen(server, owner, owner, repo);
    const lost = listen(server, reader, owner, repo);
    await Promise.all([kept.connected, lost.connected]);
    assert.equal((await api.post(`${repo.path}/branches`, { new_branch_name: 'before', old_branch_name: 'main' }, owner.basic)).status, 201);
    await lost.delivered(1);
    assert.equal((await api.delete(`${repo.path}/collaborators/${reader.login}`, owner.basic)).status, 204);
    assert.equal((await api.post(`${repo.path}/branches`, { new_branch_name: 'after', old_branch_name: 'main' }, owner.basic)).status, 201);
    await kept.delivered(2);

    // Both subscriptions take each event from the bus together: the reader's would have come with the owner's.
    const [ownerSaw, readerSaw] = [await kept.settle(2), await lost.settle(1)];
    assert.deepEqual(ownerSaw.events.map(brief), [
      ['create', 'before', owner.login],
      ['create', 'after', owner.login],
    ]);
    assert.deepEqual(readerSaw.events.map(brief), [['create', 'before', owner.login]]);
    assert.deepEqual(readerSaw.errors, []);
  });

  it('stops delivering to someone who is not a collaborator once the repository is made private', async () => {
    const repo = await buildRepo(server, owner, { files: { 'README.md': 'hello\n' } });
    const kept = listen(server, owner, owner, repo);
    const lost = listen(server, stranger, owner, repo);
    await Promise.all([kept.connected, lost.connected]);
    assert.equal((await api.post(`${repo.path}/branches`, { new_branch_name: 'public', old_branch_name: 'main' }, owner.basic)).status, 201);
    await lost.delivered(1);
    assert.equal((await api.patch(repo.path, { private: true }, owner.basic)).status, 200);
    assert.equal((await api.post(`${repo.path}/branches`, { new_branch_name: 'hidden', old_branch_name: 'main' }, owner.basic)).status, 201);
    await kept.delivered(2);
    const [ownerSaw, strangerSaw] = [await kept.settle(2), await lost.settle(1)];
    assert.deepEqual(ownerSaw.events.map((e) => e.ref?.name), ['public', 'hidden']);
    assert.deepEqual(strangerSaw.events.map((e) => e.ref?.name), ['public']);
  });

  it('costs an event the same SQL statements for 12 subscribers as for 3, each still authorised', async () => {
    const readers = await createAccounts(api, 12);
    const repo = await buildRepo(server, owner, { private: true, files: { 'README.md': 'hello\n' }, collaborators: readers.map((r) => [r, 'read'] as [TestAccount, 'read']) });
    const STATUS = 'subscription($owner: String!, $name: String!) { repositoryEvents(owner: $owner, name: $name) { status { context creator { login } } } }';
    let n = 0;
    /** The statements of one status reported while `who` listen, until each received it. */
    const cost = async (who: TestAccount[]) => {
      const subs = who.map((w) => listenAs<{ status: { context: string } }>(server.url, w, 'repositoryEvents', STATUS, { owner: owner.login, name: repo.name }));
      await Promise.all(subs.map((s) => s.connected));
      await server.app.backgroundIdle();
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const context = `ci/${++n}`;
      assert.equal((await api.post(`${repo.path}/statuses/${repo.heads.main}`, { state: 'success', context }, owner.basic)).status, 201);
      await Promise.all(subs.map((s) => s.delivered(1)));
      await server.app.backgroundIdle();
      const statements = server.app.database.queryCount() - before;
      const seen = await Promise.all(subs.map((s) => s.settle(1)));
      assert.deepEqual(seen.map((s) => s.events.map((e) => e.status.context)), who.map(() => [context]));
      return statements;
    };
    const few = await cost(readers.slice(0, 3));
    const many = await cost(readers);
    assert.equal(many, few);
  });

  it("delivers to members of a team that reaches an organization's private repository, and stops when the team no longer reaches it", async () => {
    const org = await buildOrg(server, { owner, teams: [{ name: 'readers', permission: 'read', members: 2 }, { name: 'everything', permission: 'read', includesAllRepositories: true, members: 1 }] });
    const repo = await buildRepo(server, owner, { org: org.login, private: true, files: { 'README.md': 'hello\n' } });
    const team = org.teams.readers;
    assert.equal((await api.put(`/teams/${team.id}/repos/${org.login}/${repo.name}`, {}, owner.basic)).status, 204);
    const listenTo = (who: TestAccount) => listenAs<Delivered>(server.url, who, 'repositoryEvents', EVENTS, { owner: org.login, name: repo.name });
    const subs = [...team.members, ...org.teams.everything.members, stranger].map(listenTo);
    await Promise.all(subs.map((s) => s.connected));
    assert.equal((await api.post(`${repo.path}/branches`, { new_branch_name: 'first', old_branch_name: 'main' }, owner.basic)).status, 201);
    await Promise.all(subs.slice(0, 3).map((s) => s.delivered(1)));
    assert.equal((await api.delete(`/teams/${team.id}/repos/${org.login}/${repo.name}`, owner.basic)).status, 204);
    assert.equal((await api.post(`${repo.path}/branches`, { new_branch_name: 'second', old_branch_name: 'main' }, owner.basic)).status, 201);
    await subs[2].delivered(2);
    const [a, b, all] = await Promise.all(subs.slice(0, 3).map((s) => s.settle(2)));
    assert.deepEqual(a.events.map((e) => e.ref?.name), ['first']);
    assert.deepEqual(b.events.map((e) => e.ref?.name), ['first']);
    assert.deepEqual(all.events.map((e) => e.ref?.name), ['first', 'second']);
    // The stranger's subscription was refused at once: the repository does not exist for them.
    assert.equal((await subs[3].settle(0)).events.length, 0);
  });

  it('refuses to subscribe to a repository the caller cannot read, as if it did not exist', async () => {
    const repo = await privateRepo();
    const sub = listen(server, stranger, owner, repo);
    await sub.connected;
    for (let waited = 0; sub.errors.length === 0 && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    const { events, errors } = await sub.settle(0);
    assert.deepEqual(events, []);
    assert.equal(errors.length, 1);
    assert.match(errors[0], /not found|does not exist/i);
  });
});

describe('repositoryEvents across instances through Redis', () => {
  const REDIS_URL = process.env.GRAFT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const first = useServer({ redis: { URL: REDIS_URL } });
  // The second instance shares the first one's database and Redis, like a scaled-out deployment.
  const second = useServer({ redis: { URL: REDIS_URL } }, { sharingDataOf: first });

  it('delivers to a subscriber on one instance the pushes and statuses made through the other', async () => {
    const [owner] = await createAccounts(first.api, 1);
    const repo = await buildRepo(first, owner, { files: { 'README.md': 'hello\n' } });
    const sub = listen(first, owner, owner, repo);
    await sub.connected;
    const pushed = await second.api.post(`${repo.path}/contents/more.txt`, { content: b64('more\n'), message: 'more' }, owner.basic);
    assert.equal(pushed.status, 201, JSON.stringify(pushed.body));
    const head = pushed.body.commit.sha;
    assert.equal((await second.api.post(`${repo.path}/statuses/${head}`, { state: 'pending', context: 'ci/other' }, owner.basic)).status, 201);

    const { events, errors } = await sub.settle(2);
    assert.deepEqual(errors, []);
    assert.deepEqual(events.map(brief), [
      ['push', 'main', owner.login],
      ['status', 'ci/other', owner.login],
    ]);
    assert.equal(events[0].ref?.after, head);
    assert.equal(events[1].status?.sha, head);
  });
});
