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
import { toTeam } from '../../convert/team.ts';
import { teamAccess, type TeamAccessBody } from '../../lenient.ts';
import { toRepository } from '../../convert/repository.ts';
import { toUser } from '../../convert/user.ts';
import { created, defineOperation, found, list, noContent, ok, searchResults } from '../../operation.ts';

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
  paged: true,
  variables: ({ params, page }) => ({ login: params.org, ...page }),
  reply: ({ organization }) => list(found(organization).teams, (t) => toTeam(t, { withOrganization: false })),
});

/** Gitea wraps search results in {ok, data}. */
export const teamSearch = defineOperation({
  operationId: 'teamSearch',
  document: OrganizationTeamsDocument,
  paged: true,
  variables: ({ params, query, page }) => ({
    login: params.org,
    query: query.q ?? '',
    includeDescription: query.include_desc ?? true,
    onlyViewers: true,
    ...page,
  }),
  reply: ({ organization }) => searchResults(found(organization).teams, (t) => toTeam(t)),
});

export const userListTeams = defineOperation({
  operationId: 'userListTeams',
  document: ViewerTeamsDocument,
  paged: true,
  variables: ({ page }) => page,
  reply: ({ viewerTeams }) => list(viewerTeams, (t) => toTeam(t)),
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
  paged: true,
  variables: ({ params, page }) => ({ id: params.id, ...page }),
  reply: ({ team }) => list(team.members, toUser),
});

export const orgListTeamMember = defineOperation({
  operationId: 'orgListTeamMember',
  document: TeamMemberDocument,
  variables: ({ params }) => ({ id: params.id, login: params.username }),
  reply: ({ team }) => ok(toUser(found(team.member))),
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
  paged: true,
  variables: ({ params, page }) => ({ id: params.id, ...page }),
  reply: ({ team }) => list(team.repositories, toRepository),
});

export const orgListTeamRepo = defineOperation({
  operationId: 'orgListTeamRepo',
  document: TeamRepositoryDocument,
  variables: ({ params }) => ({ id: params.id, name: params.repo }),
  reply: ({ team }) => ok(toRepository(found(team.repository))),
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
