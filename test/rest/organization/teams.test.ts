import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccount, type TestAccount } from '../../testkit/accounts.ts';
import { buildRepo } from '../../testkit/repos.ts';
import { createOrg } from '../../testkit/orgs.ts';
import { useServer } from '../../testkit/use-server.ts';

let n = 0;
const uniqueName = (prefix: string) => `${prefix}${process.pid}x${++n}`;

describe('teams and collaborators over REST', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let member: TestAccount;
  let outsider: TestAccount;
  let org: string;
  before(async () => {
    [owner, member, outsider] = await Promise.all([createAccount(api), createAccount(api), createAccount(api)]);
    org = uniqueName('org');
    await createOrg(server, [owner], { login: org });
  });

  it('creates a team from units_map, and reports permission, units and units_map as Gitea does', async () => {
    const res = await api.post(`/orgs/${org}/teams`, { name: 'triage', units_map: { 'repo.issues': 'write', 'repo.code': 'read' } }, owner.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.permission, 'write');
    assert.deepEqual(res.body.units.sort(), ['repo.code', 'repo.issues']);
    assert.equal(res.body.units_map['repo.issues'], 'write');
    assert.equal(res.body.units_map['repo.code'], 'read');
    assert.equal(res.body.units_map['repo.wiki'], 'none');
    assert.equal(res.body.organization.name, org);
    const admins = await api.post(`/orgs/${org}/teams`, { name: 'admins', permission: 'admin', units: ['repo.code'] }, owner.basic);
    assert.equal(admins.body.permission, 'admin');
    assert.equal(admins.body.units_map['repo.wiki'], 'admin');
  });

  it('refuses bad team names and duplicates with 422, and reads unknown permissions, units and levels as Gitea does', async () => {
    assert.equal((await api.post(`/orgs/${org}/teams`, { name: 'bad name!' }, owner.basic)).status, 422);
    const x1 = await api.post(`/orgs/${org}/teams`, { name: 'x1', permission: 'owner', units_map: { 'repo.code': 'read' } }, owner.basic);
    assert.deepEqual([x1.status, x1.body.permission, x1.body.units_map['repo.code']], [201, 'read', 'read']);
    const x2 = await api.post(`/orgs/${org}/teams`, { name: 'x2', permission: 'read', units_map: { 'repo.nothing': 'read', 'repo.wiki': 'write' } }, owner.basic);
    assert.deepEqual([x2.status, x2.body.units], [201, ['repo.wiki']]);
    const x3 = await api.post(`/orgs/${org}/teams`, { name: 'x3', units_map: { 'repo.code': 'boss' } }, owner.basic);
    assert.deepEqual([x3.status, x3.body.permission, x3.body.units], [201, 'none', []]);
    for (const t of [x1, x2, x3]) assert.equal((await api.delete(`/teams/${t.body.id}`, owner.basic)).status, 204);
    assert.equal((await api.post(`/orgs/${org}/teams`, { name: 'dup' }, owner.basic)).status, 201);
    assert.equal((await api.post(`/orgs/${org}/teams`, { name: 'DUP' }, owner.basic)).status, 422);
  });

  it('lets only owners create, edit and delete teams, and keeps the Owners team as it is', async () => {
    const team = await api.post(`/orgs/${org}/teams`, { name: 'editable', permission: 'read' }, owner.basic);
    assert.equal((await api.post(`/orgs/${org}/teams`, { name: 'sneaky' }, outsider.basic)).status, 403);
    await api.put(`/teams/${team.body.id}/members/${member.login}`, undefined, owner.basic);
    assert.equal((await api.patch(`/teams/${team.body.id}`, { name: 'renamed' }, member.basic)).status, 403);
    assert.equal((await api.patch(`/teams/${team.body.id}`, { name: 'renamed' }, outsider.basic)).status, 404);
    const edited = await api.patch(`/teams/${team.body.id}`, { name: 'renamed', description: 'd', permission: 'write', includes_all_repositories: true }, owner.basic);
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    assert.deepEqual([edited.body.name, edited.body.permission, edited.body.includes_all_repositories], ['renamed', 'write', true]);
    const teams = await api.get(`/orgs/${org}/teams`, owner.basic);
    const owners = teams.body.find((t: { name: string }) => t.name === 'Owners');
    assert.equal(owners.organization, null);
    const kept = await api.patch(`/teams/${owners.id}`, { permission: 'read', includes_all_repositories: false }, owner.basic);
    assert.deepEqual([kept.status, kept.body.permission, kept.body.includes_all_repositories], [200, 'owner', true], 'ignored, as in Gitea');
    assert.equal((await api.delete(`/teams/${owners.id}`, owner.basic)).status, 422);
    assert.equal((await api.delete(`/teams/${team.body.id}`, member.basic)).status, 403);
    assert.equal((await api.delete(`/teams/${team.body.id}`, owner.basic)).status, 204);
    assert.equal((await api.get(`/teams/${team.body.id}`, owner.basic)).status, 404);
    // Leaving the last team leaves the organization.
    assert.equal((await api.get(`/orgs/${org}/members/${member.login}`, owner.basic)).status, 404);
  });

  it('shows a team to its members and owners, so it is "private" in Gitea\'s terms; other members get 403, strangers 404', async () => {
    const team = await api.post(`/orgs/${org}/teams`, { name: uniqueName('t') }, owner.basic);
    const other = await api.post(`/orgs/${org}/teams`, { name: uniqueName('t') }, owner.basic);
    assert.equal(team.body.visibility, 'private');
    await api.put(`/teams/${team.body.id}/members/${member.login}`, undefined, owner.basic);
    assert.equal((await api.get(`/teams/${team.body.id}`, member.basic)).status, 200);
    assert.equal((await api.get(`/teams/${other.body.id}`, member.basic)).status, 403);
    assert.equal((await api.get(`/teams/${team.body.id}`, outsider.basic)).status, 404);
    assert.equal((await api.get(`/teams/${team.body.id}`)).status, 401);
    const members = await api.get(`/teams/${team.body.id}/members`, member.basic);
    assert.deepEqual(members.body.map((u: { login: string }) => u.login), [member.login]);
    assert.equal(members.headers.get('x-total-count'), '1');
    assert.equal((await api.get(`/teams/${team.body.id}/members/${member.login}`, owner.basic)).body.login, member.login);
    assert.equal((await api.get(`/teams/${team.body.id}/members/${outsider.login}`, owner.basic)).status, 404);
    const mine = await api.get('/user/teams', member.basic);
    assert.ok(mine.body.some((t: { id: number; organization: { name: string } }) => t.id === team.body.id && t.organization.name === org));
    const search = await api.get(`/orgs/${org}/teams/search?q=${team.body.name.slice(0, 3)}`, member.basic);
    assert.equal(search.body.ok, true);
    assert.deepEqual(search.body.data.map((t: { id: number }) => t.id), [team.body.id]);
    assert.equal((await api.get(`/teams/${team.body.id}`, member.basic)).body.visibility, 'private');
  });

  it("gives a team repositories, and its members the team's access to them", async () => {
    const repo = await buildRepo(server, owner, { org, name: uniqueName('r'), private: true });
    const team = await api.post(`/orgs/${org}/teams`, { name: uniqueName('w'), permission: 'write' }, owner.basic);
    await api.put(`/teams/${team.body.id}/members/${member.login}`, undefined, owner.basic);
    assert.equal((await api.get(`/repos/${org}/${repo.name}`, member.basic)).status, 404);
    assert.equal((await api.put(`/teams/${team.body.id}/repos/${org}/${repo.name}`, undefined, member.basic)).status, 404);
    assert.equal((await api.put(`/teams/${team.body.id}/repos/${org}/${repo.name}`, undefined, owner.basic)).status, 204);
    const seen = await api.get(`/repos/${org}/${repo.name}`, member.basic);
    assert.equal(seen.status, 200);
    assert.deepEqual(seen.body.permissions, { admin: false, push: true, pull: true });
    assert.equal((await api.get(`/teams/${team.body.id}/repos/${org}/${repo.name}`, member.basic)).body.name, repo.name);
    assert.deepEqual((await api.get(`/teams/${team.body.id}/repos`, member.basic)).body.map((r: { name: string }) => r.name), [repo.name]);
    assert.equal((await api.delete(`/teams/${team.body.id}/repos/${org}/${repo.name}`, owner.basic)).status, 204);
    assert.equal((await api.get(`/repos/${org}/${repo.name}`, member.basic)).status, 404);
  });

  it('adds, lists, changes and removes collaborators, and reports anyone’s permission', async () => {
    const repo = await buildRepo(server, owner, { name: uniqueName('c'), private: true });
    const base = `/repos/${owner.login}/${repo.name}/collaborators`;
    assert.equal((await api.put(`${base}/${member.login}`, { permission: 'read' }, outsider.basic)).status, 404);
    assert.equal((await api.put(`${base}/${member.login}`, { permission: 'owner' }, owner.basic)).status, 422);
    assert.equal((await api.put(`${base}/nobody-${process.pid}`, {}, owner.basic)).status, 422);
    assert.equal((await api.put(`${base}/${owner.login}`, {}, owner.basic)).status, 422);
    assert.equal((await api.put(`${base}/${member.login}`, { permission: 'read' }, owner.basic)).status, 204);
    assert.equal((await api.get(`${base}/${member.login}`, owner.basic)).status, 204);
    assert.equal((await api.get(`${base}/${outsider.login}`, owner.basic)).status, 404);
    const list = await api.get(base, member.basic);
    assert.deepEqual(list.body.map((u: { login: string }) => u.login), [member.login]);
    const asReader = await api.get(`/repos/${owner.login}/${repo.name}`, member.basic);
    assert.deepEqual(asReader.body.permissions, { admin: false, push: false, pull: true });
    assert.equal((await api.put(`${base}/${outsider.login}`, {}, member.basic)).status, 403);
    const permission = await api.get(`${base}/${member.login}/permission`, member.basic);
    assert.deepEqual([permission.body.permission, permission.body.role_name, permission.body.user.login], ['read', 'read', member.login]);
    assert.equal((await api.get(`${base}/${owner.login}/permission`, member.basic)).status, 403);
    assert.equal((await api.get(`${base}/${owner.login}/permission`, owner.basic)).body.permission, 'owner');
    assert.equal((await api.put(`${base}/${member.login}`, { permission: 'admin' }, owner.basic)).status, 204);
    assert.equal((await api.get(`${base}/${member.login}/permission`, owner.basic)).body.permission, 'admin');
    assert.equal((await api.delete(`${base}/${member.login}`, owner.basic)).status, 204);
    assert.equal((await api.get(`/repos/${owner.login}/${repo.name}`, member.basic)).status, 404);
  });

  it('lists, adds and removes the teams of an organization repository; people’s repositories have none (405)', async () => {
    const repo = await buildRepo(server, owner, { org, name: uniqueName('rt') });
    const team = await api.post(`/orgs/${org}/teams`, { name: uniqueName('rt') }, owner.basic);
    const base = `/repos/${org}/${repo.name}/teams`;
    assert.deepEqual((await api.get(base, owner.basic)).body.map((t: { name: string }) => t.name), ['Owners']);
    assert.equal((await api.put(`${base}/${team.body.name}`, undefined, owner.basic)).status, 204);
    assert.equal((await api.put(`${base}/${team.body.name}`, undefined, owner.basic)).status, 422);
    assert.equal((await api.put(`${base}/no-such-team`, undefined, owner.basic)).status, 422);
    assert.equal((await api.get(`${base}/${team.body.name}`, owner.basic)).body.id, team.body.id);
    assert.equal((await api.put(`${base}/Owners`, undefined, owner.basic)).status, 422);
    // A repository admin who does not own the organization may not, unless the organization allows it.
    assert.equal((await api.put(`/repos/${org}/${repo.name}/collaborators/${outsider.login}`, { permission: 'admin' }, owner.basic)).status, 204);
    assert.equal((await api.delete(`${base}/${team.body.name}`, outsider.basic)).status, 403);
    assert.equal((await api.patch(`/orgs/${org}`, { repo_admin_change_team_access: true }, owner.basic)).status, 200);
    assert.equal((await api.delete(`${base}/${team.body.name}`, outsider.basic)).status, 204);
    assert.equal((await api.get(`${base}/${team.body.name}`, owner.basic)).status, 404);
    const personal = await buildRepo(server, owner, { name: uniqueName('p') });
    assert.equal((await api.get(`/repos/${owner.login}/${personal.name}/teams`, owner.basic)).status, 405);
  });

  it('a team that reaches no unit grants nothing: its repositories stay hidden from its members, listed or not', async () => {
    const repo = await buildRepo(server, owner, { org, name: uniqueName('n'), private: true });
    const team = await api.post(`/orgs/${org}/teams`, { name: uniqueName('none'), units_map: { 'repo.code': 'none' } }, owner.basic);
    assert.equal(team.body.permission, 'none');
    const viewer = await createAccount(api);
    await api.put(`/teams/${team.body.id}/members/${viewer.login}`, undefined, owner.basic);
    assert.equal((await api.put(`/teams/${team.body.id}/repos/${org}/${repo.name}`, undefined, owner.basic)).status, 204);
    assert.equal((await api.get(`/repos/${org}/${repo.name}`, viewer.basic)).status, 404);
    assert.equal((await api.get(`/teams/${team.body.id}/repos/${org}/${repo.name}`, viewer.basic)).status, 404);
    assert.deepEqual((await api.get(`/teams/${team.body.id}/repos`, viewer.basic)).body, []);
    const search = await api.get(`/repos/search?q=${repo.name}`, viewer.basic);
    assert.deepEqual(search.body.data, []);
    // Giving the team a unit makes the repository visible, and the team's permission follows its units.
    const edited = await api.patch(`/teams/${team.body.id}`, { name: team.body.name, units_map: { 'repo.issues': 'read' } }, owner.basic);
    assert.equal(edited.body.permission, 'read');
    assert.equal((await api.get(`/repos/${org}/${repo.name}`, viewer.basic)).status, 200);
    assert.equal((await api.get(`/repos/search?q=${repo.name}`, viewer.basic)).body.data.length, 1);
  });
});
