import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { tagControl, tagPatternMatcher } from '../../../src/domain/protection/protection.rules.ts';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { buildOrg, type BuiltOrg } from '../../testkit/orgs.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

describe('tag protection rules over REST', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let writer: TestAccount;
  let releaser: TestAccount;
  let admin: TestAccount;
  let repo: TestRepo;
  let org: BuiltOrg;
  let orgRepo: TestRepo;

  before(async () => {
    [owner, writer, releaser, admin] = await createAccounts(api, 4);
    [repo, org] = await Promise.all([
      buildRepo(server, owner, {
        files: { 'README.md': 'hello' },
        collaborators: [[writer, 'write'], [releaser, 'write'], [admin, 'admin']],
      }),
      buildOrg(server, {
        owner,
        teams: [
          { name: 'release-managers', permission: 'write', members: [releaser], includesAllRepositories: true },
          { name: 'devs', permission: 'write', members: [writer], includesAllRepositories: true },
        ],
      }),
    ]);
    orgRepo = await buildRepo(server, owner, { org: org.login, files: { 'README.md': 'org' } });
  });

  const protect = async (path: string, body: Record<string, unknown>, auth = owner.basic) => {
    const res = await api.post(`${path}/tag_protections`, body, auth);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body;
  };

  it('reads a pattern as Gitea does: a glob without separators, or a regular expression between slashes searched anywhere', () => {
    const matches = (pattern: string, tag: string) => tagPatternMatcher(pattern)!.test(tag);
    assert.ok(matches('v*', 'v1.0'));
    assert.ok(matches('v*', 'v1/rc'), 'a glob has no separator: * spans "/"');
    assert.ok(!matches('v*', 'release-1'));
    assert.ok(matches('v1.?', 'v1.2'));
    assert.ok(!matches('v1.?', 'v1x2'), 'a dot is a dot');
    assert.ok(matches('{v,release-}[0-9]*', 'release-3'));
    assert.ok(matches('/^v[0-9]+$/', 'v12'));
    assert.ok(!matches('/^v[0-9]+$/', 'v12-rc'));
    assert.ok(matches('/rc/', 'v1-rc2'), 'a regular expression is searched, not anchored');
    assert.ok(matches('/(?i)^V1/', 'v1.0'), "Go's leading flag group becomes the flags");
    assert.equal(tagPatternMatcher('[unclosed'), null);
    assert.equal(tagPatternMatcher('/(/'), null);
    const rules = [
      { namePattern: 'v*', allowUserIds: [1], allowTeamIds: [] },
      { namePattern: '/^v2/', allowUserIds: [2], allowTeamIds: [7] },
    ];
    assert.deepEqual(tagControl(rules, 'other', { userId: 3, teamIds: [], writesCode: true }), { allowed: true }, 'a tag no rule covers is free');
    assert.ok(tagControl(rules, 'v2.0', { userId: 1, teamIds: [], writesCode: true }).allowed, 'one covering rule listing the pusher is enough');
    assert.ok(tagControl(rules, 'v2.0', { userId: 5, teamIds: [7], writesCode: true }).allowed, 'a member of a listed team is listed');
    const refused = tagControl(rules, 'v1.0', { userId: 2, teamIds: [7], writesCode: true });
    assert.equal(refused.allowed, false);
    assert.ok(!tagControl(rules, 'v1.0', { userId: null, teamIds: [], writesCode: true, deployKey: true }).allowed, 'a deploy key is never listed');
  });

  it("creates, reads, edits and deletes a rule with Gitea's TagProtection shape, team names resolved in the organization", async () => {
    const made = await protect(orgRepo.path, { name_pattern: '  v*  ', whitelist_usernames: [admin.login], whitelist_teams: ['Release-Managers'] });
    assert.deepEqual(Object.keys(made).sort(), ['created_at', 'id', 'name_pattern', 'updated_at', 'whitelist_teams', 'whitelist_usernames']);
    assert.equal(made.name_pattern, 'v*', 'the pattern is trimmed');
    assert.deepEqual(made.whitelist_usernames, [admin.login]);
    assert.deepEqual(made.whitelist_teams, ['release-managers']);
    assert.match(made.created_at, /^\d{4}-\d\d-\d\dT/);

    const got = await api.get(`${orgRepo.path}/tag_protections/${made.id}`, owner.basic);
    assert.equal(got.status, 200);
    assert.deepEqual(got.body, made);
    const listed = await api.get(`${orgRepo.path}/tag_protections`, owner.basic);
    assert.deepEqual(listed.body.map((r: { id: number }) => r.id), [made.id]);

    const edited = await api.patch(`${orgRepo.path}/tag_protections/${made.id}`, { whitelist_teams: [] }, owner.basic);
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    assert.deepEqual([edited.body.name_pattern, edited.body.whitelist_usernames, edited.body.whitelist_teams], ['v*', [admin.login], []], 'what is left out stays');
    const renamed = await api.patch(`${orgRepo.path}/tag_protections/${made.id}`, { name_pattern: '/^v[0-9]/' }, owner.basic);
    assert.equal(renamed.body.name_pattern, '/^v[0-9]/');

    assert.equal((await api.delete(`${orgRepo.path}/tag_protections/${made.id}`, owner.basic)).status, 204);
    assert.equal((await api.get(`${orgRepo.path}/tag_protections/${made.id}`, owner.basic)).status, 404);
    assert.equal((await api.delete(`${orgRepo.path}/tag_protections/${made.id}`, owner.basic)).status, 404);
  });

  it('lets only repository administrators see and change rules: a writer is 403, a stranger to a private repository 404', async () => {
    const secret = await buildRepo(server, owner, { private: true, collaborators: [[writer, 'write'], [admin, 'admin']] });
    const made = await protect(secret.path, { name_pattern: 'v*', whitelist_usernames: [owner.login] }, admin.basic);
    const denied = await api.get(`${secret.path}/tag_protections`, writer.basic);
    assert.equal(denied.status, 403);
    assert.match(denied.body.message, /administrators/);
    assert.equal((await api.post(`${secret.path}/tag_protections`, { name_pattern: 'x', whitelist_usernames: [writer.login] }, writer.basic)).status, 403);
    assert.equal((await api.patch(`${secret.path}/tag_protections/${made.id}`, { name_pattern: 'x' }, writer.basic)).status, 403);
    assert.equal((await api.delete(`${secret.path}/tag_protections/${made.id}`, writer.basic)).status, 403);
    assert.equal((await api.get(`${secret.path}/tag_protections/${made.id}`, releaser.basic)).status, 404);
    assert.equal((await api.get(`${secret.path}/tag_protections`)).status, 401);
  });

  it('refuses what Gitea refuses: an empty pattern or no one listed is 400, a pattern taken 403, an unknown account or team 422', async () => {
    const path = repo.path;
    const empty = await api.post(`${path}/tag_protections`, { name_pattern: '  ', whitelist_usernames: [owner.login] }, owner.basic);
    assert.equal(empty.status, 400);
    assert.match(empty.body.message, /name_pattern is empty/);
    const nobody = await api.post(`${path}/tag_protections`, { name_pattern: 'nobody-*', whitelist_usernames: [], whitelist_teams: [] }, owner.basic);
    assert.equal(nobody.status, 400);
    assert.match(nobody.body.message, /both whitelist_usernames and whitelist_teams are empty/);
    await protect(path, { name_pattern: 'taken-*', whitelist_usernames: [owner.login] });
    const taken = await api.post(`${path}/tag_protections`, { name_pattern: 'taken-*', whitelist_usernames: [writer.login] }, owner.basic);
    assert.equal(taken.status, 403);
    assert.match(taken.body.message, /already exist/);
    const ghost = await api.post(`${path}/tag_protections`, { name_pattern: 'ghost-*', whitelist_usernames: ['no-such-account-xyz'] }, owner.basic);
    assert.equal(ghost.status, 422);
    assert.match(ghost.body.message, /user does not exist.*no-such-account-xyz/);
    const team = await api.post(`${orgRepo.path}/tag_protections`, { name_pattern: 'team-*', whitelist_teams: ['no-such-team'] }, owner.basic);
    assert.equal(team.status, 422);
    assert.match(team.body.message, /team does not exist.*no-such-team/);
    const broken = await api.post(`${path}/tag_protections`, { name_pattern: '/(unclosed/', whitelist_usernames: [owner.login] }, owner.basic);
    assert.equal(broken.status, 422);
    assert.match(broken.body.message, /neither a valid glob nor a valid \/regular expression\//);
    const listed = await api.get(`${path}/tag_protections`, owner.basic);
    assert.deepEqual(listed.body.map((r: { name_pattern: string }) => r.name_pattern), ['taken-*'], 'nothing refused was stored');
    const personal = await protect(path, { name_pattern: 'teams-*', whitelist_teams: ['no-such-team'] });
    assert.deepEqual(personal.whitelist_teams, [], "a personal repository's rule ignores team names, as Gitea does");
  });

  it("answers 404 for a rule of another repository, as Gitea compares the rule's repository", async () => {
    const other = await buildRepo(server, owner);
    const made = await protect(other.path, { name_pattern: 'v*', whitelist_usernames: [owner.login] });
    assert.equal((await api.get(`${repo.path}/tag_protections/${made.id}`, owner.basic)).status, 404);
    assert.equal((await api.patch(`${repo.path}/tag_protections/${made.id}`, { name_pattern: 'x' }, owner.basic)).status, 404);
    assert.equal((await api.delete(`${repo.path}/tag_protections/${made.id}`, owner.basic)).status, 404);
    assert.equal((await api.get(`${other.path}/tag_protections/${made.id}`, owner.basic)).body.name_pattern, 'v*', 'untouched');
  });

  it('refuses creating a protected tag through the API with 422 for those not listed, even the repository owner, and lets listed accounts and team members create it', async () => {
    const built = await buildRepo(server, owner, { org: org.login, files: { 'README.md': 'tags' }, collaborators: [[admin, 'write']] });
    await protect(built.path, { name_pattern: 'v*', whitelist_usernames: [admin.login], whitelist_teams: ['release-managers'] });
    const refused = await api.post(`${built.path}/tags`, { tag_name: 'v1.0' }, owner.basic);
    assert.equal(refused.status, 422);
    assert.match(refused.body.message, /the tag "v1.0" is protected \(rule "v\*"\): you may not create it/);
    assert.equal((await api.post(`${built.path}/tags`, { tag_name: 'v1.0' }, writer.basic)).status, 422, 'a member of another team');
    assert.equal((await api.get(`${built.path}/tags/v1.0`, owner.basic)).status, 404, 'no tag was made');
    assert.equal((await api.post(`${built.path}/tags`, { tag_name: 'nightly' }, writer.basic)).status, 201, 'a tag no rule covers is free');
    const byMember = await api.post(`${built.path}/tags`, { tag_name: 'v1.0', message: 'first' }, releaser.basic);
    assert.equal(byMember.status, 201, JSON.stringify(byMember.body));
    assert.equal((await api.post(`${built.path}/tags`, { tag_name: 'v1.0' }, owner.basic)).status, 409, 'a name taken is 409 first, as in Gitea');
    assert.equal((await api.post(`${built.path}/tags`, { tag_name: 'v1.1' }, admin.basic)).status, 201);
  });

  it('refuses deleting a protected tag through the API with 422 for those not listed, and lets a listed account delete it', async () => {
    const built = await buildRepo(server, owner, { files: { 'README.md': 'tags' }, tags: { 'v2.0': 'main', 'v2.1': 'main' }, collaborators: [[writer, 'write'], [releaser, 'write']] });
    const rule = await protect(built.path, { name_pattern: '/^v2\\./', whitelist_usernames: [releaser.login] });
    const refused = await api.delete(`${built.path}/tags/v2.0`, writer.basic);
    assert.equal(refused.status, 422);
    assert.match(refused.body.message, /the tag "v2.0" is protected \(rule "\/\^v2\\.\/"\): you may not delete it/);
    assert.equal((await api.get(`${built.path}/tags/v2.0`, writer.basic)).status, 200, 'the tag is still there');
    assert.equal((await api.delete(`${built.path}/tags/v2.0`, releaser.basic)).status, 204);
    assert.equal((await api.delete(`${built.path}/tags/v2.1`, owner.basic)).status, 422);
    assert.equal((await api.delete(`${built.path}/tags/no-such-tag`, owner.basic)).status, 404, 'a missing tag is 404 first');
    assert.equal((await api.delete(`${built.path}/tag_protections/${rule.id}`, owner.basic)).status, 204);
    assert.equal((await api.delete(`${built.path}/tags/v2.1`, owner.basic)).status, 204, 'without the rule the tag is free again');
  });

  it('lists rules at a constant number of statements, whatever the number of rules and listed accounts and teams', async () => {
    const built = await buildRepo(server, owner, { org: org.login });
    const cost = async () => {
      server.app.caches.clear();
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await api.get(`${built.path}/tag_protections`, owner.basic);
      assert.equal(res.status, 200);
      return { spent: server.app.database.queryCount() - before, count: res.body.length };
    };
    await protect(built.path, { name_pattern: 'a*', whitelist_usernames: [writer.login], whitelist_teams: ['devs'] });
    const one = await cost();
    for (const [i, who] of [writer, releaser, admin, owner].entries()) {
      await protect(built.path, { name_pattern: `b${i}*`, whitelist_usernames: [who.login, admin.login], whitelist_teams: ['devs', 'release-managers'] });
    }
    const five = await cost();
    assert.deepEqual([one.count, five.count], [1, 5]);
    assert.equal(five.spent, one.spent, `one rule cost ${one.spent} statements, five cost ${five.spent}`);
  });

  it('answers the same rules through GraphQL, with the names of the listed accounts and teams', async () => {
    const built = await buildRepo(server, owner, { org: org.login });
    const made = await protect(built.path, { name_pattern: 'rc-*', whitelist_usernames: [writer.login], whitelist_teams: ['devs'] });
    const res = await server.graphql(
      `query($owner: String!, $name: String!, $id: Int!) { repository(owner: $owner, name: $name) {
        tagProtections { databaseId namePattern whitelistUsernames whitelistTeams }
        tagProtection(databaseId: $id) { namePattern }
      } }`,
      { owner: built.owner, name: built.name, id: made.id },
      owner.basic,
    );
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    assert.deepEqual(res.data.repository.tagProtections, [{ databaseId: made.id, namePattern: 'rc-*', whitelistUsernames: [writer.login], whitelistTeams: ['devs'] }]);
    assert.equal(res.data.repository.tagProtection.namePattern, 'rc-*');
    const denied = await server.graphql(`mutation($owner: String!, $name: String!, $id: Int!) { deleteTagProtection(owner: $owner, name: $name, databaseId: $id) }`, { owner: built.owner, name: built.name, id: made.id }, writer.basic);
    assert.equal(denied.errors?.[0]?.extensions?.code, 'FORBIDDEN');
  });

  it('refuses adding and changing rules of an archived repository (423) but lets its administrators delete one, as Gitea guards only those', async () => {
    const built = await buildRepo(server, owner);
    const made = await protect(built.path, { name_pattern: 'v*', whitelist_usernames: [owner.login] });
    assert.equal((await api.patch(built.path, { archived: true }, owner.basic)).status, 200);
    assert.equal((await api.post(`${built.path}/tag_protections`, { name_pattern: 'w*', whitelist_usernames: [owner.login] }, owner.basic)).status, 423);
    assert.equal((await api.patch(`${built.path}/tag_protections/${made.id}`, { name_pattern: 'w*' }, owner.basic)).status, 423);
    assert.equal((await api.get(`${built.path}/tag_protections/${made.id}`, owner.basic)).body.name_pattern, 'v*');
    assert.equal((await api.delete(`${built.path}/tag_protections/${made.id}`, owner.basic)).status, 204);
  });
});
