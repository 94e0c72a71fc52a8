import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { adminAuth, type Auth } from '../../testkit/client.ts';
import { buildOrg, type BuiltOrg } from '../../testkit/orgs.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer, type ServerKit } from '../../testkit/use-server.ts';

/** The SQL statements a page of `limit` entries of a feed costs, with cold caches (a row read once per entry shows). */
async function pageCost(server: ServerKit, path: string, limit: number, auth?: Auth): Promise<number> {
  server.app.caches.clear();
  await server.app.backgroundIdle();
  const before = server.app.database.queryCount();
  const res = await server.api.get(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}`, auth);
  const spent = server.app.database.queryCount() - before;
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.length, limit);
  return spent;
}

type Activity = { op_type: string; act_user: { login: string }; repo: { full_name: string }; content: string; ref_name: string; comment: { body: string } | null; comment_id: number; is_private: boolean; user_id: number };

describe('activity feeds', () => {
  const server = useServer();
  const { api } = server;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;
  let open: TestRepo;
  let secret: TestRepo;
  let org: BuiltOrg;
  let orgRepo: TestRepo;
  let orgSecret: TestRepo;

  const feed = async (path: string, auth?: Auth): Promise<Activity[]> => {
    await server.app.backgroundIdle();
    const res = await api.get(path, auth);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body;
  };

  before(async () => {
    [alice, bob, carol] = await createAccounts(api, 3);
    open = await buildRepo(server, alice, { files: { 'a.txt': 'a\n' } });
    secret = await buildRepo(server, alice, { private: true, files: { 's.txt': 's\n' }, collaborators: [[carol, 'read']] });
    org = await buildOrg(server, { owner: alice, teams: [{ name: 'devs', permission: 'write', members: [bob] }] });
    orgRepo = await buildRepo(server, alice, { org: org.login, files: { 'o.txt': 'o\n' } });
    orgSecret = await buildRepo(server, alice, { org: org.login, private: true, files: { 'p.txt': 'p\n' } });
    assert.equal((await api.put(`${orgSecret.path}/collaborators/${carol.login}`, { permission: 'read' }, alice.basic)).status, 204);
    assert.equal((await api.put(`/teams/${org.teams.devs.id}/repos/${org.login}/${orgRepo.name}`, undefined, alice.basic)).status, 204);
    // bob opens an issue on alice's public repository and comments on it; alice closes it.
    assert.equal((await api.post(`${open.path}/issues`, { title: 'It breaks' }, bob.basic)).status, 201);
    assert.equal((await api.post(`${open.path}/issues/1/comments`, { body: 'Here is how' }, bob.basic)).status, 201);
    assert.equal((await api.patch(`${open.path}/issues/1`, { state: 'closed' }, alice.basic)).status, 201);
    assert.equal((await api.post(`${secret.path}/issues`, { title: 'Hidden' }, alice.basic)).status, 201);
    await server.app.backgroundIdle();
  });

  it("lists a repository's activity newest first, with Gitea's op types, content, refs and the comment", async () => {
    const entries = await feed(`${open.path}/activities/feeds`);
    assert.deepEqual(
      entries.map((e) => e.op_type),
      ['close_issue', 'comment_issue', 'create_issue', 'commit_repo', 'create_repo'],
    );
    const [closed, comment, created, pushed] = entries;
    assert.equal(closed.act_user.login, alice.login);
    assert.equal(created.act_user.login, bob.login);
    assert.equal(created.content, '1|It breaks');
    assert.equal(comment.content, '1|Here is how');
    assert.equal(comment.comment?.body, 'Here is how');
    assert.ok(comment.comment_id > 0);
    assert.equal(created.comment, null);
    assert.equal(created.comment_id, 0);
    assert.equal(pushed.ref_name, `refs/heads/${open.defaultBranch}`);
    const commits = JSON.parse(pushed.content);
    assert.equal(commits.HeadCommit.Sha1, open.heads[open.defaultBranch]);
    assert.equal(commits.CompareURL, '');
    assert.equal(pushed.repo.full_name, open.fullName);
    assert.equal(pushed.is_private, false);
  });

  it('answers the page and the total as every list does', async () => {
    const res = await api.get(`${open.path}/activities/feeds?limit=2&page=2`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.map((e: Activity) => e.op_type), ['create_issue', 'commit_repo']);
    assert.equal(res.headers.get('x-total-count'), '5');
  });

  it("shows a private repository's feed only to those who read it", async () => {
    assert.equal((await api.get(`${secret.path}/activities/feeds`)).status, 404);
    assert.equal((await api.get(`${secret.path}/activities/feeds`, bob.basic)).status, 404);
    const seen = await feed(`${secret.path}/activities/feeds`, carol.basic);
    assert.deepEqual(seen.map((e) => e.op_type), ['create_issue', 'commit_repo', 'create_repo']);
    assert.ok(seen.every((e) => e.is_private));
  });

  it("shows an account its own private activity in its feed, and hides it from everyone else, readers of the repository included", async () => {
    const own = await feed(`/users/${alice.login}/activities/feeds`, alice.basic);
    assert.ok(own.some((e) => e.repo.full_name === secret.fullName));
    for (const auth of [undefined, bob.basic, carol.basic]) {
      const other = await feed(`/users/${alice.login}/activities/feeds`, auth);
      assert.ok(other.length > 0);
      assert.ok(!other.some((e) => e.is_private), 'no private entry for another viewer');
    }
    const admin = await feed(`/users/${alice.login}/activities/feeds`, adminAuth);
    assert.ok(admin.some((e) => e.repo.full_name === secret.fullName));
  });

  it("puts what others did in an account's repositories in its feed, unless only-performed-by asks for its own doings", async () => {
    const all = await feed(`/users/${alice.login}/activities/feeds`, alice.basic);
    assert.ok(all.some((e) => e.act_user.login === bob.login && e.op_type === 'create_issue'));
    assert.ok(all.every((e) => e.user_id === alice.id));
    const own = await feed(`/users/${alice.login}/activities/feeds?only-performed-by=true`, alice.basic);
    assert.ok(own.length > 0);
    assert.ok(own.every((e) => e.act_user.login === alice.login));
    const bobs = await feed(`/users/${bob.login}/activities/feeds`);
    assert.deepEqual(bobs.map((e) => e.op_type), ['comment_issue', 'create_issue']);
  });

  it('keeps to one day with date, and takes a date it cannot read as today, as Gitea does', async () => {
    const today = new Date().toISOString().slice(0, 10);
    assert.equal((await feed(`${open.path}/activities/feeds?date=${today}`)).length, 5);
    assert.equal((await feed(`${open.path}/activities/feeds?date=2001-02-03`)).length, 0);
    assert.equal((await feed(`${open.path}/activities/feeds?date=yesterday`)).length, 5);
  });

  it("lists an organization's activity, its private repositories' only for its members who read them", async () => {
    const owners = await feed(`/orgs/${org.login}/activities/feeds`, alice.basic);
    assert.ok(owners.some((e) => e.repo.full_name === orgSecret.fullName && e.op_type === 'create_repo'));
    assert.ok(owners.every((e) => e.user_id === org.id));
    // bob is a member, but his team does not reach the private repository.
    const member = await feed(`/orgs/${org.login}/activities/feeds`, bob.basic);
    assert.deepEqual(new Set(member.map((e) => e.repo.full_name)), new Set([orgRepo.fullName]));
    // carol reads the private repository as a collaborator, but is no member: its activity stays out of the organization's feed.
    assert.ok((await feed(`${orgSecret.path}/activities/feeds`, carol.basic)).length > 0);
    const outsiders = await feed(`/orgs/${org.login}/activities/feeds`, carol.basic);
    assert.deepEqual(new Set(outsiders.map((e) => e.repo.full_name)), new Set([orgRepo.fullName]));
    assert.equal((await api.get('/orgs/no-such-org/activities/feeds')).status, 404);
  });

  it("lists a team's activity in the repositories it reaches, for its members and the organization's owners only", async () => {
    const path = `/teams/${org.teams.devs.id}/activities/feeds`;
    const seen = await feed(path, bob.basic);
    assert.deepEqual(new Set(seen.map((e) => e.repo.full_name)), new Set([orgRepo.fullName]));
    assert.equal((await feed(path, alice.basic)).length, seen.length);
    assert.equal((await api.get(path, carol.basic)).status, 404);
    assert.equal((await api.get(path)).status, 401);
  });

  it("counts an account's contributions by quarter hour in the heatmap, only in repositories the viewer reads", async () => {
    await server.app.backgroundIdle();
    const own = await api.get(`/users/${alice.login}/heatmap`, alice.basic);
    assert.equal(own.status, 200);
    const ownTotal = own.body.reduce((n: number, e: { contributions: number }) => n + e.contributions, 0);
    const performed = await feed(`/users/${alice.login}/activities/feeds?only-performed-by=true&limit=50`, alice.basic);
    assert.equal(ownTotal, performed.length);
    for (const entry of own.body) assert.equal(entry.timestamp % 900, 0);
    const anonymous = await api.get(`/users/${alice.login}/heatmap`);
    const anonymousTotal = anonymous.body.reduce((n: number, e: { contributions: number }) => n + e.contributions, 0);
    // alice's private repository (created, pushed, an issue) and her organization's (created, pushed) are not counted.
    assert.equal(anonymousTotal, ownTotal - 5);
    assert.equal((await api.get('/users/no-such-user/heatmap')).status, 404);
  });

  it('a page of 50 activities costs the same SQL statements as a page of 1', async () => {
    const busy = await buildRepo(server, bob, { files: { 'b.txt': 'b\n' } });
    for (let i = 0; i < 25; i++) {
      assert.equal((await api.post(`${busy.path}/issues`, { title: `issue ${i}` }, bob.basic)).status, 201);
      assert.equal((await api.post(`${busy.path}/issues/${i + 1}/comments`, { body: `comment ${i}` }, carol.basic)).status, 201);
    }
    await server.app.backgroundIdle();
    assert.equal(await pageCost(server, `${busy.path}/activities/feeds`, 50), await pageCost(server, `${busy.path}/activities/feeds`, 1));
    assert.equal(await pageCost(server, `/users/${bob.login}/activities/feeds`, 50, bob.basic), await pageCost(server, `/users/${bob.login}/activities/feeds`, 1, bob.basic));
  });
});

describe('what the activity feeds record', () => {
  const server = useServer();
  const { api } = server;

  it('records pushes of branches and tags, pull requests opened, approved and merged, branches and tags deleted, and transfers', async () => {
    const [alice, bob] = await createAccounts(api, 2);
    const org = await buildOrg(server, { owner: alice });
    const repo = await buildRepo(server, alice, {
      commits: [
        { key: 'base', files: { 'a.txt': 'a\n' } },
        { key: 'topic', branch: 'topic', from: 'base', files: { 't.txt': 't\n' } },
      ],
      tags: { v1: 'base' },
      collaborators: [[bob, 'write']],
    });
    const entries = async (path: string) => {
      await server.app.backgroundIdle();
      const res = await api.get(`${path}/activities/feeds?limit=50`, alice.basic);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body as Activity[];
    };
    const pushed = await entries(repo.path);
    assert.deepEqual(
      pushed.map((e) => `${e.op_type} ${e.ref_name}`).sort(),
      ['commit_repo refs/heads/main', 'commit_repo refs/heads/topic', 'create_repo ', 'push_tag refs/tags/v1'],
    );
    const topic = JSON.parse(pushed.find((e) => e.ref_name === 'refs/heads/topic')!.content);
    assert.equal(topic.HeadCommit.Sha1, repo.ids.topic);

    assert.equal((await api.post(`${repo.path}/pulls`, { head: 'topic', base: 'main', title: 'Topic' }, alice.basic)).status, 201);
    await server.app.backgroundIdle();
    assert.equal((await api.post(`${repo.path}/pulls/1/reviews`, { event: 'APPROVED', body: 'Good' }, bob.basic)).status, 200);
    const merged = await api.post(`${repo.path}/pulls/1/merge`, { Do: 'merge' }, alice.basic);
    assert.equal(merged.status, 200, JSON.stringify(merged.body));
    assert.equal((await api.delete(`${repo.path}/branches/topic`, alice.basic)).status, 204);
    assert.equal((await api.delete(`${repo.path}/tags/v1`, alice.basic)).status, 204);
    const transferred = await api.post(`${repo.path}/transfer`, { new_owner: org.login }, alice.basic);
    assert.equal(transferred.status, 202, JSON.stringify(transferred.body));

    const after = await entries(`/repos/${org.login}/${repo.name}`);
    const newer = after.slice(0, after.length - pushed.length);
    assert.deepEqual(
      newer.map((e) => `${e.op_type} ${e.act_user.login}`),
      [
        `transfer_repo ${alice.login}`,
        `delete_tag ${alice.login}`,
        `delete_branch ${alice.login}`,
        // The merge's entry, then its push's (published in that order).
        `merge_pull_request ${alice.login}`,
        `commit_repo ${alice.login}`,
        `approve_pull_request ${bob.login}`,
        `create_pull_request ${alice.login}`,
      ],
    );
    assert.equal(newer.find((e) => e.op_type === 'create_pull_request')!.content, '1|Topic');
    assert.equal(newer.find((e) => e.op_type === 'approve_pull_request')!.content, '1|Good');
  });
});

