import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ADMIN } from '../testkit/server.ts';
import { clientFor, createClientAccount, failure, type ClientAccount, type GiteaClient } from '../testkit/gitea-js.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

/** gitea-js against Graft: merging pull requests and updating their head branches, as its users call them. */
describe('gitea-js: merging pull requests', () => {
  const server = useServer();
  let owner: ClientAccount;
  let reader: ClientAccount;
  let repo: TestRepo;

  before(async () => {
    const admin: GiteaClient = await clientFor(server, ADMIN);
    [owner, reader] = await Promise.all([createClientAccount(server, admin), createClientAccount(server, admin)]);
    repo = await buildRepo(server, owner, {
      files: { 'README.md': 'hello\n' },
      commits: [
        { key: 'f1', branch: 'feature', message: 'a feature', files: { 'feature.txt': 'f\n' } },
        { key: 'u1', branch: 'stale', message: 'stale', files: { 'stale.txt': 's\n' } },
        { key: 'm1', branch: 'main', message: 'main moves', files: { 'main.txt': 'm\n' } },
        { key: 'a1', branch: 'auto', message: 'merged when checks succeed', files: { 'auto.txt': 'a\n' } },
      ],
      collaborators: [[reader, 'read']],
    });
  });

  it('repoMergePullRequest squashes with the title and message the client sends; the pull request reads merged', async () => {
    const pr = await owner.api.repos.repoCreatePullRequest(owner.login, repo.name, { title: 'Feature', head: 'feature', base: 'main' });
    assert.equal(pr.status, 201);
    const res = await owner.api.repos.repoMergePullRequest(owner.login, repo.name, pr.data.number!, {
      Do: 'squash',
      MergeTitleField: 'Squashed feature',
      MergeMessageField: 'with a body',
      delete_branch_after_merge: true,
    });
    assert.equal(res.status, 200);
    const read = await reader.api.repos.repoGetPullRequest(owner.login, repo.name, pr.data.number!);
    assert.equal(read.data.merged, true);
    assert.equal(read.data.state, 'closed');
    assert.equal(read.data.merged_by!.login, owner.login);
    const commit = await reader.api.repos.repoGetSingleCommit(owner.login, repo.name, read.data.merge_commit_sha!);
    assert.equal(commit.data.commit!.message, 'Squashed feature\n\nwith a body\n');
    const merged = await reader.api.repos.repoPullRequestIsMerged(owner.login, repo.name, pr.data.number!);
    assert.equal(merged.status, 204);
    assert.equal((await failure(owner.api.repos.repoGetBranch(owner.login, repo.name, 'feature'))).status, 404, 'the head branch was deleted');
  });

  it('repoMergePullRequest answers a second merge with 422 and a reader with 403', async () => {
    const pr = await owner.api.repos.repoCreatePullRequest(owner.login, repo.name, { title: 'Stale', head: 'stale', base: 'main' });
    assert.equal((await failure(reader.api.repos.repoMergePullRequest(owner.login, repo.name, pr.data.number!, { Do: 'merge' }))).status, 403);
    assert.equal((await owner.api.repos.repoUpdatePullRequest(owner.login, repo.name, pr.data.number!, { style: 'rebase' })).status, 200);
    await server.app.backgroundIdle();
    const updated = await reader.api.repos.repoGetPullRequest(owner.login, repo.name, pr.data.number!);
    const main = await reader.api.repos.repoGetBranch(owner.login, repo.name, 'main');
    assert.equal(updated.data.merge_base, main.data.commit!.id, 'the head was rebased on main');
    assert.equal((await owner.api.repos.repoMergePullRequest(owner.login, repo.name, pr.data.number!, { Do: 'fast-forward-only' })).status, 200);
    const again = await failure(owner.api.repos.repoMergePullRequest(owner.login, repo.name, pr.data.number!, { Do: 'merge' }));
    assert.equal(again.status, 422);
  });

  it('repoMergePullRequest with merge_when_checks_succeed schedules (201) and repoCancelScheduledAutoMerge cancels (204, then 404); scheduled again, a success status merges it', async () => {
    const protect = await owner.api.repos.repoCreateBranchProtection(owner.login, repo.name, { rule_name: 'main', enable_status_check: true, status_check_contexts: ['ci'] });
    assert.equal(protect.status, 201);
    const pr = await owner.api.repos.repoCreatePullRequest(owner.login, repo.name, { title: 'Auto', head: 'auto', base: 'main' });
    const number = pr.data.number!;
    const scheduled = await owner.api.repos.repoMergePullRequest(owner.login, repo.name, number, { Do: 'merge', merge_when_checks_succeed: true });
    assert.equal(scheduled.status, 201);
    assert.equal((await failure(reader.api.repos.repoCancelScheduledAutoMerge(owner.login, repo.name, number))).status, 403);
    assert.equal((await owner.api.repos.repoCancelScheduledAutoMerge(owner.login, repo.name, number)).status, 204);
    assert.equal((await failure(owner.api.repos.repoCancelScheduledAutoMerge(owner.login, repo.name, number))).status, 404);
    assert.equal((await owner.api.repos.repoMergePullRequest(owner.login, repo.name, number, { Do: 'merge', merge_when_checks_succeed: true })).status, 201);
    const sha = (await owner.api.repos.repoGetPullRequest(owner.login, repo.name, number)).data.head!.sha!;
    assert.equal((await owner.api.repos.repoCreateStatus(owner.login, repo.name, sha, { state: 'success', context: 'ci' })).status, 201);
    let merged = false;
    for (let waited = 0; !merged && waited < 5000; waited += 50) {
      await server.app.backgroundIdle();
      merged = !!(await reader.api.repos.repoGetPullRequest(owner.login, repo.name, number)).data.merged;
      if (!merged) await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(merged, 'the job merged it once the status succeeded');
  });
});
