import type { TestServer } from './server.ts';

/**
 * Organizations made straight in the database, until the organization API exists (then this becomes calls
 * to it): a User row of type organization, its Owners team (owner permission, every repository, may create
 * repositories) and the owners as members of both the team and the organization.
 */
export interface TestOrg {
  id: number;
  login: string;
  ownersTeamId: number;
}

let counter = 0;

export async function createOrg(
  server: TestServer,
  owners: { id: number }[],
  options: { login?: string; visibility?: 'public' | 'limited' | 'private' } = {},
): Promise<TestOrg> {
  const db = server.app.database.db;
  const login = options.login ?? `org${process.pid}x${++counter}`;
  const org = await db.user.create({
    data: {
      login,
      lowerLogin: login.toLowerCase(),
      email: `${login}@example.test`,
      lowerEmail: `${login}@example.test`,
      type: 'organization',
      visibility: options.visibility ?? 'public',
    },
  });
  const team = await db.team.create({
    data: { orgId: org.id, name: 'Owners', lowerName: 'owners', permission: 'owner', includesAllRepositories: true, canCreateOrgRepo: true },
  });
  for (const owner of owners) await addTeamMember(server, org.id, team.id, owner.id);
  return { id: org.id, login, ownersTeamId: team.id };
}

/** Another team of an organization (no members). */
export async function createTeam(
  server: TestServer,
  org: TestOrg,
  options: { name: string; permission?: string; canCreateOrgRepo?: boolean; includesAllRepositories?: boolean },
): Promise<number> {
  const team = await server.app.database.db.team.create({
    data: {
      orgId: org.id,
      name: options.name,
      lowerName: options.name.toLowerCase(),
      permission: options.permission ?? 'read',
      canCreateOrgRepo: options.canCreateOrgRepo ?? false,
      includesAllRepositories: options.includesAllRepositories ?? false,
    },
  });
  return team.id;
}

/** Puts a user in a team, and so in its organization. */
export async function addTeamMember(server: TestServer, orgId: number, teamId: number, userId: number) {
  const db = server.app.database.db;
  await db.teamMember.create({ data: { teamId, userId } });
  await db.orgMember.upsert({ where: { orgId_userId: { orgId, userId } }, create: { orgId, userId }, update: {} });
}
