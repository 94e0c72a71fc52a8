import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, createToken, type TestAccount } from '../../testkit/accounts.ts';
import { graphql } from '../../testkit/client.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('replies to line comments of reviews', () => {
  const server = useServer();
  const { api } = server;
  const db = () => server.app.database.db;
  let owner: TestAccount;
  let writer: TestAccount;
  let reader: TestAccount;
  let stranger: TestAccount;
  let repo: TestRepo;
  let branches = 0;

  before(async () => {
    [owner, writer, reader, stranger] = await createAccounts(api, 4);
    repo = await buildRepo(server, owner, {
      files: { 'code.txt': 'one\ntwo\nthree\nfour\nfive\nsix\n' },
      collaborators: [[writer, 'write'], [reader, 'read']],
    });
  });

  /** A pull request by the owner from a new branch that changes code.txt (line 3 replaced, line 7 added). */
  const openPull = async (path = repo.path) => {
    const branch = `topic-${++branches}`;
    const change = await api.put(`${path}/contents/code.txt`, {
      content: b64('one\ntwo\nTHREE\nfour\nfive\nsix\nseven\n'),
      sha: (await api.get(`${path}/contents/code.txt`, owner.basic)).body.sha,
      branch: 'main',
      new_branch: branch,
      message: 'change code',
    }, owner.basic);
    assert.equal(change.status, 200, JSON.stringify(change.body));
    const pr = await api.post(`${path}/pulls`, { title: `from ${branch}`, head: branch, base: 'main' }, owner.basic);
    assert.equal(pr.status, 201, JSON.stringify(pr.body));
    return { number: pr.body.number as number, head: pr.body.head.sha as string };
  };
  const reviews = (number: number, path = repo.path) => `${path}/pulls/${number}/reviews`;
  const replies = (number: number, id: number, path = repo.path) => `${path}/pulls/${number}/comments/${id}/replies`;

  /** A review by `by` with a line comment on the old side of line 3 (pending unless an event is given); the review and its comment. */
  const reviewWithLine = async (number: number, by: TestAccount, event?: string) => {
    const review = await api.post(reviews(number), { event, body: 'see the line', comments: [{ path: 'code.txt', body: 'why?', old_position: 3 }] }, by.basic);
    assert.equal(review.status, 200, JSON.stringify(review.body));
    const lines = await api.get(`${reviews(number)}/${review.body.id}/comments`, by.basic);
    assert.equal(lines.status, 200);
    return { review: review.body, line: lines.body[0] };
  };

  it('answers 201 with a line comment in the same review, on the same file, line, side, commit and hunk, by the replier', async () => {
    const pr = await openPull();
    const { review, line } = await reviewWithLine(pr.number, writer, 'COMMENT');
    const res = await api.post(replies(pr.number, line.id), { body: 'because' }, reader.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.body, 'because');
    assert.equal(res.body.user.login, reader.login);
    assert.equal(res.body.pull_request_review_id, review.id);
    assert.equal(res.body.path, 'code.txt');
    assert.equal(res.body.position, 0);
    assert.equal(res.body.original_position, 3);
    assert.equal(res.body.commit_id, line.commit_id);
    assert.equal(res.body.diff_hunk, line.diff_hunk);
    assert.equal(res.body.resolver, null);
    assert.match(res.body.pull_request_url, new RegExp(`/${repo.fullName}/pulls/${pr.number}$`));
    const thread = await api.get(`${reviews(pr.number)}/${review.id}/comments`, stranger.basic);
    assert.deepEqual(thread.body.map((c: { id: number }) => c.id), [line.id, res.body.id], 'the reply is listed with its review, after the comment');
    assert.equal((await api.get(`${reviews(pr.number)}/${review.id}`, stranger.basic)).body.comments_count, 2);
    assert.equal((await api.get(`${repo.path}/pulls/${pr.number}`, stranger.basic)).body.review_comments, 2);
    assert.equal(await db().review.count({ where: { issueId: (await db().comment.findUniqueOrThrow({ where: { id: line.id } })).issueId } }), 1, 'no review of its own');
  });

  it('keeps a reply in the replier’s own pending review a draft, and publishes it with the review', async () => {
    const pr = await openPull();
    const { review, line } = await reviewWithLine(pr.number, writer);
    assert.equal(review.state, 'PENDING');
    const res = await api.post(replies(pr.number, line.id), { body: 'a second thought' }, writer.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.pull_request_review_id, review.id);
    assert.equal((await api.get(`${repo.path}/pulls/${pr.number}`, reader.basic)).body.review_comments, 0, 'draft replies are not counted');
    const submitted = await api.post(`${reviews(pr.number)}/${review.id}`, { event: 'COMMENT', body: 'done' }, writer.basic);
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    assert.equal(submitted.body.comments_count, 2);
    assert.equal((await api.get(`${repo.path}/pulls/${pr.number}`, reader.basic)).body.review_comments, 2);
  });

  it('answers 404 for an unknown comment, a comment of another pull request, a comment that is no line comment, and another’s pending review', async () => {
    const pr = await openPull();
    const other = await openPull();
    const { line } = await reviewWithLine(pr.number, writer, 'COMMENT');
    const { line: draft } = await reviewWithLine(pr.number, stranger);
    const plain = await api.post(`${repo.path}/issues/${pr.number}/comments`, { body: 'a plain comment' }, reader.basic);
    assert.equal(plain.status, 201);
    assert.equal((await api.post(replies(pr.number, 999999), { body: 'x' }, reader.basic)).status, 404);
    assert.equal((await api.post(replies(other.number, line.id), { body: 'x' }, reader.basic)).status, 404);
    assert.equal((await api.post(replies(pr.number, plain.body.id), { body: 'x' }, reader.basic)).status, 404);
    assert.equal((await api.post(replies(pr.number, draft.id), { body: 'x' }, reader.basic)).status, 404);
    assert.equal((await api.post(replies(9999, line.id), { body: 'x' }, reader.basic)).status, 404);
  });

  it('refuses an empty or missing body with 422, and answers 401 to anonymous callers', async () => {
    const pr = await openPull();
    const { line } = await reviewWithLine(pr.number, writer, 'COMMENT');
    for (const body of [{}, { body: '' }, { body: '   ' }]) {
      const res = await api.post(replies(pr.number, line.id), body, reader.basic);
      assert.equal(res.status, 422, `${JSON.stringify(body)}: ${JSON.stringify(res.body)}`);
      assert.equal(typeof res.body.message, 'string');
    }
    assert.equal((await api.post(replies(pr.number, line.id), { body: 'x' })).status, 401);
  });

  it('refuses a token without write:repository (403), non-writers on a locked pull request (403), and an archived repository (423)', async () => {
    const pr = await openPull();
    const { line } = await reviewWithLine(pr.number, writer, 'COMMENT');
    const readOnly = await createToken(api, reader, ['read:repository']);
    assert.equal((await api.post(replies(pr.number, line.id), { body: 'x' }, { token: readOnly })).status, 403);
    assert.equal((await api.put(`${repo.path}/issues/${pr.number}/lock`, {}, owner.basic)).status, 204);
    const locked = await api.post(replies(pr.number, line.id), { body: 'x' }, reader.basic);
    assert.equal(locked.status, 403, JSON.stringify(locked.body));
    assert.equal((await api.post(replies(pr.number, line.id), { body: 'writers may' }, writer.basic)).status, 201);

    const archived = await buildRepo(server, owner, { files: { 'code.txt': 'one\ntwo\nthree\nfour\nfive\nsix\n' } });
    const open = await openPull(archived.path);
    const { line: archivedLine } = await reviewWithLine(open.number, writer, 'COMMENT');
    assert.equal((await api.patch(archived.path, { archived: true }, owner.basic)).status, 200);
    assert.equal((await api.post(replies(open.number, archivedLine.id, archived.path), { body: 'x' }, writer.basic)).status, 423);
  });

  it('publishes pull_request_review_comment for a reply in a submitted review, none for a draft reply', async () => {
    const pr = await openPull();
    const { line } = await reviewWithLine(pr.number, writer, 'COMMENT');
    const { line: draft } = await reviewWithLine(pr.number, stranger);
    const seen: string[] = [];
    const stop = new AbortController();
    const running = (async () => {
      for await (const event of server.app.events.subscribe('pull_request_review_comment', stop.signal)) {
        if (event.repoId === repo.id && event.number === pr.number) seen.push(`${event.actorId}:${event.reviewId}:${event.commentId}`);
      }
    })().catch(() => {});
    await new Promise((r) => setTimeout(r, 20));
    const reply = await api.post(replies(pr.number, line.id), { body: 'published' }, reader.basic);
    const draftReply = await api.post(replies(pr.number, draft.id), { body: 'kept' }, stranger.basic);
    assert.equal(draftReply.status, 201);
    await new Promise((r) => setTimeout(r, 100));
    stop.abort();
    await running;
    assert.deepEqual(seen, [`${reader.id}:${reply.body.pull_request_review_id}:${reply.body.id}`]);
  });

  it('replies through the GraphQL mutation replyToPullReviewComment', async () => {
    const pr = await openPull();
    const { review, line } = await reviewWithLine(pr.number, writer, 'COMMENT');
    const result = await graphql(
      server.url,
      `mutation($o: String!, $n: String!, $p: Int!, $id: Int!) { replyToPullReviewComment(owner: $o, name: $n, number: $p, id: $id, body: "by graphql") { reviewId oldLine path body poster { login } } }`,
      { o: repo.owner, n: repo.name, p: pr.number, id: line.id },
      reader.basic,
    );
    assert.equal(result.errors, undefined, JSON.stringify(result.errors));
    assert.deepEqual(result.data.replyToPullReviewComment, { reviewId: review.id, oldLine: 3, path: 'code.txt', body: 'by graphql', poster: { login: reader.login } });
  });
});
