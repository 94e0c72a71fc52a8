import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../testkit/accounts.ts';
import { commentOn } from '../testkit/comment-rows.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

const SUBSCRIBE = 'mutation($o: String!, $n: String!, $i: Int!, $l: String) { subscribeToIssue(owner: $o, name: $n, number: $i, login: $l) { changed subscribed user { login } } }';
const UNSUBSCRIBE = 'mutation($o: String!, $n: String!, $i: Int!, $l: String) { unsubscribeFromIssue(owner: $o, name: $n, number: $i, login: $l) { changed subscribed } }';

describe('issue subscriptions in GraphQL', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let member: TestAccount;
  let repo: TestRepo;

  before(async () => {
    [owner, member] = await createAccounts(api, 2);
    repo = await buildRepo(server, owner, { autoInit: true, collaborators: [[member, 'write']] });
  });

  const open = async (title: string, by = owner) => {
    const res = await api.post(`${repo.path}/issues`, { title }, by.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.number as number;
  };

  it('subscribeToIssue and unsubscribeFromIssue tell whether anything changed, and Issue.subscribers and viewerIsSubscribed follow', async () => {
    const number = await open('followed in graphql');
    const vars = { o: repo.owner, n: repo.name, i: number };
    const read = 'query($o: String!, $n: String!, $i: Int!) { repository(owner: $o, name: $n) { issue(number: $i) { viewerIsSubscribed subscribers(first: 10) { totalCount nodes { login } } } } }';
    assert.equal((await server.graphql(read, vars, member.basic)).data.repository.issue.viewerIsSubscribed, false);
    const made = await server.graphql(SUBSCRIBE, vars, member.basic);
    assert.equal(made.errors, undefined, JSON.stringify(made.errors));
    assert.deepEqual(made.data.subscribeToIssue, { changed: true, subscribed: true, user: { login: member.login } });
    assert.equal((await server.graphql(SUBSCRIBE, vars, member.basic)).data.subscribeToIssue.changed, false);
    const after = await server.graphql(read, vars, member.basic);
    assert.equal(after.data.repository.issue.viewerIsSubscribed, true);
    assert.deepEqual(after.data.repository.issue.subscribers, { totalCount: 2, nodes: [{ login: owner.login }, { login: member.login }] });
    assert.deepEqual((await server.graphql(UNSUBSCRIBE, vars, member.basic)).data.unsubscribeFromIssue, { changed: true, subscribed: false });
    assert.equal((await server.graphql(read, vars)).data.repository.issue.viewerIsSubscribed, false, 'anonymous callers follow nothing');
    const other = await server.graphql(SUBSCRIBE, { ...vars, l: owner.login }, member.basic);
    assert.equal(other.errors?.[0].extensions?.code, 'FORBIDDEN');
  });

  it('a page of 20 issues with viewerIsSubscribed costs the same SQL statements as a page of 1, and agrees with the check', async () => {
    const listed = await buildRepo(server, owner, { autoInit: true, collaborators: [[member, 'write']] });
    const expected = new Map<number, boolean>();
    for (let i = 0; i < 20; i++) {
      const kind = i % 4;
      const res = await api.post(
        `${listed.path}/issues`,
        { title: `issue ${i}`, body: kind === 1 ? `ping @${member.login}` : '', assignees: kind === 2 ? [member.login] : [] },
        (kind === 3 ? member : owner).basic,
      );
      if (kind === 0 && i % 8 === 0) await commentOn(server, listed, res.body.number, member, 'a comment');
      expected.set(res.body.number, kind !== 0 || i % 8 === 0);
    }
    const query = 'query($o: String!, $n: String!, $first: Int!) { repository(owner: $o, name: $n) { issues(first: $first) { nodes { number viewerIsSubscribed } } } }';
    const statements = async (first: number) => {
      await server.app.backgroundIdle(); // the notifications and feed entries of the issues just opened are not this read's
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await server.graphql(query, { o: listed.owner, n: listed.name, first }, member.basic);
      assert.equal(res.errors, undefined, JSON.stringify(res.errors));
      assert.equal(res.data.repository.issues.nodes.length, first);
      return { count: server.app.database.queryCount() - before, nodes: res.data.repository.issues.nodes as { number: number; viewerIsSubscribed: boolean }[] };
    };
    await statements(1);
    const [one, twenty] = [await statements(1), await statements(20)];
    assert.equal(twenty.count, one.count);
    assert.deepEqual(new Map(twenty.nodes.map((n) => [n.number, n.viewerIsSubscribed])), expected);
    for (const { number, viewerIsSubscribed } of twenty.nodes.slice(0, 4)) {
      assert.equal((await api.get(`${listed.path}/issues/${number}/subscriptions/check`, member.basic)).body.subscribed, viewerIsSubscribed);
    }
  });
});
