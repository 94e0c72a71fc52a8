import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { adminAuth } from '../../testkit/client.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

describe('comments on issues', () => {
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
    repo = await buildRepo(server, owner, { autoInit: true, collaborators: [[writer, 'write'], [reader, 'read']] });
  });

  const openIssue = async (title = 'an issue', path = repo.path, by = owner) => {
    const res = await api.post(`${path}/issues`, { title }, by.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.number as number;
  };
  const comment = async (number: number, body: string, by: TestAccount = owner, path = repo.path) => {
    const res = await api.post(`${path}/issues/${number}/comments`, { body }, by.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body;
  };
  const issueRow = (number: number, repoId = repo.id) => db().issue.findUniqueOrThrow({ where: { repoId_number: { repoId, number } } });

  it("answers a new comment in Gitea's shape, counts it on its issue and reads it back by id", async () => {
    const number = await openIssue();
    const before = await issueRow(number);
    const made = await comment(number, 'first words', reader);
    assert.equal(made.body, 'first words');
    assert.equal(made.user.login, reader.login);
    assert.equal(made.html_url, `${server.url}${owner.login}/${repo.name}/issues/${number}#issuecomment-${made.id}`);
    // Gitea sends the issue's web page as issue_url, and no pull request page for an issue's comment.
    assert.equal(made.issue_url, `${server.url}${owner.login}/${repo.name}/issues/${number}`);
    assert.equal(made.pull_request_url, '');
    assert.deepEqual(made.assets, []);
    assert.equal(made.original_author, '');
    assert.equal(made.created_at, made.updated_at);
    const after = await issueRow(number);
    assert.equal(after.commentCount, before.commentCount + 1);
    assert.ok(after.updatedAt >= before.updatedAt);
    assert.equal((await api.get(`${repo.path}/issues/${number}`)).body.comments, 1);
    const got = await api.get(`${repo.path}/issues/comments/${made.id}`, reader.basic);
    assert.equal(got.status, 200);
    assert.deepEqual(got.body, made);
  });

  it('refuses an empty body with 422, anonymous callers with 401, and an issue that does not exist with 404', async () => {
    const number = await openIssue();
    assert.equal((await api.post(`${repo.path}/issues/${number}/comments`, { body: '' }, owner.basic)).status, 422);
    assert.equal((await api.post(`${repo.path}/issues/${number}/comments`, {}, owner.basic)).status, 422);
    assert.equal((await api.post(`${repo.path}/issues/${number}/comments`, { body: 'x' })).status, 401);
    assert.equal((await api.post(`${repo.path}/issues/9999/comments`, { body: 'x' }, owner.basic)).status, 404);
    assert.equal((await issueRow(number)).commentCount, 0);
  });

  it('hides the comments of a private repository from those who may not see it, and lets its readers comment', async () => {
    const hidden = await buildRepo(server, owner, { autoInit: true, private: true, collaborators: [[reader, 'read']] });
    const number = await openIssue('private', hidden.path);
    const made = await comment(number, 'from a reader', reader, hidden.path);
    assert.equal((await api.post(`${hidden.path}/issues/${number}/comments`, { body: 'x' }, stranger.basic)).status, 404);
    assert.equal((await api.get(`${hidden.path}/issues/${number}/comments`, stranger.basic)).status, 404);
    assert.equal((await api.get(`${hidden.path}/issues/comments/${made.id}`, stranger.basic)).status, 404);
    assert.equal((await api.get(`${hidden.path}/issues/comments`)).status, 404);
    assert.equal((await api.patch(`${hidden.path}/issues/comments/${made.id}`, { body: 'mine' }, stranger.basic)).status, 404);
    assert.equal((await api.delete(`${hidden.path}/issues/comments/${made.id}`, stranger.basic)).status, 404);
  });

  it('answers 404 for every comment route when the repository has its issues switched off', async () => {
    const off = await buildRepo(server, owner, { autoInit: true });
    const number = await openIssue('before', off.path);
    const made = await comment(number, 'before', owner, off.path);
    assert.equal((await api.patch(off.path, { has_issues: false }, owner.basic)).status, 200);
    assert.equal((await api.get(`${off.path}/issues/${number}/comments`, owner.basic)).status, 404);
    // The repository's list keeps to what may be read: its pull requests' comments (it has none).
    assert.deepEqual((await api.get(`${off.path}/issues/comments`, owner.basic)).body, []);
    assert.equal((await api.patch(off.path, { has_pull_requests: false }, owner.basic)).status, 200);
    assert.equal((await api.get(`${off.path}/issues/comments`, owner.basic)).status, 404);
    assert.equal((await api.get(`${off.path}/issues/comments/${made.id}`, owner.basic)).status, 404);
    assert.equal((await api.post(`${off.path}/issues/${number}/comments`, { body: 'x' }, owner.basic)).status, 404);
    assert.equal((await api.delete(`${off.path}/issues/comments/${made.id}`, owner.basic)).status, 404);
  });

  it('refuses comment writes in an archived repository with 423', async () => {
    const archived = await buildRepo(server, owner, { autoInit: true });
    const number = await openIssue('archived', archived.path);
    const made = await comment(number, 'before archiving', owner, archived.path);
    assert.equal((await api.patch(archived.path, { archived: true }, owner.basic)).status, 200);
    assert.equal((await api.post(`${archived.path}/issues/${number}/comments`, { body: 'x' }, owner.basic)).status, 423);
    assert.equal((await api.patch(`${archived.path}/issues/comments/${made.id}`, { body: 'x' }, owner.basic)).status, 423);
    assert.equal((await api.delete(`${archived.path}/issues/comments/${made.id}`, owner.basic)).status, 423);
    assert.equal((await api.get(`${archived.path}/issues/comments/${made.id}`, owner.basic)).status, 200);
  });

  it('takes comments on a locked issue only from those who write to the issues and from site admins (403 for others)', async () => {
    const number = await openIssue('locked');
    await db().issue.update({ where: { repoId_number: { repoId: repo.id, number } }, data: { isLocked: true } });
    const refused = await api.post(`${repo.path}/issues/${number}/comments`, { body: 'let me in' }, reader.basic);
    assert.equal(refused.status, 403);
    assert.match(refused.body.message, /locked/);
    await comment(number, 'a writer may', writer);
    await comment(number, 'so may a site admin', { ...owner, basic: adminAuth });
    assert.equal((await issueRow(number)).commentCount, 2);
  });

  it("lists an issue's comments oldest first, without its events, filtered by since and before, with X-Total-Count", async () => {
    const number = await openIssue('listed');
    const first = await comment(number, 'one');
    await api.patch(`${repo.path}/issues/${number}`, { state: 'closed' }, owner.basic);
    const second = await comment(number, 'two', writer);
    const res = await api.get(`${repo.path}/issues/${number}/comments`, reader.basic);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.map((c: { body: string }) => c.body), ['one', 'two']);
    assert.equal(res.headers.get('x-total-count'), '2');
    const stamp = (offsetSeconds: number) => new Date(Date.parse(second.updated_at) + offsetSeconds * 1000).toISOString();
    await db().comment.update({ where: { id: first.id }, data: { updatedAt: new Date('2020-01-01T00:00:00Z') } });
    const since = await api.get(`${repo.path}/issues/${number}/comments?since=${stamp(-1)}`, reader.basic);
    assert.deepEqual(since.body.map((c: { id: number }) => c.id), [second.id]);
    const upTo = await api.get(`${repo.path}/issues/${number}/comments?before=2020-06-01T00:00:00%2B02:00`, reader.basic);
    assert.deepEqual(upTo.body.map((c: { id: number }) => c.id), [first.id]);
    assert.equal((await api.get(`${repo.path}/issues/9999/comments`)).status, 404);
  });

  it("pages a repository's comments on all its issues, oldest first, with since and before", async () => {
    const paged = await buildRepo(server, owner, { autoInit: true });
    const a = await openIssue('a', paged.path);
    const b = await openIssue('b', paged.path);
    for (const [number, body] of [[a, 'a1'], [b, 'b1'], [a, 'a2']] as const) await comment(number, body, owner, paged.path);
    const page1 = await api.get(`${paged.path}/issues/comments?limit=2&page=1`);
    assert.equal(page1.status, 200);
    assert.deepEqual(page1.body.map((c: { body: string }) => c.body), ['a1', 'b1']);
    assert.equal(page1.headers.get('x-total-count'), '3');
    assert.match(page1.headers.get('link') ?? '', /rel="next"/);
    const page2 = await api.get(`${paged.path}/issues/comments?limit=2&page=2`);
    assert.deepEqual(page2.body.map((c: { body: string }) => c.body), ['a2']);
    assert.match(page2.body[0].issue_url, new RegExp(`/issues/${a}$`));
    const none = await api.get(`${paged.path}/issues/comments?before=2000-01-01T00:00:00Z`);
    assert.deepEqual(none.body, []);
    assert.equal(none.headers.get('x-total-count'), '0');
  });

  it('lets the poster and writers change a comment, refuses others with 403, and keeps it on its repository', async () => {
    const number = await openIssue('edits');
    const made = await comment(number, 'draft', reader);
    const edited = await api.patch(`${repo.path}/issues/comments/${made.id}`, { body: 'final' }, reader.basic);
    assert.equal(edited.status, 200);
    assert.equal(edited.body.body, 'final');
    assert.equal(edited.body.id, made.id);
    assert.equal((await api.patch(`${repo.path}/issues/comments/${made.id}`, { body: 'by a writer' }, writer.basic)).body.body, 'by a writer');
    const [other] = await createAccounts(api, 1);
    const refused = await api.patch(`${repo.path}/issues/comments/${made.id}`, { body: 'not mine' }, other.basic);
    assert.equal(refused.status, 403);
    assert.equal((await api.patch(`${repo.path}/issues/comments/${made.id}`, { body: '' }, reader.basic)).status, 422);
    const elsewhere = await buildRepo(server, reader, { autoInit: true });
    assert.equal((await api.patch(`${elsewhere.path}/issues/comments/${made.id}`, { body: 'x' }, reader.basic)).status, 404);
    assert.equal((await api.get(`${elsewhere.path}/issues/comments/${made.id}`, reader.basic)).status, 404);
    const deprecated = await api.patch(`${repo.path}/issues/0/comments/${made.id}`, { body: 'through the old path' }, reader.basic);
    assert.equal(deprecated.status, 200);
    assert.equal(deprecated.body.body, 'through the old path');
    assert.equal((await db().comment.findUniqueOrThrow({ where: { id: made.id } })).body, 'through the old path');
  });

  it('answers a timeline event read or edited through the comment routes with 204, leaving it as it is', async () => {
    const number = await openIssue('events');
    await api.patch(`${repo.path}/issues/${number}`, { state: 'closed' }, owner.basic);
    const closing = await db().comment.findFirstOrThrow({ where: { issue: { repoId: repo.id, number }, type: 'close' } });
    const read = await api.get(`${repo.path}/issues/comments/${closing.id}`, owner.basic);
    assert.equal(read.status, 204);
    assert.equal(read.body, undefined);
    assert.equal((await api.patch(`${repo.path}/issues/comments/${closing.id}`, { body: 'rewritten' }, owner.basic)).status, 204);
    assert.equal((await db().comment.findUniqueOrThrow({ where: { id: closing.id } })).body, '');
  });

  it('deletes a comment with content for its poster or a writer, with its reactions, and takes it out of the count', async () => {
    const number = await openIssue('deletions');
    const mine = await comment(number, 'a comment with content', reader);
    const theirs = await comment(number, 'another one', reader);
    const kept = await comment(number, 'stays', reader);
    const issue = await issueRow(number);
    await db().reaction.create({ data: { issueId: issue.id, commentId: mine.id, userId: owner.id, type: 'heart' } });
    const [other] = await createAccounts(api, 1);
    assert.equal((await api.delete(`${repo.path}/issues/comments/${mine.id}`, other.basic)).status, 403);
    assert.equal((await api.delete(`${repo.path}/issues/comments/${mine.id}`, reader.basic)).status, 204);
    assert.equal((await api.delete(`${repo.path}/issues/${number}/comments/${theirs.id}`, writer.basic)).status, 204);
    assert.equal((await api.get(`${repo.path}/issues/comments/${mine.id}`, reader.basic)).status, 404);
    assert.equal((await api.delete(`${repo.path}/issues/comments/${mine.id}`, reader.basic)).status, 404);
    assert.equal(await db().reaction.count({ where: { commentId: mine.id } }), 0);
    assert.equal((await issueRow(number)).commentCount, 1);
    assert.deepEqual((await api.get(`${repo.path}/issues/${number}/comments`)).body.map((c: { id: number }) => c.id), [kept.id]);
  });

  it('publishes issue_comment events for a comment created, edited (with the text before) and deleted', async () => {
    const number = await openIssue('events on the bus');
    const seen: unknown[] = [];
    const abort = new AbortController();
    const listening = (async () => {
      for await (const event of server.app.events.subscribe('issue_comment', abort.signal)) seen.push(event);
    })();
    const made = await comment(number, 'said', writer);
    await api.patch(`${repo.path}/issues/comments/${made.id}`, { body: 'said better' }, writer.basic);
    await api.delete(`${repo.path}/issues/comments/${made.id}`, writer.basic);
    abort.abort();
    await listening;
    const issueId = (await issueRow(number)).id;
    const about = { actorId: writer.id, repoId: repo.id, issueId, number, commentId: made.id };
    assert.deepEqual(seen, [
      { action: 'created', ...about },
      { action: 'edited', ...about, previousBody: 'said' },
      { action: 'deleted', ...about },
    ]);
  });

  it('a REST page of 50 comments costs the same SQL statements as a page of 1, for a repository and for an issue', async () => {
    const many = await buildRepo(server, owner, { autoInit: true });
    const first = await openIssue('many', many.path);
    const second = await openIssue('more', many.path);
    const posters = await createAccounts(api, 3);
    for (const poster of posters) await api.put(`${many.path}/collaborators/${poster.login}`, { permission: 'read' }, owner.basic);
    for (let i = 0; i < 50; i++) await comment(i % 2 ? first : second, `comment ${i}`, posters[i % 3], many.path);
    const statements = async (path: string, length: number) => {
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await api.get(path, owner.basic);
      assert.equal(res.status, 200);
      assert.equal(res.body.length, length);
      return server.app.database.queryCount() - before;
    };
    const single = await buildRepo(server, owner, { autoInit: true });
    const lone = await openIssue('lone', single.path);
    await comment(lone, 'only one', posters[0], single.path);
    // Once before measuring: both repositories, and the posters of both pages, are then in the caches alike.
    await statements(`${many.path}/issues/comments?limit=50`, 50);
    await statements(`${single.path}/issues/comments?limit=1`, 1);
    assert.equal(await statements(`${many.path}/issues/comments?limit=50`, 50), await statements(`${many.path}/issues/comments?limit=1`, 1));
    await statements(`${many.path}/issues/${first}/comments`, 25);
    await statements(`${single.path}/issues/${lone}/comments`, 1);
    assert.equal(await statements(`${many.path}/issues/${first}/comments`, 25), await statements(`${single.path}/issues/${lone}/comments`, 1));
  });
});
