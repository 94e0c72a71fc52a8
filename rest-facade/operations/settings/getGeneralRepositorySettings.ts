import { GetRepositorySettingsDocument } from '../../__generated__/graphql.ts';
import { defineOperation, ok } from '../../operation.ts';

export const getGeneralRepositorySettings = defineOperation({
  operationId: 'getGeneralRepositorySettings',
  document: GetRepositorySettingsDocument,
  variables: () => ({}),
  reply: ({ settings: { repository: r } }) =>
    ok({
      mirrors_disabled: r.mirrorsDisabled,
      http_git_disabled: r.httpGitDisabled,
      lfs_disabled: r.lfsDisabled,
      migrations_disabled: r.migrationsDisabled,
      stars_disabled: r.starsDisabled,
      time_tracking_disabled: r.timeTrackingDisabled,
      max_creation_limit: r.maxCreationLimit,
      default_enable_timetracking: r.defaultEnableTimeTracking,
      default_allow_only_contributors_to_track_time: r.defaultAllowOnlyContributorsToTrackTime,
    }),
});
