import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { graphql } from '../../testkit/client.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

const b64 = (text: string) => Buffer.from(text).toString('base64');
const tick = () => new Promise((r) => setTimeout(r, 5));

/**
 * A review's updated_at follows Gitea's updated_unix: the review row's own writes bump it (a draft taking more
 * line comments or being submitted, a dismissal, an undismissal, a later approval or rejection of the same
 * reviewer dismissing it, a push dismissing a stale approval), the bulk flags do not (stale, official), nor do
 * replies in its conversations (they are rows of their own). REST writes whole seconds, so the tests read the
 * GraphQL field, which keeps milliseconds, and check once that REST shows the same time.
 */
describe('when a review’s updated_at changes', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let writer: TestAccount;
  let reader: TestAccount;
  let repo: TestRepo;
  let branches = 0;

  before(async () => {
    [owner, writer, reader] = await createAccounts(api, 3);
    repo = await buildRepo(server, owner, { files: { 'code.txt': 'one\ntwo\nthree\n' }, collaborators: [[writer, 'write'], [reader, 'read']] });
  });

  const openPull = async () => {
    const branch = `topic-${++branches}`;
    const change = await api.put(`${repo.path}/contents/code.txt`, {
      content: b64('one\nTWO\nthree\n'),
      sha: (await api.get(`${repo.path}/contents/code.txt`, owner.basic)).body.sha,
      branch: 'main',
      new_branch: branch,
      message: 'change',
    }, owner.basic);
    assert.equal(change.status, 200, JSON.stringify(change.body));
    const pr = await api.post(`${repo.path}/pulls`, { title: branch, head: branch, base: 'main' }, owner.basic);
    assert.equal(pr.status, 201, JSON.stringify(pr.body));
    return { number: pr.body.number as number, branch };
  };
  const reviews = (number: number) => `${repo.path}/pulls/${number}/reviews`;

  /** The review's times as GraphQL shows them (milliseconds), read by `who`. */
  const times = async (number: number, id: number, who: TestAccount = owner) => {
    const result = await graphql(
      server.url,
      'query($o: String!, $n: String!, $p: Int!, $id: Int!) { repository(owner: $o, name: $n) { pullRequest(number: $p) { review(id: $id) { submittedAt updatedAt dismissed stale } } } }',
      { o: repo.owner, n: repo.name, p: number, id },
      who.basic,
    );
    assert.equal(result.errors, undefined, JSON.stringify(result.errors));
    const review = result.data.repository.pullRequest.review;
    return { submitted: Date.parse(review.submittedAt), updated: Date.parse(review.updatedAt), dismissed: review.dismissed as boolean, stale: review.stale as boolean };
  };

  it('moves when a draft takes more line comments and when it is submitted; submitted_at stays the draft’s creation, as in Gitea', async () => {
    const pr = await openPull();
    const draft = await api.post(reviews(pr.number), { body: 'draft', comments: [{ path: 'code.txt', body: 'a', new_position: 2 }] }, writer.basic);
    assert.equal(draft.status, 200, JSON.stringify(draft.body));
    const created = await times(pr.number, draft.body.id, writer);
    await tick();
    const more = await api.post(reviews(pr.number), { body: 'draft', comments: [{ path: 'code.txt', body: 'b', old_position: 2 }] }, writer.basic);
    assert.equal(more.body.id, draft.body.id);
    const commented = await times(pr.number, draft.body.id, writer);
    assert.ok(commented.updated > created.updated, 'a line comment added to the draft');
    await tick();
    const submitted = await api.post(`${reviews(pr.number)}/${draft.body.id}`, { event: 'COMMENT', body: 'done' }, writer.basic);
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    const after = await times(pr.number, draft.body.id);
    assert.ok(after.updated > commented.updated, 'submitted');
    assert.equal(after.submitted, created.submitted);
    assert.equal(submitted.body.updated_at, new Date(Math.floor(after.updated / 1000) * 1000).toISOString().replace('.000Z', 'Z'), 'REST shows the same time in whole seconds');
  });

  it('moves when it is dismissed and undismissed, and when the dismissal of a later one takes it as a prior', async () => {
    const pr = await openPull();
    const first = (await api.post(reviews(pr.number), { event: 'REQUEST_CHANGES', body: 'no' }, writer.basic)).body;
    const before = await times(pr.number, first.id);
    await tick();
    const second = (await api.post(reviews(pr.number), { event: 'APPROVED' }, writer.basic)).body;
    const superseded = await times(pr.number, first.id);
    assert.equal(superseded.dismissed, true, 'a later approval of the same reviewer dismisses the earlier rejection, as Gitea’s CreateReview does');
    assert.ok(superseded.updated > before.updated);
    assert.equal((await api.post(`${reviews(pr.number)}/${first.id}/undismissals`, {}, owner.basic)).status, 200);
    const undismissed = await times(pr.number, first.id);
    assert.equal(undismissed.dismissed, false);
    assert.ok(undismissed.updated > superseded.updated, 'undismissed');
    await tick();
    const approval = await times(pr.number, second.id);
    assert.equal((await api.post(`${reviews(pr.number)}/${second.id}/dismissals`, { message: 'm', priors: true }, owner.basic)).status, 200);
    const dismissed = await times(pr.number, second.id);
    const prior = await times(pr.number, first.id);
    assert.ok(dismissed.updated > approval.updated, 'dismissed');
    assert.equal(prior.dismissed, true);
    assert.ok(prior.updated > undismissed.updated, 'dismissed as a prior');
  });

  it('stays when a reply joins one of its conversations, when it turns stale, and when a review request makes it unofficial', async () => {
    const pr = await openPull();
    const review = (await api.post(reviews(pr.number), { event: 'COMMENT', body: 'c', comments: [{ path: 'code.txt', body: 'why?', new_position: 2 }] }, writer.basic)).body;
    const line = (await api.get(`${reviews(pr.number)}/${review.id}/comments`, owner.basic)).body[0];
    const before = await times(pr.number, review.id);
    await tick();
    assert.equal((await api.post(`${repo.path}/pulls/${pr.number}/comments/${line.id}/replies`, { body: 'because' }, reader.basic)).status, 201);
    assert.equal((await times(pr.number, review.id)).updated, before.updated, 'a reply is a row of its own');
    const pushed = await api.post(`${repo.path}/contents/more.txt`, { content: b64('more\n'), branch: pr.branch, message: 'more' }, owner.basic);
    assert.equal(pushed.status, 201, JSON.stringify(pushed.body));
    await server.app.backgroundIdle();
    const stale = await times(pr.number, review.id);
    assert.equal(stale.stale, true);
    assert.equal(stale.updated, before.updated, 'stale is set in bulk, as Gitea’s MarkReviewsAsStale does');
    assert.equal((await api.post(`${repo.path}/pulls/${pr.number}/requested_reviewers`, { reviewers: [writer.login] }, owner.basic)).status, 201);
    assert.equal((await times(pr.number, review.id)).updated, before.updated);
  });

  it('moves when a push dismisses a stale approval under dismiss_stale_approvals', async () => {
    const rule = await api.post(`${repo.path}/branch_protections`, { rule_name: 'main', dismiss_stale_approvals: true }, owner.basic);
    assert.equal(rule.status, 201, JSON.stringify(rule.body));
    const pr = await openPull();
    const approval = (await api.post(reviews(pr.number), { event: 'APPROVED' }, writer.basic)).body;
    const before = await times(pr.number, approval.id);
    await tick();
    const pushed = await api.post(`${repo.path}/contents/later.txt`, { content: b64('later\n'), branch: pr.branch, message: 'later' }, owner.basic);
    assert.equal(pushed.status, 201, JSON.stringify(pushed.body));
    await server.app.backgroundIdle();
    const after = await times(pr.number, approval.id);
    assert.equal(after.dismissed, true);
    assert.ok(after.updated > before.updated);
    assert.equal((await api.request('DELETE', `${repo.path}/branch_protections/main`, { auth: owner.basic })).status, 204);
  });
});
