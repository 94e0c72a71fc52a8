import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ADMIN } from '../testkit/server.ts';
import { assertTypedFields, clientFor, createClientAccount, failure, type ClientAccount, type GiteaClient } from '../testkit/gitea-js.ts';
import { COMMIT } from '../testkit/gitea-js-fields/commit.ts';
import { LABEL } from '../testkit/gitea-js-fields/label.ts';
import { CHANGED_FILE, PR_BRANCH_INFO, PULL_REQUEST } from '../testkit/gitea-js-fields/pull.ts';
import { REPOSITORY } from '../testkit/gitea-js-fields/repo.ts';
import { USER } from '../testkit/gitea-js-fields/user.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

/** gitea-js against Graft: opening, reading, listing and editing pull requests, their diff, commits and files. */
describe('gitea-js: pull requests', () => {
  const server = useServer();
  let owner: ClientAccount;
  let reader: ClientAccount;
  let repo: TestRepo;
  let labelId: number;

  before(async () => {
    const admin: GiteaClient = await clientFor(server, ADMIN);
    [owner, reader] = await Promise.all([createClientAccount(server, admin), createClientAccount(server, admin)]);
    repo = await buildRepo(server, owner, {
      files: { 'README.md': 'hello\n', 'notes.txt': 'one\n' },
      commits: [
        { key: 'a1', branch: 'alpha', message: 'alpha one', files: { 'alpha.txt': 'a\n' } },
        { key: 'a2', branch: 'alpha', message: 'alpha two', files: { 'notes.txt': 'one\ntwo\n' } },
        { key: 'b1', branch: 'beta', message: 'beta', files: { 'beta.txt': 'b\n' } },
        { key: 'n1', branch: 'next', message: 'next', files: { 'next.txt': 'n\n' } },
      ],
      collaborators: [[reader, 'read']],
    });
  });

  it('repoCreatePullRequest answers the pull request with every field the client types, both sides included', async () => {
    const label = await server.app.database.db.label.create({ data: { repoId: repo.id, name: 'review', color: '#00aabb' } });
    labelId = label.id;
    const res = await owner.api.repos.repoCreatePullRequest(owner.login, repo.name, {
      title: 'alpha into main',
      body: 'from gitea-js',
      head: 'alpha',
      base: 'main',
      labels: [label.id],
      assignees: [owner.login],
    });
    assert.equal(res.status, 201);
    assertTypedFields(res.data, PULL_REQUEST, 'PullRequest');
    assertTypedFields(res.data.base, PR_BRANCH_INFO, 'PullRequest.base');
    assertTypedFields(res.data.head, PR_BRANCH_INFO, 'PullRequest.head');
    assertTypedFields(res.data.head!.repo, REPOSITORY, 'PullRequest.head.repo');
    assertTypedFields(res.data.user, USER, 'PullRequest.user');
    assertTypedFields(res.data.labels![0], LABEL, 'PullRequest.labels[]');
    assert.equal(res.data.head!.sha, repo.ids.a2);
    assert.equal(res.data.base!.sha, repo.heads.main);
    assert.equal(res.data.assignee!.login, owner.login);
    assert.equal(res.data.changed_files, 2);

    const got = await reader.api.repos.repoGetPullRequest(owner.login, repo.name, res.data.number!);
    assert.equal(got.data.title, 'alpha into main');
    assertTypedFields(got.data, PULL_REQUEST, 'PullRequest');
    const byBaseHead = await reader.api.repos.repoGetPullRequestByBaseHead(owner.login, repo.name, 'main', 'alpha');
    assert.equal(byBaseHead.data.number, res.data.number);
    assert.equal((await failure(reader.api.repos.repoGetPullRequestByBaseHead(owner.login, repo.name, 'main', 'next'))).status, 404);
  });

  it('repoCreatePullRequest refuses a reader’s duplicate with 409 and a missing head with 422, as the client reports them', async () => {
    assert.equal((await failure(reader.api.repos.repoCreatePullRequest(owner.login, repo.name, { title: 'again', head: 'alpha', base: 'main' }))).status, 409);
    assert.equal((await failure(reader.api.repos.repoCreatePullRequest(owner.login, repo.name, { title: 'nothing', head: 'nope', base: 'main' }))).status, 422);
  });

  it('repoListPullRequests pages, filters by state, poster and label, and sorts as the client asks', async () => {
    const beta = await reader.api.repos.repoCreatePullRequest(owner.login, repo.name, { title: 'beta into next', head: 'beta', base: 'next' });
    assert.equal(beta.status, 201);
    const page = await reader.api.repos.repoListPullRequests(owner.login, repo.name, { state: 'open', limit: 1, page: 1 });
    assert.equal(page.data.length, 1);
    assert.equal(page.data[0].title, 'beta into next');
    assert.equal(page.headers.get('x-total-count'), '2');
    assertTypedFields(page.data[0], PULL_REQUEST, 'PullRequest');
    const oldest = await reader.api.repos.repoListPullRequests(owner.login, repo.name, { sort: 'oldest' });
    assert.deepEqual(oldest.data.map((p) => p.title), ['alpha into main', 'beta into next']);
    const byPoster = await reader.api.repos.repoListPullRequests(owner.login, repo.name, { poster: reader.login });
    assert.deepEqual(byPoster.data.map((p) => p.title), ['beta into next']);
    const byLabel = await reader.api.repos.repoListPullRequests(owner.login, repo.name, { labels: [labelId] });
    assert.deepEqual(byLabel.data.map((p) => p.title), ['alpha into main']);
    const closed = await reader.api.repos.repoListPullRequests(owner.login, repo.name, { state: 'closed' });
    assert.deepEqual(closed.data, []);
  });

  it('repoEditPullRequest retargets and closes for writers; a reader who is not the poster may not', async () => {
    const beta = await owner.api.repos.repoGetPullRequestByBaseHead(owner.login, repo.name, 'next', 'beta');
    const number = beta.data.number!;
    assert.equal((await failure(reader.api.repos.repoEditPullRequest(owner.login, repo.name, 1, { title: 'mine now' }))).status, 403);
    const moved = await owner.api.repos.repoEditPullRequest(owner.login, repo.name, number, { base: 'main', title: 'beta into main' });
    assert.equal(moved.status, 201);
    assertTypedFields(moved.data, PULL_REQUEST, 'PullRequest');
    assert.equal(moved.data.base!.ref, 'main');
    const closed = await owner.api.repos.repoEditPullRequest(owner.login, repo.name, number, { state: 'closed' });
    assert.equal(closed.data.state, 'closed');
    assert.ok(closed.data.closed_at);
    const list = await reader.api.repos.repoListPullRequests(owner.login, repo.name, { state: 'closed' });
    assert.deepEqual(list.data.map((p) => p.number), [number]);
  });

  it('repoDownloadPullDiffOrPatch answers the diff and the patch as text', async () => {
    const diff = await reader.api.repos.repoDownloadPullDiffOrPatch(owner.login, repo.name, 1, 'diff', {}, { format: 'text' });
    assert.equal(diff.status, 200);
    assert.match(String(diff.data), /\+\+\+ b\/alpha\.txt/);
    const patch = await reader.api.repos.repoDownloadPullDiffOrPatch(owner.login, repo.name, 1, 'patch', {}, { format: 'text' });
    assert.match(String(patch.data), /Subject: \[PATCH 1\/2\] alpha one/);
  });

  it('repoGetPullRequestCommits lists the commits with every field the client types, their files included', async () => {
    const res = await reader.api.repos.repoGetPullRequestCommits(owner.login, repo.name, 1, { limit: 10 });
    assert.equal(res.status, 200);
    assert.deepEqual(res.data.map((c) => c.sha), [repo.ids.a2, repo.ids.a1]);
    assertTypedFields(res.data[0], COMMIT, 'Commit');
    assert.deepEqual(res.data[0].files, [{ filename: 'notes.txt', status: 'modified' }]);
    assert.equal(res.headers.get('x-total-count'), '2');
    const bare = await reader.api.repos.repoGetPullRequestCommits(owner.login, repo.name, 1, { files: false, verification: false });
    assert.deepEqual(bare.data[0].files, []);
  });

  it('repoGetPullRequestFiles lists the changed files with every field the client types', async () => {
    const res = await reader.api.repos.repoGetPullRequestFiles(owner.login, repo.name, 1, { whitespace: 'ignore-all', limit: 1 });
    assert.equal(res.status, 200);
    assert.equal(res.data.length, 1);
    assertTypedFields(res.data[0], CHANGED_FILE, 'ChangedFile');
    assert.deepEqual([res.data[0].filename, res.data[0].status, res.data[0].additions], ['alpha.txt', 'added', 1]);
    assert.equal(res.headers.get('x-total-count'), '2');
    const rest = await reader.api.repos.repoGetPullRequestFiles(owner.login, repo.name, 1, { 'skip-to': 'notes.txt' });
    assert.deepEqual(rest.data.map((f) => [f.filename, f.status]), [['notes.txt', 'changed']]);
  });

  it('repoPullRequestIsMerged and repoGetCommitPullRequest answer 404 while nothing is merged', async () => {
    assert.equal((await failure(reader.api.repos.repoPullRequestIsMerged(owner.login, repo.name, 1))).status, 404);
    assert.equal((await failure(reader.api.repos.repoGetCommitPullRequest(owner.login, repo.name, repo.ids.a2))).status, 404);
  });
});
