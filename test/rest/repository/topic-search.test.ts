import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccount, type TestAccount } from '../../testkit/accounts.ts';
import { clientFor } from '../../testkit/gitea-js.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

/** GET /topics/search: the site's topics by keyword, with the number of repositories carrying each. */
describe('topic search', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let repos: TestRepo[];
  // Names of this run only: the kit's server is shared by the file's tests.
  const tag = `k${process.pid % 10000}`;

  const setTopics = async (repo: TestRepo, topics: string[]) => {
    const res = await api.put(`${repo.path}/topics`, { topics }, owner.basic);
    assert.equal(res.status, 204, JSON.stringify(res.body));
  };

  before(async () => {
    owner = await createAccount(api);
    repos = await Promise.all([0, 1, 2].map(() => buildRepo(server, owner)));
    await setTopics(repos[0], [`${tag}-go`, `${tag}-web`]);
    await setTopics(repos[1], [`${tag}-go`, `${tag}-cli`]);
    await setTopics(repos[2], [`${tag}-go`, `${tag}-web`, 'other']);
  });

  it('finds topics whose name contains the keyword, most used first, with their repository counts', async () => {
    const res = await api.get(`/topics/search?q=${tag}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(
      res.body.topics.map((t: { topic_name: string; repo_count: number }) => [t.topic_name, t.repo_count]),
      [[`${tag}-go`, 3], [`${tag}-web`, 2], [`${tag}-cli`, 1]],
    );
    assert.equal(res.headers.get('x-total-count'), '3');
    const [go] = res.body.topics;
    assert.ok(Number.isInteger(go.id) && go.id > 0);
    assert.match(go.created, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)$/);
    assert.ok(Date.parse(go.updated) >= Date.parse(go.created));
  });

  it('counts follow topics taken away and repositories deleted', async () => {
    const extra = await buildRepo(server, owner);
    await setTopics(extra, [`${tag}-gone`, `${tag}-cli`]);
    const count = async (name: string) =>
      (await api.get(`/topics/search?q=${name}`)).body.topics.find((t: { topic_name: string }) => t.topic_name === name)?.repo_count;
    assert.equal(await count(`${tag}-cli`), 2);
    await api.delete(`${extra.path}/topics/${tag}-cli`, owner.basic);
    assert.equal(await count(`${tag}-cli`), 1);
    assert.equal((await api.delete(extra.path, owner.basic)).status, 204);
    assert.equal(await count(`${tag}-gone`), 0, 'a topic no repository carries any more counts 0, as in Gitea');
  });

  it('pages with page and limit, and X-Total-Count counts every match', async () => {
    const first = await api.get(`/topics/search?q=${tag}&limit=1&page=1`);
    const second = await api.get(`/topics/search?q=${tag}&limit=1&page=2`);
    assert.equal(first.body.topics.length, 1);
    assert.equal(first.body.topics[0].topic_name, `${tag}-go`);
    assert.equal(second.body.topics.length, 1);
    assert.notEqual(second.body.topics[0].topic_name, `${tag}-go`);
    assert.ok(Number(first.headers.get('x-total-count')) >= 3);
  });

  it('a page of 20 topics costs the SQL statements of a page of 1', async () => {
    const many = await buildRepo(server, owner);
    await setTopics(many, Array.from({ length: 22 }, (_, i) => `${tag}-m${i}`));
    const measure = async (limit: number) => {
      await server.app.backgroundIdle();
      server.app.caches.clear();
      const before = server.app.database.queryCount();
      const res = await api.get(`/topics/search?q=${tag}-m&limit=${limit}`);
      assert.equal(res.status, 200);
      assert.equal(res.body.topics.length, limit);
      assert.ok(res.body.topics.every((t: { repo_count: number }) => t.repo_count === 1));
      return server.app.database.queryCount() - before;
    };
    const one = await measure(1);
    const twenty = await measure(20);
    assert.equal(twenty, one, `SQL statements: ${twenty} for 20 topics, ${one} for 1`);
    assert.ok(twenty <= 3, `the page and its count, got ${twenty}`);
  });

  it('gitea-js topicSearch reads the topics', async () => {
    const client = await clientFor(server, owner);
    const res = await client.topics.topicSearch({ q: `${tag}-web` });
    assert.equal(res.status, 200);
    assert.deepEqual(
      (res.data as unknown as { topics: { topic_name: string; repo_count: number }[] }).topics.map((t) => [t.topic_name, t.repo_count]),
      [[`${tag}-web`, 2]],
    );
  });
});
