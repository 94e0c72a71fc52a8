import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import type { Auth } from '../../testkit/client.ts';
import { commentOn } from '../../testkit/comment-rows.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

describe('reactions to issues and comments', () => {
  const server = useServer();
  const { api } = server;
  const db = () => server.app.database.db;
  let owner: TestAccount;
  let writer: TestAccount;
  let reader: TestAccount;
  let stranger: TestAccount;
  let repo: TestRepo;
  let secret: TestRepo;

  before(async () => {
    [owner, writer, reader, stranger] = await createAccounts(api, 4);
    [repo, secret] = await Promise.all([
      buildRepo(server, owner, { autoInit: true, collaborators: [[writer, 'write'], [reader, 'read']] }),
      buildRepo(server, owner, { autoInit: true, private: true }),
    ]);
  });

  const open = async (target = repo, title = 'reacted to') => {
    const res = await api.post(`${target.path}/issues`, { title }, owner.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.number as number;
  };
  const react = (path: string, content: unknown, auth: Auth) => api.post(`${path}/reactions`, { content }, auth);
  const unreact = (path: string, content: string, auth: Auth) => api.request('DELETE', `${path}/reactions`, { body: { content }, auth });
  const contents = async (path: string, auth?: Auth) => {
    const res = await api.get(`${path}/reactions`, auth);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return (res.body as { user: { login: string }; content: string }[]).map((r) => `${r.user.login}:${r.content}`);
  };

  it('answers a new reaction with 201 and the same reaction again with 200, keeping one row', async () => {
    const issue = `${repo.path}/issues/${await open()}`;
    const first = await react(issue, 'heart', reader.basic);
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.equal(first.body.content, 'heart');
    assert.equal(first.body.user.login, reader.login);
    assert.match(first.body.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const again = await react(issue, 'heart', reader.basic);
    assert.equal(again.status, 200);
    assert.deepEqual(again.body, first.body);
    assert.deepEqual(await contents(issue), [`${reader.login}:heart`]);
  });

  it('keeps one reaction when the same one is posted many times at once: one 201, the others 200', async () => {
    const issue = `${repo.path}/issues/${await open()}`;
    const statuses = (await Promise.all(Array.from({ length: 8 }, () => react(issue, 'confused', writer.basic)))).map((r) => r.status);
    assert.deepEqual(statuses.sort(), [200, 200, 200, 200, 200, 200, 200, 201]);
    assert.deepEqual(await contents(issue), [`${writer.login}:confused`]);
  });

  it('refuses a reaction the UI settings do not allow (the empty one too) with 403 and one left out with 422, and stores nothing', async () => {
    const issue = `${repo.path}/issues/${await open()}`;
    const allowed = (await api.get('/settings/ui')).body.allowed_reactions as string[];
    assert.ok(!allowed.includes('tada'));
    const refused = await react(issue, 'tada', owner.basic);
    assert.equal(refused.status, 403);
    assert.match(refused.body.message, /'tada' is not an allowed reaction/);
    assert.equal((await react(issue, '', owner.basic)).status, 403);
    assert.equal((await api.post(`${issue}/reactions`, {}, owner.basic)).status, 422, 'a body without content is refused as incomplete');
    assert.deepEqual(await contents(issue), []);
  });

  it('lists an issue\'s reactions oldest first by pages with their total, leaving out reactions the settings no longer allow', async () => {
    const number = await open();
    const issue = `${repo.path}/issues/${number}`;
    for (const [who, content] of [[owner, '+1'], [writer, '+1'], [reader, 'eyes'], [owner, 'rocket']] as const) {
      assert.equal((await react(issue, content, who.basic)).status, 201);
    }
    const row = await db().issue.findUniqueOrThrow({ where: { repoId_number: { repoId: repo.id, number } } });
    await db().reaction.create({ data: { issueId: row.id, userId: stranger.id, type: 'retired' } });
    const page = await api.get(`${issue}/reactions?page=2&limit=3`);
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('x-total-count'), '4');
    assert.deepEqual(page.body.map((r: { content: string }) => r.content), ['rocket']);
    assert.deepEqual(await contents(issue), [`${owner.login}:+1`, `${writer.login}:+1`, `${reader.login}:eyes`, `${owner.login}:rocket`]);
    const past = await api.get(`${issue}/reactions?page=9&limit=3`);
    assert.deepEqual([past.body, past.headers.get('x-total-count')], [[], '4'], 'a page past the end still tells the total');
  });

  it('takes off only the caller\'s reaction with 204, and answers 204 when there was none', async () => {
    const issue = `${repo.path}/issues/${await open()}`;
    await react(issue, 'laugh', owner.basic);
    await react(issue, 'laugh', writer.basic);
    assert.equal((await unreact(issue, 'laugh', owner.basic)).status, 204);
    assert.deepEqual(await contents(issue), [`${writer.login}:laugh`]);
    assert.equal((await unreact(issue, 'laugh', owner.basic)).status, 204);
    assert.equal((await unreact(issue, 'confused', reader.basic)).status, 204);
    assert.deepEqual(await contents(issue), [`${writer.login}:laugh`]);
  });

  it('lets only those who write to the issues react on a locked issue, as Gitea does', async () => {
    const number = await open();
    const issue = `${repo.path}/issues/${number}`;
    await react(issue, 'eyes', reader.basic);
    await db().issue.update({ where: { repoId_number: { repoId: repo.id, number } }, data: { isLocked: true } });
    assert.equal((await react(issue, 'heart', reader.basic)).status, 403);
    assert.equal((await unreact(issue, 'eyes', reader.basic)).status, 403);
    assert.equal((await react(issue, 'heart', writer.basic)).status, 201);
    assert.deepEqual(await contents(issue, reader.basic), [`${reader.login}:eyes`, `${writer.login}:heart`]);
  });

  it('needs a signed-in caller to react, hides private repositories (404) and refuses reactions in an archived one (423)', async () => {
    const issue = `${repo.path}/issues/${await open()}`;
    assert.equal((await react(issue, '+1', undefined)).status, 401);
    assert.equal((await unreact(issue, '+1', undefined)).status, 401);
    const hidden = `${secret.path}/issues/${await open(secret)}`;
    assert.equal((await react(hidden, '+1', stranger.basic)).status, 404);
    assert.equal((await api.get(`${hidden}/reactions`, stranger.basic)).status, 404);
    assert.equal((await react(`${repo.path}/issues/9999`, '+1', owner.basic)).status, 404);
    const archived = await buildRepo(server, owner, { autoInit: true });
    const frozen = `${archived.path}/issues/${await open(archived)}`;
    assert.equal((await api.patch(archived.path, { archived: true }, owner.basic)).status, 200);
    assert.equal((await react(frozen, '+1', owner.basic)).status, 423);
    assert.equal((await unreact(frozen, '+1', owner.basic)).status, 423);
    assert.deepEqual(await contents(frozen), []);
  });

  it('answers 404 for every reaction route when the repository has its issues switched off', async () => {
    const off = await buildRepo(server, owner, { autoInit: true });
    const issue = `${off.path}/issues/${await open(off)}`;
    assert.equal((await api.patch(off.path, { has_issues: false }, owner.basic)).status, 200);
    assert.equal((await api.get(`${issue}/reactions`)).status, 404);
    assert.equal((await react(issue, '+1', owner.basic)).status, 404);
  });

  describe('on comments', () => {
    it('adds, lists and takes off reactions to a comment apart from its issue\'s', async () => {
      const number = await open();
      const comment = await commentOn(server, repo, number, writer);
      const path = `${repo.path}/issues/comments/${comment.id}`;
      const made = await react(path, 'hooray', reader.basic);
      assert.equal(made.status, 201, JSON.stringify(made.body));
      assert.equal((await react(path, 'hooray', reader.basic)).status, 200);
      assert.equal((await react(path, '-1', owner.basic)).status, 201);
      assert.deepEqual(await contents(path), [`${reader.login}:hooray`, `${owner.login}:-1`]);
      assert.deepEqual(await contents(`${repo.path}/issues/${number}`), [], "a comment's reactions are not its issue's");
      assert.equal((await unreact(path, 'hooray', reader.basic)).status, 204);
      assert.deepEqual(await contents(path), [`${owner.login}:-1`]);
    });

    it('answers 404 for a comment that does not exist or belongs to another repository', async () => {
      const other = await buildRepo(server, owner, { autoInit: true });
      const elsewhere = await commentOn(server, other, await open(other), owner);
      for (const id of [elsewhere.id, 999999]) {
        const path = `${repo.path}/issues/comments/${id}`;
        assert.equal((await api.get(`${path}/reactions`)).status, 404);
        assert.equal((await react(path, '+1', owner.basic)).status, 404);
        assert.equal((await unreact(path, '+1', owner.basic)).status, 404);
      }
    });

    it('refuses reactions the settings do not allow and reactions of readers on a locked issue\'s comments', async () => {
      const number = await open();
      const comment = await commentOn(server, repo, number, owner);
      const path = `${repo.path}/issues/comments/${comment.id}`;
      assert.equal((await react(path, 'tada', owner.basic)).status, 403);
      await db().issue.update({ where: { repoId_number: { repoId: repo.id, number } }, data: { isLocked: true } });
      assert.equal((await react(path, '+1', reader.basic)).status, 403);
      assert.equal((await react(path, '+1', writer.basic)).status, 201);
    });
  });

  it('publishes a reaction event for each reaction added or taken off, with the actor, issue and comment', async () => {
    const number = await open();
    const issue = `${repo.path}/issues/${number}`;
    const comment = await commentOn(server, repo, number, owner);
    const seen: string[] = [];
    const stop = new AbortController();
    const running = (async () => {
      for await (const event of server.app.events.subscribe('reaction', stop.signal)) {
        if (event.repoId === repo.id && event.number === number) seen.push(`${event.action}:${event.content}:${event.actorId}:${event.commentId ?? 'issue'}`);
      }
    })().catch(() => {});
    await react(issue, 'heart', reader.basic);
    await react(issue, 'heart', reader.basic);
    await react(`${repo.path}/issues/comments/${comment.id}`, 'rocket', writer.basic);
    await unreact(issue, 'heart', reader.basic);
    await unreact(issue, 'heart', reader.basic);
    await new Promise((r) => setTimeout(r, 100));
    stop.abort();
    await running;
    assert.deepEqual(seen, [`added:heart:${reader.id}:issue`, `added:rocket:${writer.id}:${comment.id}`, `removed:heart:${reader.id}:issue`]);
  });

  it('a page of 50 reactions costs the same SQL statements as a page of 1', async () => {
    const number = await open();
    const row = await db().issue.findUniqueOrThrow({ where: { repoId_number: { repoId: repo.id, number } } });
    const people = await createAccounts(api, 10);
    await db().reaction.createMany({
      data: people.flatMap((p) => ['+1', '-1', 'laugh', 'heart', 'rocket'].map((type) => ({ issueId: row.id, userId: p.id, type }))),
    });
    const statements = async (limit: number) => {
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await api.get(`${repo.path}/issues/${number}/reactions?limit=${limit}`);
      assert.equal(res.body.length, limit);
      return server.app.database.queryCount() - before;
    };
    // Once before measuring, so that the accounts of both pages are in the cache of accounts alike.
    await statements(50);
    assert.equal(await statements(50), await statements(1));
  });
});

describe('reactions under a narrower allowed-reactions setting', () => {
  const server = useServer({ ui: { REACTIONS: ['+1', 'heart'] } });
  const { api } = server;

  it('allows exactly the reactions /settings/ui reports', async () => {
    const [owner] = await createAccounts(api, 1);
    const repo = await buildRepo(server, owner, { autoInit: true });
    const made = await api.post(`${repo.path}/issues`, { title: 'narrow' }, owner.basic);
    const issue = `${repo.path}/issues/${made.body.number}`;
    assert.deepEqual((await api.get('/settings/ui')).body.allowed_reactions, ['+1', 'heart']);
    assert.equal((await api.post(`${issue}/reactions`, { content: 'rocket' }, owner.basic)).status, 403);
    assert.equal((await api.post(`${issue}/reactions`, { content: 'heart' }, owner.basic)).status, 201);
  });
});
