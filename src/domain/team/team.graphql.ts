import { lookup } from '../../graphql/errors.ts';
import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { UNITS } from '../access/units.ts';
import { UnitLevel } from '../access/access.graphql.ts';
import { OrganizationRef } from '../org/org.graphql.ts';
import { RepositoryConnection, RepositoryRef } from '../repo/repo.graphql.ts';
import { withOwner } from '../repo/repo.service.ts';
import { UserConnection, UserRef } from '../user/user.graphql.ts';
import * as teams from './team.service.ts';
import { TEAM_FIELDS, UNIT_LEVEL_FIELDS } from './team.inputs.ts';
import { inputFromTable } from '../../graphql/input-fields.ts';
import { invalid, notFound } from '../../errors.ts';


export const TeamRef = builder.prismaObject('Team', {
  readScope: 'read:organization',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    description: t.exposeString('description'),
    permission: t.exposeString('permission', { description: 'none, read, write, admin or owner.' }),
    units: t.stringList({
      description: 'The units the team reaches at all.',
      resolve: (team) => Object.entries(teams.teamUnits(team)).filter(([, l]) => l !== 'none').map(([u]) => u),
    }),
    unitLevels: t.field({
      type: [UnitLevel],
      description: `The level on every unit (${UNITS.length} of them).`,
      resolve: (team) => Object.entries(teams.teamUnits(team)).map(([unit, level]) => ({ unit, level })),
    }),
    includesAllRepositories: t.exposeBoolean('includesAllRepositories'),
    canCreateOrgRepo: t.exposeBoolean('canCreateOrgRepo'),
    organization: t.field({
      type: OrganizationRef,
      resolve: async (team, _a, ctx) => {
        const org = await ctx.loaders.userById.load(team.orgId);
        if (!org) throw notFound(`the organization of team ${team.id} does not exist`);
        return org;
      },
    }),
    members: t.connection(
      {
        type: UserRef,
        complexity: connectionComplexity,
        resolve: (team, page, ctx) => offsetConnection(page, (window) => teams.listTeamMembers(ctx, team.id, window)),
      },
      UserConnection,
    ),
    member: t.field({
      type: UserRef,
      nullable: true,
      args: { login: t.arg.string({ required: true }) },
      resolve: (team, { login }, ctx) => lookup(ctx, () => teams.getTeamMember(ctx, team.id, login), () => `${login} is not a member of team ${team.id}`),
    }),
    repositories: t.connection(
      {
        type: RepositoryRef,
        complexity: connectionComplexity,
        tokenScope: 'read:repository',
        resolve: (team, page, ctx) => offsetConnection(page, (window) => teams.listTeamRepositories(ctx, team.id, window)),
      },
      RepositoryConnection,
    ),
    repository: t.field({
      type: RepositoryRef,
      nullable: true,
      tokenScope: 'read:repository',
      args: { name: t.arg.string({ required: true }) },
      resolve: (team, { name }, ctx) =>
        lookup(
          ctx,
          () => teams.getTeamRepository(ctx, team.id, name),
          async () => `team ${team.id} does not reach ${(await ctx.loaders.userById.load(team.orgId))?.login}/${name}`,
        ),
    }),
  }),
});

const TeamConnection = builder.connectionObject({
  type: TeamRef,
  name: 'TeamConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

builder.objectField(OrganizationRef, 'teams', (t) =>
  t.connection(
    {
      type: TeamRef,
      description: 'Teams of the organization (members only); with `query`, searched by name and description.',
      complexity: connectionComplexity,
      args: { query: t.arg.string(), includeDescription: t.arg.boolean(), onlyViewers: t.arg.boolean() },
      resolve: (org, { query, includeDescription, onlyViewers, ...page }, ctx) =>
        offsetConnection(page, (window) =>
          query !== undefined && query !== null || onlyViewers
            ? teams.searchTeams(ctx, org.login, { query, includeDescription }, window)
            : teams.listTeams(ctx, org.login, window),
        ),
    },
    TeamConnection,
  ),
);

builder.objectFields(RepositoryRef, (t) => ({
  teams: t.field({
    type: [TeamRef],
    description: 'Teams of the owning organization that reach this repository (an error for repositories of people).',
    tokenScope: 'read:repository',
    resolve: async (repo, _a, ctx) => {
      const r = await withOwner(ctx, repo);
      return teams.listRepositoryTeams(ctx, r.owner.login, r.name);
    },
  }),
  team: t.field({
    type: TeamRef,
    nullable: true,
    tokenScope: 'read:repository',
    args: { name: t.arg.string({ required: true }) },
    resolve: async (repo, { name }, ctx) => {
      const r = await withOwner(ctx, repo);
      return lookup(ctx, () => teams.getRepositoryTeam(ctx, r.owner.login, r.name, name), () => `team ${name} does not reach ${r.owner.login}/${r.name}`);
    },
  }),
}));

builder.queryFields((t) => ({
  team: t.field({
    type: TeamRef,
    tokenScope: 'read:organization',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, { id }, ctx) => teams.getTeam(ctx, id),
  }),
  viewerTeams: t.connection(
    {
      type: TeamRef,
      description: "The viewer's teams in every organization.",
      complexity: connectionComplexity,
      tokenScope: 'read:organization',
      resolve: (_root, page, ctx) => offsetConnection(page, (window) => teams.listViewerTeams(ctx, window)),
    },
    TeamConnection,
  ),
}));

inputFromTable('UnitLevelInput', UNIT_LEVEL_FIELDS);
const TeamInput = inputFromTable('TeamInput', TEAM_FIELDS);

builder.mutationFields((t) => ({
  createTeam: t.field({
    type: TeamRef,
    tokenScope: 'write:organization',
    args: { organization: t.arg.string({ required: true }), input: t.arg({ type: TeamInput, required: true }) },
    resolve: (_root, { organization, input }, ctx) => {
      if (!input.name) throw invalid('a team needs a name');
      return teams.createTeam(ctx, organization, { ...input, name: input.name });
    },
  }),
  updateTeam: t.field({
    type: TeamRef,
    tokenScope: 'write:organization',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: TeamInput, required: true }) },
    resolve: (_root, { id, input }, ctx) => teams.updateTeam(ctx, id, input),
  }),
  deleteTeam: t.boolean({
    tokenScope: 'write:organization',
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_root, { id }, ctx) => {
      await teams.deleteTeam(ctx, id);
      return true;
    },
  }),
  addTeamMember: t.boolean({
    tokenScope: 'write:organization',
    args: { id: t.arg.int({ required: true }), login: t.arg.string({ required: true }) },
    resolve: async (_root, { id, login }, ctx) => {
      await teams.addTeamMember(ctx, id, login);
      return true;
    },
  }),
  removeTeamMember: t.boolean({
    tokenScope: 'write:organization',
    args: { id: t.arg.int({ required: true }), login: t.arg.string({ required: true }) },
    resolve: async (_root, { id, login }, ctx) => {
      await teams.removeTeamMember(ctx, id, login);
      return true;
    },
  }),
  setRepositoryTeam: t.boolean({
    description: 'Gives a team of the owning organization this repository (present: true) or takes it away.',
    tokenScope: 'write:repository',
    args: {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      team: t.arg.string({ required: true }),
      present: t.arg.boolean({ required: true }),
    },
    resolve: async (_root, { owner, name, team, present }, ctx) => {
      await teams.setRepositoryTeam(ctx, owner, name, team, present);
      return true;
    },
  }),
  setTeamRepository: t.boolean({
    description: 'Gives the team a repository of its organization (present: true) or takes it away.',
    tokenScope: 'write:organization',
    args: {
      id: t.arg.int({ required: true }),
      organization: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      present: t.arg.boolean({ required: true }),
    },
    resolve: async (_root, { id, organization, name, present }, ctx) => {
      await teams.setTeamRepository(ctx, id, organization, name, present);
      return true;
    },
  }),
}));
