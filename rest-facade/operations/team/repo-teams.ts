import { RepositoryTeamDocument, RepositoryTeamsDocument, SetRepositoryTeamDocument } from '../../__generated__/graphql.ts';
import { toTeam } from '../../convert/team.ts';
import { defineOperation, found, noContent, ok } from '../../operation.ts';

export const repoListTeams = defineOperation({
  operationId: 'repoListTeams',
  document: RepositoryTeamsDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: ({ repository }) => ok(found(repository).teams.map((t) => toTeam(t))),
});

export const repoCheckTeam = defineOperation({
  operationId: 'repoCheckTeam',
  document: RepositoryTeamDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, team: params.team }),
  reply: ({ repository }) => ok(toTeam(found(found(repository).team))),
});

export const repoAddTeam = defineOperation({
  operationId: 'repoAddTeam',
  document: SetRepositoryTeamDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, team: params.team, present: true }),
  reply: () => noContent(),
});

export const repoDeleteTeam = defineOperation({
  operationId: 'repoDeleteTeam',
  document: SetRepositoryTeamDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, team: params.team, present: false }),
  reply: () => noContent(),
});
