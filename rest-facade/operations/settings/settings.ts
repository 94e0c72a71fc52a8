import {
  GetApiSettingsDocument,
  GetAttachmentSettingsDocument,
  GetRepositorySettingsDocument,
  GetUiSettingsDocument,
  GetVersionDocument,
} from '../../__generated__/graphql.ts';
import { defineOperation, ok } from '../../operation.ts';

export const getGeneralAPISettings = defineOperation({
  operationId: 'getGeneralAPISettings',
  document: GetApiSettingsDocument,
  variables: () => ({}),
  reply: ({ settings: { api } }) =>
    ok({
      default_paging_num: api.defaultPagingNum,
      max_response_items: api.maxResponseItems,
      default_git_trees_per_page: api.defaultGitTreesPerPage,
      default_max_blob_size: api.defaultMaxBlobSize,
      default_max_response_size: api.defaultMaxResponseSize,
    }),
});

export const getGeneralAttachmentSettings = defineOperation({
  operationId: 'getGeneralAttachmentSettings',
  document: GetAttachmentSettingsDocument,
  variables: () => ({}),
  reply: ({ settings: { attachment } }) =>
    ok({
      enabled: attachment.enabled,
      allowed_types: attachment.allowedTypes,
      max_size: attachment.maxSizeMegabytes,
      max_files: attachment.maxFiles,
    }),
});

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

export const getGeneralUISettings = defineOperation({
  operationId: 'getGeneralUISettings',
  document: GetUiSettingsDocument,
  variables: () => ({}),
  reply: ({ settings: { ui } }) =>
    ok({ allowed_reactions: ui.allowedReactions, custom_emojis: ui.customEmojis, default_theme: ui.defaultTheme }),
});

export const getVersion = defineOperation({
  operationId: 'getVersion',
  document: GetVersionDocument,
  variables: () => ({}),
  reply: (data) => ok({ version: data.giteaVersion }),
});
