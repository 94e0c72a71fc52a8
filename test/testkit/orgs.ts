import assert from 'node:assert/strict';
import { createAccount, createAccounts, type TestAccount } from './accounts.ts';
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

/** What an organization is made with; the profile fields are left out unless given. */
export interface OrgOptions {
  login?: string;
  visibility?: 'public' | 'limited' | 'private';
  fullName?: string;
  description?: string;
  website?: string;
  location?: string;
}

export async function createOrg(server: Pick<TestServer, 'url'>, owners: TestAccount[], options: OrgOptions = {}): Promise<TestOrg> {
  const api = restClient(server.url);
  const login = options.login ?? `org${process.pid}x${++counter}`;
  const [owner, ...others] = owners;
  const { fullName, description, website, location } = options;
  const body = { username: login, visibility: options.visibility ?? 'public', full_name: fullName, description, website, location };
  const created = await api.post('/orgs', body, owner.basic);
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const teams = await api.get(`/orgs/${login}/teams`, owner.basic);
  const ownersTeamId = teams.body.find((t: { name: string }) => t.name === 'Owners').id as number;
  await Promise.all(others.map((other) => addTeamMember(server, owner, ownersTeamId, other)));
  return { id: created.body.id, login, ownersTeamId, owner };
}

export interface TeamOptions {
  name: string;
  permission?: 'none' | 'read' | 'write' | 'admin';
  /** Per-unit access ({"repo.code": "read", …}); the team's permission then follows from it. */
  unitsMap?: Record<string, string>;
  canCreateOrgRepo?: boolean;
  includesAllRepositories?: boolean;
}

/** Another team of an organization (no members). */
export async function createTeam(
  server: Pick<TestServer, 'url'>,
  org: TestOrg,
  options: TeamOptions,
): Promise<number> {
  const res = await restClient(server.url).post(
    `/orgs/${org.login}/teams`,
    {
      name: options.name,
      permission: options.unitsMap ? undefined : (options.permission ?? 'read'),
      units_map: options.unitsMap,
      can_create_org_repo: options.canCreateOrgRepo ?? false,
      includes_all_repositories: options.includesAllRepositories ?? false,
    },
    org.owner.basic,
  );
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.id;
}

/** Puts a person in a team, and so in its organization. */
export async function addTeamMember(server: Pick<TestServer, 'url'>, by: TestAccount, teamId: number, member: TestAccount) {
  const res = await restClient(server.url).put(`/teams/${teamId}/members/${member.login}`, undefined, by.basic);
  assert.equal(res.status, 204, JSON.stringify(res.body));
}

/** A team made by buildOrg, with the people in it. */
export interface TestTeam {
  id: number;
  name: string;
  members: TestAccount[];
}

/** An organization made by buildOrg: its teams by name, and every member made for them. */
export interface BuiltOrg extends TestOrg {
  teams: Record<string, TestTeam>;
  members: TestAccount[];
}

/**
 * An organization with teams and members in as few rounds of calls as the API allows: the owner (made unless
 * given), the organization, then every team and every new member at once, then every membership at once.
 * A team's `members` is a number of new accounts to make, or accounts that exist.
 */
export async function buildOrg(
  server: Pick<TestServer, 'url'>,
  spec: OrgOptions & {
    owner?: TestAccount;
    teams?: (TeamOptions & { members?: number | TestAccount[] })[];
  } = {},
): Promise<BuiltOrg> {
  const api = restClient(server.url);
  const { owner: givenOwner, teams = [], ...orgOptions } = spec;
  const owner = givenOwner ?? (await createAccount(api));
  const org = await createOrg(server, [owner], orgOptions);
  const built = await Promise.all(
    teams.map(async ({ members = [], ...options }) => {
      const [id, people] = await Promise.all([
        createTeam(server, org, options),
        typeof members === 'number' ? createAccounts(api, members) : members,
      ]);
      await Promise.all(people.map((person) => addTeamMember(server, owner, id, person)));
      return { id, name: options.name, members: people };
    }),
  );
  const members = [...new Map(built.flatMap((t) => t.members).map((m) => [m.login, m])).values()];
  return { ...org, teams: Object.fromEntries(built.map((t) => [t.name, t])), members };
}
