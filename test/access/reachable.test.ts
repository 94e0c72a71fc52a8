import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccount, createToken, type TestAccount } from '../testkit/accounts.ts';
import { adminAuth, graphql, type Auth } from '../testkit/client.ts';
import { addTeamMember, createOrg, createTeam, type TestOrg } from '../testkit/orgs.ts';
import { buildRepo, type RepoSpec } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

/**
 * GET /user/repos lists what the caller reaches, as Gitea's does: owned repositories, collaborations, the
 * repositories of its teams (owner teams and teams with all repositories included too), and the public
 * repositories of private organizations it belongs to; never public repositories it merely may read.
 */
type Role = 'owner' | 'orgOwner' | 'teamExplicit' | 'teamAll' | 'memberNoRepo' | 'collaborator' | 'outsider' | 'restricted';
const ROLES: Role[] = ['owner', 'orgOwner', 'teamExplicit', 'teamAll', 'memberNoRepo', 'collaborator', 'outsider', 'restricted'];

interface Listed {
  id: number;
  full_name: string;
  name: string;
}

describe('the repositories a caller reaches (GET /user/repos, User.repositories)', () => {
  const server = useServer();
  const { api } = server;
  const people = {} as Record<Role, TestAccount>;
  const orgs = {} as Record<'public' | 'private', TestOrg>;
  let personal: { pub: string; priv: string };
  let outsiderOwn: string;

  before(async () => {
    for (const role of ROLES) people[role] = await createAccount(api);
    const restrict = await api.patch(`/admin/users/${people.restricted.login}`, { source_id: 0, login_name: people.restricted.login, restricted: true }, adminAuth);
    assert.equal(restrict.status, 200, JSON.stringify(restrict.body));

    const readers: RepoSpec['collaborators'] = [[people.collaborator, 'read'], [people.restricted, 'read']];
    const [pub, priv] = [await buildRepo(server, people.owner, { name: 'p-pub', collaborators: readers }), await buildRepo(server, people.owner, { name: 'p-priv', private: true, collaborators: readers })];
    personal = { pub: pub.fullName, priv: priv.fullName };
    outsiderOwn = (await buildRepo(server, people.outsider, { name: 'o-own', private: true })).fullName;
    for (const visibility of ['public', 'private'] as const) {
      const org = (orgs[visibility] = await createOrg(server, [people.orgOwner], { visibility }));
      await buildRepo(server, people.orgOwner, { org: org.login, name: 'a-pub' });
      await buildRepo(server, people.orgOwner, { org: org.login, name: 'b-priv', private: true });
      const explicit = await createTeam(server, org, { name: 'explicit', permission: 'read' });
      assert.equal((await api.put(`/teams/${explicit}/repos/${org.login}/b-priv`, undefined, people.orgOwner.basic)).status, 204);
      await addTeamMember(server, people.orgOwner, explicit, people.teamExplicit);
      await addTeamMember(server, people.orgOwner, await createTeam(server, org, { name: 'everything', permission: 'write', includesAllRepositories: true }), people.teamAll);
      await addTeamMember(server, people.orgOwner, await createTeam(server, org, { name: 'bystanders', permission: 'read' }), people.memberNoRepo);
    }
  });

  const expected = (role: Role): string[] => {
    const pub = orgs.public.login;
    const priv = orgs.private.login;
    switch (role) {
      case 'owner':
      case 'collaborator':
      case 'restricted':
        return [personal.pub, personal.priv];
      case 'orgOwner':
      case 'teamAll':
        return [`${pub}/a-pub`, `${pub}/b-priv`, `${priv}/a-pub`, `${priv}/b-priv`];
      // The public repository of the private organization is reached through membership alone.
      case 'teamExplicit':
        return [`${pub}/b-priv`, `${priv}/a-pub`, `${priv}/b-priv`];
      case 'memberNoRepo':
        return [`${priv}/a-pub`];
      case 'outsider':
        return [outsiderOwn];
    }
  };
  /** Gitea's order: by name; equal names by id. */
  const byName = (a: Listed, b: Listed) => a.name.localeCompare(b.name) || a.id - b.id;

  it('lists for each role exactly what it owns, collaborates on or reaches through its teams, ordered by name', async () => {
    for (const role of ROLES) {
      const res = await api.get<Listed[]>('/user/repos?limit=50', people[role].basic);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const names = res.body.map((r) => r.full_name);
      assert.deepEqual([...names].sort(), [...expected(role)].sort(), role);
      assert.deepEqual(res.body, [...res.body].sort(byName), `${role}: ordered by name`);
      assert.equal(res.headers.get('x-total-count'), String(expected(role).length), role);
    }
  });

  it('gives each listed repository the permissions the access model gives the caller', async () => {
    const res = await api.get<(Listed & { permissions: { admin: boolean; push: boolean; pull: boolean } })[]>('/user/repos', people.teamAll.basic);
    assert.ok(res.body.length > 0);
    for (const r of res.body) assert.deepEqual(r.permissions, { admin: false, push: true, pull: true }, r.full_name);
    const collaborator = await api.get<(Listed & { permissions: { push: boolean } })[]>('/user/repos', people.collaborator.basic);
    for (const r of collaborator.body) assert.equal(r.permissions.push, false, r.full_name);
  });

  it('lists for a site admin only what is granted to it, not every repository, as Gitea does', async () => {
    const res = await api.get<Listed[]>('/user/repos?limit=50', adminAuth);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, []);
  });

  it('pages with page and limit, X-Total-Count and Link headers', async () => {
    const all = await api.get<Listed[]>('/user/repos', people.orgOwner.basic);
    const first = await api.get<Listed[]>('/user/repos?page=1&limit=3', people.orgOwner.basic);
    assert.deepEqual(first.body.map((r) => r.id), all.body.slice(0, 3).map((r) => r.id));
    assert.equal(first.headers.get('x-total-count'), '4');
    assert.match(first.headers.get('link') ?? '', /page=2&limit=3>; rel="next"/);
    assert.match(first.headers.get('link') ?? '', /page=2&limit=3>; rel="last"/);
    const second = await api.get<Listed[]>('/user/repos?page=2&limit=3', people.orgOwner.basic);
    assert.deepEqual(second.body.map((r) => r.id), all.body.slice(3).map((r) => r.id));
    assert.match(second.headers.get('link') ?? '', /page=1&limit=3>; rel="first"/);
    assert.doesNotMatch(second.headers.get('link') ?? '', /rel="next"/);
    assert.deepEqual((await api.get<Listed[]>('/user/repos?page=3&limit=3', people.orgOwner.basic)).body, []);
  });

  it('stops listing what a grant gave once the grant is gone', async () => {
    const target = personal.priv;
    assert.equal((await api.delete(`/repos/${target}/collaborators/${people.collaborator.login}`, people.owner.basic)).status, 204);
    try {
      const res = await api.get<Listed[]>('/user/repos', people.collaborator.basic);
      assert.deepEqual(res.body.map((r) => r.full_name), [personal.pub]);
    } finally {
      assert.equal((await api.put(`/repos/${target}/collaborators/${people.collaborator.login}`, { permission: 'read' }, people.owner.basic)).status, 204);
    }
  });

  it('needs a signed-in caller, and tokens with read:repository and read:user, as Gitea', async () => {
    assert.equal((await api.get('/user/repos')).status, 401);
    const both = await createToken(api, people.owner, ['read:repository', 'read:user']);
    assert.equal((await api.get<Listed[]>('/user/repos', { token: both })).body.length, 2);
    const repositoryOnly = await createToken(api, people.owner, ['read:repository']);
    assert.equal((await api.get('/user/repos', { token: repositoryOnly })).status, 403);
    const userOnly = await createToken(api, people.owner, ['read:user']);
    assert.equal((await api.get('/user/repos', { token: userOnly })).status, 403);
    // A public-only token reaches public repositories of public owners only.
    const publicOnly = await createToken(api, people.orgOwner, ['read:repository', 'read:user', 'public-only']);
    const listed = await api.get<Listed[]>('/user/repos', { token: publicOnly });
    assert.deepEqual(listed.body.map((r) => r.full_name), [`${orgs.public.login}/a-pub`]);
  });

  it('answers the same in GraphQL, and only for the viewer itself', async () => {
    const query = `query($login: String!) {
      viewer { repositories(affiliation: reachable, first: 50) { totalCount nodes { fullName } } }
      user(login: $login) { repositories { totalCount nodes { fullName } } }
    }`;
    const res = await graphql(server.url, query, { login: orgs.private.login }, people.teamExplicit.basic);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    assert.deepEqual(res.data.viewer.repositories.nodes.map((r: { fullName: string }) => r.fullName).sort(), expected('teamExplicit').sort());
    assert.equal(res.data.viewer.repositories.totalCount, 3);
    // Owned (the default): the organization's repositories the caller may read.
    assert.deepEqual(res.data.user.repositories.nodes.map((r: { fullName: string }) => r.fullName), [`${orgs.private.login}/a-pub`, `${orgs.private.login}/b-priv`]);
    const other = await graphql(server.url, '{ user(login: "root") { repositories(affiliation: reachable) { totalCount } } }', undefined, adminAuth);
    assert.equal(other.errors?.length, undefined, 'a site admin may ask about its own account');
    const foreign = await graphql(
      server.url,
      `{ user(login: "${people.teamAll.login}") { repositories(affiliation: reachable) { totalCount } } }`,
      undefined,
      adminAuth,
    );
    assert.equal(foreign.errors?.[0]?.extensions?.code, 'FORBIDDEN', JSON.stringify(foreign));
  });

  it('costs the same SQL statements for a page of 50 as for a page of 1', async () => {
    const busy = await createAccount(api);
    // Both pages start with a repository reached through a team that is a fork (its parent is part of the
    // REST shape), so both need the caller's grants for the rows and for the parents.
    const fork = await api.post(`/repos/${personal.pub}/forks`, { organization: orgs.public.login, name: '0-fork' }, people.orgOwner.basic);
    assert.equal(fork.status, 202, JSON.stringify(fork.body));
    for (const org of [orgs.public, orgs.private]) {
      const teams = await api.get<{ id: number; name: string }[]>(`/orgs/${org.login}/teams`, people.orgOwner.basic);
      await addTeamMember(server, people.orgOwner, teams.body.find((t) => t.name === 'everything')!.id, busy);
    }
    assert.equal((await api.put(`/repos/${personal.priv}/collaborators/${busy.login}`, { permission: 'write' }, people.owner.basic)).status, 204);
    for (let i = 0; i < 44; i++) await buildRepo(server, busy, { name: `own-${i}`, private: i % 2 === 0 });
    const cost = async (limit: number) => {
      // Cold caches for each page: a row read per item must not hide behind an earlier request.
      server.app.caches.clear();
      await server.app.backgroundIdle(); // the feed entries of the repositories just made are not this read's
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await api.get<Listed[]>(`/user/repos?limit=${limit}`, busy.basic);
      const spent = server.app.database.queryCount() - before;
      assert.equal(res.body.length, limit);
      assert.equal(res.body[0].name, '0-fork');
      assert.equal(res.headers.get('x-total-count'), '50');
      return spent;
    };
    assert.equal(await cost(50), await cost(1));
  });
});
