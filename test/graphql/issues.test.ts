import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../testkit/accounts.ts';
import { listenAs } from '../testkit/subscriptions.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

const EVENTS = 'subscription($owner: String!, $name: String!) { issueEvents(owner: $owner, name: $name) { action number actor { login } issue { title state } } }';

interface Delivered {
  action: string;
  number: number;
  actor: { login: string } | null;
  issue: { title: string; state: string } | null;
}

describe('issues in GraphQL', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let reader: TestAccount;
  let repo: TestRepo;
  let other: TestRepo;

  before(async () => {
    [owner, reader] = await createAccounts(api, 2);
    repo = await buildRepo(server, owner, { autoInit: true, private: true, collaborators: [[reader, 'read']] });
    other = await buildRepo(server, owner, { autoInit: true });
  });

  /** Subscribes as `who` and collects what arrives until `stop` says so or a second passes without an event. */
  function listen(who: TestAccount) {
    return listenAs<Delivered>(server.url, who, 'issueEvents', EVENTS, { owner: owner.login, name: repo.name });
  }

  it('creates, closes and reopens issues through mutations', async () => {
    const auth = owner.basic;
    const created = await server.graphql(
      'mutation($o: String!, $n: String!) { createIssue(owner: $o, name: $n, input: { title: "from graphql" }) { number state poster { login } repository { name } } }',
      { o: owner.login, n: repo.name },
      auth,
    );
    assert.equal(created.errors, undefined, JSON.stringify(created.errors));
    const number = created.data.createIssue.number;
    assert.equal(created.data.createIssue.poster.login, owner.login);
    const closed = await server.graphql('mutation($o: String!, $n: String!, $i: Int!) { closeIssue(owner: $o, name: $n, number: $i) { state closedAt } }', { o: owner.login, n: repo.name, i: number }, auth);
    assert.equal(closed.data.closeIssue.state, 'closed');
    assert.ok(closed.data.closeIssue.closedAt);
    const reopened = await server.graphql('mutation($o: String!, $n: String!, $i: Int!) { reopenIssue(owner: $o, name: $n, number: $i) { state closedAt } }', { o: owner.login, n: repo.name, i: number }, auth);
    assert.deepEqual(reopened.data.reopenIssue, { state: 'open', closedAt: null });
    const read = await server.graphql('query($o: String!, $n: String!, $i: Int!) { repository(owner: $o, name: $n) { openIssueCount issue(number: $i) { title } issues(first: 5) { totalCount } } }', { o: owner.login, n: repo.name, i: number }, auth);
    assert.equal(read.data.repository.issue.title, 'from graphql');
    assert.ok(read.data.repository.openIssueCount >= 1);
    assert.equal(read.data.repository.issues.totalCount, read.data.repository.openIssueCount);
  });

  it("delivers a repository's issue events to those who read its issues, and none of another repository", async () => {
    const sub = listen(reader);
    await sub.connected;
    await api.post(`${other.path}/issues`, { title: 'elsewhere' }, owner.basic);
    const made = await api.post(`${repo.path}/issues`, { title: 'watched' }, owner.basic);
    await api.patch(`${repo.path}/issues/${made.body.number}`, { state: 'closed' }, owner.basic);
    await api.delete(`${repo.path}/issues/${made.body.number}`, owner.basic);
    const { events, errors } = await sub.settle(3);
    assert.deepEqual(errors, []);
    assert.deepEqual(events, [
      { action: 'opened', number: made.body.number, actor: { login: owner.login }, issue: { title: 'watched', state: 'open' } },
      { action: 'closed', number: made.body.number, actor: { login: owner.login }, issue: { title: 'watched', state: 'closed' } },
      { action: 'deleted', number: made.body.number, actor: { login: owner.login }, issue: null },
    ]);
  });

  it('stops delivering to a subscriber who lost access to the repository', async () => {
    const [leaving] = await createAccounts(api, 1);
    assert.equal((await api.put(`${repo.path}/collaborators/${leaving.login}`, { permission: 'read' }, owner.basic)).status, 204);
    const sub = listen(leaving);
    await sub.connected;
    await api.post(`${repo.path}/issues`, { title: 'seen' }, owner.basic);
    for (let waited = 0; waited < 2000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    assert.equal((await api.delete(`${repo.path}/collaborators/${leaving.login}`, owner.basic)).status, 204);
    await api.post(`${repo.path}/issues`, { title: 'hidden' }, owner.basic);
    const { events } = await sub.settle(2);
    assert.deepEqual(events.map((e) => e.issue?.title), ['seen']);
  });

  it('refuses the subscription to someone who may not see the repository', async () => {
    const [stranger] = await createAccounts(api, 1);
    const sub = listen(stranger);
    await sub.connected;
    const { events, errors } = await sub.settle(1);
    assert.deepEqual(events, []);
    assert.ok(errors.length > 0);
  });
});
