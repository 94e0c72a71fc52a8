import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccount, type TestAccount } from '../testkit/accounts.ts';
import { graphql } from '../testkit/client.ts';
import { buildRepo } from '../testkit/repos.ts';
import { createOrg } from '../testkit/orgs.ts';
import { useServer } from '../testkit/use-server.ts';

describe('organizations, teams and collaborators in GraphQL', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let member: TestAccount;
  const org = `gorg${process.pid}`;
  const q = (query: string, variables: Record<string, unknown>, who: TestAccount) => graphql(server.url, query, variables, who.basic);

  before(async () => {
    [owner, member] = await Promise.all([createAccount(api), createAccount(api)]);
  });

  it('creates an organization and a team, adds a member and reads them back through the graph', async () => {
    const created = await q('mutation($l: String!) { createOrganization(login: $l, input: { visibility: private }) { login visibility viewerIsOwner } }', { l: org }, owner);
    assert.equal(created.errors, undefined, JSON.stringify(created.errors));
    assert.deepEqual(created.data.createOrganization, { login: org, visibility: 'private', viewerIsOwner: true });
    const team = await q(
      'mutation($o: String!) { createTeam(organization: $o, input: { name: "core", unitLevels: [{ unit: "repo.code", level: "write" }], canCreateOrgRepo: true }) { databaseId permission units } }',
      { o: org },
      owner,
    );
    assert.equal(team.errors, undefined, JSON.stringify(team.errors));
    assert.deepEqual(team.data.createTeam.units, ['repo.code']);
    const id = team.data.createTeam.databaseId;
    const added = await q('mutation($id: Int!, $l: String!) { addTeamMember(id: $id, login: $l) }', { id, l: member.login }, owner);
    assert.equal(added.data.addTeamMember, true);
    const seen = await q(
      'query($o: String!) { organization(login: $o) { viewerIsMember viewerIsOwner members(first: 10) { totalCount nodes { login } } teams(first: 10) { nodes { name } } } }',
      { o: org },
      member,
    );
    assert.equal(seen.errors, undefined, JSON.stringify(seen.errors));
    assert.equal(seen.data.organization.viewerIsMember, true);
    assert.equal(seen.data.organization.viewerIsOwner, false);
    assert.equal(seen.data.organization.members.totalCount, 2);
    assert.deepEqual(seen.data.organization.teams.nodes.map((t: { name: string }) => t.name).sort(), ['Owners', 'core']);
    // Members see their own team's members, not those of teams they are not in.
    const own = await q('query($id: Int!) { team(id: $id) { members(first: 5) { nodes { login } } } }', { id }, member);
    assert.deepEqual(own.data.team.members.nodes.map((u: { login: string }) => u.login), [member.login]);
    const owners = await q('query($o: String!) { organization(login: $o) { teams(first: 5) { nodes { name databaseId } } } }', { o: org }, owner);
    const ownersId = owners.data.organization.teams.nodes.find((t: { name: string }) => t.name === 'Owners').databaseId;
    const other = await q('query($id: Int!) { team(id: $id) { name } }', { id: ownersId }, member);
    assert.equal(other.errors?.[0]?.extensions?.code, 'FORBIDDEN');
    const stranger = await createAccount(api);
    const hidden = await q('query($o: String!) { organization(login: $o) { login } }', { o: org }, stranger);
    assert.equal(hidden.data.organization, null);
  });

  it('a page of 50 organization repositories with owners, permissions and unit levels costs the SQL statements of a page of 1', async () => {
    const owned = `borg${process.pid}`;
    await createOrg(server, [owner], { login: owned });
    const team = await api.post(`/orgs/${owned}/teams`, { name: 'some', permission: 'write' }, owner.basic);
    await api.put(`/teams/${team.body.id}/members/${member.login}`, undefined, owner.basic);
    const make = async (i: number) => {
      const name = `r${String(i).padStart(2, '0')}`;
      await buildRepo(server, owner, { org: owned, name, private: i % 2 === 0, collaborators: i % 5 === 0 ? [[member, 'admin']] : [] });
      if (i % 3 === 0) assert.equal((await api.put(`/teams/${team.body.id}/repos/${owned}/${name}`, undefined, owner.basic)).status, 204);
    };
    for (let i = 0; i < 50; i += 10) await Promise.all(Array.from({ length: 10 }, (_, k) => make(i + k)));
    const query = `query($n: Int) { organization(login: "${owned}") { repositories(first: $n) { totalCount nodes { name owner { login }
      viewerPermissions { admin push pull } viewerAccess { level units { unit level } } } } } }`;
    const count = async (n: number, who: TestAccount) => {
      // Cold caches each time: a row read once per item must not hide behind an earlier request's reads.
      server.app.caches.clear();
      await server.app.backgroundIdle(); // the feed entries of the repositories just made are not this read's
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await q(query, { n }, who);
      assert.equal(res.errors, undefined, JSON.stringify(res.errors));
      return { sql: server.app.database.queryCount() - before, nodes: res.data.organization.repositories.nodes };
    };
    const one = await count(1, member);
    const fifty = await count(50, member);
    // The member reads the public ones, the team's and those it collaborates on: some, not all, of the fifty.
    assert.ok(fifty.nodes.length > 25 && fifty.nodes.length < 50, `member sees ${fifty.nodes.length}`);
    const byName = new Map(fifty.nodes.map((r: { name: string }) => [r.name, r]));
    assert.equal((byName.get('r00') as { viewerAccess: { level: string } }).viewerAccess.level, 'admin');
    assert.equal((byName.get('r03') as { viewerPermissions: { push: boolean } }).viewerPermissions.push, true);
    assert.equal((byName.get('r01') as { viewerPermissions: { push: boolean } }).viewerPermissions.push, false);
    assert.equal(fifty.sql, one.sql, `SQL statements: ${fifty.sql} for 50 repositories, ${one.sql} for 1`);
    const asOwner = await count(50, owner);
    assert.equal(asOwner.nodes.length, 50);
  });

  it('shows members the README of .profile-private and everyone else the one of .profile', async () => {
    const o = `porg${process.pid}`;
    await createOrg(server, [owner], { login: o });
    const readme = '{ organization(login: "' + o + '") { profileReadme { text isPrivate } } }';
    const outsider = await createAccount(api);
    assert.equal((await q(readme, {}, outsider)).data.organization.profileReadme, null);
    await buildRepo(server, owner, { org: o, name: '.profile', autoInit: true, description: 'for everyone' });
    await buildRepo(server, owner, { org: o, name: '.profile-private', private: true, autoInit: true, description: 'members only' });
    const team = await api.post(`/orgs/${o}/teams`, { name: 'plain', permission: 'read' }, owner.basic);
    await api.put(`/teams/${team.body.id}/members/${member.login}`, undefined, owner.basic);
    const forMember = (await q(readme, {}, member)).data.organization.profileReadme;
    assert.equal(forMember.isPrivate, true);
    assert.match(forMember.text, /members only/);
    const forOutsider = (await q(readme, {}, outsider)).data.organization.profileReadme;
    assert.equal(forOutsider.isPrivate, false);
    assert.match(forOutsider.text, /for everyone/);
    assert.doesNotMatch(forOutsider.text, /members only/);
  });

  it("shows a person's README of their .profile repository, rendered, only while that repository is public", async () => {
    const person = await createAccount(api);
    const readme = `{ user(login: "${person.login}") { profileReadme { text html isPrivate repository { fullName } } } }`;
    const outsider = await createAccount(api);
    assert.equal((await q(readme, {}, outsider)).data.user.profileReadme, null);
    await buildRepo(server, person, { name: '.profile', files: { 'README.md': '# Hello\n\nI write **code**.\n' } });
    const shown = (await q(readme, {}, outsider)).data.user.profileReadme;
    assert.equal(shown.repository.fullName, `${person.login}/.profile`);
    assert.match(shown.text, /I write \*\*code\*\*/);
    assert.match(shown.html, /<strong>code<\/strong>/);
    const hide = await api.patch(`/repos/${person.login}/.profile`, { private: true }, person.basic);
    assert.equal(hide.status, 200);
    assert.equal((await q(readme, {}, outsider)).data.user.profileReadme, null);
    assert.equal((await q(readme, {}, person)).data.user.profileReadme, null, 'a private .profile is not shown, even to its owner');
  });

  it('finds the organizations whose login or full name holds the query, of those the viewer may see', async () => {
    const tag = `find${process.pid}`;
    await createOrg(server, [owner], { login: `${tag}-one`, fullName: 'Seen Fully' });
    await createOrg(server, [owner], { login: `${tag}-hidden`, visibility: 'private' });
    await createOrg(server, [owner], { login: `other${process.pid}` });
    const search = (query: string, who: TestAccount) =>
      q('query($query: String) { organizations(query: $query, first: 50) { nodes { login } } }', { query }, who).then((r) => r.data.organizations.nodes.map((o: { login: string }) => o.login).sort());
    const outsider = await createAccount(api);
    assert.deepEqual(await search(tag, outsider), [`${tag}-one`]);
    assert.deepEqual(await search(tag.toUpperCase(), owner), [`${tag}-hidden`, `${tag}-one`]);
    assert.deepEqual(await search('Seen Fully', outsider), [`${tag}-one`]);
  });

  it('sorts the organizations and the people it lists by login or by age, either way', async () => {
    const tag = `srt${process.pid}`;
    for (const name of ['b', 'c', 'a']) await createOrg(server, [owner], { login: `${tag}-${name}` });
    const orgs = (sort: string, order: string) =>
      q('query($q: String, $s: String, $o: String) { organizations(query: $q, sort: $s, order: $o, first: 50) { nodes { login } } }', { q: tag, s: sort, o: order }, owner).then((r) =>
        r.data.organizations.nodes.map((o: { login: string }) => o.login.slice(-1)).join(''),
      );
    assert.equal(await orgs('alpha', 'desc'), 'cba');
    assert.equal(await orgs('created', 'asc'), 'bca');
    assert.equal(await orgs('created', 'desc'), 'acb');
    const people = await Promise.all([createAccount(api), createAccount(api)]);
    const ids = people.map((p) => p.login);
    const users = (sort: string, order: string) =>
      q('query($s: String, $o: String) { users(sort: $s, order: $o, first: 100) { nodes { login } } }', { s: sort, o: order }, owner).then((r) =>
        r.data.users.nodes.map((u: { login: string }) => u.login).filter((login: string) => ids.includes(login)),
      );
    assert.deepEqual(await users('alpha', 'asc'), [...ids].sort());
    assert.deepEqual(await users('alpha', 'desc'), [...ids].sort().reverse());
    const wrong = await q('{ users(sort: "stars") { totalCount } }', {}, owner);
    assert.match(wrong.errors?.[0]?.message ?? '', /sort must be one of alpha, created/);
  });
});
