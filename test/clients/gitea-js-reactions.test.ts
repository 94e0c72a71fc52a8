import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { commentOn } from '../testkit/comment-rows.ts';
import { ADMIN } from '../testkit/server.ts';
import { assertTypedFields, clientFor, createClientAccount, failure, type ClientAccount, type GiteaClient } from '../testkit/gitea-js.ts';
import { REACTION } from '../testkit/gitea-js-fields/reaction.ts';
import { WATCH_INFO } from '../testkit/gitea-js-fields/social.ts';
import { USER } from '../testkit/gitea-js-fields/user.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

/** gitea-js against Graft: reactions to issues and comments, and subscriptions to issues. */
describe('gitea-js: reactions and issue subscriptions', () => {
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

  it('issuePostIssueReaction, issueGetIssueReactions and issueDeleteIssueReaction add, page and take off reactions', async () => {
    const number = await open('reacted through gitea-js');
    const made = await reader.api.repos.issuePostIssueReaction(owner.login, repo.name, number, { content: '+1' });
    assert.equal(made.status, 201);
    assertTypedFields(made.data, REACTION, 'Reaction');
    assertTypedFields(made.data.user, USER, 'Reaction.user');
    assert.equal((await reader.api.repos.issuePostIssueReaction(owner.login, repo.name, number, { content: '+1' })).status, 200);
    await owner.api.repos.issuePostIssueReaction(owner.login, repo.name, number, { content: 'heart' });
    const page = await reader.api.repos.issueGetIssueReactions(owner.login, repo.name, number, { page: 1, limit: 1 });
    assert.deepEqual(page.data.map((r) => [r.user!.login, r.content]), [[reader.login, '+1']]);
    assert.equal(page.headers.get('x-total-count'), '2');
    const removed = await reader.api.repos.issueDeleteIssueReaction(owner.login, repo.name, number, { content: '+1' });
    assert.ok(removed.ok);
    const left = await reader.api.repos.issueGetIssueReactions(owner.login, repo.name, number);
    assert.deepEqual(left.data.map((r) => r.content), ['heart']);
    assert.equal((await failure(reader.api.repos.issuePostIssueReaction(owner.login, repo.name, number, { content: 'tada' }))).status, 403);
  });

  it('issuePostCommentReaction, issueGetCommentReactions and issueDeleteCommentReaction do the same for a comment', async () => {
    const number = await open('a commented issue');
    const comment = await commentOn(server, repo, number, owner, 'react to me');
    const made = await reader.api.repos.issuePostCommentReaction(owner.login, repo.name, comment.id, { content: 'rocket' });
    assert.equal(made.status, 201);
    assertTypedFields(made.data, REACTION, 'Reaction');
    const listed = await owner.api.repos.issueGetCommentReactions(owner.login, repo.name, comment.id);
    assert.deepEqual(listed.data.map((r) => [r.user!.login, r.content]), [[reader.login, 'rocket']]);
    assert.ok((await reader.api.repos.issueDeleteCommentReaction(owner.login, repo.name, comment.id, { content: 'rocket' })).ok);
    assert.deepEqual((await owner.api.repos.issueGetCommentReactions(owner.login, repo.name, comment.id)).data, []);
  });

  it('issueAddSubscription, issueCheckSubscription, issueSubscriptions and issueDeleteSubscription follow an issue', async () => {
    const number = await open('followed through gitea-js');
    const before = await reader.api.repos.issueCheckSubscription(owner.login, repo.name, number);
    assertTypedFields(before.data, WATCH_INFO, 'WatchInfo');
    assert.equal(before.data.subscribed, false);
    assert.equal((await reader.api.repos.issueAddSubscription(owner.login, repo.name, number, reader.login)).status, 201);
    assert.equal((await reader.api.repos.issueAddSubscription(owner.login, repo.name, number, reader.login)).status, 200);
    assert.equal((await reader.api.repos.issueCheckSubscription(owner.login, repo.name, number)).data.subscribed, true);
    const listed = await reader.api.repos.issueSubscriptions(owner.login, repo.name, number, { page: 1, limit: 10 });
    assert.deepEqual(listed.data.map((u) => u.login).sort(), [owner.login, reader.login].sort());
    assertTypedFields(listed.data[0], USER, 'User');
    assert.equal((await reader.api.repos.issueDeleteSubscription(owner.login, repo.name, number, reader.login)).status, 201);
    assert.equal((await reader.api.repos.issueCheckSubscription(owner.login, repo.name, number)).data.subscribed, false);
    assert.equal((await failure(reader.api.repos.issueDeleteSubscription(owner.login, repo.name, number, owner.login))).status, 403);
  });
});
