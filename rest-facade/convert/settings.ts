import type { RestApiSettingsFragment, RestAttachmentSettingsFragment, RestRepositorySettingsFragment, RestUiSettingsFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';

export function toGeneralApiSettings(api: RestApiSettingsFragment): RestSchema<'GeneralAPISettings'> {
  return {
    default_paging_num: api.defaultPagingNum,
    max_response_items: api.maxResponseItems,
    default_git_trees_per_page: api.defaultGitTreesPerPage,
    default_max_blob_size: api.defaultMaxBlobSize,
    default_max_response_size: api.defaultMaxResponseSize,
  };
}

export function toGeneralAttachmentSettings(attachment: RestAttachmentSettingsFragment): RestSchema<'GeneralAttachmentSettings'> {
  return {
    enabled: attachment.enabled,
    allowed_types: attachment.allowedTypes,
    max_size: attachment.maxSizeMegabytes,
    max_files: attachment.maxFiles,
  };
}

export function toGeneralRepoSettings(r: RestRepositorySettingsFragment): RestSchema<'GeneralRepoSettings'> {
  return {
    mirrors_disabled: r.mirrorsDisabled,
    http_git_disabled: r.httpGitDisabled,
    lfs_disabled: r.lfsDisabled,
    migrations_disabled: r.migrationsDisabled,
    stars_disabled: r.starsDisabled,
    time_tracking_disabled: r.timeTrackingDisabled,
    max_creation_limit: r.maxCreationLimit,
    default_enable_timetracking: r.defaultEnableTimeTracking,
    default_allow_only_contributors_to_track_time: r.defaultAllowOnlyContributorsToTrackTime,
  };
}

export function toGeneralUiSettings(ui: RestUiSettingsFragment): RestSchema<'GeneralUISettings'> {
  return { allowed_reactions: ui.allowedReactions, custom_emojis: ui.customEmojis, default_theme: ui.defaultTheme };
}
