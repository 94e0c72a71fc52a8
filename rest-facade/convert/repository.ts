import type { RestLanguageBytesFragment, RestRepositoryFieldsFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';
import { restTime, timeOrZero } from './time.ts';
import { toTeam } from './team.ts';
import { languagesApiUrl } from './urls.ts';
import { toUser } from './user.ts';

/**
 * GraphQL Repository → REST Repository. Mirrors, pull requests and releases do not exist yet in
 * Graft, so their fields say so truthfully (false, zero, empty).
 */
export function toRepository(repo: RestRepositoryFieldsFragment & { parent?: RestRepositoryFieldsFragment | null }): RestSchema<'Repository'> {
  return {
    id: repo.databaseId,
    owner: toUser(repo.owner),
    name: repo.name,
    full_name: repo.fullName,
    description: repo.description,
    empty: repo.isEmpty,
    private: repo.isPrivate,
    fork: repo.isFork,
    template: repo.isTemplate,
    parent: repo.parent ? toRepository(repo.parent) : null,
    mirror: false,
    size: repo.sizeKib,
    language: '',
    languages_url: languagesApiUrl(repo.apiUrl),
    html_url: repo.htmlUrl,
    url: repo.apiUrl,
    link: '',
    ssh_url: '',
    clone_url: repo.cloneUrl,
    original_url: '',
    website: repo.website,
    stars_count: repo.starCount,
    forks_count: repo.forkCount,
    watchers_count: repo.watchCount,
    open_issues_count: repo.openIssueCount,
    open_pr_counter: 0,
    release_counter: 0,
    default_branch: repo.defaultBranch,
    default_target_branch: repo.defaultBranch,
    archived: repo.isArchived,
    created_at: restTime(repo.createdAt),
    updated_at: restTime(repo.updatedAt),
    archived_at: timeOrZero(repo.archivedAt),
    permissions: repo.viewerPermissions,
    has_code: repo.hasCode,
    has_issues: repo.hasIssues,
    internal_tracker: {
      enable_time_tracker: repo.internalTracker.enableTimeTracker,
      allow_only_contributors_to_track_time: repo.internalTracker.allowOnlyContributorsToTrackTime,
      enable_issue_dependencies: repo.internalTracker.enableIssueDependencies,
    },
    external_tracker: repo.externalTracker
      ? {
          external_tracker_url: repo.externalTracker.url,
          external_tracker_format: repo.externalTracker.format,
          external_tracker_style: repo.externalTracker.style,
          external_tracker_regexp_pattern: repo.externalTracker.regexpPattern,
        }
      : null,
    external_wiki: repo.externalWikiUrl ? { external_wiki_url: repo.externalWikiUrl } : null,
    has_wiki: repo.hasWiki,
    has_pull_requests: repo.hasPullRequests,
    has_projects: repo.hasProjects,
    projects_mode: repo.projectsMode,
    has_releases: repo.hasReleases,
    has_packages: repo.hasPackages,
    has_actions: repo.hasActions,
    ignore_whitespace_conflicts: repo.ignoreWhitespaceConflicts,
    allow_merge_commits: repo.allowMergeCommits,
    allow_rebase: repo.allowRebase,
    allow_rebase_explicit: repo.allowRebaseExplicit,
    allow_squash_merge: repo.allowSquashMerge,
    allow_fast_forward_only_merge: repo.allowFastForwardOnlyMerge,
    allow_rebase_update: repo.allowRebaseUpdate,
    // Graft has no merge-update setting yet: Gitea's default, allowed while pull requests are on.
    allow_merge_update: repo.hasPullRequests,
    allow_manual_merge: repo.allowManualMerge,
    autodetect_manual_merge: repo.autodetectManualMerge,
    default_delete_branch_after_merge: repo.defaultDeleteBranchAfterMerge,
    default_merge_style: repo.defaultMergeStyle,
    default_allow_maintainer_edit: repo.defaultAllowMaintainerEdit,
    default_update_style: 'merge',
    avatar_url: repo.avatarUrl,
    // Gitea's "internal": a public repository of a private owner.
    internal: !repo.isPrivate && repo.owner.visibility === 'private',
    mirror_interval: '',
    mirror_updated: timeOrZero(null),
    mirror_last_sync_at: timeOrZero(null),
    repo_transfer: repo.pendingTransfer
      ? {
          doer: toUser(repo.pendingTransfer.doer),
          recipient: toUser(repo.pendingTransfer.recipient),
          teams: repo.pendingTransfer.teams.map((team) => toTeam(team, { withOrganization: false })),
        }
      : null,
    topics: repo.topics,
    licenses: [],
    object_format_name: repo.objectFormat,
    branch_count: repo.branchCount,
  };
}

/** A repository's languages as Gitea lists them: bytes of code by language name. */
export function toLanguageStatistics(languages: RestLanguageBytesFragment[]): Record<string, number> {
  return Object.fromEntries(languages.map((l) => [l.language, l.bytes]));
}
