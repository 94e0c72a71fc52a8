import assert from 'node:assert/strict';
import type { TestAccount } from './accounts.ts';
import { restClient } from './client.ts';
import type { TestServer } from './server.ts';

/** An organization made through the REST API; the first owner created it and owns it through the Owners team. */
export interface TestOrg {
  id: number;
  login: string;
  ownersTeamId: number;
  owner: TestAccount;
}

let counter = 0;

export async function createOrg(
  server: TestServer,
  owners: TestAccount[],
  options: { login?: string; visibility?: 'public' | 'limited' | 'private' } = {},
): Promise<TestOrg> {
  const api = restClient(server.url);
  const login = options.login ?? `org${process.pid}x${++counter}`;
  const [owner, ...others] = owners;
  const created = await api.post('/orgs', { username: login, visibility: options.visibility ?? 'public' }, owner.basic);
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const teams = await api.get(`/orgs/${login}/teams`, owner.basic);
  const ownersTeamId = teams.body.find((t: { name: string }) => t.name === 'Owners').id as number;
  for (const other of others) await addTeamMember(server, owner, ownersTeamId, other);
  return { id: created.body.id, login, ownersTeamId, owner };
}

/** Another team of an organization (no members). */
export async function createTeam(
  server: TestServer,
  org: TestOrg,
  options: { name: string; permission?: string; canCreateOrgRepo?: boolean; includesAllRepositories?: boolean },
): Promise<number> {
  const res = await restClient(server.url).post(
    `/orgs/${org.login}/teams`,
    {
      name: options.name,
      permission: options.permission ?? 'read',
      can_create_org_repo: options.canCreateOrgRepo ?? false,
      includes_all_repositories: options.includesAllRepositories ?? false,
    },
    org.owner.basic,
  );
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.id;
}

/** Puts a person in a team, and so in its organization. */
export async function addTeamMember(server: TestServer, by: TestAccount, teamId: number, member: TestAccount) {
  const res = await restClient(server.url).put(`/teams/${teamId}/members/${member.login}`, undefined, by.basic);
  assert.equal(res.status, 204, JSON.stringify(res.body));
}
