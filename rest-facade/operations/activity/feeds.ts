import {
  OrganizationActivityFeedDocument,
  RepositoryActivityFeedDocument,
  TeamActivityFeedDocument,
  UserActivityFeedDocument,
  UserHeatmapDocument,
} from '../../__generated__/graphql.ts';
import { toActivity, toHeatmapData } from '../../convert/activity.ts';
import { defineOperation, found, list, ok } from '../../operation.ts';

export const userListActivityFeeds = defineOperation({
  operationId: 'userListActivityFeeds',
  document: UserActivityFeedDocument,
  paged: true,
  variables: ({ params, query, page }) => ({ login: params.username, date: query.date ?? null, onlyPerformedBy: query['only-performed-by'] ?? null, ...page }),
  reply: ({ user }) => list(found(user).activities, toActivity),
});

export const userGetHeatmapData = defineOperation({
  operationId: 'userGetHeatmapData',
  document: UserHeatmapDocument,
  variables: ({ params }) => ({ login: params.username }),
  reply: ({ user }) => ok(found(user).heatmap.map(toHeatmapData)),
});

export const orgListActivityFeeds = defineOperation({
  operationId: 'orgListActivityFeeds',
  document: OrganizationActivityFeedDocument,
  paged: true,
  variables: ({ params, query, page }) => ({ login: params.org, date: query.date ?? null, ...page }),
  reply: ({ organization }) => list(found(organization).activities, toActivity),
});

export const orgListTeamActivityFeeds = defineOperation({
  operationId: 'orgListTeamActivityFeeds',
  document: TeamActivityFeedDocument,
  paged: true,
  variables: ({ params, query, page }) => ({ id: params.id, date: query.date ?? null, ...page }),
  reply: ({ team }) => list(team.activities, toActivity),
});

export const repoListActivityFeeds = defineOperation({
  operationId: 'repoListActivityFeeds',
  document: RepositoryActivityFeedDocument,
  paged: true,
  variables: ({ params, query, page }) => ({ owner: params.owner, name: params.repo, date: query.date ?? null, ...page }),
  reply: ({ repository }) => list(found(repository).activities, toActivity),
});
