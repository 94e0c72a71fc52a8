import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { repositoryPath } from '../../../src/domain/repo/storage.ts';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { failInserts } from '../../testkit/faults.ts';
import { git, gitLocal, remoteUrl, tempDir } from '../../testkit/git.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

const b64 = (text: string) => Buffer.from(text).toString('base64');

for (const format of ['sha1', 'sha256'] as const) {
  describe(`merging pull requests (${format})`, () => {
    const server = useServer();
    const { api } = server;
    const db = () => server.app.database.db;
    let owner: TestAccount;
    let writer: TestAccount;
    let reader: TestAccount;
    let repo: TestRepo;
    const touched: number[] = [];
    const dir = () => repositoryPath(server.app.config, repo.id);
    const gitIn = (args: string[]) => {
      const res = gitLocal(['--git-dir', dir(), ...args]);
      assert.equal(res.status, 0, res.stderr);
      return res.stdout.trim();
    };
    const tip = (branch: string) => gitIn(['rev-parse', `refs/heads/${branch}`]);

    before(async () => {
      [owner, writer, reader] = await createAccounts(api, 3);
      repo = await buildRepo(server, owner, {
        objectFormat: format,
        files: { 'README.md': 'hello\n', 'shared.txt': 'one\ntwo\nthree\n' },
        commits: [
          { key: 'clash', branch: 'f-clash', message: 'change line two', files: { 'shared.txt': 'one\nTWO\nthree\n' } },
          { key: 'r1', branch: 'f-rebase', message: 'first of two', author: { name: 'Rita Rebase', email: 'rita@example.test' }, date: '2020-01-02T03:04:05Z', files: { 'rebase1.txt': '1\n' } },
          { key: 'r2', branch: 'f-rebase', message: 'second of two', author: { name: 'Rita Rebase', email: 'rita@example.test' }, date: '2020-01-03T03:04:05Z', files: { 'rebase2.txt': '2\n' } },
          { key: 'main2', branch: 'main', message: 'main moves on', files: { 'shared.txt': 'one\n2\nthree\n' } },
        ],
        collaborators: [[writer, 'write'], [reader, 'read']],
      });
      touched.push(repo.id);
    });


    /** A new branch from main with one more file, through the contents API. */
    const branchWithFile = async (branch: string, path: string, by = writer) => {
      const res = await api.post(`${repo.path}/contents/${path}`, { content: b64(`${path}\n`), new_branch: branch, branch: 'main', message: `add ${path}` }, by.basic);
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return res.body.commit.sha as string;
    };
    const open = async (head: string, title = `from ${head}`, by = writer) => {
      const res = await api.post(`${repo.path}/pulls`, { title, head, base: 'main' }, by.basic);
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return res.body as { number: number; id: number; head: { sha: string } };
    };
    const merge = (number: number, body: Record<string, unknown>, by = owner) => api.post(`${repo.path}/pulls/${number}/merge`, body, by.basic);

    it('merges with a merge commit: two parents, Gitea’s default message, the merger as author and committer; the pull request is merged and closed', async () => {
      const headSha = await branchWithFile('f-merge', 'merge.txt');
      const pr = await open('f-merge', 'Add merge.txt');
      const before = tip('main');
      const res = await merge(pr.number, { Do: 'merge' }, writer);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const after = tip('main');
      assert.deepEqual(gitIn(['log', '-1', '--format=%P', after]).split(' '), [before, headSha]);
      assert.equal(gitIn(['log', '-1', '--format=%s', after]), `Merge pull request 'Add merge.txt' (#${pr.number}) from f-merge into main`);
      assert.equal(gitIn(['log', '-1', '--format=%an|%cn', after]), `${writer.login}|${writer.login}`);
      const read = await api.get(`${repo.path}/pulls/${pr.number}`, reader.basic);
      assert.equal(read.body.merged, true);
      assert.equal(read.body.state, 'closed');
      assert.equal(read.body.merge_commit_sha, after);
      assert.equal(read.body.merged_by.login, writer.login);
      assert.ok(read.body.merged_at);
      assert.equal((await api.get(`${repo.path}/pulls/${pr.number}/merge`, reader.basic)).status, 204);
      const timeline = await api.get(`${repo.path}/issues/${pr.number}/timeline`, reader.basic);
      assert.ok(timeline.body.some((c: { type: string }) => c.type === 'merge_pull'), JSON.stringify(timeline.body.map((c: { type: string }) => c.type)));
      const counts = await db().repository.findUniqueOrThrow({ where: { id: repo.id } });
      assert.equal(counts.closedPullCount, 1);
      const branch = await api.get(`${repo.path}/branches/main`, reader.basic);
      assert.equal(branch.body.commit.id, after, 'the branch table follows the merge');
    });

    it('publishes the merge as pull_request merged and the base branch’s move as a push', async () => {
      await branchWithFile('f-events', 'events.txt');
      const pr = await open('f-events');
      const abort = new AbortController();
      const pulls = server.app.events.subscribe('pull_request', abort.signal);
      const pushes = server.app.events.subscribe('repo.push', abort.signal);
      const within = <T>(p: Promise<T>) => Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event')), 5000))]);
      try {
        const nextPush = pushes.next();
        const res = await merge(pr.number, { do: 'merge' });
        assert.equal(res.status, 200, JSON.stringify(res.body));
        const push = await within(nextPush);
        assert.equal(push.value.repoId, repo.id);
        assert.deepEqual(push.value.changes.map((c: { ref: string; after: string }) => [c.ref, c.after]), [['refs/heads/main', tip('main')]]);
        assert.equal(push.value.pusherId, owner.id);
        for (;;) {
          const event = await within(pulls.next());
          if (event.value.number === pr.number && event.value.action === 'merged') break;
        }
      } finally {
        abort.abort();
      }
    });

    it('squashes into one commit on the base with the head’s changes, authored by the poster and crediting them when someone else merges', async () => {
      await branchWithFile('f-squash', 'squash1.txt');
      const more = await api.post(`${repo.path}/contents/squash2.txt`, { content: b64('two\n'), branch: 'f-squash' }, writer.basic);
      assert.equal(more.status, 201);
      const pr = await open('f-squash', 'Squash me');
      const before = tip('main');
      const res = await merge(pr.number, { Do: 'squash', MergeMessageField: 'the body' });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const after = tip('main');
      assert.equal(gitIn(['log', '-1', '--format=%P', after]), before);
      assert.equal(gitIn(['log', '-1', '--format=%s', after]), `Squash me (#${pr.number})`);
      assert.match(gitIn(['log', '-1', '--format=%b', after]), /^the body\n\nCo-authored-by: .+\nCo-committed-by: /);
      assert.equal(gitIn(['log', '-1', '--format=%an|%cn', after]), `${writer.login}|${owner.login}`);
      assert.equal(gitIn(['show', `${after}:squash2.txt`]), 'two');
    });

    it('rebases: each head commit replayed on the base keeping its author, date and message, the merger as committer, no merge commit', async () => {
      const pr = await open('f-rebase');
      const before = tip('main');
      const res = await merge(pr.number, { Do: 'rebase' });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const after = tip('main');
      const log = gitIn(['log', '--format=%s|%an|%aI|%cn|%P', `${before}..${after}`]).split('\n');
      assert.equal(log.length, 2);
      const [second, first] = log.map((line) => line.split('|'));
      assert.deepEqual(first.slice(0, 4), ['first of two', 'Rita Rebase', '2020-01-02T03:04:05+00:00', owner.login]);
      assert.equal(first[4], before);
      assert.deepEqual(second.slice(0, 3), ['second of two', 'Rita Rebase', '2020-01-03T03:04:05+00:00']);
      assert.notEqual(after, repo.ids.r2, 'the commits are new ones on the new base');
      assert.equal((await api.get(`${repo.path}/pulls/${pr.number}`, reader.basic)).body.merge_commit_sha, after);
    });

    it('rebase-merge replays the head on the base, then merges it with a merge commit', async () => {
      await branchWithFile('f-rm', 'rm.txt');
      const pr = await open('f-rm');
      await branchWithFile('f-rm-move', 'rm-move.txt', owner);
      const moved = await open('f-rm-move');
      assert.equal((await merge(moved.number, { Do: 'merge' })).status, 200);
      const before = tip('main');
      const res = await merge(pr.number, { Do: 'rebase-merge' });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const [first, second] = gitIn(['log', '-1', '--format=%P', tip('main')]).split(' ');
      assert.equal(first, before);
      assert.notEqual(second, pr.head.sha, 'the head was replayed on the base first');
      assert.equal(gitIn(['log', '-1', '--format=%P', second]), before);
    });

    it('fast-forward-only moves the base to the head commit itself, and refuses with 422 once the base has moved on', async () => {
      const headSha = await branchWithFile('f-ff', 'ff.txt');
      const pr = await open('f-ff');
      const res = await merge(pr.number, { Do: 'fast-forward-only' });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(tip('main'), headSha);

      await branchWithFile('f-ff2', 'ff2.txt');
      const late = await open('f-ff2');
      await api.post(`${repo.path}/contents/elsewhere.txt`, { content: b64('x') }, owner.basic);
      const before = tip('main');
      const refused = await merge(late.number, { Do: 'fast-forward-only' });
      assert.equal(refused.status, 422, JSON.stringify(refused.body));
      assert.match(refused.body.message, /fast-forward/);
      assert.equal(tip('main'), before, 'nothing moved');
      assert.equal((await api.get(`${repo.path}/pulls/${late.number}`, reader.basic)).body.merged, false);
    });

    it('refuses a conflicting merge, squash or rebase with 422 naming the conflict, and moves nothing', async () => {
      const pr = await open('f-clash');
      const before = tip('main');
      for (const style of ['merge', 'squash']) {
        const res = await merge(pr.number, { Do: style });
        assert.equal(res.status, 422, JSON.stringify(res.body));
        assert.match(res.body.message, /shared\.txt/);
      }
      const rebase = await merge(pr.number, { Do: 'rebase' });
      assert.equal(rebase.status, 422, JSON.stringify(rebase.body));
      assert.match(rebase.body.message, /conflict/);
      assert.equal(tip('main'), before);
      assert.equal((await db().pullRequest.findUniqueOrThrow({ where: { id: pr.id } })).hasMerged, false);
    });

    it('answers 422 for a head that is not at head_commit_id and for a pull request already merged', async () => {
      const headSha = await branchWithFile('f-head', 'head.txt');
      const pr = await open('f-head');
      const stale = await merge(pr.number, { Do: 'merge', head_commit_id: repo.heads.main });
      assert.equal(stale.status, 422, JSON.stringify(stale.body));
      assert.match(stale.body.message, /head changed/);
      assert.equal((await merge(pr.number, { Do: 'merge', head_commit_id: headSha })).status, 200);
      const again = await merge(pr.number, { Do: 'merge' });
      assert.equal(again.status, 422);
      assert.match(again.body.message, /already merged/);
    });

    it('answers 405 for a style switched off in the repository’s settings, 403 to those who may not merge, 422 without a style', async () => {
      await branchWithFile('f-off', 'off.txt');
      const pr = await open('f-off');
      const off = await api.patch(repo.path, { allow_squash_merge: false }, owner.basic);
      assert.equal(off.status, 200, JSON.stringify(off.body));
      const res = await merge(pr.number, { Do: 'squash' });
      assert.equal(res.status, 405, JSON.stringify(res.body));
      assert.match(res.body.message, /squash/);
      assert.equal((await merge(pr.number, { Do: 'manually-merged', MergeCommitID: tip('main') })).status, 405, 'manual merges are off by default');
      await api.patch(repo.path, { allow_squash_merge: true }, owner.basic);
      assert.equal((await merge(pr.number, { Do: 'merge' }, reader)).status, 403);
      assert.equal((await merge(pr.number, {})).status, 422);
      assert.equal((await db().pullRequest.findUniqueOrThrow({ where: { id: pr.id } })).hasMerged, false);
    });

    it('marks a pull request manually merged by a commit of the base branch, and refuses a commit the base does not have with 409', async () => {
      await api.patch(repo.path, { allow_manual_merge: true }, owner.basic);
      const headSha = await branchWithFile('f-manual', 'manual.txt');
      const pr = await open('f-manual');
      const wrong = await merge(pr.number, { Do: 'manually-merged', MergeCommitID: headSha });
      assert.equal(wrong.status, 409, JSON.stringify(wrong.body));
      const before = tip('main');
      const res = await merge(pr.number, { Do: 'manually-merged', MergeCommitID: before });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(tip('main'), before, 'no ref moves');
      const read = await api.get(`${repo.path}/pulls/${pr.number}`, reader.basic);
      assert.deepEqual([read.body.merged, read.body.merge_commit_sha, read.body.state], [true, before, 'closed']);
    });

    it('moves the base branch back when recording the merge fails part-way, leaving the pull request open', async () => {
      await branchWithFile('f-fault', 'fault.txt');
      const pr = await open('f-fault');
      const before = tip('main');
      const lift = await failInserts(server, 'Comment', 'type', 'merge_pull');
      try {
        assert.equal((await merge(pr.number, { Do: 'merge' })).status, 500);
      } finally {
        await lift();
      }
      assert.equal(tip('main'), before, 'the branch is where it was');
      const read = await api.get(`${repo.path}/pulls/${pr.number}`, reader.basic);
      assert.deepEqual([read.body.merged, read.body.state], [false, 'open']);
      assert.equal((await merge(pr.number, { Do: 'merge' })).status, 200, 'and it merges once the fault is gone');
    });

    it('refuses a work-in-progress pull request with 422, merging now or scheduled for when the checks succeed', async () => {
      await branchWithFile('f-wip', 'wip.txt');
      const pr = await open('f-wip', 'WIP: not yet');
      const wip = await merge(pr.number, { Do: 'merge' });
      assert.equal(wip.status, 422, JSON.stringify(wip.body));
      assert.match(wip.body.message, /work-in-progress/);
      assert.equal((await merge(pr.number, { Do: 'merge', merge_when_checks_succeed: true })).status, 422);
      assert.equal((await db().pullRequest.findUniqueOrThrow({ where: { id: pr.id } })).hasMerged, false);
    });

    it('keeps a push racing a merge: both land, or the push is refused; never a lost commit, and exactly one merge', async () => {
      await branchWithFile('f-race', 'race.txt');
      const pr = await open('f-race');
      const work = tempDir();
      try {
        const url = remoteUrl(server.url, repo.owner, repo.name, [owner.login, owner.password]);
        assert.equal((await git(['clone', '--quiet', url, work.dir])).status, 0);
        await git(['-C', work.dir, 'commit', '--allow-empty', '-m', 'pushed while merging']);
        const pushed = (await git(['-C', work.dir, 'rev-parse', 'HEAD'])).stdout.trim();
        const [push, merged, second] = await Promise.all([
          git(['-C', work.dir, 'push', 'origin', 'main']),
          merge(pr.number, { Do: 'merge' }),
          merge(pr.number, { Do: 'squash' }),
        ]);
        assert.deepEqual([merged.status, second.status].sort(), [200, 422], `${JSON.stringify(merged.body)} ${JSON.stringify(second.body)}`);
        const row = await db().pullRequest.findUniqueOrThrow({ where: { id: pr.id } });
        assert.equal(row.hasMerged, true);
        const main = tip('main');
        assert.equal(gitLocal(['--git-dir', dir(), 'merge-base', '--is-ancestor', row.mergedCommitId, main]).status, 0, 'the merge is on the base branch');
        if (push.status === 0) {
          assert.equal(gitLocal(['--git-dir', dir(), 'merge-base', '--is-ancestor', pushed, main]).status, 0, 'the pushed commit is on the base branch');
        } else {
          assert.match(push.stderr, /rejected|fetch first|non-fast-forward/);
        }
        const merges = gitIn(['log', '--format=%s', '--grep', `(#${pr.number})`, main]).split('\n').filter(Boolean);
        assert.equal(merges.length, 1, merges.join('\n'));
      } finally {
        work.remove();
      }
    });

    it('leaves every repository it touched clean for git fsck', () => {
      for (const id of touched) {
        const fsck = gitLocal(['--git-dir', repositoryPath(server.app.config, id), 'fsck', '--strict', '--no-dangling']);
        assert.equal(fsck.status, 0, `git fsck of repository ${id}: ${fsck.stdout}${fsck.stderr}`);
      }
    });
  });
}

describe('merging under branch protection', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let writer: TestAccount;
  let repo: TestRepo;

  before(async () => {
    [owner, writer] = await createAccounts(api, 2);
    repo = await buildRepo(server, owner, { files: { 'README.md': 'hi\n', 'app.lock': 'v1\n' }, collaborators: [[writer, 'write']] });
  });

  const branchWithFile = async (branch: string, path: string, content = `${path}\n`) => {
    const res = await api.post(`${repo.path}/contents/${path}`, { content: b64(content), new_branch: branch, branch: 'main' }, writer.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.commit.sha as string;
  };
  const open = async (head: string) => {
    const res = await api.post(`${repo.path}/pulls`, { title: `from ${head}`, head, base: 'main' }, writer.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body as { number: number };
  };
  const protect = async (settings: Record<string, unknown>) => {
    await api.delete(`${repo.path}/branch_protections/main`, owner.basic);
    const res = await api.post(`${repo.path}/branch_protections`, { rule_name: 'main', enable_push: true, ...settings }, owner.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
  };
  const merge = (number: number, body: Record<string, unknown>, by = writer) => api.post(`${repo.path}/pulls/${number}/merge`, body, by.basic);

  it('requires the status checks the rule names to succeed on the head commit', async () => {
    await protect({ enable_status_check: true, status_check_contexts: ['ci/*'] });
    const head = await branchWithFile('checks', 'checks.txt');
    const pr = await open('checks');
    const none = await merge(pr.number, { Do: 'merge' });
    assert.equal(none.status, 422, JSON.stringify(none.body));
    assert.match(none.body.message, /status checks/);
    await api.post(`${repo.path}/statuses/${head}`, { state: 'failure', context: 'ci/build' }, owner.basic);
    assert.equal((await merge(pr.number, { Do: 'merge' })).status, 422);
    await api.post(`${repo.path}/statuses/${head}`, { state: 'success', context: 'ci/build' }, owner.basic);
    const res = await merge(pr.number, { Do: 'merge' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  });

  it('lets an administrator force a merge past the checks, unless block_admin_merge_override is set', async () => {
    await protect({ enable_status_check: true, status_check_contexts: ['ci/*'], required_approvals: 1 });
    await branchWithFile('forced', 'forced.txt');
    const pr = await open('forced');
    const refused = await merge(pr.number, { Do: 'merge' }, owner);
    assert.equal(refused.status, 422);
    assert.match(refused.body.message, /approvals missing/);
    assert.equal((await merge(pr.number, { Do: 'merge', force_merge: true }, writer)).status, 422, 'only administrators may force');
    await protect({ enable_status_check: true, status_check_contexts: ['ci/*'], block_admin_merge_override: true });
    assert.equal((await merge(pr.number, { Do: 'merge', force_merge: true }, owner)).status, 422);
    await protect({ enable_status_check: true, status_check_contexts: ['ci/*'] });
    const forced = await merge(pr.number, { Do: 'merge', force_merge: true }, owner);
    assert.equal(forced.status, 200, JSON.stringify(forced.body));
  });

  it('counts the official approvals of reviews towards required_approvals, and blocks on an official rejection when the rule says so', async () => {
    await protect({ required_approvals: 1, block_on_rejected_reviews: true });
    await branchWithFile('reviewed', 'reviewed.txt');
    const pr = await open('reviewed');
    const reviews = `${repo.path}/pulls/${pr.number}/reviews`;
    assert.match((await merge(pr.number, { Do: 'merge' })).body.message, /approvals missing: 0 of the 1 required/);
    const rejection = await api.post(reviews, { event: 'REQUEST_CHANGES', body: 'not yet' }, owner.basic);
    assert.equal(rejection.status, 200, JSON.stringify(rejection.body));
    const blocked = await merge(pr.number, { Do: 'merge' });
    assert.equal(blocked.status, 422);
    assert.match(blocked.body.message, /changes were requested/);
    const approval = await api.post(reviews, { event: 'APPROVED', body: 'good now' }, owner.basic);
    assert.equal(approval.status, 200, JSON.stringify(approval.body));
    const merged = await merge(pr.number, { Do: 'merge' });
    assert.equal(merged.status, 200, JSON.stringify(merged.body));
  });

  it('refuses an outdated head with block_on_outdated_branch, and changes to protected files', async () => {
    await protect({ block_on_outdated_branch: true, protected_file_patterns: '*.lock' });
    await branchWithFile('outdated', 'outdated.txt');
    const behind = await open('outdated');
    await api.post(`${repo.path}/contents/newer.txt`, { content: b64('n') }, owner.basic).catch(() => null);
    // The rule protects main from pushes by everyone but whitelisted accounts: an owner moves it by merging another pull request.
    await branchWithFile('mover', 'mover.txt');
    const mover = await open('mover');
    assert.equal((await merge(mover.number, { Do: 'merge' })).status, 200);
    const outdated = await merge(behind.number, { Do: 'merge' });
    assert.equal(outdated.status, 422, JSON.stringify(outdated.body));
    assert.match(outdated.body.message, /behind/);
    await protect({ protected_file_patterns: '*.lock' });
    await branchWithFile('lock', 'other.lock');
    const lock = await open('lock');
    const res = await merge(lock.number, { Do: 'merge' });
    assert.equal(res.status, 422, JSON.stringify(res.body));
    assert.match(res.body.message, /protected files changed: other\.lock/);
  });

  it('lets only the merge whitelist merge when the rule has one', async () => {
    await protect({ enable_merge_whitelist: true, merge_whitelist_usernames: [owner.login] });
    await branchWithFile('listed', 'listed.txt');
    const pr = await open('listed');
    assert.equal((await merge(pr.number, { Do: 'merge' })).status, 403);
    assert.equal((await merge(pr.number, { Do: 'merge' }, owner)).status, 200);
  });
  it('leaves the repository clean for git fsck', () => {
    const fsck = gitLocal(['--git-dir', repositoryPath(server.app.config, repo.id), 'fsck', '--strict', '--no-dangling']);
    assert.equal(fsck.status, 0, fsck.stderr);
  });
});

describe('after a merge: deleting the head branch, retargeting, closing, and updating a head branch', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let repo: TestRepo;
  const idle = () => server.app.backgroundIdle();

  before(async () => {
    [owner] = await createAccounts(api, 1);
    repo = await buildRepo(server, owner, {
      files: { 'README.md': 'hi\n', 'shared.txt': 'a\nb\nc\n' },
      commits: [
        { key: 'a1', branch: 'stack-a', message: 'a', files: { 'a.txt': 'a\n' } },
        { key: 'b1', branch: 'stack-b', from: 'a1', message: 'b', files: { 'b.txt': 'b\n' } },
        { key: 'g1', branch: 'gone-head', message: 'g', files: { 'g.txt': 'g\n' } },
        { key: 'gb', branch: 'gone-base', message: 'gb', files: { 'gb.txt': 'gb\n' } },
        { key: 'gbh', branch: 'gone-base-head', from: 'gb', message: 'gbh', files: { 'gbh.txt': 'gbh\n' } },
        { key: 'u1', branch: 'behind', message: 'u', files: { 'u.txt': 'u\n' } },
        { key: 'v1', branch: 'behind-rebase', message: 'v', author: { name: 'Vera', email: 'vera@example.test' }, files: { 'v.txt': 'v\n' } },
        { key: 'x1', branch: 'clashing', message: 'x', files: { 'shared.txt': 'a\nX\nc\n' } },
        { key: 'm2', branch: 'main', message: 'main moves', files: { 'shared.txt': 'a\nB\nc\n', 'm.txt': 'm\n' } },
      ],
    });
  });
  const open = async (head: string, base = 'main') => {
    const res = await api.post(`${repo.path}/pulls`, { title: `${head} into ${base}`, head, base }, owner.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body as { number: number; id: number };
  };
  const types = async (number: number) => (await api.get(`${repo.path}/issues/${number}/timeline`, owner.basic)).body.map((c: { type: string }) => c.type);

  it('deletes the head branch after the merge when asked, and retargets the pull requests into it to the merged one’s base', async () => {
    const a = await open('stack-a');
    const b = await open('stack-b', 'stack-a');
    const res = await api.post(`${repo.path}/pulls/${a.number}/merge`, { Do: 'merge', delete_branch_after_merge: true }, owner.basic);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal((await api.get(`${repo.path}/branches/stack-a`, owner.basic)).status, 404, 'the head branch is gone');
    await idle();
    const moved = await api.get(`${repo.path}/pulls/${b.number}`, owner.basic);
    assert.equal(moved.body.state, 'open');
    assert.equal(moved.body.base.ref, 'main');
    assert.ok((await types(b.number)).includes('change_target_branch'));
    assert.ok((await types(a.number)).includes('delete_branch'));
  });

  it('closes an open pull request whose head branch is deleted, with a comment naming the branch', async () => {
    const pr = await open('gone-head');
    assert.equal((await api.delete(`${repo.path}/branches/gone-head`, owner.basic)).status, 204);
    await idle();
    const read = await api.get(`${repo.path}/pulls/${pr.number}`, owner.basic);
    assert.equal(read.body.state, 'closed');
    assert.equal(read.body.merged, false);
    const timeline = (await api.get(`${repo.path}/issues/${pr.number}/timeline`, owner.basic)).body;
    const deletion = timeline.find((c: { type: string }) => c.type === 'delete_branch');
    assert.ok(deletion, JSON.stringify(timeline));
    assert.equal(deletion.old_ref, 'gone-head');
  });

  it('closes an open pull request whose base branch a push deletes: no merged pull request came from it, so nothing retargets', async () => {
    const pr = await open('gone-base-head', 'gone-base');
    const url = remoteUrl(server.url, repo.owner, repo.name, [owner.login, owner.password]);
    const work = tempDir();
    try {
      assert.equal((await git(['init', '--quiet', work.dir])).status, 0);
      const pushed = await git(['-C', work.dir, 'push', url, ':refs/heads/gone-base']);
      assert.equal(pushed.status, 0, pushed.stderr);
    } finally {
      work.remove();
    }
    await idle();
    const read = await api.get(`${repo.path}/pulls/${pr.number}`, owner.basic);
    assert.equal(read.body.state, 'closed');
    assert.deepEqual((await types(pr.number)).slice(-2), ['delete_branch', 'close']);
  });

  it('updates a head branch by merging the base into it, by rebasing it, and answers 409 on conflicts', async () => {
    const main = gitLocal(['--git-dir', repositoryPath(server.app.config, repo.id), 'rev-parse', 'refs/heads/main']).stdout.trim();
    const merged = await open('behind');
    const res = await api.post(`${repo.path}/pulls/${merged.number}/update`, {}, owner.basic);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const dir = repositoryPath(server.app.config, repo.id);
    const head = gitLocal(['--git-dir', dir, 'log', '-1', '--format=%P|%s', 'refs/heads/behind']).stdout.trim();
    assert.equal(head, `${repo.ids.u1} ${main}|Merge branch 'main' into behind`);
    await idle();
    const synced = await api.get(`${repo.path}/pulls/${merged.number}`, owner.basic);
    assert.equal(synced.body.head.sha, gitLocal(['--git-dir', dir, 'rev-parse', 'refs/heads/behind']).stdout.trim(), 'the pull request follows its head');

    const rebased = await open('behind-rebase');
    const again = await api.post(`${repo.path}/pulls/${rebased.number}/update?style=rebase`, {}, owner.basic);
    assert.equal(again.status, 200, JSON.stringify(again.body));
    const [parent, author] = gitLocal(['--git-dir', dir, 'log', '-1', '--format=%P|%an', 'refs/heads/behind-rebase']).stdout.trim().split('|');
    assert.deepEqual([parent, author], [main, 'Vera']);

    const clash = await open('clashing');
    const refused = await api.post(`${repo.path}/pulls/${clash.number}/update`, {}, owner.basic);
    assert.equal(refused.status, 409, JSON.stringify(refused.body));
    assert.equal(gitLocal(['--git-dir', dir, 'rev-parse', 'refs/heads/clashing']).stdout.trim(), repo.ids.x1);
  });
  it('leaves the repository clean for git fsck', () => {
    const fsck = gitLocal(['--git-dir', repositoryPath(server.app.config, repo.id), 'fsck', '--strict', '--no-dangling']);
    assert.equal(fsck.status, 0, fsck.stderr);
  });
});

describe('with repository.PULL_RETARGET_CHILDREN_ON_MERGE off', () => {
  const server = useServer({ repository: { PULL_RETARGET_CHILDREN_ON_MERGE: false } });
  const { api } = server;

  it('closes the pull requests into a merged pull request’s deleted head branch instead of retargeting them', async () => {
    const [owner] = await createAccounts(api, 1);
    const repo = await buildRepo(server, owner, {
      files: { 'README.md': 'hi\n' },
      commits: [
        { key: 'a1', branch: 'stack-a', message: 'a', files: { 'a.txt': 'a\n' } },
        { key: 'b1', branch: 'stack-b', from: 'a1', message: 'b', files: { 'b.txt': 'b\n' } },
      ],
    });
    const a = (await api.post(`${repo.path}/pulls`, { title: 'a', head: 'stack-a', base: 'main' }, owner.basic)).body;
    const b = (await api.post(`${repo.path}/pulls`, { title: 'b', head: 'stack-b', base: 'stack-a' }, owner.basic)).body;
    assert.equal((await api.post(`${repo.path}/pulls/${a.number}/merge`, { Do: 'merge', delete_branch_after_merge: true }, owner.basic)).status, 200);
    await server.app.backgroundIdle();
    const read = await api.get(`${repo.path}/pulls/${b.number}`, owner.basic);
    assert.deepEqual([read.body.state, read.body.base.ref], ['closed', 'stack-a']);
  });
});

describe('merging a pull request from a fork, through GraphQL', () => {
  const server = useServer();
  const { api } = server;

  it('mergePullRequest merges a fork’s head (fetched at merge time) and updatePullRequestBranch brings the fork’s branch up to date', async () => {
    const [owner, forker] = await createAccounts(api, 2);
    const repo = await buildRepo(server, owner, { files: { 'README.md': 'hi\n' } });
    assert.equal((await api.post(`${repo.path}/forks`, {}, forker.basic)).status, 202);
    const forkPath = `/repos/${forker.login}/${repo.name}`;
    for (const [branch, file] of [['merged', 'one.txt'], ['updated', 'two.txt']]) {
      const res = await api.post(`${forkPath}/contents/${file}`, { content: b64('x\n'), new_branch: branch }, forker.basic);
      assert.equal(res.status, 201, JSON.stringify(res.body));
    }
    const open = async (branch: string) => (await api.post(`${repo.path}/pulls`, { title: branch, head: `${forker.login}:${branch}`, base: 'main' }, forker.basic)).body;
    const first = await open('merged');
    const second = await open('updated');
    // The fork's branch moves after the pull request was opened: the merge takes the tip it finds.
    const later = await api.post(`${forkPath}/contents/later.txt`, { content: b64('later\n'), branch: 'merged' }, forker.basic);
    assert.equal(later.status, 201);
    const mutation = `mutation($o: String!, $n: String!, $num: Int!) {
      mergePullRequest(owner: $o, name: $n, number: $num, input: { style: merge, title: "Fork merge" }) { merged mergeCommitSha headSha mergedBy { login } issue { state } }
    }`;
    const merged = await server.graphql(mutation, { o: repo.owner, n: repo.name, num: first.number }, owner.basic);
    assert.equal(merged.errors, undefined, JSON.stringify(merged.errors));
    const pull = merged.data.mergePullRequest;
    assert.deepEqual([pull.merged, pull.mergedBy.login, pull.headSha], [true, owner.login, later.body.commit.sha]);
    const dir = repositoryPath(server.app.config, repo.id);
    assert.equal(gitLocal(['--git-dir', dir, 'rev-parse', 'refs/heads/main']).stdout.trim(), pull.mergeCommitSha);
    assert.equal(gitLocal(['--git-dir', dir, 'show', `${pull.mergeCommitSha}:later.txt`]).stdout, 'later\n');

    const update = `mutation($o: String!, $n: String!, $num: Int!) { updatePullRequestBranch(owner: $o, name: $n, number: $num, style: merge) { number } }`;
    const updated = await server.graphql(update, { o: repo.owner, n: repo.name, num: second.number }, forker.basic);
    assert.equal(updated.errors, undefined, JSON.stringify(updated.errors));
    const forkDir = repositoryPath(server.app.config, (await api.get(forkPath, forker.basic)).body.id);
    const parents = gitLocal(['--git-dir', forkDir, 'log', '-1', '--format=%P', 'refs/heads/updated']).stdout.trim().split(' ');
    assert.equal(parents[1], pull.mergeCommitSha, 'the base was merged into the fork’s branch');
    for (const d of [dir, forkDir]) assert.equal(gitLocal(['--git-dir', d, 'fsck', '--strict', '--no-dangling']).status, 0);
  });
});
