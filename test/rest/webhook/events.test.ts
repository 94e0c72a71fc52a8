import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { loadDocument, type OpenApiLike } from '../../testkit/compatibility.ts';
import { buildOrg } from '../../testkit/orgs.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { shapeProblems } from '../../testkit/shapes.ts';
import { useServer } from '../../testkit/use-server.ts';
import { loadAreaFixtures } from '../../testkit/walking.ts';
import { startReceiver } from './receiver.ts';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const reference = loadDocument(path.resolve(fileURLToPath(new URL('../../../', import.meta.url)), '../shared/reference/gitea-api-v1.openapi3.json')) as OpenApiLike;
const pointers: ReadonlySet<string> = new Set((await loadAreaFixtures()).flatMap((a) => a.shapes?.pointers ?? []));

/** The reference schema each REST member of a payload has (Gitea's structs in modules/structs/hook.go). */
const MEMBER_SCHEMAS: Record<string, string> = {
  repository: 'Repository', forkee: 'Repository', sender: 'User', organization: 'User', requested_reviewer: 'User',
  issue: 'Issue', pull_request: 'PullRequest', comment: 'Comment', commit: 'PayloadCommit',
};

/** Every REST member of a payload fits its reference schema (null only where Gitea's field is a pointer and empty). */
function assertShapes(body: Record<string, unknown>, members: string[]) {
  for (const member of members) {
    assert.ok(body[member] !== undefined, `the payload has no ${member}`);
    const problems = shapeProblems(reference, { $ref: `#/components/schemas/${MEMBER_SCHEMAS[member]}` }, body[member], member, pointers);
    assert.deepEqual(problems, [], `${member}: ${problems.join('; ')}`);
  }
}

type Body = Record<string, any>;

describe("webhook deliveries of every event, with Gitea's headers and payloads", () => {
  const server = useServer({ webhook: { ALLOWED_HOST_LIST: 'loopback', RETRY_BACKOFF: 0.2, DELIVER_TIMEOUT: 3 } });
  const { api } = server;
  let owner: TestAccount;
  let writer: TestAccount;
  let repo: TestRepo;
  let everything: number;
  let issuesOnly: number;
  let pushOnly: number;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let branches = 0;

  const hook = async (name: string, events: string[]) => {
    const res = await api.post(`${repo.path}/hooks`, { type: 'gitea', config: { url: receiver.url(`/${name}-${repo.name}`), content_type: 'json' }, events, active: true }, owner.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.id as number;
  };

  before(async () => {
    [owner, writer] = await createAccounts(api, 2);
    receiver = await startReceiver();
    repo = await buildRepo(server, owner, { files: { 'code.txt': 'one\ntwo\n' }, collaborators: [[writer, 'write']] });
    everything = await hook('all', ['push', 'create', 'delete', 'fork', 'issues', 'pull_request', 'repository', 'status', 'wiki']);
    issuesOnly = await hook('issues-only', ['issues_only']);
    pushOnly = await hook('push-only', []);
  });
  after(() => receiver.close());

  /**
   * The one delivery of `type` to the hook that chose everything whose payload `match`es: it arrives with Gitea's
   * X-Gitea-Event and X-Gitea-Event-Type, and no other delivery of that event was recorded.
   */
  async function delivered(type: string, header: string, match: (body: Body) => boolean): Promise<Body> {
    const [got] = await receiver.waitFor(1, (r) => r.path === `/all-${repo.name}` && r.headers['x-gitea-event-type'] === type && match(JSON.parse(r.body)));
    assert.equal(got.headers['x-gitea-event'], header);
    assert.equal(got.headers['x-gitea-event-type'], type);
    await server.app.backgroundIdle();
    const rows = await server.app.database.db.hookTask.findMany({ where: { hookId: everything, eventType: type } });
    assert.equal(rows.filter((r) => match(JSON.parse(r.payload))).length, 1, `one ${type} delivery`);
    return JSON.parse(got.body) as Body;
  }

  /** The deliveries of `type` recorded for a hook. */
  const recorded = async (hookId: number, type?: string) => {
    await server.app.backgroundIdle();
    return server.app.database.db.hookTask.findMany({ where: { hookId, ...(type ? { eventType: type } : {}) } });
  };

  const openPull = async () => {
    const branch = `topic-${++branches}`;
    const sha = (await api.get(`${repo.path}/contents/code.txt`, owner.basic)).body.sha;
    const change = await api.put(`${repo.path}/contents/code.txt`, { content: b64(`one\ntwo\n${branch}\n`), sha, branch: 'main', new_branch: branch, message: 'change' }, owner.basic);
    assert.equal(change.status, 200, JSON.stringify(change.body));
    const pr = await api.post(`${repo.path}/pulls`, { title: `from ${branch}`, head: branch, base: 'main' }, owner.basic);
    assert.equal(pr.status, 201, JSON.stringify(pr.body));
    return { number: pr.body.number as number, branch };
  };

  it("delivers an issue's assignment, labels and milestone as issue_assign, issue_label and issue_milestone (X-Gitea-Event issues)", async () => {
    const issue = (await api.post(`${repo.path}/issues`, { title: 'Assign me' }, owner.basic)).body;
    const label = (await api.post(`${repo.path}/labels`, { name: 'bug', color: '#ff0000' }, owner.basic)).body;
    const milestone = (await api.post(`${repo.path}/milestones`, { title: 'v1' }, owner.basic)).body;
    assert.equal((await api.patch(`${repo.path}/issues/${issue.number}`, { assignees: [writer.login] }, owner.basic)).status, 201);
    assert.equal((await api.post(`${repo.path}/issues/${issue.number}/labels`, { labels: [label.id] }, owner.basic)).status, 200);
    assert.equal((await api.patch(`${repo.path}/issues/${issue.number}`, { milestone: milestone.id }, owner.basic)).status, 201);
    const ofIssue = (b: Body) => b.number === issue.number;

    const assigned = await delivered('issue_assign', 'issues', ofIssue);
    assert.equal(assigned.action, 'assigned');
    assert.deepEqual(assigned.issue.assignees.map((a: Body) => a.login), [writer.login]);
    assertShapes(assigned, ['issue', 'repository', 'sender']);
    const labelled = await delivered('issue_label', 'issues', ofIssue);
    assert.equal(labelled.action, 'label_updated');
    assert.equal(labelled.sender.login, owner.login);
    // Payloads go to third parties: every account shows its no-reply address, as in Gitea's payloads.
    assert.match(labelled.sender.email, new RegExp(`^${owner.login.toLowerCase()}@noreply\\.`));
    assert.match(assigned.issue.assignees[0].email, /@noreply\./);
    assertShapes(labelled, ['issue', 'repository', 'sender']);
    const milestoned = await delivered('issue_milestone', 'issues', ofIssue);
    assert.equal(milestoned.action, 'milestoned');
    assert.equal(milestoned.issue.milestone.id, milestone.id);
    assertShapes(milestoned, ['issue', 'repository', 'sender']);

    // issues_only: the opening, none of the rest.
    const onlyIssues = await recorded(issuesOnly);
    assert.ok(onlyIssues.some((r) => r.eventType === 'issues' && JSON.parse(r.payload).number === issue.number));
    assert.deepEqual(onlyIssues.filter((r) => r.eventType !== 'issues'), []);
    assert.deepEqual(await recorded(pushOnly, 'issue_assign'), []);
  });

  it('delivers a comment on an issue as issue_comment and one on a pull request as pull_request_comment, both with X-Gitea-Event issue_comment', async () => {
    const issue = (await api.post(`${repo.path}/issues`, { title: 'Talk' }, owner.basic)).body;
    const pr = await openPull();
    const onIssue = (await api.post(`${repo.path}/issues/${issue.number}/comments`, { body: 'on the issue' }, writer.basic)).body;
    const onPull = (await api.post(`${repo.path}/issues/${pr.number}/comments`, { body: 'on the pull' }, writer.basic)).body;

    const issueComment = await delivered('issue_comment', 'issue_comment', (b) => b.comment?.id === onIssue.id);
    assert.equal(issueComment.action, 'created');
    assert.equal(issueComment.is_pull, false);
    assert.equal(issueComment.comment.body, 'on the issue');
    assertShapes(issueComment, ['issue', 'comment', 'repository', 'sender']);
    const pullComment = await delivered('pull_request_comment', 'issue_comment', (b) => b.comment?.id === onPull.id);
    assert.equal(pullComment.is_pull, true);
    assert.equal(pullComment.issue.number, pr.number);
    assertShapes(pullComment, ['issue', 'comment', 'repository', 'sender']);
    assert.equal((await recorded(everything, 'issue_comment')).filter((r) => JSON.parse(r.payload).comment.id === onPull.id).length, 0);

    const edited = await api.patch(`${repo.path}/issues/comments/${onIssue.id}`, { body: 'edited' }, writer.basic);
    assert.equal(edited.status, 200);
    const change = await delivered('issue_comment', 'issue_comment', (b) => b.comment?.id === onIssue.id && b.action === 'edited');
    assert.deepEqual(change.changes, { body: { from: 'on the issue' } });
  });

  it("delivers a pull request's opening, assignment, labels, milestone and review request with Gitea's event types (X-Gitea-Event pull_request)", async () => {
    const pr = await openPull();
    const ofPull = (b: Body) => b.number === pr.number;
    const opened = await delivered('pull_request', 'pull_request', (b) => ofPull(b) && b.action === 'opened');
    assert.equal(opened.pull_request.number, pr.number);
    assert.equal(opened.pull_request.head.ref, pr.branch);
    assert.equal(opened.requested_reviewer, null);
    assert.equal(opened.review, null);
    assertShapes(opened, ['pull_request', 'repository', 'sender']);

    const label = (await api.post(`${repo.path}/labels`, { name: `pr-${pr.number}`, color: '#00ff00' }, owner.basic)).body;
    const milestone = (await api.post(`${repo.path}/milestones`, { title: `pr-${pr.number}` }, owner.basic)).body;
    assert.equal((await api.patch(`${repo.path}/pulls/${pr.number}`, { assignees: [writer.login] }, owner.basic)).status, 201);
    assert.equal((await api.post(`${repo.path}/issues/${pr.number}/labels`, { labels: [label.id] }, owner.basic)).status, 200);
    assert.equal((await api.patch(`${repo.path}/issues/${pr.number}`, { milestone: milestone.id }, owner.basic)).status, 201);
    assert.equal((await api.post(`${repo.path}/pulls/${pr.number}/requested_reviewers`, { reviewers: [writer.login] }, owner.basic)).status, 201);

    const assigned = await delivered('pull_request_assign', 'pull_request', ofPull);
    assert.equal(assigned.action, 'assigned');
    assertShapes(assigned, ['pull_request', 'repository', 'sender']);
    const labelled = await delivered('pull_request_label', 'pull_request', ofPull);
    assert.equal(labelled.action, 'label_updated');
    assert.deepEqual(labelled.pull_request.labels.map((l: Body) => l.id), [label.id]);
    const milestoned = await delivered('pull_request_milestone', 'pull_request', ofPull);
    assert.equal(milestoned.action, 'milestoned');
    const requested = await delivered('pull_request_review_request', 'pull_request', ofPull);
    assert.equal(requested.action, 'review_requested');
    assert.equal(requested.requested_reviewer.login, writer.login);
    assertShapes(requested, ['pull_request', 'repository', 'sender', 'requested_reviewer']);
    // Issue events of a pull request are never sent as issue events.
    assert.equal((await recorded(everything, 'issue_label')).filter((r) => JSON.parse(r.payload).number === pr.number).length, 0);
    assert.equal((await recorded(issuesOnly)).filter((r) => JSON.parse(r.payload).number === pr.number).length, 0);
  });

  it('delivers reviews as pull_request_review_approved, _rejected and _comment, with the headers Gitea sends and the review in the payload', async () => {
    const cases = [
      ['APPROVED', 'pull_request_review_approved', 'pull_request_approved'],
      ['REQUEST_CHANGES', 'pull_request_review_rejected', 'pull_request_rejected'],
      ['COMMENT', 'pull_request_review_comment', 'pull_request_comment'],
    ] as const;
    for (const [event, type, header] of cases) {
      const pr = await openPull();
      const res = await api.post(`${repo.path}/pulls/${pr.number}/reviews`, { event, body: `review ${event}` }, writer.basic);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const review = await delivered(type, header, (b) => b.number === pr.number);
      assert.equal(review.action, 'reviewed');
      assert.deepEqual(review.review, { type, content: `review ${event}` });
      assert.equal(review.sender.login, writer.login);
      assertShapes(review, ['pull_request', 'repository', 'sender']);
      if (event === 'APPROVED') {
        // A dismissal has no webhook in Gitea: nothing more is recorded for the pull request.
        const dismissed = await api.post(`${repo.path}/pulls/${pr.number}/reviews/${res.body.id}/dismissals`, { message: 'outdated' }, owner.basic);
        assert.equal(dismissed.status, 200, JSON.stringify(dismissed.body));
        const ofPull = (await recorded(everything)).filter((r) => JSON.parse(r.payload).number === pr.number && r.eventType.startsWith('pull_request_review'));
        assert.deepEqual(ofPull.map((r) => r.eventType), ['pull_request_review_approved']);
      }
    }
  });

  it('delivers a push to a pull request as pull_request_sync (synchronized), and a merge as closed with merged true', async () => {
    const pr = await openPull();
    const sha = (await api.get(`${repo.path}/contents/code.txt?ref=${pr.branch}`, owner.basic)).body.sha;
    assert.equal((await api.put(`${repo.path}/contents/code.txt`, { content: b64('more\n'), sha, branch: pr.branch, message: 'more' }, owner.basic)).status, 200);
    const synced = await delivered('pull_request_sync', 'pull_request', (b) => b.number === pr.number);
    assert.equal(synced.action, 'synchronized');
    assertShapes(synced, ['pull_request', 'repository', 'sender']);

    const merged = await api.post(`${repo.path}/pulls/${pr.number}/merge`, { Do: 'merge' }, owner.basic);
    assert.equal(merged.status, 200, JSON.stringify(merged.body));
    const closed = await delivered('pull_request', 'pull_request', (b) => b.number === pr.number && b.action === 'closed');
    assert.equal(closed.pull_request.merged, true);
    assert.equal(closed.pull_request.state, 'closed');
    assertShapes(closed, ['pull_request', 'repository', 'sender']);
  });

  it("delivers a fork of the repository as fork: forkee is the source, repository the new fork", async () => {
    const res = await api.post(`${repo.path}/forks`, { name: `${repo.name}-fork` }, writer.basic);
    assert.equal(res.status, 202, JSON.stringify(res.body));
    const fork = await delivered('fork', 'fork', () => true);
    assert.equal(fork.forkee.full_name, repo.fullName);
    assert.equal(fork.repository.full_name, `${writer.login}/${repo.name}-fork`);
    assert.equal(fork.sender.login, writer.login);
    assertShapes(fork, ['forkee', 'repository', 'sender']);
  });

  it("delivers a commit status as status with Gitea's CommitStatusPayload", async () => {
    const sha = repo.heads.main;
    const res = await api.post(`${repo.path}/statuses/${sha}`, { state: 'success', context: 'ci/build', description: 'passed', target_url: 'https://ci.example.com/1' }, owner.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const status = await delivered('status', 'status', (b) => b.context === 'ci/build');
    assert.equal(status.sha, sha);
    assert.equal(status.state, 'success');
    assert.equal(status.description, 'passed');
    assert.equal(status.target_url, 'https://ci.example.com/1');
    assert.equal(status.commit.id, sha);
    assert.match(status.created_at, /^\d{4}-\d\d-\d\dT/);
    assertShapes(status, ['commit', 'repository', 'sender']);
  });

  it("delivers wiki page changes as wiki with Gitea's WikiPayload: the action, the page's sub_url and the commit message as comment", async () => {
    const created = await api.post(`${repo.path}/wiki/new`, { title: 'Hooked Page', content_base64: b64('x'), message: 'a new page' }, writer.basic);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const wiki = await delivered('wiki', 'wiki', (b) => b.action === 'created');
    assert.equal(wiki.page, 'Hooked-Page');
    assert.equal(wiki.comment, 'a new page');
    assert.equal(wiki.sender.login, writer.login);
    assertShapes(wiki, ['repository', 'sender']);
    assert.equal((await api.delete(`${repo.path}/wiki/page/Hooked-Page`, writer.basic)).status, 204);
    const deleted = await delivered('wiki', 'wiki', (b) => b.action === 'deleted');
    assert.equal(deleted.comment, 'Delete page "Hooked-Page"');
  });

  it('builds a pull request payload with the same statements whatever the number of its labels and commits', async () => {
    /** The statements the background ran for a pull request event, once nothing runs any more. */
    const cost = async (number: number, pullId: number, issueId: number) => {
      const quiet = async () => {
        let last = -1;
        while (server.app.database.queryCount() !== last) {
          last = server.app.database.queryCount();
          await server.app.backgroundIdle();
          await new Promise((r) => setTimeout(r, 300));
        }
      };
      await quiet();
      const start = server.app.database.queryCount();
      await server.app.events.publish('pull_request', { action: 'edited', actorId: repo.body.owner.id, repoId: repo.id, issueId, pullId, number });
      await quiet();
      return server.app.database.queryCount() - start;
    };
    const small = await openPull();
    const large = await openPull();
    const labels = await Promise.all([1, 2, 3, 4, 5].map(async (i) => (await api.post(`${repo.path}/labels`, { name: `cost-${i}`, color: '#123456' }, owner.basic)).body.id as number));
    await api.post(`${repo.path}/issues/${small.number}/labels`, { labels: labels.slice(0, 1) }, owner.basic);
    await api.post(`${repo.path}/issues/${large.number}/labels`, { labels }, owner.basic);
    for (let i = 0; i < 3; i++) {
      const sha = (await api.get(`${repo.path}/contents/code.txt?ref=${large.branch}`, owner.basic)).body.sha;
      await api.put(`${repo.path}/contents/code.txt`, { content: b64(`commit ${i}\n`), sha, branch: large.branch, message: `commit ${i}` }, owner.basic);
    }
    const ids = async (number: number) => (await api.get(`${repo.path}/pulls/${number}`, owner.basic)).body.id as number;
    const issueId = async (number: number) => (await server.app.database.db.issue.findFirstOrThrow({ where: { repoId: repo.id, number } })).id;
    const one = await cost(small.number, await ids(small.number), await issueId(small.number));
    const five = await cost(large.number, await ids(large.number), await issueId(large.number));
    assert.ok(one > 0);
    assert.equal(five, one, `a pull request with 5 labels and 4 commits cost ${five} statements, one with 1 label and 1 commit ${one}`);
  });

  it("delivers a repository's creation as repository (created) with its owner as organization", async () => {
    // A repository's own hooks cannot exist before it does: the event is published again for the hooked repository.
    await server.app.events.publish('repo.created', { repoId: repo.id, ownerId: repo.body.owner.id, actorId: repo.body.owner.id });
    const created = await delivered('repository', 'repository', (b) => b.action === 'created');
    assert.equal(created.repository.id, repo.id);
    assert.equal(created.organization.login, owner.login);
    assertShapes(created, ['repository', 'organization', 'sender']);
    assert.deepEqual(await recorded(pushOnly, 'repository'), []);
  });

  it('delivers an edit of several fields of an issue as one issues (edited) per field, each with the value it had in changes', async () => {
    const issue = (await api.post(`${repo.path}/issues`, { title: 'Old title', body: 'old body' }, owner.basic)).body;
    assert.equal((await api.patch(`${repo.path}/issues/${issue.number}`, { title: 'New title', body: 'new body' }, owner.basic)).status, 201);
    const ofIssue = (b: Body) => b.number === issue.number && b.action === 'edited';
    const title = await delivered('issues', 'issues', (b) => ofIssue(b) && b.changes?.title !== undefined);
    assert.deepEqual(title.changes, { title: { from: 'Old title' } });
    assert.equal(title.issue.title, 'New title');
    assertShapes(title, ['issue', 'repository', 'sender']);
    const body = await delivered('issues', 'issues', (b) => ofIssue(b) && b.changes?.body !== undefined);
    assert.deepEqual(body.changes, { body: { from: 'old body' } });
  });

  it("delivers a pull request's new title and new base as pull_request (edited) with the old title and the old base (ref) in changes", async () => {
    const pr = await openPull();
    assert.equal((await api.post(`${repo.path}/branches`, { new_branch_name: `base-${pr.number}`, old_ref_name: 'main' }, owner.basic)).status, 201);
    const edit = await api.patch(`${repo.path}/pulls/${pr.number}`, { title: 'Renamed pull', base: `base-${pr.number}` }, owner.basic);
    assert.equal(edit.status, 201, JSON.stringify(edit.body));
    const ofPull = (b: Body) => b.number === pr.number && b.action === 'edited';
    const title = await delivered('pull_request', 'pull_request', (b) => ofPull(b) && b.changes?.title !== undefined);
    assert.deepEqual(title.changes, { title: { from: `from ${pr.branch}` } });
    const base = await delivered('pull_request', 'pull_request', (b) => ofPull(b) && b.changes?.ref !== undefined);
    assert.deepEqual(base.changes, { ref: { from: 'main' } });
    assert.equal(base.pull_request.base.ref, `base-${pr.number}`);
    assertShapes(base, ['pull_request', 'repository', 'sender']);
  });

  it('delivers the deletion of an issue and of a comment with the payload they had before they went', async () => {
    const issue = (await api.post(`${repo.path}/issues`, { title: 'Soon gone', body: 'last words' }, owner.basic)).body;
    const comment = (await api.post(`${repo.path}/issues/${issue.number}/comments`, { body: 'a doomed comment' }, writer.basic)).body;
    assert.equal((await api.delete(`${repo.path}/issues/comments/${comment.id}`, writer.basic)).status, 204);
    const commentGone = await delivered('issue_comment', 'issue_comment', (b) => b.comment?.id === comment.id && b.action === 'deleted');
    assert.equal(commentGone.comment.body, 'a doomed comment');
    assert.equal(commentGone.sender.login, writer.login);
    assertShapes(commentGone, ['issue', 'comment', 'repository', 'sender']);

    assert.equal((await api.delete(`${repo.path}/issues/${issue.number}`, owner.basic)).status, 204);
    const issueGone = await delivered('issues', 'issues', (b) => b.number === issue.number && b.action === 'deleted');
    assert.equal(issueGone.issue.title, 'Soon gone');
    assert.equal(issueGone.issue.body, 'last words');
    assertShapes(issueGone, ['issue', 'repository', 'sender']);
  });

  it("delivers a repository's deletion to its owner's hooks as repository (deleted), built before it went", async () => {
    const org = await buildOrg(server, { owner });
    const doomed = await buildRepo(server, owner, { org: org.login, autoInit: true });
    const orgHook = await api.post(`/orgs/${org.login}/hooks`, { type: 'gitea', config: { url: receiver.url(`/org-${org.login}`), content_type: 'json' }, events: ['repository'], active: true }, owner.basic);
    assert.equal(orgHook.status, 201, JSON.stringify(orgHook.body));
    assert.equal((await api.delete(doomed.path, owner.basic)).status, 204);
    const [got] = await receiver.waitFor(1, (r) => r.path === `/org-${org.login}` && r.headers['x-gitea-event'] === 'repository');
    const body = JSON.parse(got.body) as Body;
    assert.equal(body.action, 'deleted');
    assert.equal(body.repository.id, doomed.id);
    assert.equal(body.repository.full_name, `${org.login}/${doomed.name}`);
    assert.equal(body.sender.login, owner.login);
    assertShapes(body, ['repository', 'organization', 'sender']);
  });

  it("delivers a team's review request to each member of the team but the pull request's poster, each as requested_reviewer", async () => {
    const org = await buildOrg(server, { owner, teams: [{ name: 'reviewers', permission: 'write', includesAllRepositories: true, members: 2 }] });
    const members = org.teams.reviewers.members;
    assert.equal((await api.put(`/teams/${org.teams.reviewers.id}/members/${owner.login}`, undefined, owner.basic)).status, 204);
    const orgRepo = await buildRepo(server, owner, { org: org.login, files: { 'code.txt': 'one\n' } });
    const orgHook = await api.post(`${orgRepo.path}/hooks`, { type: 'gitea', config: { url: receiver.url(`/team-${orgRepo.name}`), content_type: 'json' }, events: ['pull_request_review_request'], active: true }, owner.basic);
    assert.equal(orgHook.status, 201, JSON.stringify(orgHook.body));
    const sha = (await api.get(`${orgRepo.path}/contents/code.txt`, owner.basic)).body.sha;
    assert.equal((await api.put(`${orgRepo.path}/contents/code.txt`, { content: b64('two\n'), sha, branch: 'main', new_branch: 'topic', message: 'change' }, owner.basic)).status, 200);
    const pr = (await api.post(`${orgRepo.path}/pulls`, { title: 'Team review', head: 'topic', base: 'main' }, owner.basic)).body;
    assert.equal((await api.post(`${orgRepo.path}/pulls/${pr.number}/requested_reviewers`, { team_reviewers: ['reviewers'] }, owner.basic)).status, 201);
    const got = await receiver.waitFor(members.length, (r) => r.path === `/team-${orgRepo.name}`);
    const asked = got.map((r) => JSON.parse(r.body) as Body);
    assert.deepEqual(asked.map((b) => b.requested_reviewer.login).sort(), members.map((m) => m.login).sort(), 'the poster, a member too, is not asked');
    for (const b of asked) assert.equal(b.action, 'review_requested');
    assertShapes(asked[0], ['pull_request', 'requested_reviewer', 'repository', 'sender']);
    await server.app.backgroundIdle();
    assert.equal(await server.app.database.db.hookTask.count({ where: { hookId: orgHook.body.id } }), members.length);
  });
});
