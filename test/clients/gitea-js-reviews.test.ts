import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ADMIN } from '../testkit/server.ts';
import { assertTypedFields, clientFor, createClientAccount, failure, type ClientAccount, type GiteaClient } from '../testkit/gitea-js.ts';
import { PULL_REVIEW, PULL_REVIEW_COMMENT } from '../testkit/gitea-js-fields/review.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

/** gitea-js against Graft: reviews of a pull request, their line comments and review requests. */
describe('gitea-js: pull request reviews', () => {
  const server = useServer();
  let owner: ClientAccount;
  let reviewer: ClientAccount;
  let repo: TestRepo;
  let number: number;

  before(async () => {
    const admin: GiteaClient = await clientFor(server, ADMIN);
    [owner, reviewer] = await Promise.all([createClientAccount(server, admin), createClientAccount(server, admin)]);
    repo = await buildRepo(server, owner, {
      files: { 'a.txt': 'one\ntwo\n' },
      commits: [{ branch: 'change', files: { 'a.txt': 'one\nTWO\n' } }],
      collaborators: [[reviewer, 'write']],
    });
    number = (await owner.api.repos.repoCreatePullRequest(owner.login, repo.name, { title: 'reviewed', head: 'change', base: 'main' })).data.number!;
  });

  it('repoCreatePullReviewRequests, repoCreatePullReview and repoGetPullReviewComments answer every field the client types', async () => {
    const asked = await owner.api.repos.repoCreatePullReviewRequests(owner.login, repo.name, number, { reviewers: [reviewer.login] });
    assert.equal(asked.status, 201);
    assertTypedFields(asked.data[0], PULL_REVIEW, 'PullReview');
    assert.equal(asked.data[0].state, 'REQUEST_REVIEW');

    const review = await reviewer.api.repos.repoCreatePullReview(owner.login, repo.name, number, {
      event: 'REQUEST_CHANGES',
      body: 'one thing',
      comments: [{ path: 'a.txt', body: 'capitals?', new_position: 2 }],
    });
    assert.equal(review.status, 200);
    assertTypedFields(review.data, PULL_REVIEW, 'PullReview');
    assert.deepEqual([review.data.state, review.data.comments_count, review.data.user!.login], ['REQUEST_CHANGES', 1, reviewer.login]);

    const lines = await reviewer.api.repos.repoGetPullReviewComments(owner.login, repo.name, number, review.data.id!);
    assertTypedFields(lines.data[0], PULL_REVIEW_COMMENT, 'PullReviewComment');
    assert.deepEqual([lines.data[0].path, lines.data[0].position, lines.data[0].original_position], ['a.txt', 2, 0]);
    assert.match(lines.data[0].diff_hunk!, /\+TWO$/);

    const listed = await owner.api.repos.repoListPullReviews(owner.login, repo.name, number);
    assert.deepEqual(listed.data.map((r) => r.state), ['REQUEST_CHANGES'], 'the answered request is no longer listed');
    const pull = await owner.api.repos.repoGetPullRequest(owner.login, repo.name, number);
    assert.equal(pull.data.review_comments, 1);
  });

  it('repoSubmitPullReview submits a pending review; repoDeletePullReview deletes it; the poster may not approve (422)', async () => {
    const pending = await reviewer.api.repos.repoCreatePullReview(owner.login, repo.name, number, { body: 'draft' });
    assert.equal(pending.data.state, 'PENDING');
    const submitted = await reviewer.api.repos.repoSubmitPullReview(owner.login, repo.name, number, pending.data.id!, { event: 'APPROVED', body: 'ok now' });
    assert.equal(submitted.data.state, 'APPROVED');
    assert.equal((await reviewer.api.repos.repoDeletePullReview(owner.login, repo.name, number, pending.data.id!)).status, 204);
    assert.equal((await failure(owner.api.repos.repoCreatePullReview(owner.login, repo.name, number, { event: 'APPROVED' }))).status, 422);
    const reviewers = await owner.api.repos.repoGetReviewers(owner.login, repo.name);
    assert.deepEqual(reviewers.data.map((u) => u.login), [reviewer.login]);
  });
});
