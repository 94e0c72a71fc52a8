import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, createTokenAccount, type TestAccount } from '../../testkit/accounts.ts';
import { adminAuth } from '../../testkit/client.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { listenAs } from '../../testkit/subscriptions.ts';
import { useServer } from '../../testkit/use-server.ts';

describe('notifications', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let poster: TestAccount;
  let commenter: TestAccount;
  let stranger: TestAccount;
  let repo: TestRepo;

  before(async () => {
    [owner, poster, commenter, stranger] = await createAccounts(api, 4);
    repo = await buildRepo(server, owner, { autoInit: true, collaborators: [[poster, 'write'], [commenter, 'read']] });
  });

  const open = async (title: string, by = poster, target = repo) => {
    const res = await api.post(`${target.path}/issues`, { title }, by.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    await server.app.backgroundIdle();
    return res.body.number as number;
  };
  const comment = async (number: number, body: string, by = commenter, target = repo) => {
    const res = await api.post(`${target.path}/issues/${number}/comments`, { body }, by.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    await server.app.backgroundIdle();
    return res.body.id as number;
  };
  const threads = async (who: TestAccount, query = '') => {
    const res = await api.get(`/notifications${query}`, who.basic);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res;
  };
  const threadOf = async (who: TestAccount, number: number, target = repo) => {
    const res = await threads(who, '?all=true&limit=50');
    return (res.body as any[]).find((t) => t.repository.full_name === `${target.owner}/${target.name}` && t.subject.url.endsWith(`/issues/${number}`));
  };

  it('gives the watchers of a repository a thread for a new issue, but not its poster', async () => {
    const number = await open('watched');
    const thread = await threadOf(owner, number);
    assert.ok(thread, 'the owner watches the repository and gets a thread');
    assert.equal(thread.unread, true);
    assert.equal(thread.pinned, false);
    assert.equal(thread.subject.type, 'Issue');
    assert.equal(thread.subject.title, 'watched');
    assert.equal(thread.subject.state, 'open');
    assert.equal(thread.subject.html_url, new URL(`${repo.owner}/${repo.name}/issues/${number}`, server.url).href);
    assert.equal(thread.url, new URL(`api/v1/notifications/threads/${thread.id}`, server.url).href);
    assert.equal(await threadOf(poster, number), undefined, 'the actor is never notified of their own action');
  });

  it('keeps one thread per account per issue: a comment brings it back to unread and moves its time', async () => {
    const number = await open('commented');
    const first = await threadOf(owner, number);
    assert.equal((await api.patch(`/notifications/threads/${first.id}`, {}, owner.basic)).status, 205);
    assert.equal((await threadOf(owner, number)).unread, false);
    await new Promise((r) => setTimeout(r, 1100));
    const commentId = await comment(number, 'a reply');
    const again = await threadOf(owner, number);
    assert.equal(again.id, first.id);
    assert.equal(again.unread, true);
    assert.ok(again.updated_at > first.updated_at, `${again.updated_at} after ${first.updated_at}`);
    assert.ok(again.subject.latest_comment_url.endsWith(`/issues/comments/${commentId}`));
    // The poster participates, so the comment notifies them too.
    assert.ok(await threadOf(poster, number));
  });

  it('notifies an account mentioned or assigned, and only then', async () => {
    const number = await open('mentions');
    assert.equal(await threadOf(stranger, number), undefined);
    const [mentioned] = await createAccounts(api, 1);
    assert.equal((await api.put(`${repo.path}/collaborators/${mentioned.login}`, { permission: 'read' }, owner.basic)).status, 204);
    await comment(number, `look @${mentioned.login}`);
    assert.ok(await threadOf(mentioned, number));
    const [assignee] = await createAccounts(api, 1);
    assert.equal((await api.put(`${repo.path}/collaborators/${assignee.login}`, { permission: 'write' }, owner.basic)).status, 204);
    assert.equal(await threadOf(assignee, number), undefined);
    const assigned = await api.patch(`${repo.path}/issues/${number}`, { assignees: [assignee.login] }, poster.basic);
    assert.equal(assigned.status, 201, JSON.stringify(assigned.body));
    await server.app.backgroundIdle();
    assert.ok(await threadOf(assignee, number));
  });

  it('lists unread and pinned threads by default, every state with all, and filters by status-types and subject-type', async () => {
    const [reader] = await createAccounts(api, 1);
    const own = await buildRepo(server, reader, { autoInit: true, collaborators: [[poster, 'write']] });
    const a = await open('a', poster, own);
    const b = await open('b', poster, own);
    const c = await open('c', poster, own);
    const [ta, tb] = [await threadOf(reader, a, own), await threadOf(reader, b, own)];
    assert.equal((await api.patch(`/notifications/threads/${ta.id}?to-status=read`, {}, reader.basic)).status, 205);
    assert.equal((await api.patch(`/notifications/threads/${tb.id}?to-status=pinned`, {}, reader.basic)).status, 205);
    const numbers = (res: { body: any[] }) => res.body.map((t) => t.subject.title).sort();
    const byDefault = await threads(reader);
    assert.deepEqual(numbers(byDefault), ['b', 'c']);
    assert.equal(byDefault.headers.get('x-total-count'), '2');
    assert.deepEqual(numbers(await threads(reader, '?all=true')), ['a', 'b', 'c']);
    assert.deepEqual(numbers(await threads(reader, '?status-types=read')), ['a']);
    assert.deepEqual(numbers(await threads(reader, '?status-types=pinned&status-types=read')), ['a', 'b']);
    assert.deepEqual(numbers(await threads(reader, '?all=true&subject-type=pull')), []);
    assert.deepEqual(numbers(await threads(reader, '?all=true&subject-type=issue')), ['a', 'b', 'c']);
    assert.deepEqual(numbers(await threads(reader, '?all=true&before=2000-01-01T00:00:00Z')), []);
    assert.deepEqual(numbers(await threads(reader, '?all=true&since=2000-01-01T00:00:00Z')), ['a', 'b', 'c']);
    assert.deepEqual(numbers(await threads(reader, '?all=true&limit=2&page=2')), [numbers(await threads(reader, '?all=true'))[0]]);
    void c;
    const count = await api.get('/notifications/new', reader.basic);
    assert.deepEqual(count.body, { new: 1 });
  });

  it('marks all threads (or one repository\'s) read up to last_read_at and answers 205 with the threads changed', async () => {
    const [reader] = await createAccounts(api, 1);
    const one = await buildRepo(server, reader, { autoInit: true, collaborators: [[poster, 'write']] });
    const two = await buildRepo(server, reader, { autoInit: true, collaborators: [[poster, 'write']] });
    await open('one', poster, one);
    await open('two', poster, two);
    const early = await api.put('/notifications?last_read_at=2000-01-01T00:00:00Z', undefined, reader.basic);
    assert.equal(early.status, 205);
    assert.deepEqual(early.body, []);
    const repoOnly = await api.put(`${one.path}/notifications`, undefined, reader.basic);
    assert.equal(repoOnly.status, 205);
    assert.deepEqual(repoOnly.body.map((t: any) => [t.subject.title, t.unread]), [['one', false]]);
    assert.deepEqual((await api.get('/notifications/new', reader.basic)).body, { new: 1 });
    const all = await api.put('/notifications', undefined, reader.basic);
    assert.deepEqual(all.body.map((t: any) => t.subject.title), ['two']);
    assert.deepEqual((await api.get('/notifications/new', reader.basic)).body, { new: 0 });
    const repoList = await api.get(`${two.path}/notifications?all=true`, reader.basic);
    assert.deepEqual(repoList.body.map((t: any) => t.subject.title), ['two']);
  });

  it("answers another account's thread with 403 as Gitea does, a missing one with 404, and lets a site admin read it", async () => {
    const number = await open('private matters');
    const thread = await threadOf(owner, number);
    assert.equal((await api.get(`/notifications/threads/${thread.id}`, stranger.basic)).status, 403);
    assert.equal((await api.patch(`/notifications/threads/${thread.id}`, {}, stranger.basic)).status, 403);
    assert.equal((await api.get('/notifications/threads/999999', owner.basic)).status, 404);
    assert.equal((await api.get('/notifications/threads/not-a-number', owner.basic)).status, 404);
    const pinned = await api.patch(`/notifications/threads/${thread.id}?to-status=pinned`, undefined, owner.basic);
    assert.equal(pinned.status, 205);
    assert.deepEqual([pinned.body.id, pinned.body.pinned, pinned.body.unread], [thread.id, true, false]);
    assert.equal((await api.get(`/notifications/threads/${thread.id}`, adminAuth)).status, 200);
    assert.equal((await api.get(`${repo.path}/notifications`, stranger.basic)).status, 200);
    assert.equal((await api.get(`/repos/${owner.login}/no-such-repo/notifications`, owner.basic)).status, 404);
  });

  it('answers anonymous callers 401 and needs the notification scope of a token', async () => {
    assert.equal((await api.get('/notifications')).status, 401);
    assert.equal((await api.get('/notifications/new')).status, 401);
    const repoScoped = await createTokenAccount(api, { scopes: ['read:repository'] });
    assert.equal((await api.get('/notifications', repoScoped.tokenAuth)).status, 403);
    const readOnly = await createTokenAccount(api, { scopes: ['read:notification'] });
    assert.equal((await api.get('/notifications', readOnly.tokenAuth)).status, 200);
    assert.equal((await api.put('/notifications', {}, readOnly.tokenAuth)).status, 403);
  });

  it("lists a token's threads with the notification scope alone, their repository (a fork, with its parent) included", async () => {
    const watcher = await createTokenAccount(api, { scopes: ['read:notification'] });
    const fork = await api.post(`${repo.path}/forks`, { name: `fork-for-${watcher.login}` }, owner.basic);
    assert.equal(fork.status, 202, JSON.stringify(fork.body));
    const forked = { ...repo, name: fork.body.name, path: `/repos/${owner.login}/${fork.body.name}` };
    assert.equal((await api.put(`/repos/${owner.login}/${fork.body.name}/collaborators/${watcher.login}`, { permission: 'read' }, owner.basic)).status, 204);
    assert.equal((await api.put(`${forked.path}/subscription`, {}, watcher.basic)).status, 200);
    assert.equal((await api.post(`${forked.path}/issues`, { title: 'for the watcher' }, owner.basic)).status, 201);
    await server.app.backgroundIdle();
    const listed = await api.get('/notifications', watcher.tokenAuth);
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    assert.equal(listed.body.length, 1);
    assert.equal(listed.body[0].repository.name, fork.body.name);
    assert.equal(listed.body[0].repository.parent.full_name, `${repo.owner}/${repo.name}`);
  });

  it('hides the threads of a repository the account no longer reads', async () => {
    const [gone] = await createAccounts(api, 1);
    const priv = await buildRepo(server, owner, { autoInit: true, private: true, collaborators: [[gone, 'read'], [poster, 'write']] });
    assert.equal((await api.put(`${priv.path}/subscription`, {}, gone.basic)).status, 200);
    const number = await open('secret', poster, priv);
    assert.ok(await threadOf(gone, number, priv));
    assert.equal((await api.delete(`${priv.path}/collaborators/${gone.login}`, owner.basic)).status, 204);
    assert.equal(await threadOf(gone, number, priv), undefined);
    assert.deepEqual((await api.get('/notifications/new', gone.basic)).body, { new: 0 });
  });

  it('costs the same SQL statements for a page of fifty threads as for a page of one', async () => {
    const [reader] = await createAccounts(api, 1);
    const own = await buildRepo(server, reader, { autoInit: true, collaborators: [[poster, 'write']] });
    const other = await buildRepo(server, owner, { autoInit: true, collaborators: [[poster, 'write'], [reader, 'read']] });
    assert.equal((await api.put(`${other.path}/subscription`, {}, reader.basic)).status, 200);
    for (let i = 0; i < 25; i++) {
      await api.post(`${own.path}/issues`, { title: `own ${i}` }, poster.basic);
      await api.post(`${other.path}/issues`, { title: `other ${i}` }, poster.basic);
    }
    await server.app.backgroundIdle();
    const cost = async (limit: number) => {
      await api.get(`/notifications?limit=${limit}`, reader.basic);
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await api.get(`/notifications?limit=${limit}`, reader.basic);
      assert.equal(res.body.length, limit);
      return server.app.database.queryCount() - before;
    };
    assert.equal(await cost(50), await cost(1));
  });

  it('writes the threads of many followers with the statements of one', async () => {
    const followers = await createAccounts(api, 6);
    const busy = await buildRepo(server, owner, { autoInit: true, collaborators: followers.map((f) => [f, 'read'] as [TestAccount, 'read']) });
    const cost = async (watchers: TestAccount[]) => {
      for (const f of watchers) assert.equal((await api.put(`${busy.path}/subscription`, {}, f.basic)).status, 200);
      await server.app.backgroundIdle();
      const res = await api.post(`${busy.path}/issues`, { title: 'busy' }, owner.basic);
      assert.equal(res.status, 201);
      await server.app.backgroundIdle();
      // Both measured cold: what one of them finds in the caches would count as a difference of followers.
      server.app.caches.clear();
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      await api.post(`${busy.path}/issues/${res.body.number}/comments`, { body: 'again' }, owner.basic);
      await server.app.backgroundIdle();
      return server.app.database.queryCount() - before;
    };
    const one = await cost(followers.slice(0, 1));
    const many = await cost(followers.slice(1));
    assert.equal(many, one);
  });

  it('tells the signed-in account over notificationEvents of a new thread, a thread back to unread and states it set', async () => {
    const [reader] = await createAccounts(api, 1);
    const own = await buildRepo(server, reader, { autoInit: true, collaborators: [[poster, 'write']] });
    const listener = listenAs<{ kind: string; threadIds: number[]; unreadCount: number }>(
      server.url,
      reader,
      'notificationEvents',
      'subscription { notificationEvents { kind threadIds unreadCount } }',
      {},
    );
    await listener.connected;
    const number = await open('live', poster, own);
    const thread = await threadOf(reader, number, own);
    await api.patch(`/notifications/threads/${thread.id}`, {}, reader.basic);
    await api.post(`${own.path}/issues/${number}/comments`, { body: 'more' }, poster.basic);
    await server.app.backgroundIdle();
    const { events, errors } = await listener.settle(3);
    assert.deepEqual(errors, []);
    assert.deepEqual(events, [
      { kind: 'NEW', threadIds: [thread.id], unreadCount: 1 },
      { kind: 'STATUS_CHANGED', threadIds: [thread.id], unreadCount: 0 },
      { kind: 'UPDATED', threadIds: [thread.id], unreadCount: 1 },
    ]);
  });

  it('reads the same threads through viewer.notifications in GraphQL', async () => {
    const number = await open('graphql');
    const res = await server.graphql(
      'query { viewer { notifications(first: 50, all: true) { totalCount nodes { databaseId subjectNumber subjectType status repository { name } } } } unreadNotificationCount }',
      {},
      owner.basic,
    );
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const node = res.data.viewer.notifications.nodes.find((n: any) => n.subjectNumber === number && n.repository.name === repo.name);
    assert.equal(node.subjectType, 'Issue');
    assert.equal(node.status, 'unread');
    assert.equal(typeof res.data.unreadNotificationCount, 'number');
  });
});
