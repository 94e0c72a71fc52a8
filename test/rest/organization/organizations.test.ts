import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccount, createAccounts, createToken, type TestAccount } from '../../testkit/accounts.ts';
import { adminAuth } from '../../testkit/client.ts';
import { createOrg } from '../../testkit/orgs.ts';
import { buildRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

let n = 0;
// Not the builders' `org<pid>x<n>`: the organizations these tests create themselves sit beside the built ones.
const uniqueName = (prefix: string) => `${prefix}${process.pid}n${++n}`;

describe('organizations over REST', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let member: TestAccount;
  let outsider: TestAccount;
  before(async () => {
    [owner, member, outsider] = await createAccounts(api, 3);
  });

  async function ownersTeamId(org: string) {
    const teams = await api.get(`/orgs/${org}/teams`, owner.basic);
    assert.equal(teams.status, 200, JSON.stringify(teams.body));
    return teams.body.find((t: { name: string }) => t.name === 'Owners').id as number;
  }

  it('creates an organization with the Gitea fields, owned by its creator through the Owners team', async () => {
    const created = await api.post('/orgs', { username: uniqueName('org'), full_name: 'An Org', visibility: 'public' }, owner.basic);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const org = created.body as { id: number; name: string };
    assert.equal(org.name, (org as unknown as { username: string }).username);
    const got = await api.get(`/orgs/${org.name}`);
    assert.equal(got.status, 200);
    assert.deepEqual(Object.keys(got.body).sort(), ['avatar_url', 'description', 'email', 'full_name', 'id', 'location', 'name', 'repo_admin_change_team_access', 'username', 'visibility', 'website']);
    assert.equal(got.body.full_name, 'An Org');
    const teams = await api.get(`/orgs/${org.name}/teams`, owner.basic);
    assert.deepEqual(teams.body.map((t: { name: string }) => t.name), ['Owners']);
    assert.equal(teams.body[0].permission, 'owner');
    assert.equal(teams.body[0].includes_all_repositories, true);
    const perms = await api.get(`/users/${owner.login}/orgs/${org.name}/permissions`, owner.basic);
    assert.deepEqual(perms.body, { is_owner: true, is_admin: true, can_write: true, can_read: true, can_create_repository: true });
  });

  it('refuses bad input with 422: taken names, invalid names and unknown visibility', async () => {
    const org = await createOrg(server, [owner]);
    assert.equal((await api.post('/orgs', { username: org.login }, owner.basic)).status, 422);
    assert.equal((await api.post('/orgs', { username: owner.login }, owner.basic)).status, 422);
    assert.equal((await api.post('/orgs', { username: '-bad name' }, owner.basic)).status, 422);
    const badVisibility = await api.post('/orgs', { username: uniqueName('org'), visibility: 'secret' }, owner.basic);
    assert.equal(badVisibility.status, 422);
    assert.equal(typeof badVisibility.body.message, 'string');
    assert.equal((await api.post('/orgs', { username: uniqueName('org') })).status, 401);
  });

  it('refuses to create organizations for accounts not allowed to', async () => {
    const limited = await createAccount(api);
    const edit = await api.patch(`/admin/users/${limited.login}`, { source_id: 0, login_name: limited.login, allow_create_organization: false }, adminAuth);
    assert.equal(edit.status, 200, JSON.stringify(edit.body));
    assert.equal((await api.post('/orgs', { username: uniqueName('org') }, limited.basic)).status, 403);
  });

  it('hides private organizations from everyone but members and site admins, and limited ones from anonymous callers', async () => {
    const hidden = await createOrg(server, [owner], { visibility: 'private' });
    const limited = await createOrg(server, [owner], { visibility: 'limited' });
    assert.equal((await api.get(`/orgs/${hidden.login}`, outsider.basic)).status, 404);
    assert.equal((await api.get(`/orgs/${hidden.login}`)).status, 404);
    assert.equal((await api.get(`/orgs/${hidden.login}`, owner.basic)).status, 200);
    assert.equal((await api.get(`/orgs/${hidden.login}`, adminAuth)).status, 200);
    assert.equal((await api.get(`/orgs/${limited.login}`)).status, 404);
    assert.equal((await api.get(`/orgs/${limited.login}`, outsider.basic)).status, 200);
    const all = await api.get('/orgs?limit=50', outsider.basic);
    const names = all.body.map((o: { name: string }) => o.name);
    assert.ok(names.includes(limited.login) && !names.includes(hidden.login));
    assert.ok(Number(all.headers.get('x-total-count')) >= 1);
  });

  it('answers 403 ("limited to public orgs", as Gitea) to a public-only token on an organization that is not public, which its user could see', async () => {
    const hidden = await createOrg(server, [owner], { visibility: 'private' });
    const limited = await createOrg(server, [owner], { visibility: 'limited' });
    const ownerToken = { token: await createToken(api, owner, ['read:organization', 'public-only']) };
    const outsiderToken = { token: await createToken(api, outsider, ['read:organization', 'public-only']) };
    for (const org of [hidden, limited]) {
      const res = await api.get(`/orgs/${org.login}`, ownerToken);
      assert.equal(res.status, 403, org.login);
      assert.match(res.body.message, /limited to public orgs/);
    }
    assert.equal((await api.get(`/orgs/${limited.login}`, outsiderToken)).status, 403);
    assert.equal((await api.get(`/orgs/${hidden.login}`, outsiderToken)).status, 404, 'an organization its user could not see stays unknown');
  });

  it('lets only owners edit and delete, and refuses to delete an organization that still owns repositories', async () => {
    const org = await createOrg(server, [owner]);
    assert.equal((await api.patch(`/orgs/${org.login}`, { description: 'nope' }, outsider.basic)).status, 403);
    const edited = await api.patch(`/orgs/${org.login}`, { description: 'ours', visibility: 'limited', website: 'https://example.org' }, owner.basic);
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    assert.equal(edited.body.description, 'ours');
    assert.equal(edited.body.visibility, 'limited');
    await buildRepo(server, owner, { org: org.login, name: 'kept' });
    const refused = await api.delete(`/orgs/${org.login}`, owner.basic);
    assert.equal(refused.status, 409);
    assert.equal((await api.delete(`/repos/${org.login}/kept`, owner.basic)).status, 204);
    assert.equal((await api.delete(`/orgs/${org.login}`, outsider.basic)).status, 403);
    assert.equal((await api.delete(`/orgs/${org.login}`, owner.basic)).status, 204);
    assert.equal((await api.get(`/orgs/${org.login}`, owner.basic)).status, 404);
  });

  it('creates organization repositories for owners and for teams that may, and refuses everyone else', async () => {
    const org = await createOrg(server, [owner]);
    const created = await api.post(`/orgs/${org.login}/repos`, { name: 'by-owner', private: true }, owner.basic);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.owner.login, org.login);
    assert.equal((await api.post(`/orgs/${org.login}/repos`, { name: 'by-outsider' }, outsider.basic)).status, 403);
    const team = await api.post(`/orgs/${org.login}/teams`, { name: 'makers', permission: 'write', can_create_org_repo: true }, owner.basic);
    assert.equal(team.status, 201, JSON.stringify(team.body));
    assert.equal((await api.put(`/teams/${team.body.id}/members/${member.login}`, undefined, owner.basic)).status, 204);
    const byMember = await api.post(`/orgs/${org.login}/repos`, { name: 'by-member', private: true }, member.basic);
    assert.equal(byMember.status, 201, JSON.stringify(byMember.body));
    // The new repository joins the creator's team, so the creator can push to it; the owner's private one stays hidden.
    assert.equal(byMember.body.permissions.push, true);
    assert.equal((await api.get(`/repos/${org.login}/by-owner`, member.basic)).status, 404);
    const listed = await api.get(`/orgs/${org.login}/repos`, member.basic);
    assert.deepEqual(listed.body.map((r: { name: string }) => r.name), ['by-member']);
    const asOwner = await api.get(`/orgs/${org.login}/repos`, owner.basic);
    assert.equal(asOwner.headers.get('x-total-count'), '2');
  });

  it('shows members to members, public members to everyone, and lets people publicize or conceal only themselves', async () => {
    const org = await createOrg(server, [owner]);
    const team = await api.post(`/orgs/${org.login}/teams`, { name: 'readers', permission: 'read' }, owner.basic);
    assert.equal((await api.put(`/teams/${team.body.id}/members/${member.login}`, undefined, owner.basic)).status, 204);
    const logins = (res: { body: { login: string }[] }) => res.body.map((u) => u.login).sort();
    assert.deepEqual(logins(await api.get(`/orgs/${org.login}/members`, member.basic)), [owner.login, member.login].sort());
    assert.deepEqual(logins(await api.get(`/orgs/${org.login}/members`, outsider.basic)), []);
    assert.equal((await api.get(`/orgs/${org.login}/members/${member.login}`, owner.basic)).status, 204);
    assert.equal((await api.get(`/orgs/${org.login}/members/${outsider.login}`, owner.basic)).status, 404);
    // A non-member asking about someone else is sent to the public membership.
    const raw = await fetch(new URL(`api/v1/orgs/${org.login}/members/${member.login}`, server.url), {
      headers: { authorization: `Basic ${Buffer.from(`${outsider.login}:${outsider.password}`).toString('base64')}` },
      redirect: 'manual',
    });
    assert.equal(raw.status, 303);
    assert.match(raw.headers.get('location') ?? '', new RegExp(`/api/v1/orgs/${org.login}/public_members/${member.login}$`));
    assert.equal((await api.get(`/orgs/${org.login}/members`)).status, 401);

    assert.equal((await api.get(`/orgs/${org.login}/public_members/${member.login}`)).status, 404);
    assert.equal((await api.put(`/orgs/${org.login}/public_members/${owner.login}`, undefined, member.basic)).status, 403);
    assert.equal((await api.put(`/orgs/${org.login}/public_members/${outsider.login}`, undefined, outsider.basic)).status, 403);
    assert.equal((await api.put(`/orgs/${org.login}/public_members/${member.login}`, undefined, member.basic)).status, 204);
    assert.equal((await api.get(`/orgs/${org.login}/public_members/${member.login}`)).status, 204);
    assert.deepEqual(logins(await api.get(`/orgs/${org.login}/public_members`)), [member.login]);
    assert.deepEqual(logins(await api.get(`/orgs/${org.login}/members`, outsider.basic)), [member.login]);
    const memberOrgs = await api.get(`/users/${member.login}/orgs`, outsider.basic);
    assert.ok(memberOrgs.body.some((o: { name: string }) => o.name === org.login));
    assert.equal((await api.delete(`/orgs/${org.login}/public_members/${member.login}`, member.basic)).status, 204);
    assert.equal((await api.get(`/orgs/${org.login}/public_members/${member.login}`)).status, 404);
    const hiddenNow = await api.get(`/users/${member.login}/orgs`, outsider.basic);
    assert.ok(!hiddenNow.body.some((o: { name: string }) => o.name === org.login));
    const mine = await api.get('/user/orgs', member.basic);
    assert.ok(mine.body.some((o: { name: string }) => o.name === org.login));
  });

  it('lists every member as a public member to a site admin, and only the public ones to everyone else, members too', async () => {
    const org = await createOrg(server, [owner]);
    const team = await api.post(`/orgs/${org.login}/teams`, { name: 'concealed', permission: 'read' }, owner.basic);
    assert.equal((await api.put(`/teams/${team.body.id}/members/${member.login}`, undefined, owner.basic)).status, 204);
    const publicMembers = async (auth?: Parameters<typeof api.get>[1]) =>
      ((await api.get(`/orgs/${org.login}/public_members`, auth)).body as { login: string }[]).map((u) => u.login).sort();
    // Neither membership is public yet (this server's default).
    assert.deepEqual(await publicMembers(adminAuth), [owner.login, member.login].sort());
    assert.deepEqual(await publicMembers(owner.basic), []);
    assert.deepEqual(await publicMembers(member.basic), []);
    assert.deepEqual(await publicMembers(), []);
    assert.equal((await api.put(`/orgs/${org.login}/public_members/${member.login}`, undefined, member.basic)).status, 204);
    assert.deepEqual(await publicMembers(owner.basic), [member.login]);
    assert.deepEqual(await publicMembers(adminAuth), [owner.login, member.login].sort());
  });

  it('removes a member from every team (owners remove anyone, members themselves), but never the last owner', async () => {
    const org = await createOrg(server, [owner]);
    const team = await api.post(`/orgs/${org.login}/teams`, { name: 'devs', permission: 'write' }, owner.basic);
    await api.put(`/teams/${team.body.id}/members/${member.login}`, undefined, owner.basic);
    const other = await createAccount(api);
    await api.put(`/teams/${team.body.id}/members/${other.login}`, undefined, owner.basic);
    assert.equal((await api.delete(`/orgs/${org.login}/members/${other.login}`, member.basic)).status, 403);
    assert.equal((await api.delete(`/orgs/${org.login}/members/${member.login}`, owner.basic)).status, 204);
    // A member may leave.
    assert.equal((await api.delete(`/orgs/${org.login}/members/${other.login}`, other.basic)).status, 204);
    assert.equal((await api.get(`/orgs/${org.login}/members/${other.login}`, owner.basic)).status, 404);
    assert.equal((await api.get(`/orgs/${org.login}/members/${member.login}`, owner.basic)).status, 404);
    assert.equal((await api.get(`/teams/${team.body.id}/members/${member.login}`, owner.basic)).status, 404);
    const lastOwner = await api.delete(`/orgs/${org.login}/members/${owner.login}`, owner.basic);
    assert.equal(lastOwner.status, 409);
    assert.match(lastOwner.body.message, /owner/);
    const owners = await ownersTeamId(org.login);
    assert.equal((await api.delete(`/teams/${owners}/members/${owner.login}`, owner.basic)).status, 409);
  });

  it('site admins create organizations for other people', async () => {
    const name = uniqueName('org');
    const res = await api.post(`/admin/users/${member.login}/orgs`, { username: name }, adminAuth);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const perms = await api.get(`/users/${member.login}/orgs/${name}/permissions`, member.basic);
    assert.equal(perms.body.is_owner, true);
    assert.equal((await api.post(`/admin/users/${member.login}/orgs`, { username: uniqueName('org') }, owner.basic)).status, 403);
    const hidden = await createOrg(server, [owner], { visibility: 'private' });
    const all = await api.get('/admin/orgs?limit=50', adminAuth);
    assert.ok(all.body.some((o: { name: string }) => o.name === hidden.login), 'site admins see private organizations too');
    assert.equal((await api.get('/admin/orgs', owner.basic)).status, 403);
  });

  it('a token without the organization scope cannot act on organizations', async () => {
    const org = await createOrg(server, [owner]);
    const repoOnly = await createToken(api, owner, ['write:repository']);
    assert.equal((await api.patch(`/orgs/${org.login}`, { description: 'x' }, { token: repoOnly })).status, 403);
    const orgToken = await createToken(api, owner, ['write:organization']);
    assert.equal((await api.patch(`/orgs/${org.login}`, { description: 'x' }, { token: orgToken })).status, 200);
    const readOnly = await createToken(api, owner, ['read:organization']);
    assert.equal((await api.patch(`/orgs/${org.login}`, { description: 'y' }, { token: readOnly })).status, 403);
  });
});
