import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { readRule } from '../../../src/domain/protection/protection.service.ts';
import { reviewGate } from '../../../src/domain/review/review.service.ts';
import { createAccounts, createToken, type TestAccount } from '../../testkit/accounts.ts';
import { followReviewsOnPush } from '../../../src/domain/review/review.service.ts';
import { adminAuth, graphql } from '../../testkit/client.ts';
import { buildOrg } from '../../testkit/orgs.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('pull request reviews', () => {
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
      files: { 'README.md': 'hello\n', 'code.txt': 'one\ntwo\nthree\nfour\nfive\nsix\n' },
      collaborators: [[writer, 'write'], [reader, 'read']],
    });
  });

  /** A pull request by `by` from a new branch that changes code.txt (line 3 replaced, line 7 added). */
  const openPull = async (by: TestAccount = owner, path = repo.path) => {
    const branch = `topic-${++branches}`;
    const change = await api.put(`${path}/contents/code.txt`, {
      content: b64('one\ntwo\nTHREE\nfour\nfive\nsix\nseven\n'),
      sha: (await api.get(`${path}/contents/code.txt`, owner.basic)).body.sha,
      branch: 'main',
      new_branch: branch,
      message: 'change code',
    }, owner.basic);
    assert.equal(change.status, 200, JSON.stringify(change.body));
    const pr = await api.post(`${path}/pulls`, { title: `from ${branch}`, head: branch, base: 'main' }, by.basic);
    assert.equal(pr.status, 201, JSON.stringify(pr.body));
    return { number: pr.body.number as number, head: pr.body.head.sha as string, branch, id: pr.body.id as number };
  };
  const reviews = (number: number, path = repo.path) => `${path}/pulls/${number}/reviews`;

  it('approves a pull request on its head by default, with Gitea’s shape: state, commit_id, html_url, comments_count', async () => {
    const pr = await openPull();
    const res = await api.post(reviews(pr.number), { event: 'APPROVED', body: 'looks good' }, writer.basic);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.state, 'APPROVED');
    assert.equal(res.body.commit_id, pr.head);
    assert.equal(res.body.user.login, writer.login);
    assert.equal(res.body.team, null);
    assert.equal(res.body.comments_count, 0);
    assert.equal(res.body.stale, false);
    assert.equal(res.body.dismissed, false);
    assert.equal(res.body.official, false, 'without a rule on the base branch no review is official');
    assert.match(res.body.pull_request_url, new RegExp(`/${repo.fullName}/pulls/${pr.number}$`));
    const row = await db().comment.findFirstOrThrow({ where: { reviewId: res.body.id, type: 'review' } });
    assert.equal(res.body.html_url, `${res.body.pull_request_url}#issuecomment-${row.id}`);
    const timeline = await api.get(`${repo.path}/issues/${pr.number}/timeline`, reader.basic);
    const review = timeline.body.find((r: { type: string }) => r.type === 'review');
    assert.equal(review.review_id, res.body.id);
    assert.equal(review.body, 'looks good');
    const comments = await api.get(`${repo.path}/issues/${pr.number}/comments`, reader.basic);
    assert.deepEqual(comments.body, [], 'a review is no comment of the issue, as in Gitea');
  });

  it('refuses with 422 what Gitea refuses: approving or rejecting your own pull request, REQUEST_CHANGES without a body, COMMENT with neither body nor line comments', async () => {
    const pr = await openPull(writer);
    assert.equal((await api.post(reviews(pr.number), { event: 'APPROVED' }, writer.basic)).status, 422);
    assert.equal((await api.post(reviews(pr.number), { event: 'REQUEST_CHANGES', body: 'no' }, writer.basic)).status, 422);
    assert.equal((await api.post(reviews(pr.number), { event: 'REQUEST_CHANGES', body: '  ' }, owner.basic)).status, 422);
    assert.equal((await api.post(reviews(pr.number), { event: 'COMMENT' }, owner.basic)).status, 422);
    assert.equal((await api.post(reviews(pr.number), { event: 'COMMENT', body: 'fine' }, writer.basic)).status, 200, 'the poster may comment');
    assert.equal((await api.post(reviews(pr.number), { event: 'APPROVED' }, stranger.basic)).status, 200, 'anyone who reads the pull requests may review');
    assert.equal((await api.post(reviews(9999), { event: 'APPROVED' }, owner.basic)).status, 404);
  });

  it('keeps a pending review with its line comments for its author alone, and publishes both when it is submitted', async () => {
    const pr = await openPull();
    const pending = await api.post(reviews(pr.number), {
      body: 'draft',
      comments: [
        { path: 'code.txt', body: 'why capitals?', new_position: 3 },
        { path: 'code.txt', body: 'was lower case', old_position: 3 },
      ],
    }, writer.basic);
    assert.equal(pending.status, 200, JSON.stringify(pending.body));
    assert.equal(pending.body.state, 'PENDING');
    assert.equal(pending.body.comments_count, 2);
    assert.equal(pending.body.html_url, '', 'a draft has no place on the page yet');
    assert.equal((await api.get(`${reviews(pr.number)}/${pending.body.id}`, reader.basic)).status, 404);
    assert.deepEqual((await api.get(reviews(pr.number), reader.basic)).body, []);
    assert.equal((await api.get(reviews(pr.number), writer.basic)).body.length, 1);
    // A second pending review is the same one: one draft per account and pull request.
    const again = await api.post(reviews(pr.number), { body: 'draft 2', comments: [{ path: 'code.txt', body: 'a new line', new_position: 7 }] }, writer.basic);
    assert.equal(again.body.id, pending.body.id);
    assert.equal(again.body.comments_count, 3);
    const lines = await api.get(`${reviews(pr.number)}/${pending.body.id}/comments`, writer.basic);
    assert.equal(lines.status, 200);
    const [onNew, onOld] = lines.body;
    assert.equal(onNew.path, 'code.txt');
    assert.equal(onNew.position, 3);
    assert.equal(onNew.original_position, 0);
    assert.equal(onOld.position, 0);
    assert.equal(onOld.original_position, 3);
    assert.equal(onNew.commit_id, pr.head);
    assert.equal(onNew.pull_request_review_id, pending.body.id);
    assert.match(onNew.diff_hunk, /^@@ -\d+,\d+ \+\d+,\d+ @@\n/);
    assert.ok(onNew.diff_hunk.endsWith('+THREE'), onNew.diff_hunk);
    assert.ok(onOld.diff_hunk.endsWith('-three'), onOld.diff_hunk);
    assert.equal(onNew.resolver, null);
    assert.equal((await api.get(`${repo.path}/pulls/${pr.number}`, reader.basic)).body.review_comments, 0, 'draft comments are not counted');

    assert.equal((await api.post(`${reviews(pr.number)}/${pending.body.id}`, { event: 'PENDING', body: 'x' }, writer.basic)).status, 422);
    assert.equal((await api.post(`${reviews(pr.number)}/${pending.body.id}`, { event: 'COMMENT' }, owner.basic)).status, 404, 'another’s draft is not seen');
    const submitted = await api.post(`${reviews(pr.number)}/${pending.body.id}`, { event: 'COMMENT' }, writer.basic);
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    assert.equal(submitted.body.state, 'COMMENT');
    assert.equal(submitted.body.comments_count, 3);
    assert.equal((await api.post(`${reviews(pr.number)}/${pending.body.id}`, { event: 'COMMENT' }, writer.basic)).status, 422, 'only a pending review is submitted');
    assert.equal((await api.get(`${reviews(pr.number)}/${pending.body.id}`, reader.basic)).body.state, 'COMMENT');
    assert.equal((await api.get(`${repo.path}/pulls/${pr.number}`, reader.basic)).body.review_comments, 3);
  });

  it('refuses line comments on a file the pull request does not change, or on a line its diff does not show (422)', async () => {
    const pr = await openPull();
    const on = (comment: Record<string, unknown>) => api.post(reviews(pr.number), { event: 'COMMENT', body: 'x', comments: [{ body: 'here', ...comment }] }, writer.basic);
    assert.equal((await on({ path: 'README.md', new_position: 1 })).status, 422);
    assert.equal((await on({ path: 'code.txt', new_position: 40 })).status, 422);
    assert.equal((await on({ path: 'code.txt' })).status, 422);
    assert.equal((await on({ path: 'code.txt', old_position: 7 })).status, 422, 'the old side has six lines');
    assert.equal((await on({ path: 'code.txt', new_position: 7 })).status, 200);
  });

  it('asks accounts to review, shows them as requested reviewers until they answer, and takes requests back', async () => {
    const pr = await openPull();
    const asked = await api.post(`${repo.path}/pulls/${pr.number}/requested_reviewers`, { reviewers: [writer.login, reader.login] }, owner.basic);
    assert.equal(asked.status, 201, JSON.stringify(asked.body));
    assert.deepEqual(asked.body.map((r: { state: string; user: { login: string } }) => [r.state, r.user.login]), [['REQUEST_REVIEW', writer.login], ['REQUEST_REVIEW', reader.login]]);
    const twice = await api.post(`${repo.path}/pulls/${pr.number}/requested_reviewers`, { reviewers: [writer.login] }, owner.basic);
    assert.deepEqual(twice.body, [], 'an account already asked is not asked again');
    let shown = await api.get(`${repo.path}/pulls/${pr.number}`, reader.basic);
    assert.deepEqual(shown.body.requested_reviewers.map((u: { login: string }) => u.login).sort(), [writer.login, reader.login].sort());
    assert.equal((await api.post(reviews(pr.number), { event: 'APPROVED' }, writer.basic)).status, 200);
    shown = await api.get(`${repo.path}/pulls/${pr.number}`, reader.basic);
    assert.deepEqual(shown.body.requested_reviewers.map((u: { login: string }) => u.login), [reader.login], 'an approval answers the request');

    const refused = (body: Record<string, unknown>, by = owner) => api.post(`${repo.path}/pulls/${pr.number}/requested_reviewers`, body, by.basic);
    assert.equal((await refused({ reviewers: [owner.login] })).status, 422, 'the poster does not review');
    assert.equal((await refused({ reviewers: ['nobody-at-all'] })).status, 404);
    assert.equal((await refused({ reviewers: [stranger.login] }, reader)).status, 422, 'a reader who is not the poster may not choose reviewers');

    const removed = await api.request('DELETE', `${repo.path}/pulls/${pr.number}/requested_reviewers`, { body: { reviewers: [reader.login] }, auth: owner.basic });
    assert.equal(removed.status, 204);
    shown = await api.get(`${repo.path}/pulls/${pr.number}`, reader.basic);
    assert.deepEqual(shown.body.requested_reviewers, []);
    const rows = (await api.get(`${repo.path}/issues/${pr.number}/timeline`, reader.basic)).body.filter((r: { type: string }) => r.type === 'review_request');
    assert.deepEqual(rows.map((r: { assignee: { login: string }; removed_assignee: boolean }) => [r.assignee.login, r.removed_assignee]), [
      [writer.login, false],
      [reader.login, false],
      [reader.login, true],
    ]);
  });

  it('asks teams of the owning organization to review; an approval by a member answers the team’s request', async () => {
    const org = await buildOrg(server, { owner, teams: [{ name: 'reviewers', permission: 'write', includesAllRepositories: true, members: [writer] }] });
    const orgRepo = await buildRepo(server, owner, { org: org.login, files: { 'code.txt': 'one\ntwo\nthree\nfour\nfive\nsix\n' } });
    const pr = await openPull(owner, orgRepo.path);
    const asked = await api.post(`${orgRepo.path}/pulls/${pr.number}/requested_reviewers`, { team_reviewers: ['reviewers'] }, owner.basic);
    assert.equal(asked.status, 201, JSON.stringify(asked.body));
    assert.equal(asked.body[0].team.name, 'reviewers');
    assert.equal(asked.body[0].team.organization, null, 'as Gitea sends a review’s team');
    assert.equal(asked.body[0].user, null);
    assert.deepEqual((await api.get(`${orgRepo.path}/pulls/${pr.number}`, owner.basic)).body.requested_reviewers_teams.map((t: { name: string }) => t.name), ['reviewers']);
    const token = { token: await createToken(api, owner, ['read:repository']) };
    const withToken = await api.get(`${orgRepo.path}/pulls/${pr.number}/reviews`, token);
    assert.equal(withToken.status, 200, 'a team asked is read with the pull request, without read:organization');
    assert.equal(withToken.body[0].team.name, 'reviewers');
    assert.equal((await api.post(`${orgRepo.path}/pulls/${pr.number}/requested_reviewers`, { team_reviewers: ['no-such-team'] }, owner.basic)).status, 404);
    assert.equal((await api.post(reviews(pr.number, orgRepo.path), { event: 'APPROVED' }, writer.basic)).status, 200);
    assert.deepEqual((await api.get(`${orgRepo.path}/pulls/${pr.number}`, owner.basic)).body.requested_reviewers_teams, []);
  });

  it('lets repository admins dismiss approvals and rejections, with the message on the timeline, and undismiss them', async () => {
    const pr = await openPull();
    const approval = (await api.post(reviews(pr.number), { event: 'APPROVED' }, writer.basic)).body;
    const comment = (await api.post(reviews(pr.number), { event: 'COMMENT', body: 'hm' }, reader.basic)).body;
    assert.equal((await api.post(`${reviews(pr.number)}/${approval.id}/dismissals`, { message: 'no' }, writer.basic)).status, 403, 'writers are not admins');
    assert.equal((await api.post(`${reviews(pr.number)}/${comment.id}/dismissals`, { message: 'no' }, owner.basic)).status, 403, 'a comment is not dismissed');
    const dismissed = await api.post(`${reviews(pr.number)}/${approval.id}/dismissals`, { message: 'outdated' }, owner.basic);
    assert.equal(dismissed.status, 200, JSON.stringify(dismissed.body));
    assert.equal(dismissed.body.dismissed, true);
    const row = (await api.get(`${repo.path}/issues/${pr.number}/timeline`, reader.basic)).body.find((r: { type: string }) => r.type === 'dismiss_review');
    assert.equal(row.body, 'outdated');
    assert.equal(row.review_id, approval.id);
    const back = await api.post(`${reviews(pr.number)}/${approval.id}/undismissals`, {}, owner.basic);
    assert.equal(back.status, 200);
    assert.equal(back.body.dismissed, false);
  });

  it('deletes a review for its author or a site admin only, with its line comments', async () => {
    const pr = await openPull();
    const review = (await api.post(reviews(pr.number), { event: 'COMMENT', body: 'x', comments: [{ path: 'code.txt', body: 'l', new_position: 3 }] }, writer.basic)).body;
    assert.equal((await api.delete(`${reviews(pr.number)}/${review.id}`, owner.basic)).status, 403);
    assert.equal((await api.delete(`${reviews(pr.number)}/${review.id}`, writer.basic)).status, 204);
    assert.equal((await api.get(`${reviews(pr.number)}/${review.id}`, reader.basic)).status, 404);
    assert.equal(await db().comment.count({ where: { reviewId: review.id } }), 0);
    const other = (await api.post(reviews(pr.number), { event: 'COMMENT', body: 'y' }, writer.basic)).body;
    assert.equal((await api.delete(`${reviews(pr.number)}/${other.id}`, adminAuth)).status, 204);
  });

  it('resolves and unresolves a line comment’s conversation for the poster and writers (403 for readers, 400 for other comments)', async () => {
    const pr = await openPull();
    const review = (await api.post(reviews(pr.number), { event: 'COMMENT', body: 'x', comments: [{ path: 'code.txt', body: 'l', new_position: 3 }] }, reader.basic)).body;
    const [line] = (await api.get(`${reviews(pr.number)}/${review.id}/comments`, reader.basic)).body;
    assert.equal((await api.post(`${repo.path}/pulls/comments/${line.id}/resolve`, {}, reader.basic)).status, 403);
    assert.equal((await api.post(`${repo.path}/pulls/comments/${line.id}/resolve`, {}, writer.basic)).status, 204);
    assert.equal((await api.get(`${reviews(pr.number)}/${review.id}/comments`, reader.basic)).body[0].resolver.login, writer.login);
    assert.equal((await api.post(`${repo.path}/pulls/comments/${line.id}/unresolve`, {}, owner.basic)).status, 204);
    assert.equal((await api.get(`${reviews(pr.number)}/${review.id}/comments`, reader.basic)).body[0].resolver, null);
    const plain = await api.post(`${repo.path}/issues/${pr.number}/comments`, { body: 'plain' }, reader.basic);
    assert.equal((await api.post(`${repo.path}/pulls/comments/${plain.body.id}/resolve`, {}, owner.basic)).status, 400);
    assert.equal((await api.post(`${repo.path}/pulls/comments/999999/resolve`, {}, owner.basic)).status, 404);
  });

  it('lists who may review: the owner, collaborators, never the caller', async () => {
    const res = await api.get(`${repo.path}/reviewers`, writer.basic);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.map((u: { login: string }) => u.login).sort(), [owner.login, reader.login].sort());
  });

  it('marks earlier reviews stale on a push to the head, and dismisses approvals where the rule says dismiss_stale_approvals', async () => {
    const rule = await api.post(`${repo.path}/branch_protections`, { rule_name: 'main', required_approvals: 1, dismiss_stale_approvals: true, block_on_rejected_reviews: true }, owner.basic);
    assert.equal(rule.status, 201, JSON.stringify(rule.body));
    try {
      const pr = await openPull();
      const approval = (await api.post(reviews(pr.number), { event: 'APPROVED' }, writer.basic)).body;
      assert.equal(approval.official, true, 'a writer approves officially under the rule');
      const byReader = (await api.post(reviews(pr.number), { event: 'APPROVED' }, reader.basic)).body;
      assert.equal(byReader.official, false, 'a reader does not');
      const ruleRow = readRule(await db().branchProtection.findFirstOrThrow({ where: { repoId: repo.id, ruleName: 'main' } }));
      const issueId = (await db().pullRequest.findUniqueOrThrow({ where: { id: pr.id } })).issueId;
      assert.deepEqual(await reviewGate(db(), { issueId }, ruleRow), { approvals: 1, enoughApprovals: true, blockedByRejection: false, blockedByOfficialRequests: false });

      const sha = (await api.get(`${repo.path}/contents/code.txt?ref=${pr.branch}`, owner.basic)).body.sha;
      const push = await api.put(`${repo.path}/contents/code.txt`, { content: b64('changed again\n'), sha, branch: pr.branch, message: 'more' }, owner.basic);
      assert.equal(push.status, 200, JSON.stringify(push.body));
      await server.app.backgroundIdle();
      const after = await api.get(`${reviews(pr.number)}/${approval.id}`, reader.basic);
      assert.equal(after.body.stale, true);
      assert.equal(after.body.dismissed, true);
      assert.equal((await api.get(`${reviews(pr.number)}/${byReader.id}`, reader.basic)).body.dismissed, true);
      assert.equal((await api.get(`${repo.path}/issues/${pr.number}/timeline`, reader.basic)).body.filter((r: { type: string }) => r.type === 'dismiss_review').length, 2);
      assert.deepEqual(await reviewGate(db(), { issueId }, ruleRow), { approvals: 0, enoughApprovals: false, blockedByRejection: false, blockedByOfficialRequests: false });

      const rejection = await api.post(reviews(pr.number), { event: 'REQUEST_CHANGES', body: 'no' }, writer.basic);
      assert.equal(rejection.body.official, true);
      assert.equal((await reviewGate(db(), { issueId }, ruleRow)).blockedByRejection, true);
      const renewed = await api.post(reviews(pr.number), { event: 'APPROVED' }, writer.basic);
      assert.equal(renewed.body.stale, false);
      const gate = await reviewGate(db(), { issueId }, ruleRow);
      assert.deepEqual(gate, { approvals: 1, enoughApprovals: true, blockedByRejection: false, blockedByOfficialRequests: false }, 'only the latest review of an account stays official');
    } finally {
      await api.delete(`${repo.path}/branch_protections/main`, owner.basic);
    }
  });

  it('counts approvals only from the approvals whitelist when the rule has one, and blocks on an official review request', async () => {
    const rule = await api.post(`${repo.path}/branch_protections`, {
      rule_name: 'main',
      required_approvals: 1,
      enable_approvals_whitelist: true,
      approvals_whitelist_username: [reader.login],
      block_on_official_review_requests: true,
    }, owner.basic);
    assert.equal(rule.status, 201, JSON.stringify(rule.body));
    try {
      const pr = await openPull();
      const issueId = (await db().pullRequest.findUniqueOrThrow({ where: { id: pr.id } })).issueId;
      const ruleRow = readRule(await db().branchProtection.findFirstOrThrow({ where: { repoId: repo.id, ruleName: 'main' } }));
      const byWriter = (await api.post(reviews(pr.number), { event: 'APPROVED' }, writer.basic)).body;
      assert.equal(byWriter.official, false, 'writing the code is not enough under a whitelist');
      assert.equal((await reviewGate(db(), { issueId }, ruleRow)).enoughApprovals, false);
      const asked = await api.post(`${repo.path}/pulls/${pr.number}/requested_reviewers`, { reviewers: [reader.login] }, owner.basic);
      assert.equal(asked.body[0].official, true, 'a request of a whitelisted account is official');
      assert.equal((await reviewGate(db(), { issueId }, ruleRow)).blockedByOfficialRequests, true);
      const byReader = (await api.post(reviews(pr.number), { event: 'APPROVED' }, reader.basic)).body;
      assert.equal(byReader.official, true);
      assert.deepEqual(await reviewGate(db(), { issueId }, ruleRow), { approvals: 1, enoughApprovals: true, blockedByRejection: false, blockedByOfficialRequests: false });
    } finally {
      await api.delete(`${repo.path}/branch_protections/main`, owner.basic);
    }
  });

  it('refuses approvals of a closed pull request (422) and review requests on it (403); an archived repository refuses reviews (423)', async () => {
    const pr = await openPull();
    assert.equal((await api.patch(`${repo.path}/pulls/${pr.number}`, { state: 'closed' }, owner.basic)).status, 201);
    assert.equal((await api.post(reviews(pr.number), { event: 'APPROVED' }, writer.basic)).status, 422);
    assert.equal((await api.post(reviews(pr.number), { event: 'COMMENT', body: 'still allowed' }, writer.basic)).status, 200);
    assert.equal((await api.post(`${repo.path}/pulls/${pr.number}/requested_reviewers`, { reviewers: [reader.login] }, owner.basic)).status, 403);
    const archived = await buildRepo(server, owner, { files: { 'code.txt': 'one\ntwo\nthree\nfour\nfive\nsix\n' } });
    const open = await openPull(owner, archived.path);
    assert.equal((await api.patch(archived.path, { archived: true }, owner.basic)).status, 200);
    assert.equal((await api.post(reviews(open.number, archived.path), { event: 'APPROVED' }, writer.basic)).status, 423);
  });

  it('counts stale approvals unless the rule ignores them, and blocks on open official review requests', async () => {
    const pr = await openPull();
    const approval = (await api.post(reviews(pr.number), { event: 'APPROVED', commit_id: repo.heads.main }, writer.basic)).body;
    assert.equal(approval.stale, true, 'a review of another commit than the head is stale');
    const issueId = (await db().pullRequest.findUniqueOrThrow({ where: { id: pr.id } })).issueId;
    const base = { ruleName: 'main', requiredApprovals: 1, blockOnOfficialReviewRequests: true } as const;
    await db().review.updateMany({ where: { id: approval.id }, data: { official: true } });
    const rule = (extra: Record<string, unknown>) => ({ ...readRule({ ...emptyRule, ...base, ...extra } as never) });
    assert.equal((await reviewGate(db(), { issueId }, rule({ ignoreStaleApprovals: false }))).approvals, 1);
    assert.equal((await reviewGate(db(), { issueId }, rule({ ignoreStaleApprovals: true }))).approvals, 0);
    await db().review.create({ data: { issueId, type: 'request', reviewerId: reader.id, official: true } });
    assert.equal((await reviewGate(db(), { issueId }, rule({}))).blockedByOfficialRequests, true);
    assert.equal((await reviewGate(db(), { issueId }, null)).enoughApprovals, true, 'without a rule nothing is required');
  });

  it('shows the reviewer of a deleted account as the ghost', async () => {
    const [gone] = await createAccounts(api, 1);
    const pr = await openPull();
    const review = (await api.post(reviews(pr.number), { event: 'COMMENT', body: 'bye' }, gone.basic)).body;
    assert.equal((await api.delete(`/admin/users/${gone.login}`, adminAuth)).status, 204);
    const shown = await api.get(`${reviews(pr.number)}/${review.id}`, reader.basic);
    assert.equal(shown.status, 200);
    assert.equal(shown.body.user.id, -1);
    assert.equal(shown.body.user.login, 'Ghost');
  });

  it('reads a page of 50 reviews with the SQL statements of a page of 1', async () => {
    const pr = await openPull();
    for (let i = 0; i < 6; i++) {
      const [someone] = await createAccounts(api, 1);
      await api.post(reviews(pr.number), { event: 'COMMENT', body: `r${i}`, comments: [{ path: 'code.txt', body: 'l', new_position: 3 }] }, someone.basic);
    }
    await api.post(`${repo.path}/pulls/${pr.number}/requested_reviewers`, { reviewers: [writer.login] }, owner.basic);
    await server.app.backgroundIdle();
    const count = async (limit: number) => {
      await api.get(`${reviews(pr.number)}?limit=${limit}`, owner.basic);
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await api.get(`${reviews(pr.number)}?limit=${limit}`, owner.basic);
      assert.equal(res.body.length, Math.min(limit, 7));
      assert.equal(res.headers.get('x-total-count'), '7');
      return server.app.database.queryCount() - before;
    };
    assert.equal(await count(50), await count(1));
  });

  it('publishes pull_request_review, pull_request_review_comment and review request events', async () => {
    const pr = await openPull();
    const seen: string[] = [];
    const stop = new AbortController();
    const listen = (topic: 'pull_request_review' | 'pull_request_review_comment' | 'pull_request', describe: (e: any) => string | null) =>
      (async () => {
        for await (const event of server.app.events.subscribe(topic, stop.signal)) {
          const text = event.repoId === repo.id && event.number === pr.number ? describe(event) : null;
          if (text) seen.push(text);
        }
      })().catch(() => {});
    const running = [
      listen('pull_request_review', (e) => `review:${e.action}:${e.actorId}`),
      listen('pull_request_review_comment', (e) => `line:${e.actorId}`),
      listen('pull_request', (e) => (e.action.startsWith('review_request') ? `${e.action}:${e.reviewerId}` : null)),
    ];
    await new Promise((r) => setTimeout(r, 20));
    await api.post(`${repo.path}/pulls/${pr.number}/requested_reviewers`, { reviewers: [reader.login] }, owner.basic);
    await api.request('DELETE', `${repo.path}/pulls/${pr.number}/requested_reviewers`, { body: { reviewers: [reader.login] }, auth: owner.basic });
    await api.post(reviews(pr.number), { event: 'COMMENT', body: 'c', comments: [{ path: 'code.txt', body: 'l', new_position: 3 }] }, reader.basic);
    const approval = (await api.post(reviews(pr.number), { event: 'APPROVED' }, writer.basic)).body;
    await api.post(reviews(pr.number), { event: 'REQUEST_CHANGES', body: 'no' }, stranger.basic);
    await api.post(`${reviews(pr.number)}/${approval.id}/dismissals`, { message: 'm' }, owner.basic);
    await new Promise((r) => setTimeout(r, 100));
    stop.abort();
    await Promise.all(running);
    assert.deepEqual(seen, [
      `review_requested:${reader.id}`,
      `review_request_removed:${reader.id}`,
      `review:comment:${reader.id}`,
      `line:${reader.id}`,
      `review:approved:${writer.id}`,
      `review:rejected:${stranger.id}`,
      `review:dismissed:${owner.id}`,
    ]);
  });

  it('marks the reviews of many pull requests stale in the statements it takes for one', async () => {
    const pulls = await Promise.all([0, 1, 2, 3, 4].map(() => openPull()));
    const moved: Parameters<typeof followReviewsOnPush>[1][number][] = [];
    for (const pr of pulls) {
      await api.post(reviews(pr.number), { event: 'APPROVED' }, writer.basic);
      const issueId = (await db().pullRequest.findUniqueOrThrow({ where: { id: pr.id } })).issueId;
      moved.push({ issueId, baseRepoId: repo.id, baseBranch: 'main', headCommitId: 'f'.repeat(40), pusherId: owner.id });
    }
    await server.app.backgroundIdle();
    const deps = { db: db(), config: server.app.config, events: server.app.events } as Parameters<typeof followReviewsOnPush>[0];
    const cost = async (list: typeof moved) => {
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      await followReviewsOnPush(deps, list);
      return server.app.database.queryCount() - before;
    };
    assert.equal(await cost(moved.slice(0, 1)), await cost(moved));
    assert.equal(await db().review.count({ where: { issueId: { in: moved.map((m) => m.issueId) }, stale: true } }), 5);
  });

  it('shows reviews and their line comments as connections of PullRequest in GraphQL', async () => {
    const pr = await openPull();
    await api.post(reviews(pr.number), { event: 'COMMENT', body: 'via graphql', comments: [{ path: 'code.txt', body: 'l', new_position: 3 }] }, writer.basic);
    const result = await graphql(
      server.url,
      `query($o: String!, $n: String!, $p: Int!) { repository(owner: $o, name: $n) { pullRequest(number: $p) { reviewCommentCount reviews(first: 5) { totalCount nodes { state body reviewer { login } comments { path newLine diffHunk } } } } } }`,
      { o: repo.owner, n: repo.name, p: pr.number },
      reader.basic,
    );
    assert.equal(result.errors, undefined, JSON.stringify(result.errors));
    const pull = result.data.repository.pullRequest;
    assert.equal(pull.reviewCommentCount, 1);
    assert.equal(pull.reviews.totalCount, 1);
    assert.equal(pull.reviews.nodes[0].state, 'COMMENT');
    assert.equal(pull.reviews.nodes[0].comments[0].newLine, 3);
  });
});

/** The columns of a rule row with their defaults, for reviewGate calls on rules that are not stored. */
const emptyRule = {
  id: 0,
  repoId: 0,
  ruleName: 'main',
  priority: 0,
  canPush: false,
  enableWhitelist: false,
  whitelistUserIds: '[]',
  whitelistTeamIds: '[]',
  whitelistDeployKeys: false,
  canForcePush: false,
  enableForcePushAllowlist: false,
  forcePushAllowlistUserIds: '[]',
  forcePushAllowlistTeamIds: '[]',
  forcePushAllowlistDeployKeys: false,
  enableMergeWhitelist: false,
  mergeWhitelistUserIds: '[]',
  mergeWhitelistTeamIds: '[]',
  enableStatusCheck: false,
  statusCheckContexts: '[]',
  enableApprovalsWhitelist: false,
  approvalsWhitelistUserIds: '[]',
  approvalsWhitelistTeamIds: '[]',
  requiredApprovals: 0,
  blockOnRejectedReviews: false,
  blockOnOfficialReviewRequests: false,
  blockOnCodeownerReviews: false,
  blockOnOutdatedBranch: false,
  dismissStaleApprovals: false,
  ignoreStaleApprovals: false,
  requireSignedCommits: false,
  protectedFilePatterns: '',
  unprotectedFilePatterns: '',
  blockAdminMergeOverride: false,
  enableBypassAllowlist: false,
  bypassAllowlistUserIds: '[]',
  bypassAllowlistTeamIds: '[]',
  createdAt: new Date(),
  updatedAt: new Date(),
};
