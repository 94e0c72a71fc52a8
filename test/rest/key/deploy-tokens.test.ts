import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { git, gitLocal, makeLocalRepo, remoteUrl, tempDir } from '../../testkit/git.ts';
import { buildRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

/** Deploy tokens: secrets that authenticate git over HTTP for one repository (POST /repos/{o}/{r}/keys/tokens). */
describe("repositories' deploy tokens", () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let writer: TestAccount;
  const work = tempDir();

  before(async () => {
    [owner, writer] = await createAccounts(api, 2);
  });
  after(() => work.remove());

  /** A private repository with main pushed by its owner, and a local clone of it to commit in. */
  async function setUp(name: string) {
    await buildRepo(server, owner, { name, private: true, collaborators: [[writer, 'write']] });
    const local = makeLocalRepo(path.join(work.dir, name), { commits: 1 });
    const push = await git(['push', '-q', remoteUrl(server.url, owner.login, name, [owner.login, owner.password]), 'main'], { cwd: local });
    assert.equal(push.status, 0, push.stderr);
    return { local, path: `/repos/${owner.login}/${name}` };
  }
  const addToken = async (repoPath: string, title: string, readOnly = false) => {
    const res = await api.post(`${repoPath}/keys/tokens`, { title, read_only: readOnly }, owner.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body;
  };
  const commit = (local: string, file: string) => {
    writeFileSync(path.join(local, file), file);
    gitLocal(['add', file], { cwd: local });
    assert.equal(gitLocal(['commit', '-q', '-m', `add ${file}`], { cwd: local }).status, 0);
  };

  it('admins add one (201, key_type token, the secret once); lists and reads show it without the secret', async () => {
    const repo = await setUp('tokens-shape');
    const created = await addToken(repo.path, 'ci', true);
    assert.equal(created.key_type, 'token');
    assert.match(created.token, /^[0-9a-f]{40}$/);
    assert.equal(created.title, 'ci');
    assert.equal(created.read_only, true);
    assert.equal(created.key, '');
    assert.equal(created.repository.full_name, `${owner.login}/tokens-shape`);
    const listed = await api.get(`${repo.path}/keys`, owner.basic);
    assert.deepEqual(listed.body.map((k: { id: number; key_type: string; token: string }) => [k.id, k.key_type, k.token]), [[created.id, 'token', '']]);
    const one = await api.get(`${repo.path}/keys/${created.id}`, owner.basic);
    assert.equal(one.status, 200);
    assert.equal(one.body.token, '');
    assert.deepEqual({ ...one.body, token: created.token }, created);
  });

  it('refuses a title the deploy keys use (422), a writer who is not an admin (403) and anonymous callers (401)', async () => {
    const repo = await setUp('tokens-refusals');
    await addToken(repo.path, 'deploy');
    assert.equal((await api.post(`${repo.path}/keys/tokens`, { title: 'deploy' }, owner.basic)).status, 422);
    assert.equal((await api.post(`${repo.path}/keys/tokens`, { title: '' }, owner.basic)).status, 422);
    assert.equal((await api.post(`${repo.path}/keys/tokens`, { title: 'mine' }, writer.basic)).status, 403);
    assert.equal((await api.post(`${repo.path}/keys/tokens`, { title: 'anon' })).status, 401);
  });

  it('clones and pushes its own private repository over HTTP as the password, and nothing else', async () => {
    const repo = await setUp('tokens-git');
    const other = await setUp('tokens-other');
    const { token } = await addToken(repo.path, 'pipeline');
    const url = remoteUrl(server.url, owner.login, 'tokens-git', ['deploy', token]);
    const clone = path.join(work.dir, 'tokens-git-clone');
    const cloned = await git(['clone', '-q', url, clone]);
    assert.equal(cloned.status, 0, cloned.stderr);
    commit(clone, 'from-ci.txt');
    const pushed = await git(['push', '-q', url, 'HEAD:main'], { cwd: clone });
    assert.equal(pushed.status, 0, pushed.stderr);
    const contents = await api.get(`${repo.path}/contents/from-ci.txt`, owner.basic);
    assert.equal(contents.status, 200);
    // Another repository, even of the same owner, is not its own.
    const elsewhere = await git(['ls-remote', remoteUrl(server.url, owner.login, 'tokens-other', ['deploy', token])]);
    assert.notEqual(elsewhere.status, 0);
    assert.match(elsewhere.stderr, /403/);
    // Nor does it open the API: it is no account's token.
    assert.equal((await api.get(other.path, { token })).status, 401);
  });

  it('a read-only token clones but may not push, and a deleted token opens nothing', async () => {
    const repo = await setUp('tokens-read-only');
    const readOnly = await addToken(repo.path, 'mirror', true);
    const url = remoteUrl(server.url, owner.login, 'tokens-read-only', ['deploy', readOnly.token]);
    const clone = path.join(work.dir, 'tokens-read-only-clone');
    assert.equal((await git(['clone', '-q', url, clone])).status, 0);
    commit(clone, 'refused.txt');
    const pushed = await git(['push', '-q', url, 'HEAD:main'], { cwd: clone });
    assert.notEqual(pushed.status, 0);
    assert.match(pushed.stderr, /403/);
    assert.equal((await api.delete(`${repo.path}/keys/${readOnly.id}`, owner.basic)).status, 204);
    const after = await git(['ls-remote', url]);
    assert.notEqual(after.status, 0);
    assert.match(after.stderr, /Authentication failed|401/);
  });

  it('branch protection lets a deploy token push to a whitelisted branch only when the rule lists deploy keys', async () => {
    const repo = await setUp('tokens-protected');
    const { token } = await addToken(repo.path, 'release');
    const rule = { rule_name: 'main', enable_push: true, enable_push_whitelist: true, push_whitelist_usernames: [owner.login], push_whitelist_deploy_keys: false };
    assert.equal((await api.post(`${repo.path}/branch_protections`, rule, owner.basic)).status, 201);
    const url = remoteUrl(server.url, owner.login, 'tokens-protected', ['deploy', token]);
    const clone = path.join(work.dir, 'tokens-protected-clone');
    assert.equal((await git(['clone', '-q', url, clone])).status, 0);
    commit(clone, 'guarded.txt');
    const refused = await git(['push', url, 'HEAD:main'], { cwd: clone });
    assert.notEqual(refused.status, 0);
    assert.match(refused.stderr, /Not allowed to push to protected branch main/);
    // Gitea's edit reads the deploy keys' switch with the whitelist's.
    const edited = await api.patch(`${repo.path}/branch_protections/main`, { enable_push: true, enable_push_whitelist: true, push_whitelist_deploy_keys: true }, owner.basic);
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    assert.equal(edited.body.push_whitelist_deploy_keys, true);
    const allowed = await git(['push', '-q', url, 'HEAD:main'], { cwd: clone });
    assert.equal(allowed.status, 0, allowed.stderr);
  });

  it('a deploy token rewrites a protected branch only when the rule allows force pushes and its allowlist lists deploy keys', async () => {
    const repo = await setUp('tokens-force');
    const { token } = await addToken(repo.path, 'rewriter');
    const rule = { rule_name: 'main', enable_push: true, enable_force_push: true, enable_force_push_allowlist: true, force_push_allowlist_usernames: [owner.login], force_push_allowlist_deploy_keys: false };
    assert.equal((await api.post(`${repo.path}/branch_protections`, rule, owner.basic)).status, 201);
    const url = remoteUrl(server.url, owner.login, 'tokens-force', ['deploy', token]);
    const clone = path.join(work.dir, 'tokens-force-clone');
    assert.equal((await git(['clone', '-q', url, clone])).status, 0);
    commit(clone, 'kept.txt');
    assert.equal((await git(['push', '-q', url, 'HEAD:main'], { cwd: clone })).status, 0, 'a plain push is allowed');
    gitLocal(['reset', '-q', '--hard', 'HEAD~1'], { cwd: clone });
    commit(clone, 'rewritten.txt');
    const refused = await git(['push', '--force', url, 'HEAD:main'], { cwd: clone });
    assert.notEqual(refused.status, 0);
    assert.match(refused.stderr, /force/i);
    const edited = await api.patch(
      `${repo.path}/branch_protections/main`,
      { enable_force_push: true, enable_force_push_allowlist: true, force_push_allowlist_deploy_keys: true },
      owner.basic,
    );
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    const allowed = await git(['push', '-q', '--force', url, 'HEAD:main'], { cwd: clone });
    assert.equal(allowed.status, 0, allowed.stderr);
  });
});
