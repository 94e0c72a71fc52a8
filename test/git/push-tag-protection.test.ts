import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../testkit/accounts.ts';
import { git, gitLocal, makeLocalRepo, remoteUrl, tempDir } from '../testkit/git.ts';
import { buildOrg, type BuiltOrg } from '../testkit/orgs.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';
import { repositoryPath } from '../../src/domain/repo/storage.ts';

describe('git push under tag protection', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let writer: TestAccount;
  let releaser: TestAccount;
  let org: BuiltOrg;
  const work = tempDir();

  before(async () => {
    [owner, writer, releaser] = await createAccounts(api, 3);
    org = await buildOrg(server, {
      owner,
      teams: [
        { name: 'release', permission: 'write', members: [releaser], includesAllRepositories: true },
        { name: 'devs', permission: 'write', members: [writer], includesAllRepositories: true },
      ],
    });
  });
  after(() => work.remove());

  /** An organization's repository with main pushed by its owner, v1.0 tagged on it, and the rules set through the API. */
  async function setUp(name: string, tagRules: Record<string, unknown>[], branchRules: Record<string, unknown>[] = []) {
    const created = await buildRepo(server, owner, { org: org.login, name });
    const local = makeLocalRepo(path.join(work.dir, name), { commits: 2 });
    gitLocal(['tag', 'v1.0', 'HEAD~1'], { cwd: local });
    const url = (who: TestAccount) => remoteUrl(server.url, org.login, name, [who.login, who.password]);
    const push = await git(['push', '-q', url(owner), 'main', 'v1.0'], { cwd: local });
    assert.equal(push.status, 0, push.stderr);
    for (const rule of tagRules) {
      const res = await api.post(`/repos/${org.login}/${name}/tag_protections`, rule, owner.basic);
      assert.equal(res.status, 201, JSON.stringify(res.body));
    }
    for (const rule of branchRules) {
      const res = await api.post(`/repos/${org.login}/${name}/branch_protections`, rule, owner.basic);
      assert.equal(res.status, 201, JSON.stringify(res.body));
    }
    const gitDir = repositoryPath(server.app.config, created.id);
    const ref = (name: string) => gitLocal(['--git-dir', gitDir, 'rev-parse', '--verify', '-q', name]).stdout.trim();
    return { local, url, ref };
  }

  it('refuses creating a protected tag by a pusher the rule does not list, with the reason on the client, and lets a member of a listed team push it', async () => {
    const { local, url, ref } = await setUp('create', [{ name_pattern: 'v*', whitelist_teams: ['release'] }]);
    gitLocal(['tag', 'v2.0'], { cwd: local });
    const refused = await git(['push', url(writer), 'v2.0'], { cwd: local });
    assert.notEqual(refused.status, 0);
    assert.match(refused.stderr, /remote: Graft: Tag v2\.0 is protected \(rule "v\*"\): you may not create, move or delete it/);
    assert.match(refused.stderr, /\[remote rejected\] v2\.0 -> v2\.0 \(pre-receive hook declined\)/);
    assert.equal(ref('refs/tags/v2.0'), '');
    const byOwner = await git(['push', url(owner), 'v2.0'], { cwd: local });
    assert.notEqual(byOwner.status, 0, 'the owner is not listed either: Gitea gives administrators no pass');
    const listed = await git(['push', '-q', url(releaser), 'v2.0'], { cwd: local });
    assert.equal(listed.status, 0, listed.stderr);
    assert.equal(ref('refs/tags/v2.0'), gitLocal(['rev-parse', 'v2.0'], { cwd: local }).stdout.trim());
    gitLocal(['tag', 'nightly'], { cwd: local });
    const free = await git(['push', '-q', url(writer), 'nightly'], { cwd: local });
    assert.equal(free.status, 0, `a tag no rule covers is free: ${free.stderr}`);
  });

  it('refuses deleting and moving (force-updating) a protected tag by a pusher not listed, and lets a listed account do both', async () => {
    const { local, url, ref } = await setUp('move', [{ name_pattern: '/^v[0-9]+\\./', whitelist_usernames: [releaser.login] }]);
    const before = ref('refs/tags/v1.0');
    const deletion = await git(['push', url(writer), ':refs/tags/v1.0'], { cwd: local });
    assert.notEqual(deletion.status, 0);
    assert.match(deletion.stderr, /Tag v1\.0 is protected \(rule "\/\^v\[0-9\]\+\\\.\/"\)/);
    gitLocal(['tag', '-f', 'v1.0', 'HEAD'], { cwd: local });
    const move = await git(['push', '-f', url(writer), 'v1.0'], { cwd: local });
    assert.notEqual(move.status, 0);
    assert.match(move.stderr, /Tag v1\.0 is protected/);
    assert.equal(ref('refs/tags/v1.0'), before, 'neither changed the tag');
    const moved = await git(['push', '-q', '-f', url(releaser), 'v1.0'], { cwd: local });
    assert.equal(moved.status, 0, moved.stderr);
    assert.notEqual(ref('refs/tags/v1.0'), before);
    const deleted = await git(['push', '-q', url(releaser), ':refs/tags/v1.0'], { cwd: local });
    assert.equal(deleted.status, 0, deleted.stderr);
    assert.equal(ref('refs/tags/v1.0'), '');
  });

  it('checks branch and tag rules in one hook: a push breaking a tag rule updates none of its refs, and one breaking none passes both', async () => {
    const { local, url, ref } = await setUp('both', [{ name_pattern: 'v*', whitelist_usernames: [releaser.login] }], [
      { rule_name: 'main', enable_push: true, enable_push_whitelist: true, push_whitelist_usernames: [releaser.login] },
    ]);
    const mainBefore = ref('refs/heads/main');
    gitLocal(['commit', '-q', '--allow-empty', '-m', 'more'], { cwd: local });
    gitLocal(['tag', 'v3.0'], { cwd: local });
    const refused = await git(['push', url(writer), 'main', 'v3.0'], { cwd: local });
    assert.notEqual(refused.status, 0);
    assert.match(refused.stderr, /Tag v3\.0 is protected/);
    assert.match(refused.stderr, /Not allowed to push to protected branch main/, 'both refusals are told at once');
    assert.equal(ref('refs/heads/main'), mainBefore, 'the branch of the refused push did not move');
    const both = await git(['push', '-q', url(releaser), 'main', 'v3.0'], { cwd: local });
    assert.equal(both.status, 0, both.stderr);
    assert.notEqual(ref('refs/heads/main'), mainBefore);
  });

  it('refuses a deploy token any change to a protected tag (no rule lists deploy keys), while it still pushes other tags', async () => {
    const { local, ref } = await setUp('deploy', [{ name_pattern: 'v*', whitelist_usernames: [owner.login] }]);
    const token = await api.post(`/repos/${org.login}/deploy/keys/tokens`, { title: 'ci', read_only: false }, owner.basic);
    assert.equal(token.status, 201, JSON.stringify(token.body));
    const url = remoteUrl(server.url, org.login, 'deploy', ['deploy', token.body.token]);
    gitLocal(['tag', 'v9'], { cwd: local });
    gitLocal(['tag', 'build-9'], { cwd: local });
    const refused = await git(['push', url, 'v9'], { cwd: local });
    assert.notEqual(refused.status, 0);
    assert.match(refused.stderr, /Tag v9 is protected/);
    assert.equal(ref('refs/tags/v9'), '');
    const other = await git(['push', '-q', url, 'build-9'], { cwd: local });
    assert.equal(other.status, 0, other.stderr);
  });
});
