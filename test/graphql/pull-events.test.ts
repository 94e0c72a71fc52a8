import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../testkit/accounts.ts';
import { listenAs } from '../testkit/subscriptions.ts';
import { buildRepo, type RepoSpec, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

const EVENTS =
  'subscription($owner: String!, $name: String!) { pullRequestEvents(owner: $owner, name: $name) { action number actor { login } pullRequest { headSha status issue { title } } } }';

interface Delivered {
  action: string;
  number: number;
  actor: { login: string } | null;
  pullRequest: { headSha: string; status: string; issue: { title: string } } | null;
}

const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('the pullRequestEvents subscription', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let reader: TestAccount;
  let repo: TestRepo;
  let other: TestRepo;

  before(async () => {
    [owner, reader] = await createAccounts(api, 2);
    const spec: RepoSpec = {
      private: true,
      files: { 'README.md': 'hello\n', 'shared.txt': 'one\n' },
      commits: [
        { branch: 'topic', files: { 'topic.txt': 't\n' } },
        { branch: 'left', from: 'main', files: { 'shared.txt': 'left\n' } },
        { branch: 'right', from: 'main', files: { 'shared.txt': 'right\n' } },
      ],
      collaborators: [[reader, 'read']],
    };
    [repo, other] = await Promise.all([buildRepo(server, owner, spec), buildRepo(server, owner, spec)]);
  });

  /** Subscribes as `who` and collects what arrives until `count` events came or five seconds passed. */
  function listen(who: TestAccount) {
    return listenAs<Delivered>(server.url, who, 'pullRequestEvents', EVENTS, { owner: owner.login, name: repo.name });
  }

  it("delivers a repository's opened, edited and synchronized pull requests and each computed mergeability, and nothing of another repository", async () => {
    const sub = listen(reader);
    await sub.connected;
    const elsewhere = await api.post(`${other.path}/pulls`, { title: 'elsewhere', head: 'topic', base: 'main' }, owner.basic);
    assert.equal(elsewhere.status, 201);
    const opened = await api.post(`${repo.path}/pulls`, { title: 'watched', head: 'topic', base: 'main' }, owner.basic);
    assert.equal(opened.status, 201, JSON.stringify(opened.body));
    const number = opened.body.number;
    await server.app.backgroundIdle();
    assert.equal((await api.patch(`${repo.path}/pulls/${number}`, { title: 'watched closely' }, owner.basic)).status, 201);
    await server.app.backgroundIdle();
    const pushed = await api.post(`${repo.path}/contents/more.txt`, { content: b64('more\n'), branch: 'topic', message: 'more' }, owner.basic);
    assert.equal(pushed.status, 201, JSON.stringify(pushed.body));
    const newHead = pushed.body.commit.sha;
    await server.app.backgroundIdle();

    const { events, errors } = await sub.settle(5);
    assert.deepEqual(errors, []);
    assert.deepEqual(
      events.map((e) => [e.action, e.number, e.actor?.login ?? null]),
      [
        ['opened', number, owner.login],
        ['mergeability_computed', number, null],
        ['edited', number, owner.login],
        ['synchronized', number, owner.login],
        ['mergeability_computed', number, null],
      ],
    );
    assert.equal(events[0].pullRequest?.headSha, opened.body.head.sha);
    assert.equal(events[1].pullRequest?.status, 'mergeable');
    assert.equal(events[2].pullRequest?.issue.title, 'watched closely');
    assert.equal(events[3].pullRequest?.headSha, newHead, 'the pull request follows the push before the event goes out');
    assert.deepEqual(events[4].pullRequest && [events[4].pullRequest.headSha, events[4].pullRequest.status], [newHead, 'mergeable']);
  });

  it('delivers the computed mergeability of a conflict with the pull request’s status', async () => {
    const sub = listen(owner);
    await sub.connected;
    const opened = await api.post(`${repo.path}/pulls`, { title: 'clash', head: 'left', base: 'right' }, owner.basic);
    assert.equal(opened.status, 201, JSON.stringify(opened.body));
    await server.app.backgroundIdle();
    const { events, errors } = await sub.settle(2);
    assert.deepEqual(errors, []);
    assert.deepEqual(events.map((e) => [e.action, e.pullRequest?.status]).at(-1), ['mergeability_computed', 'conflict']);
  });

  it('delivers reviews submitted, dismissed and undismissed and line comments published (with replies), with the review and the comment; nothing of drafts', async () => {
    const [reviewer] = await createAccounts(api, 1);
    const repo = await buildRepo(server, owner, {
      private: true,
      files: { 'README.md': 'hello\n' },
      commits: [{ branch: 'topic', files: { 'topic.txt': 't\n' } }],
      collaborators: [[reader, 'read'], [reviewer, 'read']],
    });
    const opened = await api.post(`${repo.path}/pulls`, { title: 'reviewed', head: 'topic', base: 'main' }, owner.basic);
    assert.equal(opened.status, 201, JSON.stringify(opened.body));
    const number = opened.body.number;
    await server.app.backgroundIdle();
    const sub = listenAs<Delivered & { review: { databaseId: number; state: string; dismissed: boolean } | null; reviewComment: { databaseId: number; body: string } | null }>(
      server.url,
      reader,
      'pullRequestEvents',
      'subscription($owner: String!, $name: String!) { pullRequestEvents(owner: $owner, name: $name) { action number actor { login } review { databaseId state dismissed } reviewComment { databaseId body } } }',
      { owner: owner.login, name: repo.name },
    );
    await sub.connected;
    const reviews = `${repo.path}/pulls/${number}/reviews`;
    const draft = await api.post(reviews, { body: 'a draft', comments: [{ path: 'topic.txt', body: 'draft line', new_position: 1 }] }, owner.basic);
    assert.equal(draft.status, 200, JSON.stringify(draft.body));
    const commented = await api.post(reviews, { event: 'COMMENT', body: 'c', comments: [{ path: 'topic.txt', body: 'why t?', new_position: 1 }] }, reviewer.basic);
    assert.equal(commented.status, 200, JSON.stringify(commented.body));
    const line = (await api.get(`${reviews}/${commented.body.id}/comments`, reviewer.basic)).body[0];
    const approval = await api.post(reviews, { event: 'APPROVED' }, reviewer.basic);
    assert.equal(approval.status, 200);
    assert.equal((await api.post(`${reviews}/${approval.body.id}/dismissals`, { message: 'too soon' }, owner.basic)).status, 200);
    assert.equal((await api.post(`${reviews}/${approval.body.id}/undismissals`, {}, owner.basic)).status, 200);
    const reply = await api.post(`${repo.path}/pulls/${number}/comments/${line.id}/replies`, { body: 'because' }, owner.basic);
    assert.equal(reply.status, 201, JSON.stringify(reply.body));

    const { events, errors } = await sub.settle(6);
    assert.deepEqual(errors, []);
    assert.deepEqual(
      events.map((e) => [e.action, e.number, e.actor?.login, e.review?.databaseId ?? null, e.reviewComment?.databaseId ?? null]),
      [
        ['review_comment', number, reviewer.login, commented.body.id, null],
        ['review_line_comment', number, reviewer.login, commented.body.id, line.id],
        ['review_approved', number, reviewer.login, approval.body.id, null],
        ['review_dismissed', number, owner.login, approval.body.id, null],
        ['review_undismissed', number, owner.login, approval.body.id, null],
        ['review_line_comment', number, owner.login, commented.body.id, reply.body.id],
      ],
    );
    assert.equal(events[0].review?.state, 'COMMENT');
    assert.equal(events[1].reviewComment?.body, 'why t?');
    assert.equal(events[5].reviewComment?.body, 'because');
    assert.equal(events[4].review?.dismissed, false, 'the review as it is when the event is delivered');
  });

  it('refuses the subscription to someone who may not read the repository', async () => {
    const [stranger] = await createAccounts(api, 1);
    const sub = listen(stranger);
    await sub.connected;
    const { events, errors } = await sub.settle(1);
    assert.deepEqual(events, []);
    assert.ok(errors.length > 0);
  });
});
