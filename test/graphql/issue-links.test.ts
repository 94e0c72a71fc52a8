import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, createToken, type TestAccount } from '../testkit/accounts.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

/** The labels, assignees and dependencies of issues through GraphQL: the mutations and fields the REST operations run on. */
describe('issue labels, assignees and dependencies in GraphQL', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let writer: TestAccount;
  let reader: TestAccount;
  let repo: TestRepo;

  before(async () => {
    [owner, writer, reader] = await createAccounts(api, 3);
    repo = await buildRepo(server, owner, { collaborators: [[writer, 'write'], [reader, 'read']] });
  });

  const open = async (title: string) => {
    const res = await api.post(`${repo.path}/issues`, { title }, owner.basic);
    assert.equal(res.status, 201);
    return res.body as { id: number; number: number };
  };
  const label = async (name: string, exclusive = false) => (await api.post(`${repo.path}/labels`, { name, color: '#000000', exclusive }, owner.basic)).body as { id: number };
  const at = (number: number) => ({ owner: owner.login, name: repo.name, number });

  it('addIssueLabels, replaceIssueLabels, removeIssueLabel and clearIssueLabels change an issue\'s labels, read on Issue.labels', async () => {
    const { number } = await open('labelled in graphql');
    await Promise.all([label('g-bug'), label('g-docs'), label('g-scope/a', true), label('g-scope/b', true)]);
    const vars = { owner: owner.login, name: repo.name, number };
    const add = await server.graphql(
      'mutation($owner: String!, $name: String!, $number: Int!) { addIssueLabels(owner: $owner, name: $name, number: $number, labels: { names: ["g-docs", "g-bug", "g-scope/a"] }) { name exclusiveScope } }',
      vars,
      writer.basic,
    );
    assert.equal(add.errors, undefined, JSON.stringify(add.errors));
    assert.deepEqual(add.data.addIssueLabels.map((l: { name: string }) => l.name), ['g-bug', 'g-docs', 'g-scope/a']);
    const swapped = await server.graphql(
      'mutation($owner: String!, $name: String!, $number: Int!) { addIssueLabels(owner: $owner, name: $name, number: $number, labels: { names: ["g-scope/b"] }) { name } }',
      vars,
      writer.basic,
    );
    assert.deepEqual(swapped.data.addIssueLabels.map((l: { name: string }) => l.name), ['g-bug', 'g-docs', 'g-scope/b']);
    const both = await server.graphql(
      'mutation($owner: String!, $name: String!, $number: Int!) { replaceIssueLabels(owner: $owner, name: $name, number: $number, labels: { names: ["g-scope/a", "g-scope/b"] }) { name } }',
      vars,
      writer.basic,
    );
    assert.equal(both.errors?.[0].extensions?.code, 'VALIDATION');
    const docs = (await api.get(`${repo.path}/labels`)).body.find((l: { name: string }) => l.name === 'g-docs');
    const removed = await server.graphql(
      'mutation($owner: String!, $name: String!, $number: Int!, $id: Int!) { removeIssueLabel(owner: $owner, name: $name, number: $number, id: $id) }',
      { ...vars, id: docs.id },
      writer.basic,
    );
    assert.equal(removed.data.removeIssueLabel, true);
    const read = await server.graphql('query($owner: String!, $name: String!, $number: Int!) { repository(owner: $owner, name: $name) { issue(number: $number) { labels { name } } } }', vars);
    assert.deepEqual(read.data.repository.issue.labels.map((l: { name: string }) => l.name), ['g-bug', 'g-scope/b']);
    const cleared = await server.graphql('mutation($owner: String!, $name: String!, $number: Int!) { clearIssueLabels(owner: $owner, name: $name, number: $number) }', vars, reader.basic);
    assert.equal(cleared.errors?.[0].extensions?.code, 'FORBIDDEN');
  });

  it('Repository.assignees and canBeAssigned, Issue.canBeAssigned, addIssueAssignees and removeIssueAssignees', async () => {
    const listed = await server.graphql(
      `query($owner: String!, $name: String!, $reader: String!, $writer: String!) { repository(owner: $owner, name: $name) {
        assignees(first: 10) { totalCount nodes { login } } readerAssignable: canBeAssigned(login: $reader) writerAssignable: canBeAssigned(login: $writer) } }`,
      { owner: owner.login, name: repo.name, reader: reader.login, writer: writer.login },
      reader.basic,
    );
    assert.equal(listed.errors, undefined, JSON.stringify(listed.errors));
    assert.equal(listed.data.repository.assignees.totalCount, 2);
    assert.deepEqual([listed.data.repository.readerAssignable, listed.data.repository.writerAssignable], [false, true]);
    const anonymous = await server.graphql('query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { assignees { totalCount } } }', { owner: owner.login, name: repo.name });
    assert.equal(anonymous.errors?.[0].extensions?.code, 'UNAUTHENTICATED');
    const { number } = await open('assigned in graphql');
    const vars = { owner: owner.login, name: repo.name, number };
    const added = await server.graphql(
      'mutation($owner: String!, $name: String!, $number: Int!, $logins: [String!]!) { addIssueAssignees(owner: $owner, name: $name, number: $number, logins: $logins) { assignees { login } } }',
      { ...vars, logins: [writer.login] },
      owner.basic,
    );
    assert.deepEqual(added.data.addIssueAssignees.assignees, [{ login: writer.login }]);
    const removed = await server.graphql(
      'mutation($owner: String!, $name: String!, $number: Int!, $logins: [String!]!) { removeIssueAssignees(owner: $owner, name: $name, number: $number, logins: $logins) { assignees { login } } }',
      { ...vars, logins: [writer.login] },
      owner.basic,
    );
    assert.deepEqual(removed.data.removeIssueAssignees.assignees, []);
    const check = await server.graphql(
      'query($owner: String!, $name: String!, $number: Int!, $login: String!) { repository(owner: $owner, name: $name) { issue(number: $number) { canBeAssigned(login: $login) } } }',
      { ...vars, login: owner.login },
    );
    assert.equal(check.data.repository.issue.canBeAssigned, true);
  });

  it('addIssueDependency and removeIssueDependency answer both issues; Issue.blockedBy and Issue.blocks are counted connections; closeIssue is refused while blocked', async () => {
    const [blocked, blocker] = [await open('g blocked'), await open('g blocker')];
    const add = await server.graphql(
      'mutation($issue: IssueLocator!, $blocker: IssueLocator!) { addIssueDependency(issue: $issue, blocker: $blocker) { issue { number } blocker { number } } }',
      { issue: at(blocked.number), blocker: at(blocker.number) },
      writer.basic,
    );
    assert.equal(add.errors, undefined, JSON.stringify(add.errors));
    assert.deepEqual(add.data.addIssueDependency, { issue: { number: blocked.number }, blocker: { number: blocker.number } });
    const read = await server.graphql(
      `query($owner: String!, $name: String!, $a: Int!, $b: Int!) { repository(owner: $owner, name: $name) {
        a: issue(number: $a) { blockedBy(first: 5) { totalCount nodes { title } } blocks { totalCount } }
        b: issue(number: $b) { blocks { totalCount nodes { title } } } } }`,
      { owner: owner.login, name: repo.name, a: blocked.number, b: blocker.number },
    );
    assert.deepEqual(read.data.repository.a, { blockedBy: { totalCount: 1, nodes: [{ title: 'g blocker' }] }, blocks: { totalCount: 0 } });
    assert.deepEqual(read.data.repository.b.blocks, { totalCount: 1, nodes: [{ title: 'g blocked' }] });
    const close = await server.graphql(
      'mutation($owner: String!, $name: String!, $number: Int!) { closeIssue(owner: $owner, name: $name, number: $number) { state } }',
      at(blocked.number),
      writer.basic,
    );
    assert.equal(close.errors?.[0].extensions?.code, 'PRECONDITION_FAILED');
    const cycle = await server.graphql(
      'mutation($issue: IssueLocator!, $blocker: IssueLocator!) { addIssueDependency(issue: $issue, blocker: $blocker) { issue { number } } }',
      { issue: at(blocker.number), blocker: at(blocked.number) },
      writer.basic,
    );
    assert.equal(cycle.errors?.[0].extensions?.code, 'VALIDATION');
    const remove = await server.graphql(
      'mutation($issue: IssueLocator!, $blocker: IssueLocator!) { removeIssueDependency(issue: $issue, blocker: $blocker) { issue { blockedBy { totalCount } } } }',
      { issue: at(blocked.number), blocker: at(blocker.number) },
      writer.basic,
    );
    assert.equal(remove.data.removeIssueDependency.issue.blockedBy.totalCount, 0);
  });

  it('needs the write:issue token scope for every change, even from the repository\'s owner', async () => {
    const readOnly = { auth: { token: await createToken(api, owner, ['read:issue', 'read:repository']) } };
    const { number } = await open('scoped');
    for (const mutation of [
      'mutation($owner: String!, $name: String!, $number: Int!) { clearIssueLabels(owner: $owner, name: $name, number: $number) }',
      'mutation($owner: String!, $name: String!, $number: Int!) { addIssueAssignees(owner: $owner, name: $name, number: $number, logins: []) { number } }',
    ]) {
      const res = await server.graphql(mutation, at(number), readOnly.auth);
      assert.equal(res.errors?.[0].extensions?.code, 'FORBIDDEN', JSON.stringify(res.errors));
    }
    const dependency = await server.graphql(
      'mutation($issue: IssueLocator!) { addIssueDependency(issue: $issue, blocker: $issue) { issue { number } } }',
      { issue: at(number) },
      readOnly.auth,
    );
    assert.equal(dependency.errors?.[0].extensions?.code, 'FORBIDDEN');
  });
});
