import type { CreateRepositoryInput, ObjectFormat, UpdateRepositoryInput } from '../../__generated__/graphql.ts';
import type { components } from '../../__generated__/openapi.ts';
import { mergeStyle, trackerStyle, trustModel } from '../../lenient.ts';

/** CreateRepoOption → CreateRepositoryInput (shared by the create operations); an unknown trust model reads as default. */
export function createRepositoryInput(body: components['schemas']['CreateRepoOption']): CreateRepositoryInput {
  return {
    name: body.name,
    description: body.description,
    private: body.private,
    autoInit: body.auto_init,
    defaultBranch: body.default_branch,
    objectFormat: (body.object_format_name || undefined) as ObjectFormat | undefined,
    readme: body.readme,
    gitignores: body.gitignores,
    license: body.license,
    template: body.template,
    issueLabels: body.issue_labels,
    trustModel: trustModel(body.trust_model),
  };
}

/** EditRepoOption → UpdateRepositoryInput; unknown merge and tracker styles read as Gitea's defaults. */
export function updateRepositoryInput(body: components['schemas']['EditRepoOption']): UpdateRepositoryInput {
  return {
    name: body.name,
    description: body.description,
    website: body.website,
    private: body.private,
    template: body.template,
    archived: body.archived,
    defaultBranch: body.default_branch,
    hasCode: body.has_code,
    hasIssues: body.has_issues,
    hasWiki: body.has_wiki,
    hasPullRequests: body.has_pull_requests,
    hasProjects: body.has_projects,
    hasReleases: body.has_releases,
    hasPackages: body.has_packages,
    hasActions: body.has_actions,
    ignoreWhitespaceConflicts: body.ignore_whitespace_conflicts,
    allowMergeCommits: body.allow_merge_commits,
    allowRebase: body.allow_rebase,
    allowRebaseExplicit: body.allow_rebase_explicit,
    allowSquashMerge: body.allow_squash_merge,
    allowFastForwardOnlyMerge: body.allow_fast_forward_only_merge,
    allowRebaseUpdate: body.allow_rebase_update,
    allowManualMerge: body.allow_manual_merge,
    autodetectManualMerge: body.autodetect_manual_merge,
    defaultDeleteBranchAfterMerge: body.default_delete_branch_after_merge,
    defaultMergeStyle: mergeStyle(body.default_merge_style),
    defaultAllowMaintainerEdit: body.default_allow_maintainer_edit,
    projectsMode: body.projects_mode,
    // mirror_interval, enable_prune and the mirror credentials apply to mirrors only: Gitea ignores them
    // on other repositories, and Graft has no mirrors.
    internalTracker: body.internal_tracker
      ? {
          enableTimeTracker: body.internal_tracker.enable_time_tracker,
          allowOnlyContributorsToTrackTime: body.internal_tracker.allow_only_contributors_to_track_time,
          enableIssueDependencies: body.internal_tracker.enable_issue_dependencies,
        }
      : undefined,
    externalTracker: body.external_tracker
      ? {
          url: body.external_tracker.external_tracker_url ?? '',
          format: body.external_tracker.external_tracker_format,
          style: trackerStyle(body.external_tracker.external_tracker_style),
          regexpPattern: body.external_tracker.external_tracker_regexp_pattern,
        }
      : undefined,
    externalWiki: body.external_wiki ? { url: body.external_wiki.external_wiki_url ?? '' } : undefined,
  };
}
