import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../testkit/accounts.ts';
import { listenAs } from '../testkit/subscriptions.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

const EVENTS =
  'subscription($owner: String!, $name: String!) { issueEvents(owner: $owner, name: $name) { topic action number actor { login } comment { body } issue { title } } }';

interface Delivered {
  topic: string;
  action: string;
  number: number;
  actor: { login: string } | null;
  comment: { body: string } | null;
  issue: { title: string } | null;
}

describe('comments in GraphQL', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let reader: TestAccount;
  let stranger: TestAccount;
  let repo: TestRepo;

  before(async () => {
    [owner, reader, stranger] = await createAccounts(api, 3);
    repo = await buildRepo(server, owner, { autoInit: true, private: true, collaborators: [[reader, 'read']] });
  });

  const open = async (title: string) => {
    const res = await api.post(`${repo.path}/issues`, { title }, owner.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.number as number;
  };
  const vars = (extra: Record<string, unknown> = {}) => ({ o: owner.login, n: repo.name, ...extra });

  it('creates, changes and deletes a comment through mutations, and lists it on its issue and its repository', async () => {
    const number = await open('talked about');
    const created = await server.graphql(
      'mutation($o: String!, $n: String!, $i: Int!) { createIssueComment(owner: $o, name: $n, number: $i, input: { body: "hello" }) { databaseId type body poster { login } issue { number commentCount } } }',
      vars({ i: number }),
      reader.basic,
    );
    assert.equal(created.errors, undefined, JSON.stringify(created.errors));
    const made = created.data.createIssueComment;
    assert.deepEqual({ ...made, databaseId: 0 }, { databaseId: 0, type: 'comment', body: 'hello', poster: { login: reader.login }, issue: { number, commentCount: 1 } });
    const updated = await server.graphql(
      'mutation($o: String!, $n: String!, $id: Int!) { updateIssueComment(owner: $o, name: $n, id: $id, input: { body: "hello again" }) { body } }',
      vars({ id: made.databaseId }),
      reader.basic,
    );
    assert.equal(updated.data.updateIssueComment.body, 'hello again');
    const listed = await server.graphql(
      `query($o: String!, $n: String!, $i: Int!) { repository(owner: $o, name: $n) {
        issue(number: $i) { comments(first: 5) { totalCount nodes { body } } timeline(first: 5) { totalCount nodes { type } } }
        issueComments(first: 5) { totalCount nodes { body issue { number } } }
        issueComment(id: ${made.databaseId}) { body }
      } }`,
      vars({ i: number }),
      reader.basic,
    );
    assert.equal(listed.errors, undefined, JSON.stringify(listed.errors));
    const { issue, issueComments, issueComment } = listed.data.repository;
    assert.deepEqual(issue.comments, { totalCount: 1, nodes: [{ body: 'hello again' }] });
    assert.deepEqual(issue.timeline, { totalCount: 1, nodes: [{ type: 'comment' }] });
    assert.deepEqual(issueComments.nodes, [{ body: 'hello again', issue: { number } }]);
    assert.deepEqual(issueComment, { body: 'hello again' });
    const refused = await server.graphql('mutation($o: String!, $n: String!, $id: Int!) { deleteIssueComment(owner: $o, name: $n, id: $id) }', vars({ id: made.databaseId }), stranger.basic);
    assert.equal(refused.errors?.[0].extensions?.code, 'NOT_FOUND');
    const deleted = await server.graphql('mutation($o: String!, $n: String!, $id: Int!) { deleteIssueComment(owner: $o, name: $n, id: $id) }', vars({ id: made.databaseId }), reader.basic);
    assert.equal(deleted.data.deleteIssueComment, true);
    const gone = await server.graphql(`query($o: String!, $n: String!) { repository(owner: $o, name: $n) { issueComment(id: ${made.databaseId}) { body } } }`, vars(), reader.basic);
    assert.equal(gone.data.repository.issueComment, null);
  });

  it('a page of 50 comments of an issue costs the same SQL statements as a page of 1', async () => {
    const number = await open('busy');
    const posters = await createAccounts(api, 3);
    for (const poster of posters) await api.put(`${repo.path}/collaborators/${poster.login}`, { permission: 'read' }, owner.basic);
    for (let i = 0; i < 50; i++) await api.post(`${repo.path}/issues/${number}/comments`, { body: `c${i}` }, posters[i % 3].basic);
    // The comments' background work (the event log's followers) must not land in the statements counted below.
    await server.app.backgroundIdle();
    const query = 'query($o: String!, $n: String!, $i: Int!, $first: Int) { repository(owner: $o, name: $n) { issue(number: $i) { comments(first: $first) { totalCount nodes { databaseId body createdAt poster { login fullName } issue { number } } } } } }';
    const statements = async (first: number) => {
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await server.graphql(query, vars({ i: number, first }), owner.basic);
      assert.equal(res.data.repository.issue.comments.nodes.length, first);
      return server.app.database.queryCount() - before;
    };
    // Once before measuring, so that the posters of both pages are in the cache of accounts alike.
    await statements(50);
    assert.equal(await statements(50), await statements(1));
  });

  it("delivers a repository's new, changed and deleted comments to subscribers of issueEvents, with the comment", async () => {
    const number = await open('watched');
    const { client, events, errors, connected, delivered } = listenAs<Delivered>(server.url, reader, 'issueEvents', EVENTS, { owner: owner.login, name: repo.name });
    await connected;
    const made = await api.post(`${repo.path}/issues/${number}/comments`, { body: 'first take' }, owner.basic);
    await delivered(1);
    await api.patch(`${repo.path}/issues/comments/${made.body.id}`, { body: 'second take' }, owner.basic);
    await delivered(2);
    await api.delete(`${repo.path}/issues/comments/${made.body.id}`, owner.basic);
    await delivered(3);
    await api.patch(`${repo.path}/issues/${number}`, { state: 'closed' }, owner.basic);
    await delivered(4);
    await client.dispose();
    assert.deepEqual(errors, []);
    const actor = { login: owner.login };
    assert.deepEqual(events, [
      { topic: 'issue_comment', action: 'created', number, actor, comment: { body: 'first take' }, issue: { title: 'watched' } },
      { topic: 'issue_comment', action: 'edited', number, actor, comment: { body: 'second take' }, issue: { title: 'watched' } },
      { topic: 'issue_comment', action: 'deleted', number, actor, comment: null, issue: { title: 'watched' } },
      { topic: 'issues', action: 'closed', number, actor, comment: null, issue: { title: 'watched' } },
    ]);
  });
});
