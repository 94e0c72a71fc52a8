import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { mergePullRequest } from '../../../src/domain/pull/merge.service.ts';
import { repositoryPath } from '../../../src/domain/repo/storage.ts';
import { failInserts } from '../../testkit/faults.ts';
import { gitLocal } from '../../testkit/git.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { listenAs } from '../../testkit/subscriptions.ts';
import { useServer, type ServerKit } from '../../testkit/use-server.ts';

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** The REST calls of these tests, against one server and repository. */
function helpers(kit: ServerKit, repo: () => TestRepo, writer: () => TestAccount, owner: () => TestAccount) {
  const { api } = kit;
  const branchWithFile = async (branch: string, path: string, base = 'main') => {
    const res = await api.post(`${repo().path}/contents/${path}`, { content: b64(`${path}\n`), new_branch: branch, branch: base }, writer().basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.commit.sha as string;
  };
  const open = async (head: string, base = 'main') => {
    const res = await api.post(`${repo().path}/pulls`, { title: `from ${head}`, head, base }, writer().basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body as { number: number; id: number };
  };
  const protect = async (branch: string, settings: Record<string, unknown>) => {
    await api.delete(`${repo().path}/branch_protections/${branch}`, owner().basic);
    const res = await api.post(`${repo().path}/branch_protections`, { rule_name: branch, ...settings }, owner().basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
  };
  const schedule = (number: number, body: Record<string, unknown> = {}, by = writer()) =>
    api.post(`${repo().path}/pulls/${number}/merge`, { Do: 'merge', merge_when_checks_succeed: true, ...body }, by.basic);
  const cancel = (number: number, by = writer()) => api.delete(`${repo().path}/pulls/${number}/merge`, by.basic);
  const status = (sha: string, state: string, context = 'ci/build') => api.post(`${repo().path}/statuses/${sha}`, { state, context }, owner().basic);
  const pull = async (number: number) => (await api.get(`${repo().path}/pulls/${number}`, owner().basic)).body;
  /** Waits (up to 5 s) for the background job to merge the pull request, and answers it. */
  const mergedSoon = async (number: number) => {
    for (let waited = 0; waited < 5000; waited += 50) {
      await kit.app.backgroundIdle();
      const read = await pull(number);
      if (read.merged) return read;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.fail(`pull request #${number} was not merged by the job`);
  };
  /** Lets the job finish what it was asked, then answers the pull request (for "it did not merge"). */
  const settled = async (number: number) => {
    await new Promise((r) => setTimeout(r, 100));
    await kit.app.backgroundIdle();
    return pull(number);
  };
  const types = async (number: number) => (await api.get(`${repo().path}/issues/${number}/timeline`, owner().basic)).body.map((c: { type: string }) => c.type) as string[];
  const branchExists = async (branch: string) => (await api.get(`${repo().path}/branches/${branch}`, owner().basic)).status === 200;
  return { branchWithFile, open, protect, schedule, cancel, status, pull, mergedSoon, settled, types, branchExists };
}

describe('auto-merge: merging when the checks succeed', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let writer: TestAccount;
  let other: TestAccount;
  let repo: TestRepo;
  const h = helpers(server, () => repo, () => writer, () => owner);

  before(async () => {
    [owner, writer, other] = await createAccounts(api, 3);
    repo = await buildRepo(server, owner, { files: { 'README.md': 'hi\n' }, collaborators: [[writer, 'write'], [other, 'write']] });
    await h.protect('main', { enable_status_check: true, status_check_contexts: ['ci/*'] });
  });

  it('schedules while a required status check is pending (201, nothing merged), and the job merges it as the scheduler once the status succeeds, deleting the head branch when asked', async () => {
    const head = await h.branchWithFile('am-pending', 'pending.txt');
    const pr = await h.open('am-pending');
    await h.status(head, 'pending');
    const res = await h.schedule(pr.number, { delete_branch_after_merge: true, merge_title_field: 'Auto title' });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const waiting = await h.settled(pr.number);
    assert.equal(waiting.merged, false);
    assert.ok((await h.types(pr.number)).includes('pull_scheduled_merge'));
    await h.status(head, 'failure');
    assert.equal((await h.settled(pr.number)).merged, false, 'a failed check does not merge it');
    await h.status(head, 'success');
    const merged = await h.mergedSoon(pr.number);
    assert.equal(merged.merged_by.login, writer.login);
    const commit = await api.get(`${repo.path}/git/commits/${merged.merge_commit_sha}`, owner.basic);
    assert.equal(commit.body.commit.message.split('\n')[0], 'Auto title');
    await server.app.backgroundIdle();
    assert.equal(await h.branchExists('am-pending'), false, 'the head branch was deleted after the merge');
    assert.equal(await server.app.database.db.autoMerge.count({ where: { pullId: pr.id } }), 0, 'the schedule is gone with the merge');
  });

  it('keeps the head branch when delete_branch_after_merge was not asked for (the repository default is off)', async () => {
    const head = await h.branchWithFile('am-keep', 'keep.txt');
    const pr = await h.open('am-keep');
    assert.equal((await h.schedule(pr.number)).status, 201);
    await h.status(head, 'success');
    await h.mergedSoon(pr.number);
    await server.app.backgroundIdle();
    assert.equal(await h.branchExists('am-keep'), true);
  });

  it('keeps the head branch after the auto-merge when the scheduler may not delete it (a protected branch), though asked to', async () => {
    const head = await h.branchWithFile('am-guarded', 'guarded.txt');
    await h.protect('am-guarded', { enable_push: true });
    const pr = await h.open('am-guarded');
    assert.equal((await h.schedule(pr.number, { delete_branch_after_merge: true })).status, 201);
    await h.status(head, 'success');
    await h.mergedSoon(pr.number);
    await server.app.backgroundIdle();
    assert.equal(await h.branchExists('am-guarded'), true);
  });

  it('answers 201 and merges at once when nothing stands in the way', async () => {
    const head = await h.branchWithFile('am-ready', 'ready.txt');
    const pr = await h.open('am-ready');
    await h.status(head, 'success');
    const res = await h.schedule(pr.number);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const merged = await h.mergedSoon(pr.number);
    assert.equal(merged.merged_by.login, writer.login);
  });

  it('cancels a schedule (204, a pull_cancel_scheduled_merge row); a success status then merges nothing, and cancelling again is 404', async () => {
    const head = await h.branchWithFile('am-cancel', 'cancel.txt');
    const pr = await h.open('am-cancel');
    assert.equal((await h.schedule(pr.number)).status, 201);
    const res = await h.cancel(pr.number);
    assert.equal(res.status, 204, JSON.stringify(res.body));
    assert.deepEqual((await h.types(pr.number)).filter((t) => t.includes('scheduled_merge')), ['pull_scheduled_merge', 'pull_cancel_scheduled_merge']);
    await h.status(head, 'success');
    assert.equal((await h.settled(pr.number)).merged, false);
    assert.equal((await h.cancel(pr.number)).status, 404);
  });

  it('answers 404 to cancelling when nothing is scheduled, and for a pull request that does not exist', async () => {
    await h.branchWithFile('am-none', 'none.txt');
    const pr = await h.open('am-none');
    const res = await h.cancel(pr.number);
    assert.equal(res.status, 404);
    assert.match(res.body.message, /not scheduled/);
    assert.equal((await h.cancel(9999)).status, 404);
  });

  it('refuses to schedule a pull request twice (409), and keeps the first schedule', async () => {
    await h.branchWithFile('am-twice', 'twice.txt');
    const pr = await h.open('am-twice');
    assert.equal((await h.schedule(pr.number, { Do: 'squash' })).status, 201);
    const again = await h.schedule(pr.number, {}, other);
    assert.equal(again.status, 409, JSON.stringify(again.body));
    const rows = await server.app.database.db.autoMerge.findMany({ where: { pullId: pr.id } });
    assert.deepEqual(rows.map((r) => [r.style, r.doerId]), [['squash', writer.id]]);
  });

  it('lets only the scheduler or a repository administrator cancel: another writer gets 403', async () => {
    await h.branchWithFile('am-who', 'who.txt');
    const pr = await h.open('am-who');
    assert.equal((await h.schedule(pr.number)).status, 201);
    const refused = await h.cancel(pr.number, other);
    assert.equal(refused.status, 403, JSON.stringify(refused.body));
    assert.equal(await server.app.database.db.autoMerge.count({ where: { pullId: pr.id } }), 1);
    assert.equal((await h.cancel(pr.number, owner)).status, 204, 'the owner administers the repository');
  });

  it('refuses to schedule what it would refuse to merge: a reader (403), a style switched off (405), a closed pull request (422), and nothing is written', async () => {
    const [reader] = await createAccounts(api, 1);
    await api.put(`${repo.path}/collaborators/${reader.login}`, { permission: 'read' }, owner.basic);
    await h.branchWithFile('am-refused', 'refused.txt');
    const pr = await h.open('am-refused');
    assert.equal((await h.schedule(pr.number, {}, reader)).status, 403);
    assert.equal((await api.patch(repo.path, { allow_rebase: false }, owner.basic)).status, 200);
    assert.equal((await h.schedule(pr.number, { Do: 'rebase' })).status, 405);
    assert.equal((await api.patch(`${repo.path}/pulls/${pr.number}`, { state: 'closed' }, writer.basic)).status, 201);
    assert.equal((await h.schedule(pr.number)).status, 422);
    assert.equal(await server.app.database.db.autoMerge.count({ where: { pullId: pr.id } }), 0);
    assert.ok(!(await h.types(pr.number)).includes('pull_scheduled_merge'));
  });

  it('refuses to schedule a work-in-progress title, a head no longer at head_commit_id, or a conflict (422), and answers 423 in an archived repository', async () => {
    await h.branchWithFile('am-wip', 'wip.txt');
    const wip = await h.open('am-wip');
    assert.equal((await api.patch(`${repo.path}/pulls/${wip.number}`, { title: 'WIP: not yet' }, writer.basic)).status, 201);
    const refused = await h.schedule(wip.number);
    assert.equal(refused.status, 422);
    assert.match(refused.body.message, /work-in-progress/);
    assert.equal((await api.patch(`${repo.path}/pulls/${wip.number}`, { title: 'ready' }, writer.basic)).status, 201);
    const moved = await h.schedule(wip.number, { head_commit_id: '0'.repeat(40) });
    assert.equal(moved.status, 422);
    assert.match(moved.body.message, /head changed/);
    assert.equal(await server.app.database.db.autoMerge.count({ where: { pullId: wip.id } }), 0);

    const base = await api.post(`${repo.path}/contents/clash.txt`, { content: b64('main side\n'), branch: 'main' }, owner.basic);
    assert.equal(base.status, 201, JSON.stringify(base.body));
    await api.post(`${repo.path}/contents/clash.txt`, { content: b64('head side\n'), new_branch: 'am-clash', branch: 'am-wip' }, writer.basic);
    const clash = await h.open('am-clash');
    await h.settled(clash.number);
    assert.equal((await h.pull(clash.number)).mergeable, false);
    const conflicted = await h.schedule(clash.number);
    assert.equal(conflicted.status, 422);
    assert.match(conflicted.body.message, /conflicts/);

    const archived = await buildRepo(server, owner, { files: { 'a.txt': 'a\n' }, commits: [{ branch: 'topic', files: { 'b.txt': 'b\n' } }] });
    const pr = await api.post(`${archived.path}/pulls`, { title: 'archived', head: 'topic', base: 'main' }, owner.basic);
    assert.equal(pr.status, 201);
    assert.equal((await api.patch(archived.path, { archived: true }, owner.basic)).status, 200);
    assert.equal((await api.post(`${archived.path}/pulls/${pr.body.number}/merge`, { Do: 'merge', merge_when_checks_succeed: true }, owner.basic)).status, 423);
    assert.equal((await api.delete(`${archived.path}/pulls/${pr.body.number}/merge`, owner.basic)).status, 423);
  });

  it('keeps the schedule when the head moves: a success on the old head merges nothing, a success on the new head merges it', async () => {
    const old = await h.branchWithFile('am-moving', 'moving.txt');
    const pr = await h.open('am-moving');
    assert.equal((await h.schedule(pr.number)).status, 201);
    const push = await api.post(`${repo.path}/contents/moving2.txt`, { content: b64('more\n'), branch: 'am-moving' }, writer.basic);
    assert.equal(push.status, 201, JSON.stringify(push.body));
    const head = push.body.commit.sha as string;
    await h.settled(pr.number);
    await h.status(old, 'success');
    assert.equal((await h.settled(pr.number)).merged, false);
    assert.equal(await server.app.database.db.autoMerge.count({ where: { pullId: pr.id } }), 1);
    await h.status(head, 'success');
    const merged = await h.mergedSoon(pr.number);
    const tree = await api.get(`${repo.path}/contents/moving2.txt?ref=${merged.merge_commit_sha}`, owner.basic);
    assert.equal(tree.status, 200, 'the merge took the new head');
  });

  it('keeps the schedule of a pull request retitled work in progress, and merges it once the title is ready again', async () => {
    const head = await h.branchWithFile('am-retitled', 'retitled.txt');
    const pr = await h.open('am-retitled');
    assert.equal((await h.schedule(pr.number)).status, 201);
    // The job has looked at it (and waits for the status) before the title changes.
    await h.settled(pr.number);
    assert.equal((await api.patch(`${repo.path}/pulls/${pr.number}`, { title: '[WIP] more to come' }, writer.basic)).status, 201);
    const errors = console.error;
    console.error = () => {};
    try {
      await h.status(head, 'success');
      assert.equal((await h.settled(pr.number)).merged, false);
    } finally {
      console.error = errors;
    }
    assert.equal(await server.app.database.db.autoMerge.count({ where: { pullId: pr.id } }), 1);
    assert.equal((await api.patch(`${repo.path}/pulls/${pr.number}`, { title: 'done' }, writer.basic)).status, 201);
    assert.equal((await h.mergedSoon(pr.number)).merged_by.login, writer.login);
  });

  it('waits while the pull request is closed, keeping the schedule, and merges it once reopened', async () => {
    const head = await h.branchWithFile('am-closed', 'closed.txt');
    const pr = await h.open('am-closed');
    assert.equal((await h.schedule(pr.number)).status, 201);
    assert.equal((await api.patch(`${repo.path}/pulls/${pr.number}`, { state: 'closed' }, writer.basic)).status, 201);
    await h.status(head, 'success');
    assert.equal((await h.settled(pr.number)).merged, false);
    assert.equal(await server.app.database.db.autoMerge.count({ where: { pullId: pr.id } }), 1);
    assert.equal((await api.patch(`${repo.path}/pulls/${pr.number}`, { state: 'open' }, writer.basic)).status, 201);
    assert.equal((await h.mergedSoon(pr.number)).merged_by.login, writer.login);
  });

  it('writes nothing when the timeline row of the schedule cannot be written (one transaction)', async () => {
    await h.branchWithFile('am-fault', 'fault.txt');
    const pr = await h.open('am-fault');
    const lift = await failInserts(server, 'Comment', 'type', 'pull_scheduled_merge');
    try {
      const res = await h.schedule(pr.number);
      assert.equal(res.status, 500);
    } finally {
      await lift();
    }
    assert.equal(await server.app.database.db.autoMerge.count({ where: { pullId: pr.id } }), 0);
    assert.equal((await h.schedule(pr.number)).status, 201, 'nothing half-written stands in the way of scheduling again');
  });

  it('marks a manually-merged pull request merged at once, without a schedule (200)', async () => {
    await h.branchWithFile('am-manual', 'manual.txt');
    const pr = await h.open('am-manual');
    await api.patch(repo.path, { allow_manual_merge: true }, owner.basic);
    const base = (await api.get(`${repo.path}/branches/main`, owner.basic)).body.commit.id;
    const res = await h.schedule(pr.number, { Do: 'manually-merged', merge_commit_id: base }, owner);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal((await h.pull(pr.number)).merged, true);
    assert.equal(await server.app.database.db.autoMerge.count({ where: { pullId: pr.id } }), 0);
  });

  it('undoes a merge whose schedule was cancelled while it was being built: the base branch moves back, the pull request stays open', async () => {
    const head = await h.branchWithFile('am-undone', 'undone.txt');
    const pr = await h.open('am-undone');
    await h.status(head, 'success');
    const before = (await api.get(`${repo.path}/branches/main`, owner.basic)).body.commit.id;
    const user = await server.app.database.db.user.findUniqueOrThrow({ where: { id: writer.id } });
    const ctx = { db: server.app.database.db, config: server.app.config, events: server.app.events, viewer: { user, method: 'password' as const, grant: null } };
    // What the job meets when the schedule it read is cancelled before the merge is recorded: no such schedule.
    await assert.rejects(mergePullRequest(ctx, repo.owner, repo.name, pr.number, { style: 'merge' }, { autoMergeId: -1 }), /cancelled meanwhile/);
    assert.equal((await api.get(`${repo.path}/branches/main`, owner.basic)).body.commit.id, before);
    const read = await h.pull(pr.number);
    assert.deepEqual([read.merged, read.state], [false, 'open']);
    assert.ok(!(await h.types(pr.number)).includes('merge_pull'));
  });

  it('drops the schedule when the pull request is merged by hand meanwhile', async () => {
    await h.branchWithFile('am-by-hand', 'by-hand.txt');
    const pr = await h.open('am-by-hand');
    assert.equal((await h.schedule(pr.number)).status, 201);
    const forced = await api.post(`${repo.path}/pulls/${pr.number}/merge`, { Do: 'merge', force_merge: true }, owner.basic);
    assert.equal(forced.status, 200, JSON.stringify(forced.body));
    assert.equal(await server.app.database.db.autoMerge.count({ where: { pullId: pr.id } }), 0);
  });

  it('keeps the schedule when the merge fails for a lasting reason (the scheduler may no longer merge), and merges once that is mended', async () => {
    const [leaver] = await createAccounts(api, 1);
    await api.put(`${repo.path}/collaborators/${leaver.login}`, { permission: 'write' }, owner.basic);
    const head = await h.branchWithFile('am-leaver', 'leaver.txt');
    const pr = await h.open('am-leaver');
    assert.equal((await h.schedule(pr.number, {}, leaver)).status, 201);
    await api.put(`${repo.path}/collaborators/${leaver.login}`, { permission: 'read' }, owner.basic);
    const errors = console.error;
    console.error = () => {};
    try {
      await h.status(head, 'success');
      assert.equal((await h.settled(pr.number)).merged, false, 'the merge runs with the permissions of the scheduler now');
    } finally {
      console.error = errors;
    }
    assert.equal(await server.app.database.db.autoMerge.count({ where: { pullId: pr.id } }), 1, 'the schedule is kept');
    await api.put(`${repo.path}/collaborators/${leaver.login}`, { permission: 'write' }, owner.basic);
    await h.status(head, 'success', 'ci/again');
    assert.equal((await h.mergedSoon(pr.number)).merged_by.login, leaver.login);
  });

  it('exposes the schedule on the pull request in GraphQL, schedules and cancels through mutations, and delivers the auto-merge events to pullRequestEvents', async () => {
    const head = await h.branchWithFile('am-graphql', 'graphql.txt');
    const pr = await h.open('am-graphql');
    const listener = listenAs<{ action: string; number: number; actor: { login: string } | null }>(
      server.url,
      owner,
      'pullRequestEvents',
      'subscription($owner: String!, $name: String!) { pullRequestEvents(owner: $owner, name: $name) { action number actor { login } } }',
      { owner: repo.owner, name: repo.name },
    );
    await listener.connected;
    const auth = writer.basic;
    const scheduled = await server.graphql(
      `mutation($o: String!, $n: String!, $num: Int!) { schedulePullRequestAutoMerge(owner: $o, name: $n, number: $num, input: { style: squash, deleteBranchAfterMerge: true }) {
        merged autoMerge { style deleteBranchAfterMerge headSha scheduledBy { login } } } }`,
      { o: repo.owner, n: repo.name, num: pr.number },
      auth,
    );
    assert.equal(scheduled.errors, undefined, JSON.stringify(scheduled.errors));
    assert.deepEqual(scheduled.data.schedulePullRequestAutoMerge, {
      merged: false,
      autoMerge: { style: 'squash', deleteBranchAfterMerge: true, headSha: head, scheduledBy: { login: writer.login } },
    });
    const cancelled = await server.graphql(
      'mutation($o: String!, $n: String!, $num: Int!) { cancelPullRequestAutoMerge(owner: $o, name: $n, number: $num) { autoMerge { style } } }',
      { o: repo.owner, n: repo.name, num: pr.number },
      auth,
    );
    assert.deepEqual(cancelled.data?.cancelPullRequestAutoMerge, { autoMerge: null });
    assert.equal((await h.schedule(pr.number)).status, 201);
    await h.status(head, 'success');
    await h.mergedSoon(pr.number);
    const { events, errors } = await listener.settle(6);
    assert.deepEqual(errors, []);
    const ours = events.filter((e) => e.number === pr.number && e.action.startsWith('auto_'));
    assert.deepEqual(ours.map((e) => [e.action, e.actor?.login]), [
      ['auto_merge_scheduled', writer.login],
      ['auto_merge_cancelled', writer.login],
      ['auto_merge_scheduled', writer.login],
      ['auto_merged', writer.login],
    ]);
  });

  it('reads the schedules of a page of pull requests in GraphQL with the SQL statements of a page of one', async () => {
    for (const name of ['am-list-1', 'am-list-2', 'am-list-3']) {
      await h.branchWithFile(name, `${name}.txt`);
      const pr = await h.open(name);
      assert.equal((await h.schedule(pr.number)).status, 201);
    }
    await h.settled(1);
    const query = `query($o: String!, $n: String!, $first: Int!) { repository(owner: $o, name: $n) { pullRequests(first: $first, filter: { state: all }) { nodes { number autoMerge { style scheduledBy { login } } } } } }`;
    const auth = owner.basic;
    const count = async (first: number) => {
      await server.graphql(query, { o: repo.owner, n: repo.name, first }, auth);
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await server.graphql(query, { o: repo.owner, n: repo.name, first }, auth);
      assert.equal(res.errors, undefined, JSON.stringify(res.errors));
      if (first > 1) assert.ok(res.data.repository.pullRequests.nodes.filter((n: { autoMerge: unknown }) => n.autoMerge).length >= 3);
      return server.app.database.queryCount() - before;
    };
    assert.equal(await count(50), await count(1));
  });
});

describe('auto-merge with required approvals', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let writer: TestAccount;
  let repo: TestRepo;
  const h = helpers(server, () => repo, () => writer, () => owner);

  before(async () => {
    [owner, writer] = await createAccounts(api, 2);
    repo = await buildRepo(server, owner, { files: { 'README.md': 'hi\n' }, collaborators: [[writer, 'write']] });
    await h.protect('main', { required_approvals: 1 });
  });

  it('waits for the approvals the rule requires, and an approval makes the job merge it', async () => {
    await h.branchWithFile('am-approve', 'approve.txt');
    const pr = await h.open('am-approve');
    assert.equal((await h.schedule(pr.number)).status, 201);
    assert.equal((await h.settled(pr.number)).merged, false);
    const approval = await api.post(`${repo.path}/pulls/${pr.number}/reviews`, { event: 'APPROVED', body: 'fine' }, owner.basic);
    assert.equal(approval.status, 200, JSON.stringify(approval.body));
    assert.equal((await h.mergedSoon(pr.number)).merged_by.login, writer.login);
  });

  it('examines the schedule again when a blocking review is dismissed', async () => {
    await h.protect('main', { required_approvals: 1, block_on_rejected_reviews: true });
    await h.branchWithFile('am-dismiss', 'dismiss.txt');
    const pr = await h.open('am-dismiss');
    const reviews = `${repo.path}/pulls/${pr.number}/reviews`;
    assert.equal((await api.post(reviews, { event: 'APPROVED', body: 'fine' }, owner.basic)).status, 200);
    const [second] = await createAccounts(api, 1);
    await api.put(`${repo.path}/collaborators/${second.login}`, { permission: 'write' }, owner.basic);
    const rejection = await api.post(reviews, { event: 'REQUEST_CHANGES', body: 'no' }, second.basic);
    assert.equal(rejection.status, 200, JSON.stringify(rejection.body));
    assert.equal((await h.schedule(pr.number)).status, 201);
    assert.equal((await h.settled(pr.number)).merged, false, 'the official rejection blocks it');
    const dismissed = await api.post(`${reviews}/${rejection.body.id}/dismissals`, { message: 'outdated' }, owner.basic);
    assert.equal(dismissed.status, 200, JSON.stringify(dismissed.body));
    assert.equal((await h.mergedSoon(pr.number)).merged_by.login, writer.login);
  });
});

describe('auto-merge survives a restart', () => {
  const first = useServer();
  let owner: TestAccount;
  let writer: TestAccount;
  let repo: TestRepo;
  let waiting: { number: number; head: string };
  let unblocked: { number: number };
  const h = helpers(first, () => repo, () => writer, () => owner);

  before(async () => {
    [owner, writer] = await createAccounts(first.api, 2);
    repo = await buildRepo(first, owner, { files: { 'README.md': 'hi\n' }, commits: [{ branch: 'release', message: 'release', files: { 'r.txt': 'r\n' } }], collaborators: [[writer, 'write']] });
    await h.protect('main', { enable_status_check: true, status_check_contexts: ['ci/*'] });
    await h.protect('release', { enable_status_check: true, status_check_contexts: ['ci/*'] });
  });

  it('keeps the schedules in the database when the instance stops', async () => {
    const head = await h.branchWithFile('am-restart', 'restart.txt');
    waiting = { number: (await h.open('am-restart')).number, head };
    await h.branchWithFile('am-unblocked', 'unblocked.txt', 'release');
    unblocked = await h.open('am-unblocked', 'release');
    // Their mergeability is known before they are scheduled: the end of a check would examine them again.
    await h.settled(unblocked.number);
    assert.equal((await h.schedule(waiting.number)).status, 201);
    assert.equal((await h.schedule(unblocked.number)).status, 201);
    await h.settled(unblocked.number);
    // The rule of release goes while nothing examines the schedule (no event follows a protection change).
    assert.equal((await first.api.delete(`${repo.path}/branch_protections/release`, owner.basic)).status, 204);
    assert.equal((await h.settled(unblocked.number)).merged, false);
    await first.app.stop();
  });

  describe('a second instance on the same data', () => {
    const second = useServer({}, { sharingDataOf: first });
    const h2 = helpers(second, () => repo, () => writer, () => owner);
    after(() => undefined);

    it('examines the pending schedules when it starts, and merges what nothing stands in the way of', async () => {
      assert.equal((await h2.mergedSoon(unblocked.number)).merged_by.login, writer.login);
      assert.equal((await h2.pull(waiting.number)).merged, false);
    });

    it('merges the other once its status succeeds', async () => {
      assert.equal((await h2.status(waiting.head, 'success')).status, 201);
      assert.equal((await h2.mergedSoon(waiting.number)).merged_by.login, writer.login);
    });
  });
});

/**
 * Makes the database behave as if another instance's merge of pull request `pullId` committed first, recording as
 * its merge commit the very commit this merge put on the branch: the merge's own update then changes nothing.
 */
async function anotherInstanceRecordsTheMerge(kit: ServerKit, pullId: number): Promise<() => Promise<void>> {
  const { db, target } = kit.app.database;
  if (target.provider === 'sqlite') {
    await db.$executeRawUnsafe(
      `CREATE TRIGGER graft_test_winner BEFORE UPDATE OF "hasMerged" ON "PullRequest" WHEN OLD."id" = ${pullId} AND OLD."hasMerged" = 0 AND NEW."hasMerged" = 1
       BEGIN UPDATE "PullRequest" SET "hasMerged" = 1, "mergedCommitId" = NEW."mergedCommitId" WHERE "id" = NEW."id"; SELECT RAISE(IGNORE); END`,
    );
    return async () => void (await db.$executeRawUnsafe('DROP TRIGGER graft_test_winner'));
  }
  await db.$executeRawUnsafe(
    `CREATE FUNCTION graft_test_winner() RETURNS trigger AS $$ BEGIN
       IF pg_trigger_depth() > 1 THEN RETURN NEW; END IF;
       UPDATE "PullRequest" SET "hasMerged" = true, "mergedCommitId" = NEW."mergedCommitId" WHERE "id" = NEW."id";
       RETURN NULL;
     END $$ LANGUAGE plpgsql`,
  );
  await db.$executeRawUnsafe(
    `CREATE TRIGGER graft_test_winner BEFORE UPDATE ON "PullRequest" FOR EACH ROW WHEN (OLD."id" = ${pullId} AND NOT OLD."hasMerged" AND NEW."hasMerged") EXECUTE FUNCTION graft_test_winner()`,
  );
  return async () => {
    await db.$executeRawUnsafe('DROP TRIGGER graft_test_winner ON "PullRequest"');
    await db.$executeRawUnsafe('DROP FUNCTION graft_test_winner()');
  };
}

describe('a merge that another instance recorded first', () => {
  const server = useServer();
  let owner: TestAccount;
  let writer: TestAccount;
  let repo: TestRepo;
  const h = helpers(server, () => repo, () => writer, () => owner);

  before(async () => {
    [owner, writer] = await createAccounts(server.api, 2);
    repo = await buildRepo(server, owner, { files: { 'README.md': 'hi\n' }, collaborators: [[writer, 'write']] });
  });

  it('keeps its commit on the base branch, and records the push, when the concurrent winner recorded that very commit as the merge', async () => {
    await h.branchWithFile('am-winner', 'winner.txt');
    const pr = await h.open('am-winner');
    const before = (await server.api.get(`${repo.path}/branches/main`, owner.basic)).body.commit.id;
    const lift = await anotherInstanceRecordsTheMerge(server, pr.id);
    let res;
    try {
      res = await server.api.post(`${repo.path}/pulls/${pr.number}/merge`, { Do: 'merge' }, writer.basic);
    } finally {
      await lift();
    }
    assert.equal(res.status, 422, JSON.stringify(res.body));
    assert.match(res.body.message, /already merged/);
    const row = await server.app.database.db.pullRequest.findUniqueOrThrow({ where: { id: pr.id } });
    const dir = repositoryPath(server.app.config, repo.id);
    const tip = gitLocal(['--git-dir', dir, 'rev-parse', 'refs/heads/main']).stdout.trim();
    assert.notEqual(tip, before, 'the merge commit was not rolled back');
    assert.equal(row.mergedCommitId, tip);
    assert.equal((await server.api.get(`${repo.path}/branches/main`, owner.basic)).body.commit.id, tip, 'its push was recorded');
  });
});

describe('auto-merge on two instances sharing data and events (Redis)', () => {
  const REDIS_URL = process.env.GRAFT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const first = useServer({ redis: { URL: REDIS_URL } });
  const second = useServer({ redis: { URL: REDIS_URL } }, { sharingDataOf: first });
  let owner: TestAccount;
  let writer: TestAccount;
  let repo: TestRepo;
  const h1 = helpers(first, () => repo, () => writer, () => owner);
  const h2 = helpers(second, () => repo, () => writer, () => owner);

  before(async () => {
    [owner, writer] = await createAccounts(first.api, 2);
    repo = await buildRepo(first, owner, { files: { 'README.md': 'hi\n' }, collaborators: [[writer, 'write']] });
    await h1.protect('main', { enable_status_check: true, status_check_contexts: ['ci/*'] });
  });

  it('merges each pull request exactly once though both instances examine it, and every merge commit stays on the base branch', async () => {
    const pulls: { number: number; id: number; head: string }[] = [];
    for (const name of ['am-two-1', 'am-two-2', 'am-two-3']) {
      const head = await h1.branchWithFile(name, `${name}.txt`);
      const pr = await h1.open(name);
      assert.equal((await h1.schedule(pr.number)).status, 201);
      pulls.push({ ...pr, head });
    }
    await Promise.all(pulls.map((p) => h2.status(p.head, 'success')));
    const dir = repositoryPath(first.app.config, repo.id);
    for (const p of pulls) {
      const merged = await h2.mergedSoon(p.number);
      await h1.mergedSoon(p.number);
      await second.app.backgroundIdle();
      const onMain = gitLocal(['--git-dir', dir, 'merge-base', '--is-ancestor', merged.merge_commit_sha, 'refs/heads/main']);
      assert.equal(onMain.status, 0, `the merge commit of #${p.number} is on main`);
      const rows = await first.app.database.db.comment.count({ where: { issue: { repoId: repo.id, number: p.number }, type: 'merge_pull' } });
      assert.equal(rows, 1);
    }
    const tip = gitLocal(['--git-dir', dir, 'rev-parse', 'refs/heads/main']).stdout.trim();
    assert.equal((await second.api.get(`${repo.path}/branches/main`, owner.basic)).body.commit.id, tip, 'the branch table follows the branch');
  });
});
