import { RepositoryTeamDocument, RepositoryTeamsDocument, SetRepositoryTeamDocument } from '../../__generated__/graphql.ts';
import { toTeam } from '../../convert/organization.ts';
import { defineOperation, noContent, notFoundReply, ok } from '../../operation.ts';

const repoMissing = (owner: string, repo: string) => notFoundReply(`repository ${owner}/${repo} does not exist`);

export const repoListTeams = defineOperation({
  operationId: 'repoListTeams',
  document: RepositoryTeamsDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: ({ repository }, { params }) => (repository ? ok(repository.teams.map((t) => toTeam(t))) : repoMissing(params.owner, params.repo)),
});

export const repoCheckTeam = defineOperation({
  operationId: 'repoCheckTeam',
  document: RepositoryTeamDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, team: params.team }),
  reply: ({ repository }, { params }) => {
    if (!repository) return repoMissing(params.owner, params.repo);
    return repository.team ? ok(toTeam(repository.team)) : notFoundReply(`team ${params.team} does not reach ${params.owner}/${params.repo}`);
  },
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
