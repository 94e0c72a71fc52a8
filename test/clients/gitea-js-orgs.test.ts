import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ADMIN } from '../testkit/server.ts';
import { assertTypedFields, clientFor, createClientAccount, failure, giteaClient, type ClientAccount, type GiteaClient } from '../testkit/gitea-js.ts';
import { ORGANIZATION, ORGANIZATION_PERMISSIONS } from '../testkit/gitea-js-fields/org.ts';
import { REPOSITORY } from '../testkit/gitea-js-fields/repo.ts';
import { TEAM } from '../testkit/gitea-js-fields/team.ts';
import { USER } from '../testkit/gitea-js-fields/user.ts';
import { createOrg } from '../testkit/orgs.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

/** gitea-js against Graft: organizations, their members, and teams. */
describe('gitea-js: organizations and teams', () => {
  const server = useServer();
  let admin: GiteaClient;
  let owner: ClientAccount;
  let member: ClientAccount;
  let outsider: ClientAccount;
  let counter = 0;
  const uniqueName = (prefix: string) => `${prefix}${process.pid}x${++counter}`;

  /** What an organization says about itself, as these tests make it. */
  const PROFILE = { full_name: 'Graft Friends', description: 'people who graft', website: 'https://friends.example.test', location: 'Orchard' };
  /** orgCreate as a client calls it, for the tests of that call. */
  const orgCreate = async () => {
    const res = await owner.api.orgs.orgCreate({ username: uniqueName('gjorg'), ...PROFILE, visibility: 'public' });
    assert.equal(res.status, 201);
    return res.data;
  };

  /** The id of an organization's Owners team, found the way a client finds it: by listing teams. */
  async function ownersTeamOf(org: string) {
    const teams = await owner.api.orgs.orgListTeams(org);
    return teams.data.find((t) => t.name === 'Owners')!.id!;
  }

  before(async () => {
    admin = await clientFor(server, ADMIN);
    [owner, member, outsider] = await Promise.all([
      createClientAccount(server, admin),
      createClientAccount(server, admin),
      createClientAccount(server, admin),
    ]);
  });

  describe('organizations', () => {
    it('orgCreate answers the organization with every field the client types, and orgGet finds it', async () => {
      const org = await orgCreate();
      assertTypedFields(org, ORGANIZATION, 'Organization');
      assert.equal(org.full_name, 'Graft Friends');
      assert.equal(org.description, 'people who graft');
      assert.equal(org.website, 'https://friends.example.test');
      assert.equal(org.location, 'Orchard');
      assert.equal(org.visibility, 'public');
      assert.equal(org.username, org.name);
      const got = await giteaClient(server).orgs.orgGet(org.name!);
      assertTypedFields(got.data, ORGANIZATION, 'Organization');
      assert.equal(got.data.id, org.id);
      assert.equal(got.data.full_name, 'Graft Friends');
    });

    it('orgCreate makes the creator an owner through the Owners team', async () => {
      const org = await orgCreate();
      const teams = await owner.api.orgs.orgListTeams(org.name!);
      assert.deepEqual(teams.data.map((t) => [t.name, t.permission, t.includes_all_repositories]), [['Owners', 'owner', true]]);
      assertTypedFields(teams.data[0], TEAM, 'Team');
      const perms = await owner.api.users.orgGetUserPermissions(owner.login, org.name!);
      assertTypedFields(perms.data, ORGANIZATION_PERMISSIONS, 'OrganizationPermissions');
      assert.deepEqual(perms.data, { is_owner: true, is_admin: true, can_write: true, can_read: true, can_create_repository: true });
    });

    it('orgCreate refuses a taken name with 422', async () => {
      const org = await createOrg(server, [owner]);
      const res = await failure(owner.api.orgs.orgCreate({ username: org.login }));
      assert.equal(res.status, 422);
      assert.equal(typeof res.message, 'string');
    });

    it('orgEdit changes the fields it sends and keeps the others', async () => {
      const org = await createOrg(server, [owner], { fullName: PROFILE.full_name, website: PROFILE.website });
      const res = await owner.api.orgs.orgEdit(org.login, { description: 'new words', visibility: 'limited' });
      assert.equal(res.status, 200);
      assertTypedFields(res.data, ORGANIZATION, 'Organization');
      assert.equal(res.data.description, 'new words');
      assert.equal(res.data.visibility, 'limited');
      assert.equal(res.data.full_name, 'Graft Friends');
      assert.equal(res.data.website, 'https://friends.example.test');
    });

    it('orgEdit with an empty website clears it, as Gitea accepts an empty URL', async () => {
      const org = await createOrg(server, [owner]);
      const res = await owner.api.orgs.orgEdit(org.login, { website: '' });
      assert.equal(res.data.website, '');
      assert.equal((await giteaClient(server).orgs.orgGet(org.login)).data.website, '');
    });

    it('orgEdit by a non-owner member rejects with 403', async () => {
      const org = await createOrg(server, [owner]);
      const team = await owner.api.orgs.orgCreateTeam(org.login, { name: 'readers', permission: 'read', units: ['repo.code'] });
      await owner.api.teams.orgAddTeamMember(team.data.id!, member.login);
      assert.equal((await failure(member.api.orgs.orgEdit(org.login, { description: 'mine now' }))).status, 403);
    });

    it('orgGetAll, orgListCurrentUserOrgs and orgListUserOrgs list the organization', async () => {
      const org = await createOrg(server, [owner]);
      const all = await giteaClient(server).orgs.orgGetAll({ limit: 50 });
      assert.ok(all.data.some((o) => o.name === org.login));
      const mine = await owner.api.user.orgListCurrentUserOrgs();
      assert.ok(mine.data.some((o) => o.name === org.login));
      assertTypedFields(mine.data[0], ORGANIZATION, 'Organization');
      // Others see only public memberships, and Gitea wants them signed in here (reqToken).
      assert.deepEqual((await outsider.api.users.orgListUserOrgs(owner.login)).data, []);
      await owner.api.orgs.orgPublicizeMember(org.login, owner.login);
      const theirs = await outsider.api.users.orgListUserOrgs(owner.login);
      assert.deepEqual(theirs.data.map((o) => o.name), [org.login]);
    });

    it('a private organization is a 404 to outsiders and visible to its owner', async () => {
      const org = await createOrg(server, [owner], { visibility: 'private' });
      assert.equal((await failure(outsider.api.orgs.orgGet(org.login))).status, 404);
      assert.equal((await failure(giteaClient(server).orgs.orgGet(org.login))).status, 404);
      assert.equal((await owner.api.orgs.orgGet(org.login)).data.visibility, 'private');
    });

    it('orgListMembers and orgIsMember see team members; orgDeleteMember removes one', async () => {
      const org = await createOrg(server, [owner]);
      const team = await owner.api.orgs.orgCreateTeam(org.login, { name: 'crew', permission: 'write', units: ['repo.code'] });
      await owner.api.teams.orgAddTeamMember(team.data.id!, member.login);
      const members = await owner.api.orgs.orgListMembers(org.login);
      assert.deepEqual(members.data.map((u) => u.login).sort(), [owner.login, member.login].sort());
      assertTypedFields(members.data[0], USER, 'User');
      assert.equal((await owner.api.orgs.orgIsMember(org.login, member.login)).status, 204);
      assert.equal((await failure(owner.api.orgs.orgIsMember(org.login, outsider.login))).status, 404);
      assert.equal((await owner.api.orgs.orgDeleteMember(org.login, member.login)).status, 204);
      assert.equal((await failure(owner.api.orgs.orgIsMember(org.login, member.login))).status, 404);
    });

    it('a member publicizes and conceals their own membership; orgListPublicMembers follows', async () => {
      const org = await createOrg(server, [owner]);
      await owner.api.teams.orgAddTeamMember(await ownersTeamOf(org.login), member.login);
      assert.deepEqual((await giteaClient(server).orgs.orgListPublicMembers(org.login)).data, []);
      assert.equal((await member.api.orgs.orgPublicizeMember(org.login, member.login)).status, 204);
      assert.equal((await giteaClient(server).orgs.orgIsPublicMember(org.login, member.login)).status, 204);
      const listed = await giteaClient(server).orgs.orgListPublicMembers(org.login);
      assert.deepEqual(listed.data.map((u) => u.login), [member.login]);
      assert.equal((await member.api.orgs.orgConcealMember(org.login, member.login)).status, 204);
      assert.equal((await failure(giteaClient(server).orgs.orgIsPublicMember(org.login, member.login))).status, 404);
    });

    it('orgGetUserPermissions reports what a read-only team member may do', async () => {
      const org = await createOrg(server, [owner]);
      const team = await owner.api.orgs.orgCreateTeam(org.login, { name: 'viewers', permission: 'read', units: ['repo.code'] });
      await owner.api.teams.orgAddTeamMember(team.data.id!, member.login);
      const perms = await member.api.users.orgGetUserPermissions(member.login, org.login);
      assert.deepEqual(perms.data, { is_owner: false, is_admin: false, can_write: false, can_read: true, can_create_repository: false });
    });

    it('createOrgRepo makes a repository the organization owns, which orgListRepos lists', async () => {
      const org = await createOrg(server, [owner]);
      const repo = await owner.api.orgs.createOrgRepo(org.login, { name: 'shared', description: 'team code' });
      assert.equal(repo.status, 201);
      assertTypedFields(repo.data, REPOSITORY, 'Repository');
      assert.equal(repo.data.full_name, `${org.login}/shared`);
      assert.equal(repo.data.owner?.login, org.login);
      const listed = await owner.api.orgs.orgListRepos(org.login);
      assert.deepEqual(listed.data.map((r) => r.name), ['shared']);
    });

    it('orgDelete removes an empty organization, after which orgGet rejects with 404', async () => {
      const org = await createOrg(server, [owner]);
      assert.equal((await owner.api.orgs.orgDelete(org.login)).status, 204);
      assert.equal((await failure(owner.api.orgs.orgGet(org.login))).status, 404);
    });

    it('adminCreateOrg creates an organization owned by another account', async () => {
      const name = uniqueName('gjadminorg');
      const res = await admin.admin.adminCreateOrg(member.login, { username: name, visibility: 'public' });
      assert.equal(res.status, 201);
      assert.equal(res.data.name, name);
      const perms = await member.api.users.orgGetUserPermissions(member.login, name);
      assert.equal(perms.data.is_owner, true);
      const listed = await admin.admin.adminGetAllOrgs({ limit: 50 });
      assert.ok(listed.data.some((o) => o.name === name));
    });
  });

  describe('teams', () => {
    it('orgCreateTeam answers the team with every field the client types', async () => {
      const org = await createOrg(server, [owner]);
      const res = await owner.api.orgs.orgCreateTeam(org.login, {
        name: 'builders',
        description: 'they build',
        permission: 'write',
        units: ['repo.code', 'repo.issues'],
        can_create_org_repo: true,
        includes_all_repositories: false,
      });
      assert.equal(res.status, 201);
      assertTypedFields(res.data, TEAM, 'Team');
      assert.equal(res.data.name, 'builders');
      assert.equal(res.data.description, 'they build');
      assert.equal(res.data.permission, 'write');
      assert.deepEqual([...(res.data.units ?? [])].sort(), ['repo.code', 'repo.issues']);
      assert.equal(res.data.units_map?.['repo.code'], 'write');
      assert.equal(res.data.can_create_org_repo, true);
      assert.equal(res.data.organization?.name, org.login);
    });

    it('orgCreateTeam takes units_map, the form newer clients send', async () => {
      const org = await createOrg(server, [owner]);
      const res = await owner.api.orgs.orgCreateTeam(org.login, { name: 'triage', units_map: { 'repo.issues': 'write', 'repo.code': 'read' } });
      assert.equal(res.data.permission, 'write');
      assert.equal(res.data.units_map?.['repo.code'], 'read');
      assert.equal(res.data.units_map?.['repo.issues'], 'write');
    });

    it('orgGetTeam, orgListTeams and teamSearch find the team', async () => {
      const org = await createOrg(server, [owner]);
      const team = await owner.api.orgs.orgCreateTeam(org.login, { name: 'findable', description: 'look here', permission: 'read', units: ['repo.code'] });
      const got = await owner.api.teams.orgGetTeam(team.data.id!);
      assertTypedFields(got.data, TEAM, 'Team');
      assert.equal(got.data.name, 'findable');
      const listed = await owner.api.orgs.orgListTeams(org.login);
      assert.deepEqual(listed.data.map((t) => t.name).sort(), ['Owners', 'findable']);
      const found = await owner.api.orgs.teamSearch(org.login, { q: 'find' });
      assert.equal(found.data.ok, true);
      assert.deepEqual(found.data.data?.map((t) => t.id), [team.data.id]);
    });

    it('orgEditTeam changes the team; gitea-js always sends the name', async () => {
      const org = await createOrg(server, [owner]);
      const team = await owner.api.orgs.orgCreateTeam(org.login, { name: 'before', permission: 'read', units: ['repo.code'] });
      const res = await owner.api.teams.orgEditTeam(team.data.id!, { name: 'after', description: 'renamed', permission: 'admin', includes_all_repositories: true });
      assert.equal(res.status, 200);
      assertTypedFields(res.data, TEAM, 'Team');
      assert.deepEqual([res.data.name, res.data.description, res.data.permission, res.data.includes_all_repositories], ['after', 'renamed', 'admin', true]);
    });

    it('team members are added, listed, checked and removed', async () => {
      const org = await createOrg(server, [owner]);
      const team = await owner.api.orgs.orgCreateTeam(org.login, { name: 'members', permission: 'read', units: ['repo.code'] });
      const id = team.data.id!;
      assert.equal((await owner.api.teams.orgAddTeamMember(id, member.login)).status, 204);
      const listed = await owner.api.teams.orgListTeamMembers(id);
      assert.deepEqual(listed.data.map((u) => u.login), [member.login]);
      assertTypedFields(listed.data[0], USER, 'User');
      const one = await owner.api.teams.orgListTeamMember(id, member.login);
      assert.equal(one.data.login, member.login);
      const mine = await member.api.user.userListTeams();
      assert.ok(mine.data.some((t) => t.id === id));
      assert.equal((await owner.api.teams.orgRemoveTeamMember(id, member.login)).status, 204);
      assert.equal((await failure(owner.api.teams.orgListTeamMember(id, member.login))).status, 404);
    });

    it('team repositories are added, listed, checked and removed, from both sides', async () => {
      const org = await createOrg(server, [owner]);
      const repo = await buildRepo(server, owner, { org: org.login, name: 'team-repo' });
      const team = await owner.api.orgs.orgCreateTeam(org.login, { name: 'repoteam', permission: 'write', units: ['repo.code'] });
      const id = team.data.id!;
      assert.equal((await owner.api.teams.orgAddTeamRepository(id, org.login, 'team-repo')).status, 204);
      const listed = await owner.api.teams.orgListTeamRepos(id);
      assert.deepEqual(listed.data.map((r) => r.full_name), [repo.fullName]);
      assertTypedFields(listed.data[0], REPOSITORY, 'Repository');
      assert.equal((await owner.api.teams.orgListTeamRepo(id, org.login, 'team-repo')).data.id, repo.id);
      const repoTeams = await owner.api.repos.repoListTeams(org.login, 'team-repo');
      assert.ok(repoTeams.data.some((t) => t.name === 'repoteam'));
      assert.equal((await owner.api.repos.repoCheckTeam(org.login, 'team-repo', 'repoteam')).data.id, id);
      assert.equal((await owner.api.teams.orgRemoveTeamRepository(id, org.login, 'team-repo')).status, 204);
      assert.deepEqual((await owner.api.teams.orgListTeamRepos(id)).data, []);
      assert.equal((await owner.api.repos.repoAddTeam(org.login, 'team-repo', 'repoteam')).status, 204);
      assert.equal((await owner.api.teams.orgListTeamRepos(id)).data.length, 1);
      assert.equal((await owner.api.repos.repoDeleteTeam(org.login, 'team-repo', 'repoteam')).status, 204);
    });

    it('a team member gets the team\'s access to its repositories', async () => {
      const org = await createOrg(server, [owner]);
      await buildRepo(server, owner, { org: org.login, name: 'private-code', private: true });
      const team = await owner.api.orgs.orgCreateTeam(org.login, { name: 'coders', permission: 'write', units: ['repo.code'] });
      assert.equal((await failure(member.api.repos.repoGet(org.login, 'private-code'))).status, 404);
      await owner.api.teams.orgAddTeamMember(team.data.id!, member.login);
      await owner.api.teams.orgAddTeamRepository(team.data.id!, org.login, 'private-code');
      const repo = await member.api.repos.repoGet(org.login, 'private-code');
      assert.deepEqual(repo.data.permissions, { admin: false, push: true, pull: true });
    });

    it('orgDeleteTeam removes the team', async () => {
      const org = await createOrg(server, [owner]);
      const team = await owner.api.orgs.orgCreateTeam(org.login, { name: 'doomed', permission: 'read', units: ['repo.code'] });
      assert.equal((await owner.api.teams.orgDeleteTeam(team.data.id!)).status, 204);
      assert.equal((await failure(owner.api.teams.orgGetTeam(team.data.id!))).status, 404);
    });
  });
});
