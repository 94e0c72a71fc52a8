import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { mayRenameBranch } from '../../../src/domain/branch/branch.service.ts';
import { repositoryPath } from '../../../src/domain/repo/storage.ts';
import { gitSpawnCount } from '../../../src/git/command.ts';
import { createAccount, createToken, type TestAccount } from '../../testkit/accounts.ts';
import { adminAuth } from '../../testkit/client.ts';
import { gitAsync, gitLocal, remoteUrl, tempDir } from '../../testkit/git.ts';
import { buildRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

/** A local repository whose branches have head commits at known times (seconds since the epoch). */
function localRepoWithBranches(
  dir: string,
  options: { objectFormat?: 'sha1' | 'sha256'; branches: { name: string; at: number }[]; email: string },
) {
  const run = (args: string[], at?: number) => {
    const env = at
      ? { GIT_AUTHOR_DATE: `${at} +0200`, GIT_COMMITTER_DATE: `${at} +0200`, GIT_AUTHOR_EMAIL: options.email, GIT_COMMITTER_EMAIL: options.email }
      : undefined;
    const result = gitLocal(args, { cwd: dir, env });
    assert.equal(result.status, 0, `git ${args.join(' ')}: ${result.stderr}`);
    return result.stdout.trim();
  };
  assert.equal(gitLocal(['init', '-q', `--object-format=${options.objectFormat ?? 'sha1'}`, '-b', 'main', dir]).status, 0);
  const [first, ...rest] = options.branches;
  writeFileSync(path.join(dir, 'README.md'), 'base\n');
  run(['add', '.']);
  run(['commit', '-q', '-m', `base of ${first.name}`], first.at);
  for (const branch of rest) {
    run(['checkout', '-q', '-b', branch.name, 'main']);
    writeFileSync(path.join(dir, `${branch.name.replace(/\//g, '_')}.txt`), `${branch.name}\n`);
    run(['add', '.']);
    run(['commit', '-q', '-m', `work on ${branch.name}`], branch.at);
  }
  run(['checkout', '-q', 'main']);
  return (rev: string) => run(['rev-parse', rev]);
}

describe('branches over REST', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let stranger: TestAccount;
  const work = tempDir();
  const creds = (): [string, string] => [owner.login, owner.password];


  /** A repository holding main plus `extra` branches, pushed with the git CLI. */
  async function pushedRepo(name: string, extra: string[], objectFormat: 'sha1' | 'sha256' = 'sha1') {
    await buildRepo(server, owner, { name, objectFormat });
    const base = 1_700_000_000;
    const dir = path.join(work.dir, name);
    const revParse = localRepoWithBranches(dir, {
      objectFormat,
      email: owner.email,
      branches: [{ name: 'main', at: base }, ...extra.map((b, i) => ({ name: b, at: base + (i + 1) * 60 }))],
    });
    // The server runs in this process: git talking to it must not block the event loop (gitAsync, not git).
    const push = await gitAsync(['push', '-q', remoteUrl(server.url, owner.login, name, creds()), '--all'], { cwd: dir });
    assert.equal(push.status, 0, push.stderr);
    return { dir, revParse };
  }

  before(async () => {
    owner = await createAccount(api);
    stranger = await createAccount(api);
  });
  after(() => work.remove());

  it('lists the branches a git push brought, newest head commit first, each with its head commit as a PayloadCommit', async () => {
    const { revParse } = await pushedRepo('pushed', ['alpha', 'beta', 'feature/gamma']);
    const res = await api.get(`/repos/${owner.login}/pushed/branches`, owner.basic);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.map((b: { name: string }) => b.name), ['feature/gamma', 'beta', 'alpha', 'main']);
    assert.equal(res.headers.get('x-total-count'), '4');
    const gamma = res.body[0];
    assert.equal(gamma.commit.id, revParse('feature/gamma'));
    assert.equal(gamma.commit.message, 'work on feature/gamma\n');
    assert.equal(gamma.commit.url, `${server.url}${owner.login}/pushed/commit/${gamma.commit.id}`);
    assert.deepEqual(gamma.commit.author, { name: 'Test Person', email: owner.email, username: owner.login });
    assert.equal(gamma.commit.committer.username, owner.login);
    assert.equal(gamma.commit.timestamp, '2023-11-15T00:16:20+02:00');
    assert.deepEqual(gamma.commit.verification, { verified: false, reason: 'gpg.error.not_signed_commit', signature: '', signer: null, payload: '' });
    assert.equal(gamma.protected, false);
    assert.equal(gamma.user_can_push, true);
    assert.equal(gamma.user_can_merge, true);
    assert.deepEqual(gamma.status_check_contexts, []);
    const repo = await api.get(`/repos/${owner.login}/pushed`, owner.basic);
    assert.equal(repo.body.branch_count, 4);
  });

  it('pages branches with page and limit, with X-Total-Count and Link headers, and filters them with q', async () => {
    const page2 = await api.get(`/repos/${owner.login}/pushed/branches?page=2&limit=3`, owner.basic);
    assert.equal(page2.status, 200);
    assert.deepEqual(page2.body.map((b: { name: string }) => b.name), ['main']);
    assert.equal(page2.headers.get('x-total-count'), '4');
    assert.match(page2.headers.get('link') ?? '', /rel="first"/);
    const filtered = await api.get(`/repos/${owner.login}/pushed/branches?q=AL`, owner.basic);
    assert.deepEqual(filtered.body.map((b: { name: string }) => b.name), ['alpha']);
    assert.equal(filtered.headers.get('x-total-count'), '1');
  });

  it('shows a reader that they cannot push, and an anonymous caller the branches of a public repository', async () => {
    const res = await api.get(`/repos/${owner.login}/pushed/branches/main`, stranger.basic);
    assert.equal(res.status, 200);
    assert.equal(res.body.user_can_push, false);
    assert.equal(res.body.user_can_merge, false);
    const anonymous = await api.get(`/repos/${owner.login}/pushed/branches`);
    assert.equal(anonymous.status, 200);
    assert.equal(anonymous.body.length, 4);
  });

  it('gets one branch by name, also when the name has a slash, encoded or not, and answers 404 for a missing one', async () => {
    for (const path of ['feature/gamma', 'feature%2Fgamma']) {
      const res = await api.get(`/repos/${owner.login}/pushed/branches/${path}`, owner.basic);
      assert.equal(res.status, 200, path);
      assert.equal(res.body.name, 'feature/gamma');
    }
    const missing = await api.get(`/repos/${owner.login}/pushed/branches/nope`, owner.basic);
    assert.equal(missing.status, 404);
    assert.ok(missing.body.message);
  });

  it('lists branches with no git process and the SQL statements of a page of one, whether the page holds one branch or thirty; the same page again costs none', async () => {
    const names = Array.from({ length: 29 }, (_, i) => `many-${String(i).padStart(2, '0')}`);
    await pushedRepo('many', names);
    // A token: once verified it is kept (src/cache), so a request costs only what its answer needs.
    const auth = { token: await createToken(api, owner, ['read:repository']) };
    const costOf = async (limit: number, { cold = true } = {}) => {
      await api.get(`/repos/${owner.login}/many/branches?limit=1`, auth); // warm the cat-file reader (it reads the page's commits)
      await server.app.backgroundIdle(); // the push's pull request checks are not this request's statements
      if (cold) server.app.caches.clear();
      const spawns = gitSpawnCount();
      const sql = server.app.database.queryCount();
      const res = await api.get(`/repos/${owner.login}/many/branches?limit=${limit}`, auth);
      assert.equal(res.status, 200);
      assert.equal(res.body.length, limit);
      return { spawns: gitSpawnCount() - spawns, sql: server.app.database.queryCount() - sql };
    };
    const one = await costOf(1);
    const thirty = await costOf(30);
    assert.deepEqual(one, { spawns: 0, sql: thirty.sql });
    assert.equal(thirty.spawns, 0);
    assert.deepEqual(await costOf(30, { cold: false }), { spawns: 0, sql: 0 });
  });

  it('creates a branch from another branch, from a tag and from a commit id, and counts it', async () => {
    const { dir, revParse } = await pushedRepo('create', ['source']);
    const fromBranch = await api.post(`/repos/${owner.login}/create/branches`, { new_branch_name: 'copy', old_branch_name: 'source' }, owner.basic);
    assert.equal(fromBranch.status, 201, JSON.stringify(fromBranch.body));
    assert.equal(fromBranch.body.name, 'copy');
    assert.equal(fromBranch.body.commit.id, revParse('source'));

    const main = revParse('main');
    const byRef = await api.post(`/repos/${owner.login}/create/branches`, { new_branch_name: 'from-sha', old_ref_name: main.slice(0, 10) }, owner.basic);
    assert.equal(byRef.status, 201, JSON.stringify(byRef.body));
    assert.equal(byRef.body.commit.id, main);

    assert.equal(gitLocal(['tag', '-a', 'v1', '-m', 'tagged', 'source'], { cwd: dir }).status, 0);
    assert.equal((await gitAsync(['push', '-q', remoteUrl(server.url, owner.login, 'create', creds()), 'v1'], { cwd: dir })).status, 0);
    const byTag = await api.post(`/repos/${owner.login}/create/branches`, { new_branch_name: 'from-tag', old_ref_name: 'v1' }, owner.basic);
    assert.equal(byTag.status, 201, JSON.stringify(byTag.body));
    assert.equal(byTag.body.commit.id, revParse('source'));

    const byDefault = await api.post(`/repos/${owner.login}/create/branches`, { new_branch_name: 'from-default' }, owner.basic);
    assert.equal(byDefault.body.commit.id, main);

    const cloned = await gitAsync(['ls-remote', '--heads', remoteUrl(server.url, owner.login, 'create')]);
    assert.match(cloned.stdout, new RegExp(`^${revParse('source')}\\trefs/heads/copy$`, 'm'));
    const repo = await api.get(`/repos/${owner.login}/create`, owner.basic);
    assert.equal(repo.body.branch_count, 6);
  });

  it('refuses to create a branch in an empty repository (404)', async () => {
    await buildRepo(server, owner, { name: 'empty' });
    const res = await api.post(`/repos/${owner.login}/empty/branches`, { new_branch_name: 'x' }, owner.basic);
    assert.equal(res.status, 404);
    assert.match(res.body.message, /empty/);
    const list = await api.get(`/repos/${owner.login}/empty/branches`, owner.basic);
    assert.deepEqual(list.body, []);
    assert.equal(list.headers.get('x-total-count'), '0');
  });

  it('answers 404 when the old branch or old ref does not exist', async () => {
    const branch = await api.post(`/repos/${owner.login}/create/branches`, { new_branch_name: 'x1', old_branch_name: 'ghost' }, owner.basic);
    assert.equal(branch.status, 404);
    assert.match(branch.body.message, /ghost/);
    const ref = await api.post(`/repos/${owner.login}/create/branches`, { new_branch_name: 'x2', old_ref_name: 'deadbeefdeadbeef' }, owner.basic);
    assert.equal(ref.status, 404);
    const listed = await api.get(`/repos/${owner.login}/create/branches?q=x`, owner.basic);
    assert.equal(listed.body.filter((b: { name: string }) => b.name === 'x1' || b.name === 'x2').length, 0);
  });

  it('refuses invalid branch names with 422', async () => {
    for (const name of ['', 'bad..name', 'end.lock', '-option', 'has space', 'til~de', 'car^et', 'co:lon', '/lead', 'trail/', 'dot.', 'a//b', 'at@{1}', 'HEAD', 'x'.repeat(101)]) {
      const res = await api.post(`/repos/${owner.login}/create/branches`, { new_branch_name: name }, owner.basic);
      assert.equal(res.status, 422, `${JSON.stringify(name)}: ${JSON.stringify(res.body)}`);
    }
  });

  it('answers 409 when the name is taken by a branch or a tag, or nests with an existing branch', async () => {
    for (const name of ['source', 'v1', 'source/child']) {
      const res = await api.post(`/repos/${owner.login}/create/branches`, { new_branch_name: name }, owner.basic);
      assert.equal(res.status, 409, `${name}: ${JSON.stringify(res.body)}`);
    }
  });

  it('of two concurrent creations of one branch name, exactly one succeeds and the other gets 409', async () => {
    const results = await Promise.all(
      [0, 1].map(() => api.post(`/repos/${owner.login}/create/branches`, { new_branch_name: 'race' }, owner.basic)),
    );
    assert.deepEqual(results.map((r) => r.status).sort(), [201, 409]);
  });

  it('needs write access to create: readers get 403, anonymous callers 401, strangers to a private repository 404', async () => {
    assert.equal((await api.post(`/repos/${owner.login}/create/branches`, { new_branch_name: 'nope' }, stranger.basic)).status, 403);
    assert.equal((await api.post(`/repos/${owner.login}/create/branches`, { new_branch_name: 'nope' })).status, 401);
    await buildRepo(server, owner, { name: 'hidden', autoInit: true, private: true });
    assert.equal((await api.post(`/repos/${owner.login}/hidden/branches`, { new_branch_name: 'nope' }, stranger.basic)).status, 404);
    assert.equal((await api.get(`/repos/${owner.login}/hidden/branches`, stranger.basic)).status, 404);
    const readToken = await createToken(api, owner, ['read:repository']);
    assert.equal((await api.post(`/repos/${owner.login}/create/branches`, { new_branch_name: 'nope' }, { token: readToken })).status, 403);
  });

  it('refuses branch changes in an archived repository (423 Locked) until it is unarchived', async () => {
    assert.equal((await api.patch(`/repos/${owner.login}/create`, { archived: true }, owner.basic)).status, 200);
    try {
      const res = await api.post(`/repos/${owner.login}/create/branches`, { new_branch_name: 'frozen' }, owner.basic);
      assert.equal(res.status, 423);
      assert.equal(res.body.message, 'repo is archived');
      assert.equal((await api.delete(`/repos/${owner.login}/create/branches/source`, owner.basic)).status, 423);
      assert.equal((await api.post(`/repos/${owner.login}/create/tags`, { tag_name: 'frozen' }, owner.basic)).status, 423);
      assert.equal((await api.get(`/repos/${owner.login}/create/branches/source`, owner.basic)).status, 200, 'reading still works');
    } finally {
      assert.equal((await api.patch(`/repos/${owner.login}/create`, { archived: false }, owner.basic)).status, 200);
    }
    assert.equal((await api.get(`/repos/${owner.login}/create/branches/frozen`, owner.basic)).status, 404);
  });

  it('publishes a repo.branch event when a branch is created', async () => {
    const events = server.app.events.subscribe('repo.branch');
    const res = await api.post(`/repos/${owner.login}/create/branches`, { new_branch_name: 'evented' }, owner.basic);
    assert.equal(res.status, 201);
    const next = await Promise.race([events.next(), new Promise<null>((r) => setTimeout(() => r(null), 3000))]);
    await events.return?.();
    assert.ok(next, 'an event arrived');
    assert.equal((next as IteratorResult<{ action: string; branch: string }>).value.action, 'created');
    assert.equal((next as IteratorResult<{ action: string; branch: string }>).value.branch, 'evented');
  });

  it('deletes a branch (204), after which it is gone from the API and from git, and the count follows', async () => {
    const before = (await api.get(`/repos/${owner.login}/create`, owner.basic)).body.branch_count;
    const res = await api.delete(`/repos/${owner.login}/create/branches/copy`, owner.basic);
    assert.equal(res.status, 204);
    assert.equal((await api.get(`/repos/${owner.login}/create/branches/copy`, owner.basic)).status, 404);
    assert.doesNotMatch((await gitAsync(['ls-remote', '--heads', remoteUrl(server.url, owner.login, 'create')])).stdout, /refs\/heads\/copy$/m);
    assert.equal((await api.get(`/repos/${owner.login}/create`, owner.basic)).body.branch_count, before - 1);
    assert.equal((await api.delete(`/repos/${owner.login}/create/branches/copy`, owner.basic)).status, 404);
  });

  it('never deletes the default branch (403), and deleting needs write access', async () => {
    const res = await api.delete(`/repos/${owner.login}/create/branches/main`, owner.basic);
    assert.equal(res.status, 403);
    assert.match(res.body.message, /default branch/);
    assert.equal((await api.get(`/repos/${owner.login}/create/branches/main`, owner.basic)).status, 200);
    assert.equal((await api.delete(`/repos/${owner.login}/create/branches/source`, stranger.basic)).status, 403);
    assert.equal((await api.get(`/repos/${owner.login}/create/branches/source`, owner.basic)).status, 200);
  });

  it('renames an ordinary branch: the old name is gone, the new one points at the same commit', async () => {
    const old = (await api.get(`/repos/${owner.login}/create/branches/from-tag`, owner.basic)).body.commit.id;
    const res = await api.request('PATCH', `/repos/${owner.login}/create/branches/from-tag`, { body: { name: 'renamed/branch' }, auth: owner.basic });
    assert.equal(res.status, 204, JSON.stringify(res.body));
    assert.equal((await api.get(`/repos/${owner.login}/create/branches/from-tag`, owner.basic)).status, 404);
    const renamed = await api.get(`/repos/${owner.login}/create/branches/renamed/branch`, owner.basic);
    assert.equal(renamed.status, 200);
    assert.equal(renamed.body.commit.id, old);
  });

  it('refuses renames to an invalid, identical or taken name (422) and of a missing branch (404), and readers (403)', async () => {
    const patch = (branch: string, name: string, auth = owner.basic) =>
      api.request('PATCH', `/repos/${owner.login}/create/branches/${branch}`, { body: { name }, auth });
    assert.equal((await patch('source', 'bad..name')).status, 422);
    assert.equal((await patch('source', 'source')).status, 422);
    assert.equal((await patch('source', 'from-sha')).status, 422);
    assert.equal((await patch('ghost', 'whatever')).status, 404);
    assert.equal((await patch('source', 'stolen', stranger.basic)).status, 403);
    assert.equal((await api.get(`/repos/${owner.login}/create/branches/source`, owner.basic)).status, 200);
  });

  it('renaming the default branch (by the owner) moves the default branch and HEAD along', async () => {
    const res = await api.request('PATCH', `/repos/${owner.login}/create/branches/main`, { body: { name: 'trunk' }, auth: owner.basic });
    assert.equal(res.status, 204, JSON.stringify(res.body));
    const repo = await api.get(`/repos/${owner.login}/create`, owner.basic);
    assert.equal(repo.body.default_branch, 'trunk');
    const head = await gitAsync(['ls-remote', '--symref', remoteUrl(server.url, owner.login, 'create'), 'HEAD']);
    assert.match(head.stdout, /ref: refs\/heads\/trunk\tHEAD/);
    assert.equal((await api.get(`/repos/${owner.login}/create/branches/main`, owner.basic)).status, 404);
    assert.equal((await api.delete(`/repos/${owner.login}/create/branches/trunk`, owner.basic)).status, 403, 'the renamed default is still protected from deletion');
  });

  it('site administrators may rename the default branch of any repository', async () => {
    const res = await api.request('PATCH', `/repos/${owner.login}/create/branches/trunk`, { body: { name: 'main' }, auth: adminAuth });
    assert.equal(res.status, 204, JSON.stringify(res.body));
    assert.equal((await api.get(`/repos/${owner.login}/create`, owner.basic)).body.default_branch, 'main');
  });

  it('lets write access rename ordinary branches but only admin access rename the default branch', () => {
    // Collaborators with write access do not exist yet (the access model has read and owner), so the rule
    // is checked on its own; the owner and site-admin cases above go through the API.
    assert.equal(mayRenameBranch('write', false), true);
    assert.equal(mayRenameBranch('write', true), false);
    assert.equal(mayRenameBranch('admin', true), true);
    assert.equal(mayRenameBranch('owner', true), true);
    assert.equal(mayRenameBranch('read', false), false);
  });

  it('does the same on a SHA-256 repository: list, get, create, rename and delete with 64-character ids', async () => {
    const { revParse } = await pushedRepo('sha256', ['side'], 'sha256');
    const list = await api.get(`/repos/${owner.login}/sha256/branches`, owner.basic);
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.map((b: { name: string }) => b.name), ['side', 'main']);
    assert.equal(list.body[0].commit.id.length, 64);
    assert.equal(list.body[0].commit.id, revParse('side'));
    const created = await api.post(`/repos/${owner.login}/sha256/branches`, { new_branch_name: 'copy', old_ref_name: revParse('side').slice(0, 12) }, owner.basic);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.commit.id, revParse('side'));
    const renamed = await api.request('PATCH', `/repos/${owner.login}/sha256/branches/copy`, { body: { name: 'copy2' }, auth: owner.basic });
    assert.equal(renamed.status, 204);
    assert.equal((await api.get(`/repos/${owner.login}/sha256/branches/copy2`, owner.basic)).body.commit.id, revParse('side'));
    assert.equal((await api.delete(`/repos/${owner.login}/sha256/branches/copy2`, owner.basic)).status, 204);
    const repo = await api.get(`/repos/${owner.login}/sha256`, owner.basic);
    assert.equal(repo.body.branch_count, 2);
    const created2 = await api.get(`/repos/${owner.login}/sha256`, owner.basic);
    const fsck = gitLocal(['--git-dir', repositoryPath(server.app.config, created2.body.id), 'fsck', '--strict']);
    assert.equal(fsck.status, 0, fsck.stderr);
  });
});
