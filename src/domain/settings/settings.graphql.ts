import { builder } from '../../graphql/builder.ts';
import { GRAFT_VERSION, reportedVersion } from '../../version.ts';
import type { Config } from '../../config/defaults.ts';

/** Read-only views of the server's settings that clients may adapt to. */
const ApiSettings = builder.objectRef<Config['api']>('ApiSettings').implement({
  fields: (t) => ({
    defaultPagingNum: t.exposeInt('DEFAULT_PAGING_NUM'),
    maxResponseItems: t.exposeInt('MAX_RESPONSE_ITEMS'),
    defaultGitTreesPerPage: t.exposeInt('DEFAULT_GIT_TREES_PER_PAGE'),
    defaultMaxBlobSize: t.exposeInt('DEFAULT_MAX_BLOB_SIZE'),
    defaultMaxResponseSize: t.exposeInt('DEFAULT_MAX_RESPONSE_SIZE'),
  }),
});

const AttachmentSettings = builder.objectRef<Config['attachment']>('AttachmentSettings').implement({
  fields: (t) => ({
    enabled: t.exposeBoolean('ENABLED'),
    allowedTypes: t.exposeString('ALLOWED_TYPES'),
    maxSizeMegabytes: t.exposeInt('MAX_SIZE'),
    maxFiles: t.exposeInt('MAX_FILES'),
  }),
});

const RepositorySettings = builder.objectRef<Config>('RepositorySettings').implement({
  fields: (t) => ({
    mirrorsDisabled: t.boolean({ resolve: (c) => c.repository.MIRRORS_DISABLED }),
    httpGitDisabled: t.boolean({ resolve: (c) => c.repository.HTTP_GIT_DISABLED }),
    lfsDisabled: t.boolean({ resolve: (c) => c.repository.LFS_DISABLED }),
    migrationsDisabled: t.boolean({ resolve: (c) => c.repository.MIGRATIONS_DISABLED }),
    starsDisabled: t.boolean({ resolve: (c) => c.repository.STARS_DISABLED }),
    timeTrackingDisabled: t.boolean({ resolve: (c) => c.service.TIME_TRACKING_DISABLED }),
    maxCreationLimit: t.int({ resolve: (c) => c.repository.MAX_CREATION_LIMIT }),
    defaultEnableTimeTracking: t.boolean({ resolve: (c) => c.service.DEFAULT_ENABLE_TIMETRACKING }),
    defaultAllowOnlyContributorsToTrackTime: t.boolean({
      resolve: (c) => c.service.DEFAULT_ALLOW_ONLY_CONTRIBUTORS_TO_TRACK_TIME,
    }),
  }),
});

const UiSettings = builder.objectRef<Config['ui']>('UiSettings').implement({
  fields: (t) => ({
    allowedReactions: t.exposeStringList('REACTIONS'),
    customEmojis: t.exposeStringList('CUSTOM_EMOJIS'),
    defaultTheme: t.exposeString('DEFAULT_THEME'),
  }),
});

const Settings = builder.objectRef<Config>('Settings').implement({
  fields: (t) => ({
    api: t.field({ type: ApiSettings, resolve: (c) => c.api }),
    attachment: t.field({ type: AttachmentSettings, resolve: (c) => c.attachment }),
    repository: t.field({ type: RepositorySettings, resolve: (c) => c }),
    ui: t.field({ type: UiSettings, resolve: (c) => c.ui }),
  }),
});

builder.queryFields((t) => ({
  settings: t.field({ type: Settings, resolve: (_root, _args, ctx) => ctx.config }),
  version: t.string({ description: "Graft's version.", resolve: () => GRAFT_VERSION }),
  giteaVersion: t.string({
    description:
      "The version the Gitea-compatible REST API reports (GET /api/v1/version): the Gitea release whose API Graft implements, with Graft's version as build metadata, or the configured api.GITEA_VERSION.",
    resolve: (_root, _args, ctx) => reportedVersion(ctx.config),
  }),
}));
