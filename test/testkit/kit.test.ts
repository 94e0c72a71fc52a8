import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createAccount, createAccounts, createTokenAccount } from './accounts.ts';
import type { Auth } from './client.ts';
import { git, gitLocal } from './git.ts';
import { buildOrg } from './orgs.ts';
import { buildRepo } from './repos.ts';
import { useServer } from './use-server.ts';

const kit = useServer();

describe('useServer', () => {
  it('gives every block of a file one running server, with a REST client and GraphQL on it', async () => {
    assert.equal((await kit.api.get('/version')).status, 200);
    assert.equal(kit.url, kit.server.url);
    assert.equal(kit.app, kit.server.app);
    const res = await kit.graphql('{ viewer { login } }', undefined, { basic: ['root', 'root-password-1'] });
    assert.deepEqual(res.data, { viewer: { login: 'root' } });
  });

  it('hands out paths no one uses yet, in a folder of its own', () => {
    const [a, b] = [kit.dir('x'), kit.dir('x')];
    assert.notEqual(a, b);
    assert.equal(path.dirname(a), path.dirname(b));
    assert.ok(!existsSync(a));
  });

  describe('with other configuration in a block of its own', () => {
    const other = useServer({ repository: { STARS_DISABLED: true } });

    it('runs a second server with that configuration beside the file’s', async () => {
      assert.notEqual(other.url, kit.url);
      const owner = await createAccount(other.api);
      await buildRepo(other, owner, { name: 'plain' });
      assert.equal((await other.api.get(`/repos/${owner.login}/plain/stargazers`)).status, 404);
      assert.equal((await kit.api.get(`/repos/${owner.login}/plain`)).status, 404, 'the accounts of one server are not on the other');
    });
  });

  describe('sharing the data of another kit', () => {
    const first = useServer();
    const second = useServer({}, { sharingDataOf: first });
    // Hooks run in the order they were added: this one runs after the first kit stopped, before the second's.
    after(() => assert.throws(() => second.url, /starts in before/, 'the second server stopped before the first'));

    it('runs a second instance on the same data folder and database, which sees what the first wrote', async () => {
      assert.notEqual(second.url, first.url);
      assert.equal(second.app.config.server.DATA_DIR, first.app.config.server.DATA_DIR);
      const owner = await createAccount(first.api);
      const repo = await buildRepo(first, owner, { files: { 'a.txt': 'a\n' } });
      const seen = await second.api.get(repo.path, owner.basic);
      assert.deepEqual([seen.status, seen.body.id], [200, repo.id]);
    });
  });
});

describe('account builders', () => {
  it('createAccounts makes as many distinct accounts as asked', async () => {
    const made = await createAccounts(kit.api, 3);
    assert.equal(new Set(made.map((a) => a.login)).size, 3);
    for (const account of made) assert.equal((await kit.api.get('/user', account.basic)).body.login, account.login);
  });

  it('createTokenAccount gives an account whose token authenticates it, with the scopes asked', async () => {
    const reader = await createTokenAccount(kit.api, { scopes: ['read:user'] });
    assert.equal((await kit.api.get('/user', reader.tokenAuth)).body.login, reader.login);
    const follow = (auth: Auth) => kit.api.request('PUT', `/user/following/${reader.login}`, { auth });
    const full = await createTokenAccount(kit.api);
    assert.equal((await follow(reader.tokenAuth)).status, 403, 'read:user cannot follow');
    assert.equal((await follow(full.tokenAuth)).status, 204, 'every scope can');
  });
});

describe('buildOrg', () => {
  it('makes an organization with teams, their permissions and members, new or given', async () => {
    const [known] = await createAccounts(kit.api, 1);
    const org = await buildOrg(kit, {
      visibility: 'limited',
      teams: [
        { name: 'writers', permission: 'write', members: 2 },
        { name: 'readers', members: [known] },
        { name: 'triage', unitsMap: { 'repo.issues': 'write' }, members: [known] },
      ],
    });
    const seen = await kit.api.get(`/orgs/${org.login}`, org.owner.basic);
    assert.equal(seen.body.id, org.id);
    assert.equal(seen.body.visibility, 'limited');
    assert.equal(org.members.length, 3);
    for (const [name, permission] of [['writers', 'write'], ['readers', 'read'], ['triage', 'write']] as const) {
      const team = org.teams[name];
      const res = await kit.api.get(`/teams/${team.id}`, org.owner.basic);
      assert.deepEqual([res.body.name, res.body.permission], [name, permission]);
      const members = await kit.api.get(`/teams/${team.id}/members`, org.owner.basic);
      assert.deepEqual(members.body.map((u: { login: string }) => u.login).sort(), team.members.map((m) => m.login).sort());
    }
    const owners = await kit.api.get(`/teams/${org.ownersTeamId}/members`, org.owner.basic);
    assert.deepEqual(owners.body.map((u: { login: string }) => u.login), [org.owner.login]);
  });
});

describe('buildRepo', () => {
  it('pushes commits, branches from a commit or none, tags, deletions and binary files, with the dates and authors given', async () => {
    const owner = await createAccount(kit.api);
    const someone = { name: 'Some One', email: 'some@example.test' };
    const repo = await buildRepo(kit, owner, {
      files: { 'README.md': '# hello\n' },
      commits: [
        { key: 'base', message: 'base', date: '2021-06-01T12:00:00-05:00', author: someone, files: { 'a.txt': 'a\n', 'bin.dat': Buffer.from([0, 1, 2]) } },
        { key: 'gone', files: { 'a.txt': null, 'dir/with space.txt': 'spaced\n' } },
        { key: 'side', branch: 'feature/x', from: 'base', files: { 'side.txt': 'side\n' } },
        { key: 'lonely', branch: 'orphan', from: null, files: { 'other.txt': 'other\n' } },
      ],
      tags: { 'v1.0': 'base', 'v2.0': { at: 'main', message: 'two' } },
    });
    assert.deepEqual(Object.keys(repo.heads).sort(), ['feature/x', 'main', 'orphan']);
    assert.equal(repo.heads.main, repo.ids.gone);
    const branches = await kit.api.get(`${repo.path}/branches`, owner.basic);
    assert.deepEqual(
      Object.fromEntries(branches.body.map((b: { name: string; commit: { id: string } }) => [b.name, b.commit.id])),
      repo.heads,
    );
    const base = await kit.api.get(`${repo.path}/git/commits/${repo.ids.base}`, owner.basic);
    assert.equal(base.body.commit.message, 'base\n');
    assert.deepEqual([base.body.commit.author.name, base.body.commit.author.date], ['Some One', '2021-06-01T12:00:00-05:00']);
    assert.equal(base.body.parents.length, 1, 'the README commit comes first');
    const lonely = await kit.api.get(`${repo.path}/git/commits/${repo.ids.lonely}`, owner.basic);
    assert.deepEqual(lonely.body.parents, []);
    const side = await kit.api.get(`${repo.path}/git/commits/${repo.ids.side}`, owner.basic);
    assert.deepEqual(side.body.parents.map((p: { sha: string }) => p.sha), [repo.ids.base]);
    assert.equal((await kit.api.get(`${repo.path}/contents/a.txt`, owner.basic)).status, 404);
    const spaced = await kit.api.get(`${repo.path}/contents/${encodeURIComponent('dir/with space.txt')}`, owner.basic);
    assert.equal(Buffer.from(spaced.body.content, 'base64').toString(), 'spaced\n');
    const binary = await kit.api.get(`${repo.path}/contents/bin.dat`, owner.basic);
    assert.deepEqual([...Buffer.from(binary.body.content, 'base64')], [0, 1, 2]);
    const tags = await kit.api.get(`${repo.path}/tags`, owner.basic);
    const tagged = Object.fromEntries(tags.body.map((t: { name: string; commit: { sha: string } }) => [t.name, t.commit.sha]));
    assert.deepEqual(tagged, { 'v1.0': repo.ids.base, 'v2.0': repo.heads.main });
  });

  it('makes sha256 and private repositories in an organization, with collaborators, and reports how to clone them', async () => {
    const org = await buildOrg(kit, { teams: [] });
    const [reader] = await createAccounts(kit.api, 1);
    const repo = await buildRepo(kit, org.owner, {
      org: org.login,
      private: true,
      objectFormat: 'sha256',
      files: { 'x.txt': 'x\n' },
      collaborators: [[reader, 'read']],
    });
    assert.equal(repo.fullName, `${org.login}/${repo.name}`);
    assert.match(repo.heads.main, /^[0-9a-f]{64}$/);
    assert.equal((await kit.api.get(repo.path)).status, 404, 'private');
    const seen = await kit.api.get(repo.path, reader.basic);
    assert.deepEqual([seen.body.id, seen.body.permissions.push, seen.body.permissions.pull], [repo.id, false, true]);
    const clone = kit.dir('clone');
    const url = new URL(repo.cloneUrl);
    [url.username, url.password] = [reader.login, reader.password];
    const cloned = await git(['clone', '-q', url.toString(), clone]);
    assert.equal(cloned.status, 0, cloned.stderr);
    assert.equal(gitLocal(['rev-parse', 'HEAD'], { cwd: clone }).stdout.trim(), repo.heads.main);
    assert.ok(existsSync(`${clone}/x.txt`));
  });

  it('with autoInit, holds the first commit the server makes, and refuses anything to push beside it', async () => {
    const owner = await createAccount(kit.api);
    const repo = await buildRepo(kit, owner, { autoInit: true, description: 'made here' });
    assert.deepEqual([repo.heads, repo.body.empty], [{}, false]);
    const readme = await kit.api.get(`${repo.path}/contents/README.md`, owner.basic);
    assert.match(Buffer.from(readme.body.content, 'base64').toString(), /made here/);
    const commits = await kit.api.get(`${repo.path}/commits`, owner.basic);
    assert.deepEqual(commits.body.map((c: { commit: { message: string } }) => c.commit.message.trim()), ['Initial commit']);
    await assert.rejects(buildRepo(kit, owner, { autoInit: true, files: { 'x.txt': 'x\n' } }), /autoInit/);
  });

  it('with nothing to push, is an empty repository', async () => {
    const owner = await createAccount(kit.api);
    const repo = await buildRepo(kit, owner);
    assert.deepEqual([repo.heads, repo.body.empty], [{}, true]);
  });
});
