import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../testkit/accounts.ts';
import { commentOn } from '../testkit/comment-rows.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

const ADD = 'mutation($o: String!, $n: String!, $i: Int!, $c: String!) { addIssueReaction(owner: $o, name: $n, number: $i, content: $c) { created reaction { content user { login } createdAt } } }';
const REMOVE = 'mutation($o: String!, $n: String!, $i: Int!, $c: String!) { removeIssueReaction(owner: $o, name: $n, number: $i, content: $c) }';
const ADD_TO_COMMENT = 'mutation($o: String!, $n: String!, $id: Int!, $c: String!) { addCommentReaction(owner: $o, name: $n, commentId: $id, content: $c) { created reaction { content } } }';
const REMOVE_FROM_COMMENT = 'mutation($o: String!, $n: String!, $id: Int!, $c: String!) { removeCommentReaction(owner: $o, name: $n, commentId: $id, content: $c) }';

describe('reactions in GraphQL', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let reader: TestAccount;
  let outsider: TestAccount;
  let repo: TestRepo;

  before(async () => {
    [owner, reader, outsider] = await createAccounts(api, 3);
    repo = await buildRepo(server, owner, { autoInit: true, private: true, collaborators: [[reader, 'read']] });
  });

  const open = async (title = 'graphql reactions') => {
    const res = await api.post(`${repo.path}/issues`, { title }, owner.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.number as number;
  };

  it('addIssueReaction tells whether the reaction is new, removeIssueReaction whether there was one, and Issue.reactions lists them', async () => {
    const number = await open();
    const vars = { o: repo.owner, n: repo.name, i: number, c: 'rocket' };
    const first = await server.graphql(ADD, vars, reader.basic);
    assert.equal(first.errors, undefined, JSON.stringify(first.errors));
    assert.equal(first.data.addIssueReaction.created, true);
    assert.equal(first.data.addIssueReaction.reaction.user.login, reader.login);
    const again = await server.graphql(ADD, vars, reader.basic);
    assert.deepEqual(again.data.addIssueReaction, { ...first.data.addIssueReaction, created: false });
    const listed = await server.graphql(
      'query($o: String!, $n: String!, $i: Int!) { repository(owner: $o, name: $n) { issue(number: $i) { reactions(first: 10) { totalCount nodes { content user { login } } } } } }',
      { o: repo.owner, n: repo.name, i: number },
      reader.basic,
    );
    assert.deepEqual(listed.data.repository.issue.reactions, { totalCount: 1, nodes: [{ content: 'rocket', user: { login: reader.login } }] });
    assert.equal((await server.graphql(REMOVE, vars, reader.basic)).data.removeIssueReaction, true);
    assert.equal((await server.graphql(REMOVE, vars, reader.basic)).data.removeIssueReaction, false);
  });

  it('refuses a reaction the settings do not allow with FORBIDDEN and one on a hidden repository with NOT_FOUND', async () => {
    const number = await open();
    const refused = await server.graphql(ADD, { o: repo.owner, n: repo.name, i: number, c: 'tada' }, owner.basic);
    assert.equal(refused.errors?.[0].extensions?.code, 'FORBIDDEN');
    const hidden = await server.graphql(ADD, { o: repo.owner, n: repo.name, i: number, c: '+1' }, outsider.basic);
    assert.equal(hidden.errors?.[0].extensions?.code, 'NOT_FOUND');
  });

  it('Repository.commentReactions lists a comment\'s reactions, and is null for a comment of another repository', async () => {
    const number = await open();
    const comment = await commentOn(server, repo, number, owner);
    const vars = { o: repo.owner, n: repo.name, id: comment.id, c: 'eyes' };
    assert.equal((await server.graphql(ADD_TO_COMMENT, vars, reader.basic)).data.addCommentReaction.created, true);
    const read = 'query($o: String!, $n: String!, $id: Int!) { repository(owner: $o, name: $n) { commentReactions(commentId: $id) { content user { login } } } }';
    const listed = await server.graphql(read, { o: repo.owner, n: repo.name, id: comment.id }, reader.basic);
    assert.deepEqual(listed.data.repository.commentReactions, [{ content: 'eyes', user: { login: reader.login } }]);
    const other = await buildRepo(server, owner, { autoInit: true });
    const elsewhere = await server.graphql(read, { o: other.owner, n: other.name, id: comment.id }, owner.basic);
    assert.equal(elsewhere.data.repository.commentReactions, null);
    assert.equal((await server.graphql(REMOVE_FROM_COMMENT, vars, reader.basic)).data.removeCommentReaction, true);
  });

  it('a page of 20 issues with their reactions costs the same SQL statements as a page of 1', async () => {
    const listed = await buildRepo(server, owner, { autoInit: true });
    const people = await createAccounts(api, 3);
    for (let i = 0; i < 20; i++) {
      const res = await api.post(`${listed.path}/issues`, { title: `issue ${i}` }, owner.basic);
      for (const [n, who] of people.entries()) {
        if ((i + n) % 2 === 0) assert.equal((await api.post(`${listed.path}/issues/${res.body.number}/reactions`, { content: 'heart' }, who.basic)).status, 201);
      }
    }
    const query = 'query($o: String!, $n: String!, $first: Int!) { repository(owner: $o, name: $n) { issues(first: $first) { nodes { number reactions(first: 2) { totalCount nodes { content user { login } } } } } } }';
    const statements = async (first: number) => {
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await server.graphql(query, { o: listed.owner, n: listed.name, first }, owner.basic);
      assert.equal(res.errors, undefined, JSON.stringify(res.errors));
      assert.equal(res.data.repository.issues.nodes.length, first);
      for (const node of res.data.repository.issues.nodes) assert.equal(node.reactions.nodes.length, Math.min(2, node.reactions.totalCount));
      return server.app.database.queryCount() - before;
    };
    // Once before measuring, so that the accounts of both pages are in the cache of accounts alike.
    await statements(20);
    assert.equal(await statements(20), await statements(1));
    const totals = (await server.graphql(query, { o: listed.owner, n: listed.name, first: 20 }, owner.basic)).data.repository.issues.nodes.map(
      (node: { reactions: { totalCount: number } }) => node.reactions.totalCount,
    );
    assert.deepEqual(totals.sort(), [...Array(10).fill(1), ...Array(10).fill(2)].sort());
  });
});
