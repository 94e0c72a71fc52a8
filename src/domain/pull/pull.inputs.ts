import type { FieldTable, InputOf } from '../fields.ts';
import { ISSUE_LIST_STATES, ISSUE_STATES } from '../issue/issue.inputs.ts';

/**
 * What opening a pull request takes (src/domain/fields.ts): the issue's fields, and the two branches. Labels,
 * milestone, assignees and the deadline count only for those who may write to the pull requests, as for issues.
 */
export const CREATE_PULL_FIELDS = {
  title: { kind: 'string', required: true },
  body: { kind: 'string' },
  head: { kind: 'string', required: true, description: 'The branch to merge: a branch of this repository, or owner:branch of a fork of it.' },
  base: { kind: 'string', required: true, description: 'The branch of this repository to merge into.' },
  assignees: { kind: 'string', list: true, description: 'Logins of the accounts to assign.' },
  labels: { kind: 'int', list: true, description: 'Ids of labels of the repository or of its organization.' },
  milestone: { kind: 'int', description: "Id of one of the repository's milestones; another id is ignored." },
  deadline: { kind: 'dateTime' },
  allowMaintainerEdit: { kind: 'boolean', description: 'Whether those who may merge may also push to the head branch.' },
} as const satisfies FieldTable;

export type CreatePullInput = InputOf<typeof CREATE_PULL_FIELDS>;

export const UPDATE_PULL_FIELDS = {
  title: { kind: 'string' },
  body: { kind: 'string' },
  base: { kind: 'string', description: 'Another branch of the repository to merge into (retarget).' },
  assignees: { kind: 'string', list: true, description: 'The complete list of assignees (logins); an empty list clears them.' },
  labels: { kind: 'int', list: true, description: 'The complete list of label ids; an empty list clears them.' },
  milestone: { kind: 'int', description: 'A milestone id; 0 removes the milestone.' },
  deadline: { kind: 'dateTime' },
  removeDeadline: { kind: 'boolean' },
  state: { kind: 'enum', values: ISSUE_STATES },
  allowMaintainerEdit: { kind: 'boolean' },
} as const satisfies FieldTable;

export type UpdatePullInput = InputOf<typeof UPDATE_PULL_FIELDS>;

/** Gitea's sort orders of a repository's pull requests; left out: newest first. */
export const PULL_SORTS = ['newest', 'oldest', 'recentupdate', 'recentclose', 'leastupdate', 'mostcomment', 'leastcomment', 'priority'] as const;

/** Which pull requests a list shows; every filter left out shows all (the state: open ones). */
export const PULL_FILTER_FIELDS = {
  state: { kind: 'enum', values: ISSUE_LIST_STATES, description: 'Default: open.' },
  poster: { kind: 'string', description: 'Login of the poster; an unknown login shows none.' },
  labels: { kind: 'int', list: true, description: 'Label ids: only pull requests with all of them.' },
  milestone: { kind: 'int', description: 'A milestone id.' },
  baseBranch: { kind: 'string', description: 'Only pull requests into this branch.' },
  sort: { kind: 'enum', values: PULL_SORTS, description: 'Default: newest first.' },
} as const satisfies FieldTable;

export type PullFilter = InputOf<typeof PULL_FILTER_FIELDS>;

// ---------------------------------------------------------------------------------------------
// Merging (src/domain/pull/merge.service.ts)

/** Gitea's merge styles, spelled for GraphQL (`rebase_merge` is Gitea's `rebase-merge`, and so on). */
export const MERGE_STYLES = ['merge', 'rebase', 'rebase_merge', 'squash', 'fast_forward_only', 'manually_merged'] as const;
export type MergeStyle = (typeof MERGE_STYLES)[number];

export const MERGE_PULL_FIELDS = {
  style: { kind: 'enum', values: MERGE_STYLES, required: true },
  title: { kind: 'string', description: "The merge commit's title; Gitea's default message when empty." },
  message: { kind: 'string', description: "The merge commit's body, after the title." },
  headCommitId: { kind: 'string', description: 'Refuse the merge unless the head is still at this commit.' },
  mergeCommitId: { kind: 'string', description: 'For manually_merged: the commit of the base branch that merged it.' },
  deleteBranchAfterMerge: { kind: 'boolean', description: "Delete the head branch afterwards (the repository's default when left out)." },
  forceMerge: { kind: 'boolean', description: "Repository administrators: merge although the branch protection's checks are not met." },
} as const satisfies FieldTable;

export type MergePullInput = InputOf<typeof MERGE_PULL_FIELDS>;

/** How `updatePullRequestBranch` brings the head branch up to date with the base. */
export const UPDATE_BRANCH_STYLES = ['merge', 'rebase'] as const;
export type UpdateBranchStyle = (typeof UPDATE_BRANCH_STYLES)[number];
