/**
 * Every setting Graft reads, with its default. Sections and key names follow Gitea's app.ini
 * where a Gitea setting exists, so an operator's knowledge carries over.
 * Override with graft.config.json, then with environment variables (see load.ts).
 */
export const defaults = {
  server: {
    HTTP_ADDR: '127.0.0.1',
    HTTP_PORT: 3000,
    /** Public base URL; empty means http://HTTP_ADDR:HTTP_PORT/ */
    ROOT_URL: '',
    DATA_DIR: './data',
    /** Seconds to wait for open requests on shutdown. */
    SHUTDOWN_TIMEOUT: 10,
  },
  database: {
    /** Empty: embedded SQLite at DATA_DIR/graft.db. postgres://… selects PostgreSQL. */
    URL: '',
  },
  redis: {
    /** Empty: in-process pub/sub. redis://… shares events across instances. */
    URL: '',
  },
  security: {
    DISABLE_QUERY_AUTH_TOKEN: false,
    /** scrypt cost parameter (a power of two). */
    PASSWORD_HASH_COST: 16384,
    /**
     * Gitea's: repositories' own git hooks (scripts run by a push, with the server's rights) are off; false lets
     * site admins and accounts allowed to (allow_git_hook) set them.
     */
    DISABLE_GIT_HOOKS: true,
  },
  api: {
    DEFAULT_PAGING_NUM: 30,
    MAX_RESPONSE_ITEMS: 50,
    DEFAULT_GIT_TREES_PER_PAGE: 1000,
    DEFAULT_MAX_BLOB_SIZE: 10485760,
    DEFAULT_MAX_RESPONSE_SIZE: 104857600,
    ENABLE_SWAGGER: true,
    /**
     * The version reported to Gitea clients (/api/v1/version, the swagger document); a semantic version.
     * Empty: the Gitea release whose API Graft implements, with Graft's version as build metadata (src/version.ts).
     */
    GITEA_VERSION: '',
  },
  graphql: {
    MAX_DEPTH: 12,
    MAX_COMPLEXITY: 2000,
    MAX_BREADTH: 400,
  },
  attachment: {
    ENABLED: true,
    ALLOWED_TYPES:
      '.avif,.cpuprofile,.csv,.dmp,.docx,.fodg,.fodp,.fods,.fodt,.gif,.gz,.jpeg,.jpg,.json,.jsonc,.log,.md,.mov,.mp4,.odf,.odg,.odp,.ods,.odt,.patch,.pdf,.png,.pptx,.svg,.tgz,.txt,.webm,.webp,.xls,.xlsx,.zip',
    /** Megabytes per file. */
    MAX_SIZE: 2048,
    MAX_FILES: 5,
  },
  /** Gitea's [picture]: the limits of uploaded avatars (accounts, organizations, repositories); bytes and pixels. */
  picture: {
    AVATAR_MAX_FILE_SIZE: 1024 * 1024,
    AVATAR_MAX_WIDTH: 4096,
    AVATAR_MAX_HEIGHT: 4096,
  },
  repository: {
    MIRRORS_DISABLED: false,
    HTTP_GIT_DISABLED: false,
    LFS_DISABLED: true,
    MIGRATIONS_DISABLED: false,
    STARS_DISABLED: false,
    /** Repositories a user may create; -1 is unlimited. A user's own limit overrides it. */
    MAX_CREATION_LIMIT: -1,
    /** Gitea's [repository.issue] LOCK_REASONS: the reasons an issue may be locked for (besides none). */
    ISSUE_LOCK_REASONS: ['Too heated', 'Off-topic', 'Resolved', 'Spam'],
    /** Gitea's [repository.issue] MAX_PINNED: issues (and, apart, pull requests) a repository may pin at once. */
    ISSUE_MAX_PINNED: 3,
    /**
     * Gitea's [repository.release] ALLOWED_TYPES: the types a release asset may have, as attachment.ALLOWED_TYPES
     * is written; empty (Gitea's default) allows every file. The size and file-count limits are attachment's.
     */
    RELEASE_ALLOWED_TYPES: '',
    /**
     * Gitea's [repository.pull-request] RETARGET_CHILDREN_ON_MERGE: when a merged pull request's head branch is
     * deleted, open pull requests into that branch move to its base instead of closing.
     */
    PULL_RETARGET_CHILDREN_ON_MERGE: true,
    /** Gitea's [repository.pull-request] ADD_CO_COMMITTER_TRAILERS: a squash by someone else credits the poster. */
    PULL_ADD_CO_COMMITTER_TRAILERS: true,
    /**
     * Gitea's [repository.signing] SIGNING_KEY: the instance's key that signs the commits Graft makes. "none" (or
     * empty, or "default": Graft has no gpg keyring nor git configuration to take a key from) signs nothing;
     * otherwise the path of a private key file without a passphrase, read at start: an armored OpenPGP private
     * key (SIGNING_FORMAT openpgp) or an OpenSSH private key (ssh).
     */
    SIGNING_KEY: 'none',
    /** Gitea's SIGNING_NAME and SIGNING_EMAIL: who the instance's signature stands for (the signer of its commits). */
    SIGNING_NAME: '',
    SIGNING_EMAIL: '',
    /** Gitea's SIGNING_FORMAT: openpgp or ssh. */
    SIGNING_FORMAT: 'openpgp',
    /**
     * Gitea's INITIAL_COMMIT, CRUD_ACTIONS and MERGES: when the commits of a repository's creation, of the contents
     * API, and of merges (and of updating a pull request's branch) are signed. Rules: never, always, pubkey (the
     * caller has a GPG key), twofa (the caller has two-factor authentication), parentsigned (contents: the parent
     * commit is verified), basesigned, headsigned, commitssigned (merges: the base's tip, the head's tip, every
     * commit of the head since the merge base is verified), approved (merges: the base branch has a protection
     * rule and the pull request an approval). All listed rules must hold; never and always stand alone.
     */
    SIGNING_INITIAL_COMMIT: ['always'],
    SIGNING_CRUD_ACTIONS: ['pubkey', 'twofa', 'parentsigned'],
    SIGNING_MERGES: ['pubkey', 'twofa', 'basesigned', 'commitssigned'],
  },
  ui: {
    REACTIONS: ['+1', '-1', 'laugh', 'hooray', 'confused', 'heart', 'rocket', 'eyes'],
    CUSTOM_EMOJIS: ['git', 'gitea', 'codeberg', 'gitlab', 'github', 'gogs'],
    DEFAULT_THEME: 'gitea-auto',
  },
  /**
   * Gitea's [markdown]: single newlines as line breaks in comments (issues, pull requests, their comments) and in
   * documents (files, gfm mode), and the extensions /markup renders as Markdown. MAX_SIZE (bytes) and MAX_NESTING
   * (levels of lists and quotes) are Graft's own bounds on one render's time: a longer text is refused with 413,
   * deeper levels render as text of the last level.
   */
  markdown: {
    ENABLE_HARD_LINE_BREAK_IN_COMMENTS: true,
    ENABLE_HARD_LINE_BREAK_IN_DOCUMENTS: false,
    FILE_EXTENSIONS: ['.md', '.markdown', '.mdown', '.mkd', '.livemd'],
    MAX_SIZE: 5 * 1024 * 1024,
    MAX_NESTING: 50,
  },
  /**
   * Gitea's [ui.notification]: how often a browser page asks for its unread count (MIN_TIMEOUT, growing by
   * TIMEOUT_STEP up to MAX_TIMEOUT while nothing changes) and how often the server looks for changes to push
   * (EVENT_SOURCE_UPDATE_TIME). Durations such as 10s, 1m, 500ms. Kept for the web pages; the API does not use them.
   */
  'ui.notification': {
    MIN_TIMEOUT: '10s',
    TIMEOUT_STEP: '10s',
    MAX_TIMEOUT: '60s',
    EVENT_SOURCE_UPDATE_TIME: '10s',
  },
  service: {
    TIME_TRACKING_DISABLED: false,
    DEFAULT_ENABLE_TIMETRACKING: true,
    DEFAULT_ALLOW_ONLY_CONTRIBUTORS_TO_TRACK_TIME: true,
    /** Whether new organization members (an organization's creator too) show in its public member list. */
    DEFAULT_ORG_MEMBER_VISIBLE: false,
    /** Visibility of an organization created without one: public, limited or private. */
    DEFAULT_ORG_VISIBILITY: 'public',
    /** Visibility of an account created without one: public, limited or private. */
    DEFAULT_USER_VISIBILITY: 'public',
    /** Gitea's ENABLE_NOTIFY_MAIL: e-mail the followers of issues and pull requests (needs [mailer] ENABLED). */
    ENABLE_NOTIFY_MAIL: false,
  },
  /** Gitea's [mailer]: how e-mail leaves (src/domain/mail). */
  mailer: {
    ENABLED: false,
    /**
     * smtp (plain SMTP, no TLS), smtps (TLS from the start), smtp+starttls (STARTTLS
     * required), or dummy (each mail is logged instead of sent). Empty: from SMTP_PORT (465 smtps, 587
     * smtp+starttls, else smtp).
     */
    PROTOCOL: '',
    SMTP_ADDR: '',
    /** 0: the protocol's port (25, 465 or 587). */
    SMTP_PORT: 0,
    /** Sign in with USER and PASSWD when USER is set. */
    USER: '',
    PASSWD: '',
    /** The From header: an address, or "Name <address>". Required when ENABLED. */
    FROM: '',
    /** The envelope sender (MAIL FROM): empty is FROM's address, "<>" is the null sender. */
    ENVELOPE_FROM: '',
    /** Put before every subject. */
    SUBJECT_PREFIX: '',
    /** Accept any certificate of the server (TLS checks off). */
    FORCE_TRUST_SERVER_CERT: false,
    /** Send only the text part, without the HTML one. */
    SEND_AS_PLAIN_TEXT: false,
    /** Graft: seconds before the first retry of a mail the server refused or could not take; doubled at each next one. */
    RETRY_BACKOFF: 10,
    /** Graft: attempts of a mail before it is given up. */
    MAX_ATTEMPTS: 5,
  },
  admin: {
    /** When all three are set, this admin is created on first start. */
    USERNAME: '',
    PASSWORD: '',
    EMAIL: '',
  },
  webhook: {
    /**
     * Where deliveries may go, checked on the resolved address of every connection (redirects too): loopback,
     * private, external, * (anywhere), CIDRs (10.0.0.0/8) and host globs (*.example.com), comma-separated.
     */
    ALLOWED_HOST_LIST: 'external',
    /** Seconds one delivery attempt may take. */
    DELIVER_TIMEOUT: 5,
    /** Deliveries one worker claims at a time; 0: this instance sends none (others on the database do). */
    QUEUE_LENGTH: 1000,
    SKIP_TLS_VERIFY: false,
    /** Deliveries shown per page of a hook's log. */
    PAGING_NUM: 10,
    /** Graft: seconds before the first retry of a failed delivery; each next retry waits twice as long. */
    RETRY_BACKOFF: 10,
    /** Graft: attempts of a delivery before it is given up. */
    MAX_ATTEMPTS: 5,
  },
  /**
   * Gitea's [cron.<task>] sections: when each background task runs (SCHEDULE: a cron expression with optional
   * seconds, or @midnight, @hourly, @daily, @weekly, @monthly, @annually, @every <duration>), whether it is
   * scheduled at all (ENABLED), whether it also runs once at start (RUN_AT_START), and its own settings.
   * Durations are Go's (3h, 24h, 60s). Gitea's defaults.
   */
  'cron.delete_inactive_accounts': {
    ENABLED: false,
    RUN_AT_START: false,
    SCHEDULE: '@annually',
    /** Accounts never activated that were made longer ago than this (Gitea: ACTIVE_CODE_LIVE_MINUTES, 3h). */
    OLDER_THAN: '3h',
  },
  'cron.repo_health_check': {
    ENABLED: true,
    RUN_AT_START: false,
    SCHEDULE: '@midnight',
    /** How long `git fsck` may take on one repository. */
    TIMEOUT: '60s',
    /** More arguments of `git fsck`, separated by spaces. */
    ARGS: '',
  },
  'cron.git_gc_repos': {
    ENABLED: false,
    RUN_AT_START: false,
    SCHEDULE: '@every 72h',
    /** How long `git gc` may take on one repository. */
    TIMEOUT: '60s',
    /** More arguments of `git gc`, separated by spaces (Gitea's [git] GC_ARGS, empty by default). */
    ARGS: '',
  },
  'cron.archive_cleanup': {
    ENABLED: true,
    RUN_AT_START: true,
    SCHEDULE: '@midnight',
    /** Temporary archive files older than this are removed. */
    OLDER_THAN: '24h',
  },
  'cron.cleanup_temporary_uploads': {
    ENABLED: true,
    RUN_AT_START: true,
    SCHEDULE: '@midnight',
    /** Graft: uploads never finished (a process stopped during them) older than this are removed. */
    OLDER_THAN: '24h',
  },
  oauth2: {
    /** The OAuth2 / OpenID Connect provider's endpoints (Gitea's [oauth2] ENABLED); off, they answer 404. */
    ENABLED: true,
    /** Seconds an issued access token works. */
    ACCESS_TOKEN_EXPIRATION_TIME: 3600,
    /** Hours a refresh token works. */
    REFRESH_TOKEN_EXPIRATION_TIME: 730,
    /** Each refresh token works once: a refresh answers with the next one. */
    INVALIDATE_REFRESH_TOKENS: true,
    /**
     * Token scopes (read:repository, …) among the requested OAuth scopes limit the access token to them; off, an
     * access token may do all its account may (Gitea's default).
     */
    ENABLE_ADDITIONAL_GRANT_SCOPES: false,
  },
  log: {
    /** "info" logs one line per request; "silent" logs nothing. */
    LEVEL: 'info',
  },
};

export type Config = typeof defaults;
