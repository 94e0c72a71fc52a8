import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ADMIN } from '../testkit/server.ts';
import { assertTypedFields, clientFor, createClientAccount, failure, type ClientAccount, type GiteaClient } from '../testkit/gitea-js.ts';
import { ISSUE, ISSUE_DEADLINE } from '../testkit/gitea-js-fields/issue.ts';
import { LABEL } from '../testkit/gitea-js-fields/label.ts';
import { MILESTONE } from '../testkit/gitea-js-fields/milestone.ts';
import { USER } from '../testkit/gitea-js-fields/user.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

/** gitea-js against Graft: opening, reading, listing, editing and deleting issues. */
describe('gitea-js: issues', () => {
  const server = useServer();
  let owner: ClientAccount;
  let reader: ClientAccount;
  let repo: TestRepo;

  before(async () => {
    const admin: GiteaClient = await clientFor(server, ADMIN);
    [owner, reader] = await Promise.all([createClientAccount(server, admin), createClientAccount(server, admin)]);
    repo = await buildRepo(server, owner, { autoInit: true, collaborators: [[reader, 'read']] });
  });

  it('issueCreateIssue answers the issue with every field the client types, labels and milestone included', async () => {
    const db = server.app.database.db;
    const label = await db.label.create({ data: { repoId: repo.id, name: 'bug', color: '#ee0701' } });
    const milestone = await db.milestone.create({ data: { repoId: repo.id, title: 'v1' } });
    const res = await owner.api.repos.issueCreateIssue(owner.login, repo.name, {
      title: 'from gitea-js',
      body: 'body',
      labels: [label.id],
      milestone: milestone.id,
      assignees: [owner.login],
      due_date: '2030-01-02T03:04:05Z',
    });
    assert.equal(res.status, 201);
    assertTypedFields(res.data, ISSUE, 'Issue');
    assertTypedFields(res.data.user, USER, 'Issue.user');
    assertTypedFields(res.data.labels![0], LABEL, 'Issue.labels[]');
    assertTypedFields(res.data.milestone, MILESTONE, 'Issue.milestone');
    assert.equal(res.data.assignee!.login, owner.login);
    const got = await reader.api.repos.issueGetIssue(owner.login, repo.name, res.data.number!);
    assert.equal(got.data.title, 'from gitea-js');
    assert.equal(got.data.due_date, '2030-01-02T03:04:05Z');
  });

  it('issueListIssues pages and filters as the client asks', async () => {
    for (const title of ['alpha', 'beta']) await owner.api.repos.issueCreateIssue(owner.login, repo.name, { title });
    const page = await reader.api.repos.issueListIssues(owner.login, repo.name, { state: 'open', limit: 1, page: 1 });
    assert.equal(page.data.length, 1);
    assert.equal(page.data[0].title, 'beta');
    assert.ok(Number(page.headers.get('x-total-count')) >= 3);
    assertTypedFields(page.data[0], ISSUE, 'Issue');
    const found = await reader.api.repos.issueListIssues(owner.login, repo.name, { q: 'alph' });
    assert.deepEqual(found.data.map((i) => i.title), ['alpha']);
  });

  it('issueEditIssue closes an issue and issueEditIssueDeadline sets its deadline; a reader may not', async () => {
    const made = await owner.api.repos.issueCreateIssue(owner.login, repo.name, { title: 'to edit' });
    const number = made.data.number!;
    const edited = await owner.api.repos.issueEditIssue(owner.login, repo.name, number, { state: 'closed', title: 'edited' });
    assert.equal(edited.status, 201);
    assert.equal(edited.data.state, 'closed');
    assert.ok(edited.data.closed_at);
    const deadline = await owner.api.repos.issueEditIssueDeadline(owner.login, repo.name, number, { due_date: '2031-01-01T00:00:00Z' });
    assertTypedFields(deadline.data, ISSUE_DEADLINE, 'IssueDeadline');
    assert.equal(deadline.data.due_date, '2031-01-01T00:00:00Z');
    assert.equal((await failure(reader.api.repos.issueEditIssue(owner.login, repo.name, number, { title: 'mine now' }))).status, 403);
  });

  it('issueDelete removes an issue for the repository owner', async () => {
    const made = await owner.api.repos.issueCreateIssue(owner.login, repo.name, { title: 'to delete' });
    assert.equal((await owner.api.repos.issueDelete(owner.login, repo.name, made.data.number!)).status, 204);
    assert.equal((await failure(owner.api.repos.issueGetIssue(owner.login, repo.name, made.data.number!))).status, 404);
  });
});
