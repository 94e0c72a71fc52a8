import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { globToRegExp, ruleFor, ruleMatches } from '../../../src/domain/protection/protection.rules.ts';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { buildOrg, type BuiltOrg } from '../../testkit/orgs.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

describe('branch protection rules over REST', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let writer: TestAccount;
  let reader: TestAccount;
  let admin: TestAccount;
  let repo: TestRepo;
  let org: BuiltOrg;
  let orgRepo: TestRepo;

  before(async () => {
    [owner, writer, reader, admin] = await createAccounts(api, 4);
    [repo, org] = await Promise.all([
      buildRepo(server, owner, {
        files: { 'README.md': 'hello' },
        collaborators: [[writer, 'write'], [reader, 'read'], [admin, 'admin']],
      }),
      buildOrg(server, {
        owner,
        teams: [
          { name: 'writers', permission: 'write', members: [writer], includesAllRepositories: true },
          { name: 'elsewhere', permission: 'write', members: 1 },
        ],
      }),
    ]);
    orgRepo = await buildRepo(server, owner, { org: org.login, files: { 'README.md': 'org' } });
  });

  const protect = async (path: string, body: Record<string, unknown>, auth = owner.basic) => {
    const res = await api.post(`${path}/branch_protections`, body, auth);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body;
  };

  it('matches plain names without regard to case and globs with "/" as separator, as Gitea does', () => {
    assert.ok(ruleMatches('main', 'Main'));
    assert.ok(!ruleMatches('main', 'main2'));
    assert.ok(ruleMatches('release/*', 'release/1.0'));
    assert.ok(!ruleMatches('release/*', 'release/1.0/fix'));
    assert.ok(ruleMatches('release/**', 'release/1.0/fix'));
    assert.ok(ruleMatches('v?.x', 'v1.x'));
    assert.ok(ruleMatches('{main,dev}', 'dev'));
    assert.ok(ruleMatches('[a-c]*', 'beta'));
    assert.ok(!ruleMatches('[!a-c]*', 'beta'));
    assert.equal(globToRegExp('[unclosed', ['/']), null);
    assert.ok(ruleMatches('[unclosed', '[unclosed'), 'a glob that does not compile matches literally');
    const rules = [
      { id: 1, ruleName: '**', priority: 2 },
      { id: 2, ruleName: 'release/*', priority: 1 },
      { id: 3, ruleName: 'release/1.0', priority: 9 },
    ];
    assert.equal(ruleFor(rules, 'release/1.0')?.id, 3, 'a rule naming the branch comes before every glob');
    assert.equal(ruleFor(rules, 'release/2.0')?.id, 2, 'among globs the lowest priority wins');
    assert.equal(ruleFor(rules, 'feature')?.id, 1);
  });

  it('creates a rule with every setting stored and answered, dropping whitelisted accounts without write access as Gitea does', async () => {
    const rule = await protect(repo.path, {
      rule_name: 'main',
      enable_push: true,
      enable_push_whitelist: true,
      push_whitelist_usernames: [writer.login, reader.login],
      enable_force_push: true,
      enable_force_push_allowlist: true,
      force_push_allowlist_usernames: [admin.login],
      enable_merge_whitelist: true,
      merge_whitelist_usernames: [admin.login],
      enable_status_check: true,
      status_check_contexts: ['ci/*'],
      required_approvals: 2,
      enable_approvals_whitelist: true,
      approvals_whitelist_username: [reader.login],
      block_on_rejected_reviews: true,
      block_on_official_review_requests: true,
      block_on_outdated_branch: true,
      dismiss_stale_approvals: true,
      ignore_stale_approvals: true,
      require_signed_commits: true,
      protected_file_patterns: '*.lock',
      unprotected_file_patterns: 'docs/*',
      block_admin_merge_override: true,
    });
    assert.equal(rule.rule_name, 'main');
    assert.equal(rule.branch_name, 'main');
    assert.deepEqual(rule.push_whitelist_usernames, [writer.login], 'a reader cannot be whitelisted to push');
    assert.deepEqual(rule.force_push_allowlist_usernames, [admin.login]);
    assert.deepEqual(rule.merge_whitelist_usernames, [admin.login]);
    assert.deepEqual(rule.approvals_whitelist_username, [reader.login], 'approvals need read access to pull requests only');
    assert.deepEqual(rule.status_check_contexts, ['ci/*']);
    assert.equal(rule.required_approvals, 2);
    for (const flag of [
      'enable_push', 'enable_push_whitelist', 'enable_force_push', 'enable_force_push_allowlist', 'enable_merge_whitelist',
      'enable_status_check', 'enable_approvals_whitelist', 'block_on_rejected_reviews', 'block_on_official_review_requests',
      'block_on_outdated_branch', 'dismiss_stale_approvals', 'ignore_stale_approvals', 'require_signed_commits', 'block_admin_merge_override',
    ]) assert.equal(rule[flag], true, flag);
    assert.equal(rule.protected_file_patterns, '*.lock');
    assert.equal(rule.unprotected_file_patterns, 'docs/*');
    assert.equal(rule.priority, 1);
    assert.match(rule.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const got = await api.get(`${repo.path}/branch_protections/main`, owner.basic);
    assert.deepEqual(got.body, rule);
  });

  it('refuses a second rule of the same name with 403, an empty name with 400 and an unknown account or team with 422', async () => {
    await protect(repo.path, { rule_name: 'twice' });
    assert.equal((await api.post(`${repo.path}/branch_protections`, { rule_name: 'twice' }, owner.basic)).status, 403);
    const empty = await api.post(`${repo.path}/branch_protections`, {}, owner.basic);
    assert.equal(empty.status, 400);
    assert.equal(typeof empty.body.message, 'string');
    assert.equal((await api.post(`${repo.path}/branch_protections`, { rule_name: 'x', push_whitelist_usernames: ['nobody-at-all'] }, owner.basic)).status, 422);
    assert.equal((await api.post(`${orgRepo.path}/branch_protections`, { rule_name: 'x', push_whitelist_teams: ['no-such-team'] }, owner.basic)).status, 422);
    assert.equal((await api.get(`${repo.path}/branch_protections/x`, owner.basic)).status, 404, 'a refused rule leaves nothing behind');
  });

  it('keeps only teams of the owning organization that reach the repository', async () => {
    const rule = await protect(orgRepo.path, { rule_name: 'main', enable_push: true, enable_push_whitelist: true, push_whitelist_teams: ['writers', 'elsewhere'] });
    assert.deepEqual(rule.push_whitelist_teams, ['writers']);
  });

  it('lets only repository administrators read and change rules', async () => {
    await protect(repo.path, { rule_name: 'admins-only' });
    assert.equal((await api.get(`${repo.path}/branch_protections`, writer.basic)).status, 403);
    assert.equal((await api.get(`${repo.path}/branch_protections/admins-only`, reader.basic)).status, 403);
    assert.equal((await api.post(`${repo.path}/branch_protections`, { rule_name: 'w' }, writer.basic)).status, 403);
    assert.equal((await api.patch(`${repo.path}/branch_protections/admins-only`, { enable_push: true }, writer.basic)).status, 403);
    assert.equal((await api.delete(`${repo.path}/branch_protections/admins-only`, writer.basic)).status, 403);
    assert.equal((await api.get(`${repo.path}/branch_protections/admins-only`, admin.basic)).status, 200);
    assert.equal((await api.get(`${repo.path}/branch_protections`)).status, 401);
  });

  it('edits only what is sent, and turning pushing off turns its whitelist off', async () => {
    await protect(repo.path, { rule_name: 'edited', enable_push: true, enable_push_whitelist: true, push_whitelist_usernames: [writer.login], required_approvals: 1 });
    const edited = await api.patch(`${repo.path}/branch_protections/edited`, { required_approvals: 3, protected_file_patterns: 'x' }, owner.basic);
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    assert.equal(edited.body.required_approvals, 3);
    assert.equal(edited.body.enable_push_whitelist, true);
    assert.deepEqual(edited.body.push_whitelist_usernames, [writer.login]);
    const off = await api.patch(`${repo.path}/branch_protections/edited`, { enable_push: false, required_approvals: -1 }, owner.basic);
    assert.equal(off.body.enable_push, false);
    assert.equal(off.body.enable_push_whitelist, false);
    assert.equal(off.body.required_approvals, 3, 'a negative number leaves approvals as they are');
    assert.equal((await api.patch(`${repo.path}/branch_protections/nothing-here`, {}, owner.basic)).status, 404);
  });

  it('deletes a rule, and 404 for one that does not exist', async () => {
    await protect(repo.path, { rule_name: 'doomed' });
    assert.equal((await api.delete(`${repo.path}/branch_protections/doomed`, owner.basic)).status, 204);
    assert.equal((await api.get(`${repo.path}/branch_protections/doomed`, owner.basic)).status, 404);
    assert.equal((await api.delete(`${repo.path}/branch_protections/doomed`, owner.basic)).status, 404);
  });

  it('orders new rules last and reorders them by priority without recreating them', async () => {
    const ordered = await buildRepo(server, owner, { files: { 'README.md': 'x' } });
    const a = await protect(ordered.path, { rule_name: 'a/*' });
    const b = await protect(ordered.path, { rule_name: 'b/*' });
    const c = await protect(ordered.path, { rule_name: '*' });
    assert.deepEqual([a.priority, b.priority, c.priority], [1, 2, 3]);
    const ids = async () => {
      const rules = (await api.get(`${ordered.path}/branch_protections`, owner.basic)).body as { rule_name: string; created_at: string }[];
      return rules.map((r) => r.rule_name);
    };
    assert.deepEqual(await ids(), ['a/*', 'b/*', '*']);
    const list = (await api.get(`${ordered.path}/branch_protections`, owner.basic)).body;
    const byName = Object.fromEntries(list.map((r: { rule_name: string }, i: number) => [r.rule_name, i]));
    assert.ok(byName['*'] === 2);
    // the ids are the rules' GraphQL databaseIds: read them through GraphQL
    const gql = await server.graphql(
      `query($o: String!, $n: String!) { repository(owner: $o, name: $n) { branchProtections(first: 10) { totalCount nodes { databaseId ruleName } } } }`,
      { o: ordered.owner, n: ordered.name },
      owner.basic,
    );
    const nodes = gql.data.repository.branchProtections.nodes as { databaseId: number; ruleName: string }[];
    assert.equal(gql.data.repository.branchProtections.totalCount, 3);
    const id = (name: string) => nodes.find((n) => n.ruleName === name)!.databaseId;
    const res = await api.post(`${ordered.path}/branch_protections/priority`, { ids: [id('*'), id('a/*'), id('b/*')] }, owner.basic);
    assert.equal(res.status, 204, JSON.stringify(res.body));
    assert.deepEqual(await ids(), ['*', 'a/*', 'b/*']);
    const again = (await api.get(`${ordered.path}/branch_protections/*`, owner.basic)).body;
    assert.equal(again.created_at, c.created_at, 'reordering keeps the rule itself');
    assert.equal(again.priority, 1);
    const branch = await api.get(`${ordered.path}/branches/${ordered.defaultBranch}`, owner.basic);
    assert.equal(branch.body.effective_branch_protection_name, '*');
  });

  it('shows on branches whether a rule covers them, which one, and what it lets the caller do', async () => {
    const shown = await buildRepo(server, owner, {
      files: { 'README.md': 'x' },
      commits: [{ branch: 'release/1.0', files: { 'a': 'a' } }, { branch: 'topic', files: { 'b': 'b' } }],
      collaborators: [[writer, 'write'], [reader, 'read']],
    });
    await protect(shown.path, { rule_name: 'release/*', enable_push: true, enable_push_whitelist: true, push_whitelist_usernames: [owner.login], required_approvals: 2, enable_status_check: true, status_check_contexts: ['ci'] });
    await protect(shown.path, { rule_name: shown.defaultBranch, enable_merge_whitelist: true, merge_whitelist_usernames: [writer.login] });
    const release = (await api.get(`${shown.path}/branches/release%2F1.0`, writer.basic)).body;
    assert.equal(release.protected, true);
    assert.equal(release.effective_branch_protection_name, 'release/*');
    assert.equal(release.required_approvals, 2);
    assert.equal(release.enable_status_check, true);
    assert.deepEqual(release.status_check_contexts, ['ci']);
    assert.equal(release.user_can_push, false, 'the writer is not on the push whitelist');
    assert.equal(release.user_can_merge, true);
    assert.equal((await api.get(`${shown.path}/branches/release%2F1.0`, owner.basic)).body.user_can_push, true);
    const main = (await api.get(`${shown.path}/branches/${shown.defaultBranch}`, owner.basic)).body;
    assert.equal(main.user_can_push, false, 'pushing is off on the rule: not even the owner may push');
    assert.equal(main.user_can_merge, false, 'the merge whitelist names someone else');
    const topic = (await api.get(`${shown.path}/branches/topic`, writer.basic)).body;
    assert.deepEqual([topic.protected, topic.effective_branch_protection_name, topic.user_can_push], [false, '', true]);
    const listed = (await api.get(`${shown.path}/branches`, writer.basic)).body as { name: string; protected: boolean }[];
    assert.deepEqual(Object.fromEntries(listed.map((b) => [b.name, b.protected])), { [shown.defaultBranch]: true, 'release/1.0': true, topic: false });
  });

  it('costs the same SQL statements for a page of 50 branches as for a page of 1, with rules to match', async () => {
    const many = await buildRepo(server, owner, {
      files: { 'README.md': 'x' },
      commits: Array.from({ length: 50 }, (_, i) => ({ branch: `b${i}`, files: { [`f${i}`]: String(i) } })),
    });
    await protect(many.path, { rule_name: 'b1*' });
    await protect(many.path, { rule_name: 'b2', enable_push: true, enable_push_whitelist: true, push_whitelist_usernames: [owner.login] });
    const cost = async (limit: number) => {
      await api.get(`${many.path}/branches?limit=${limit}`, owner.basic);
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await api.get(`${many.path}/branches?limit=${limit}`, owner.basic);
      assert.equal(res.body.length, limit);
      return server.app.database.queryCount() - before;
    };
    assert.equal(await cost(50), await cost(1));
  });

  it('refuses to delete a branch a rule covers with 403, and renames as SPEC.md says', async () => {
    const guarded = await buildRepo(server, owner, {
      files: { 'README.md': 'x' },
      commits: [
        { branch: 'release/1.0', files: { a: 'a' } },
        { branch: 'stable', files: { b: 'b' } },
        { branch: 'loose', files: { c: 'c' } },
      ],
      collaborators: [[writer, 'write'], [admin, 'admin']],
    });
    await protect(guarded.path, { rule_name: 'release/*' });
    await protect(guarded.path, { rule_name: 'stable' });
    const refused = await api.delete(`${guarded.path}/branches/release%2F1.0`, owner.basic);
    assert.equal(refused.status, 403);
    assert.match(refused.body.message, /protected/);
    assert.equal((await api.delete(`${guarded.path}/branches/stable`, owner.basic)).status, 403);
    assert.equal((await api.get(`${guarded.path}/branches/stable`)).status, 200);
    const globRename = await api.patch(`${guarded.path}/branches/release%2F1.0`, { name: 'renamed' }, owner.basic);
    assert.equal(globRename.status, 403, 'a branch a glob covers is renamed by nobody, not even the owner');
    assert.equal((await api.patch(`${guarded.path}/branches/stable`, { name: 'stable2' }, writer.basic)).status, 403);
    assert.equal((await api.patch(`${guarded.path}/branches/stable`, { name: 'stable2' }, admin.basic)).status, 204);
    assert.equal((await api.patch(`${guarded.path}/branches/loose`, { name: 'looser' }, writer.basic)).status, 204);
    assert.equal((await api.delete(`${guarded.path}/branches/looser`, writer.basic)).status, 204);
  });

  it('moves a branch with PUT under its rule: fast-forwards for those who may push, force only where the rule allows it', async () => {
    const moved = await buildRepo(server, owner, {
      files: { 'README.md': 'x' },
      commits: [
        { key: 'ahead', branch: 'ahead', files: { a: 'a' } },
        { key: 'side', branch: 'side', from: null, files: { s: 's' } },
      ],
      collaborators: [[writer, 'write']],
    });
    const main = moved.defaultBranch;
    await protect(moved.path, { rule_name: main, enable_push: true, enable_push_whitelist: true, push_whitelist_usernames: [owner.login] });
    const put = (body: Record<string, unknown>, auth = owner.basic) => api.put(`${moved.path}/branches/${main}`, body, auth);
    const refused = await put({ new_commit_id: moved.ids.ahead }, writer.basic);
    assert.equal(refused.status, 403, 'the writer is not on the push whitelist');
    assert.match(refused.body.message, /protected/);
    assert.equal((await put({ new_commit_id: moved.ids.ahead, old_commit_id: moved.ids.side })).status, 409, 'old_commit_id must be the head');
    assert.equal((await put({ new_commit_id: 'no-such-commit' })).status, 404);
    assert.equal((await put({ new_commit_id: moved.ids.ahead })).status, 204);
    assert.equal((await api.get(`${moved.path}/branches/${main}`)).body.commit.id, moved.ids.ahead);
    assert.equal((await put({ new_commit_id: moved.ids.side })).status, 409, 'not a fast-forward without force');
    assert.equal((await put({ new_commit_id: moved.ids.side, force: true })).status, 403, 'the rule does not allow force pushes');
    assert.equal((await api.patch(`${moved.path}/branch_protections/${main}`, { enable_push: true, enable_force_push: true }, owner.basic)).status, 200);
    assert.equal((await put({ new_commit_id: moved.ids.side, force: true })).status, 204);
    assert.equal((await api.get(`${moved.path}/branches/${main}`)).body.commit.id, moved.ids.side);
    assert.equal((await api.put(`${moved.path}/branches/ahead`, { new_commit_id: 'side' }, writer.basic)).status, 409, 'unprotected: still no silent force');
    assert.equal((await api.put(`${moved.path}/branches/ahead`, { new_commit_id: 'side', force: true }, writer.basic)).status, 204);
  });
});
