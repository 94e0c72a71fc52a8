import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ADMIN } from '../testkit/server.ts';
import { assertTypedFields, clientFor, createClientAccount, failure, type ClientAccount, type GiteaClient } from '../testkit/gitea-js.ts';
import { COMMENT, TIMELINE_COMMENT } from '../testkit/gitea-js-fields/comment.ts';
import { ISSUE } from '../testkit/gitea-js-fields/issue.ts';
import { USER } from '../testkit/gitea-js-fields/user.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

/** gitea-js against Graft: commenting on issues, listing, editing and deleting comments, and reading the timeline. */
describe('gitea-js: comments', () => {
  const server = useServer();
  let owner: ClientAccount;
  let reader: ClientAccount;
  let repo: TestRepo;

  before(async () => {
    const admin: GiteaClient = await clientFor(server, ADMIN);
    [owner, reader] = await Promise.all([createClientAccount(server, admin), createClientAccount(server, admin)]);
    repo = await buildRepo(server, owner, { autoInit: true, collaborators: [[reader, 'read']] });
  });

  const open = async (title: string) => (await owner.api.repos.issueCreateIssue(owner.login, repo.name, { title })).data.number!;

  it('issueCreateComment answers the comment with every field the client types, and issueGetComment reads it back', async () => {
    const number = await open('commented');
    const made = await reader.api.repos.issueCreateComment(owner.login, repo.name, number, { body: 'from gitea-js' });
    assert.equal(made.status, 201);
    assertTypedFields(made.data, COMMENT, 'Comment');
    assertTypedFields(made.data.user, USER, 'Comment.user');
    assert.equal(made.data.user!.login, reader.login);
    const got = await owner.api.repos.issueGetComment(owner.login, repo.name, made.data.id!);
    assert.equal(got.data.body, 'from gitea-js');
    assert.equal((await owner.api.repos.issueGetIssue(owner.login, repo.name, number)).data.comments, 1);
  });

  it('issueGetComments and issueGetRepoComments list comments as the client asks', async () => {
    const number = await open('listed');
    for (const body of ['one', 'two', 'three']) await owner.api.repos.issueCreateComment(owner.login, repo.name, number, { body });
    const onIssue = await reader.api.repos.issueGetComments(owner.login, repo.name, number);
    assert.deepEqual(onIssue.data.map((c) => c.body), ['one', 'two', 'three']);
    onIssue.data.forEach((c, i) => assertTypedFields(c, COMMENT, `Comment[${i}]`));
    const page = await reader.api.repos.issueGetRepoComments(owner.login, repo.name, { limit: 2, page: 2 });
    assert.ok(Number(page.headers.get('x-total-count')) >= 3);
    assert.equal(page.data.length, 2);
    const since = await reader.api.repos.issueGetRepoComments(owner.login, repo.name, { since: '2100-01-01T00:00:00Z' });
    assert.deepEqual(since.data, []);
  });

  it('issueEditComment changes a comment for its poster and refuses a reader; issueDeleteComment removes it', async () => {
    const number = await open('changed');
    const made = await owner.api.repos.issueCreateComment(owner.login, repo.name, number, { body: 'draft' });
    const edited = await owner.api.repos.issueEditComment(owner.login, repo.name, made.data.id!, { body: 'final' });
    assert.equal(edited.status, 200);
    assertTypedFields(edited.data, COMMENT, 'Comment');
    assert.equal(edited.data.body, 'final');
    assert.equal((await failure(reader.api.repos.issueEditComment(owner.login, repo.name, made.data.id!, { body: 'mine' }))).status, 403);
    const deprecated = await owner.api.repos.issueEditCommentDeprecated(owner.login, repo.name, number, made.data.id!, { body: 'again' });
    assert.equal(deprecated.data.body, 'again');
    assert.equal((await owner.api.repos.issueDeleteComment(owner.login, repo.name, made.data.id!)).status, 204);
    assert.equal((await failure(owner.api.repos.issueGetComment(owner.login, repo.name, made.data.id!))).status, 404);
    const other = await owner.api.repos.issueCreateComment(owner.login, repo.name, number, { body: 'second' });
    assert.equal((await owner.api.repos.issueDeleteCommentDeprecated(owner.login, repo.name, number, other.data.id!)).status, 204);
    assert.deepEqual((await owner.api.repos.issueGetComments(owner.login, repo.name, number)).data, []);
  });

  it('issueGetCommentsAndTimeline reads events and references with every field the client types', async () => {
    const number = await open('eventful');
    const source = await open(`points at #${number}`);
    await owner.api.repos.issueEditIssue(owner.login, repo.name, number, { state: 'closed', title: 'renamed' });
    await reader.api.repos.issueCreateComment(owner.login, repo.name, number, { body: 'after closing' });
    const timeline = await reader.api.repos.issueGetCommentsAndTimeline(owner.login, repo.name, number, { limit: 10 });
    assert.deepEqual(timeline.data.map((t) => t.type), ['issue_ref', 'change_title', 'close', 'comment']);
    timeline.data.forEach((t, i) => assertTypedFields(t, TIMELINE_COMMENT, `TimelineComment[${i}]`));
    assertTypedFields(timeline.data[0].ref_issue, ISSUE, 'TimelineComment.ref_issue');
    assert.equal(timeline.data[0].ref_issue!.number, source);
    assert.deepEqual([timeline.data[1].old_title, timeline.data[1].new_title], ['eventful', 'renamed']);
  });
});
