import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { adminAuth } from '../../testkit/client.ts';
import { commentOn } from '../../testkit/comment-rows.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

describe('subscriptions to issues', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let poster: TestAccount;
  let writer: TestAccount;
  let reader: TestAccount;
  let stranger: TestAccount;
  let repo: TestRepo;

  before(async () => {
    [owner, poster, writer, reader, stranger] = await createAccounts(api, 5);
    repo = await buildRepo(server, owner, { autoInit: true, collaborators: [[writer, 'write'], [reader, 'read'], [poster, 'read']] });
    // The creator of a repository watches it, and so follows every issue; these tests are about everyone else.
    assert.equal((await api.delete(`${repo.path}/subscription`, owner.basic)).status, 204);
  });

  const open = async (body: Record<string, unknown> = {}, by = poster, target = repo) => {
    const res = await api.post(`${target.path}/issues`, { title: 'followed', ...body }, by.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.number as number;
  };
  const path = (number: number, target = repo) => `${target.path}/issues/${number}/subscriptions`;
  const subscribers = async (number: number, target = repo) => {
    const res = await api.get(path(number, target), owner.basic);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return (res.body as { login: string }[]).map((u) => u.login).sort();
  };
  const follows = async (number: number, who: TestAccount, target = repo) => {
    const res = await api.get(`${path(number, target)}/check`, who.basic);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.subscribed as boolean;
  };
  const logins = (...who: TestAccount[]) => who.map((a) => a.login).sort();

  it('subscribes the poster, the commenters, the assignees and the mentioned accounts automatically', async () => {
    const number = await open({ body: `cc @${reader.login}. Mail me at someone@${stranger.login}.org`, assignees: [writer.login] }, owner);
    assert.deepEqual(await subscribers(number), logins(owner, writer, reader));
    assert.equal(await follows(number, stranger), false, 'an e-mail address is not a mention');
    await commentOn(server, repo, number, poster, 'me too');
    assert.deepEqual(await subscribers(number), logins(owner, writer, reader, poster));
    await commentOn(server, repo, number, writer, `(@${stranger.login.toUpperCase()}) look`);
    assert.deepEqual(await subscribers(number), logins(owner, writer, reader, poster, stranger));
    for (const who of [owner, writer, reader, poster, stranger]) assert.equal(await follows(number, who), true, who.login);
  });

  it('subscribes the watchers of the repository to every issue, older ones included', async () => {
    const number = await open();
    assert.equal(await follows(number, stranger), false);
    assert.equal((await api.put(`${repo.path}/subscription`, undefined, stranger.basic)).status, 200);
    try {
      assert.equal(await follows(number, stranger), true);
      assert.ok((await subscribers(number)).includes(stranger.login));
    } finally {
      await api.delete(`${repo.path}/subscription`, stranger.basic);
    }
    assert.equal(await follows(number, stranger), false);
  });

  it('answers 201 when a subscription changes and 200 when it already was so, and an unsubscribe wins over the automatic rules', async () => {
    const number = await open({ assignees: [writer.login] }, owner);
    assert.equal((await api.put(`${path(number)}/${poster.login}`, undefined, poster.basic)).status, 201);
    assert.equal((await api.put(`${path(number)}/${poster.login}`, undefined, poster.basic)).status, 200);
    assert.equal((await api.delete(`${path(number)}/${poster.login}`, poster.basic)).status, 201);
    assert.equal((await api.delete(`${path(number)}/${poster.login}`, poster.basic)).status, 200);
    assert.equal((await api.put(`${path(number)}/${writer.login}`, undefined, writer.basic)).status, 200, 'an assignee already follows it');
    assert.equal((await api.delete(`${path(number)}/${writer.login}`, writer.basic)).status, 201);
    await commentOn(server, repo, number, writer, `still here, @${writer.login}`);
    assert.equal(await follows(number, writer), false, 'commenting and being mentioned after unsubscribing do not resubscribe');
    assert.deepEqual(await subscribers(number), logins(owner));
    assert.equal((await api.put(`${path(number)}/${writer.login}`, undefined, writer.basic)).status, 201);
    assert.deepEqual(await subscribers(number), logins(owner, writer));
  });

  it('lets only the account itself or a site administrator change its subscription', async () => {
    const number = await open();
    const other = await api.put(`${path(number)}/${reader.login}`, undefined, writer.basic);
    assert.equal(other.status, 403);
    assert.match(other.body.message, new RegExp(`may not change the subscriptions of ${reader.login}`));
    assert.equal((await api.delete(`${path(number)}/${poster.login}`, owner.basic)).status, 403, 'not even the repository owner');
    assert.equal((await api.put(`${path(number)}/${reader.login}`, undefined, adminAuth)).status, 201);
    assert.equal(await follows(number, reader), true);
    assert.equal((await api.put(`${path(number)}/nobody-${process.pid}`, undefined, adminAuth)).status, 404);
  });

  it('answers the check as Gitea\'s WatchInfo, signed in only', async () => {
    const number = await open();
    const issue = (await api.get(`${repo.path}/issues/${number}`)).body;
    const res = await api.get(`${path(number)}/check`, stranger.basic);
    assert.deepEqual(res.body, {
      subscribed: false,
      ignored: true,
      reason: null,
      created_at: issue.created_at,
      url: `${server.url}api/v1/repos/${repo.owner}/${repo.name}/issues/${number}/subscriptions`,
      repository_url: `${server.url}api/v1/repos/${repo.owner}/${repo.name}`,
    });
    assert.equal((await api.get(`${path(number)}/check`, poster.basic)).body.subscribed, true);
    assert.equal((await api.get(`${path(number)}/check`)).status, 401);
    assert.equal((await api.put(`${path(number)}/${poster.login}`, undefined)).status, 401);
  });

  it('hides the issues of a private repository (404) and still takes subscriptions in an archived one', async () => {
    const secret = await buildRepo(server, owner, { autoInit: true, private: true });
    const hidden = await open({}, owner, secret);
    assert.equal((await api.get(path(hidden, secret), stranger.basic)).status, 404);
    assert.equal((await api.get(`${path(hidden, secret)}/check`, stranger.basic)).status, 404);
    assert.equal((await api.put(`${path(hidden, secret)}/${stranger.login}`, undefined, stranger.basic)).status, 404);
    assert.equal((await api.get(path(9999), owner.basic)).status, 404);
    const archived = await buildRepo(server, owner, { autoInit: true });
    const number = await open({}, owner, archived);
    assert.equal((await api.patch(archived.path, { archived: true }, owner.basic)).status, 200);
    assert.equal((await api.put(`${path(number, archived)}/${reader.login}`, undefined, reader.basic)).status, 201);
  });

  it('leaves accounts that may not sign in out of the subscribers', async () => {
    const [blocked] = await createAccounts(api, 1);
    const number = await open();
    assert.equal((await api.put(`${path(number)}/${blocked.login}`, undefined, blocked.basic)).status, 201);
    assert.ok((await subscribers(number)).includes(blocked.login));
    const edit = await api.patch(`/admin/users/${blocked.login}`, { source_id: 0, login_name: blocked.login, prohibit_login: true }, adminAuth);
    assert.equal(edit.status, 200, JSON.stringify(edit.body));
    assert.ok(!(await subscribers(number)).includes(blocked.login));
  });

  it('counts one change when the same subscription is asked for many times at once: one 201, the others 200', async () => {
    const number = await open();
    const statuses = (await Promise.all(Array.from({ length: 6 }, () => api.put(`${path(number)}/${reader.login}`, undefined, reader.basic)))).map((r) => r.status);
    assert.deepEqual(statuses.sort(), [200, 200, 200, 200, 200, 201]);
    assert.equal(await follows(number, reader), true);
  });

  it('lists only the subscribers the caller may see', async () => {
    const [hidden] = await createAccounts(api, 1, { visibility: 'private' });
    const number = await open();
    assert.equal((await api.put(`${path(number)}/${hidden.login}`, undefined, hidden.basic)).status, 201);
    const anonymous = await api.get(path(number));
    assert.ok(!anonymous.body.some((u: { login: string }) => u.login === hidden.login));
    assert.equal(anonymous.headers.get('x-total-count'), String(anonymous.body.length));
    const own = await api.get(path(number), hidden.basic);
    assert.ok(own.body.some((u: { login: string }) => u.login === hidden.login));
  });

  it('a page of 50 subscribers costs the same SQL statements as a page of 1, and is counted', async () => {
    const number = await open({ body: 'many' });
    const many = await createAccounts(api, 50);
    const issue = await server.app.database.db.issue.findUniqueOrThrow({ where: { repoId_number: { repoId: repo.id, number } } });
    await server.app.database.db.issueSubscription.createMany({ data: many.map((a) => ({ issueId: issue.id, userId: a.id })) });
    const statements = async (limit: number) => {
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await api.get(`${path(number)}?limit=${limit}`, owner.basic);
      assert.equal(res.body.length, limit);
      assert.equal(res.headers.get('x-total-count'), '51', 'the fifty and the poster');
      return server.app.database.queryCount() - before;
    };
    await statements(1);
    assert.equal(await statements(50), await statements(1));
  });
});
