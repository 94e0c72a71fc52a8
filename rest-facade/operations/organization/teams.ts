import {
  AddTeamMemberDocument,
  CreateTeamDocument,
  DeleteTeamDocument,
  OrganizationTeamsDocument,
  RemoveTeamMemberDocument,
  SetTeamRepositoryDocument,
  TeamByIdDocument,
  TeamMemberDocument,
  TeamMembersDocument,
  TeamRepositoriesDocument,
  TeamRepositoryDocument,
  UpdateTeamDocument,
  ViewerTeamsDocument,
  type TeamInput,
} from '../../__generated__/graphql.ts';
import { toTeam } from '../../convert/organization.ts';
import { teamAccess, type TeamAccessBody } from '../../lenient.ts';
import { toRepository } from '../../convert/repository.ts';
import { toUser } from '../../convert/user.ts';
import { created, defineOperation, noContent, notFoundReply, ok, paginated } from '../../operation.ts';
import { connectionArgsFor } from '../../pagination.ts';

/** CreateTeamOption / EditTeamOption → TeamInput; an empty name (edits) leaves the name as it is, as in Gitea. */
function teamInput(
  body: TeamAccessBody & { name?: string; description?: string; includes_all_repositories?: boolean; can_create_org_repo?: boolean },
  creating: boolean,
): TeamInput {
  return {
    name: body.name || null,
    description: body.description ?? null,
    ...teamAccess(body, creating),
    includesAllRepositories: body.includes_all_repositories ?? null,
    canCreateOrgRepo: body.can_create_org_repo ?? null,
  };
}

export const orgListTeams = defineOperation({
  operationId: 'orgListTeams',
  document: OrganizationTeamsDocument,
  variables: ({ params, query, config }) => ({ login: params.org, ...connectionArgsFor(query, config).args }),
  reply: ({ organization }, { params, query, config }) =>
    organization
      ? paginated(organization.teams.nodes.map((t) => toTeam(t, { withOrganization: false })), connectionArgsFor(query, config).window, organization.teams.totalCount)
      : notFoundReply(`organization "${params.org}" does not exist`),
});

/** Gitea wraps search results in {ok, data}. */
export const teamSearch = defineOperation({
  operationId: 'teamSearch',
  document: OrganizationTeamsDocument,
  variables: ({ params, query, config }) => ({
    login: params.org,
    query: query.q ?? '',
    includeDescription: query.include_desc ?? true,
    onlyViewers: true,
    ...connectionArgsFor(query, config).args,
  }),
  reply: ({ organization }, { params, query, config }) =>
    organization
      ? { ...paginated([], connectionArgsFor(query, config).window, organization.teams.totalCount), body: { ok: true, data: organization.teams.nodes.map((t) => toTeam(t)) } }
      : notFoundReply(`organization "${params.org}" does not exist`),
});

export const userListTeams = defineOperation({
  operationId: 'userListTeams',
  document: ViewerTeamsDocument,
  variables: ({ query, config }) => connectionArgsFor(query, config).args,
  reply: ({ viewerTeams }, { query, config }) => paginated(viewerTeams.nodes.map((t) => toTeam(t)), connectionArgsFor(query, config).window, viewerTeams.totalCount),
});

export const orgGetTeam = defineOperation({
  operationId: 'orgGetTeam',
  document: TeamByIdDocument,
  variables: ({ params }) => ({ id: params.id }),
  reply: ({ team }) => ok(toTeam(team)),
});

export const orgCreateTeam = defineOperation({
  operationId: 'orgCreateTeam',
  document: CreateTeamDocument,
  variables: ({ params, body }) => ({ organization: params.org, input: teamInput(body, true) }),
  reply: ({ createTeam }) => created(toTeam(createTeam)),
});

export const orgEditTeam = defineOperation({
  operationId: 'orgEditTeam',
  document: UpdateTeamDocument,
  variables: ({ params, body }) => ({ id: params.id, input: teamInput(body, false) }),
  reply: ({ updateTeam }) => ok(toTeam(updateTeam)),
});

export const orgDeleteTeam = defineOperation({
  operationId: 'orgDeleteTeam',
  document: DeleteTeamDocument,
  variables: ({ params }) => ({ id: params.id }),
  reply: () => noContent(),
});

export const orgListTeamMembers = defineOperation({
  operationId: 'orgListTeamMembers',
  document: TeamMembersDocument,
  variables: ({ params, query, config }) => ({ id: params.id, ...connectionArgsFor(query, config).args }),
  reply: ({ team }, { query, config }) => paginated(team.members.nodes.map(toUser), connectionArgsFor(query, config).window, team.members.totalCount),
});

export const orgListTeamMember = defineOperation({
  operationId: 'orgListTeamMember',
  document: TeamMemberDocument,
  variables: ({ params }) => ({ id: params.id, login: params.username }),
  reply: ({ team }, { params }) => (team.member ? ok(toUser(team.member)) : notFoundReply(`${params.username} is not a member of team ${params.id}`)),
});

export const orgAddTeamMember = defineOperation({
  operationId: 'orgAddTeamMember',
  document: AddTeamMemberDocument,
  variables: ({ params }) => ({ id: params.id, login: params.username }),
  reply: () => noContent(),
});

export const orgRemoveTeamMember = defineOperation({
  operationId: 'orgRemoveTeamMember',
  document: RemoveTeamMemberDocument,
  variables: ({ params }) => ({ id: params.id, login: params.username }),
  reply: () => noContent(),
});

export const orgListTeamRepos = defineOperation({
  operationId: 'orgListTeamRepos',
  document: TeamRepositoriesDocument,
  variables: ({ params, query, config }) => ({ id: params.id, ...connectionArgsFor(query, config).args }),
  reply: ({ team }, { query, config }) =>
    paginated(team.repositories.nodes.map(toRepository), connectionArgsFor(query, config).window, team.repositories.totalCount),
});

export const orgListTeamRepo = defineOperation({
  operationId: 'orgListTeamRepo',
  document: TeamRepositoryDocument,
  variables: ({ params }) => ({ id: params.id, name: params.repo }),
  reply: ({ team }, { params }) =>
    team.repository ? ok(toRepository(team.repository)) : notFoundReply(`team ${params.id} does not reach ${params.org}/${params.repo}`),
});

export const orgAddTeamRepository = defineOperation({
  operationId: 'orgAddTeamRepository',
  document: SetTeamRepositoryDocument,
  variables: ({ params }) => ({ id: params.id, organization: params.org, name: params.repo, present: true }),
  reply: () => noContent(),
});

export const orgRemoveTeamRepository = defineOperation({
  operationId: 'orgRemoveTeamRepository',
  document: SetTeamRepositoryDocument,
  variables: ({ params }) => ({ id: params.id, organization: params.org, name: params.repo, present: false }),
  reply: () => noContent(),
});
