import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { lookup } from '../../graphql/errors.ts';
import { enumFromValues, inputFromTable } from '../../graphql/input-fields.ts';
import { ChangedFileRef, CommitConnection, CommitRef } from '../commit/commit.graphql.ts';
import { IssueRef } from '../issue/issue.graphql.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { withOwner } from '../repo/repo.service.ts';
import { UserRef } from '../user/user.graphql.ts';
import type { AutoMerge } from '../../db/models.ts';
import { CREATE_PULL_FIELDS, MERGE_PULL_FIELDS, MERGE_STYLES, type MergeStyle, PULL_FILTER_FIELDS, PULL_SORTS, UPDATE_BRANCH_STYLES, UPDATE_PULL_FIELDS } from './pull.inputs.ts';
import * as autoMerging from './auto-merge.service.ts';
import * as merging from './merge.service.ts';
import { branchKey } from './pull.loaders.ts';
import * as pulls from './pull.service.ts';
import { pullRequestEvents, type PullEventView } from './pull.events.ts';

enumFromValues('PullRequestSort', PULL_SORTS);
const PullFilterInput = inputFromTable('PullRequestFilter', PULL_FILTER_FIELDS);
const CreatePullInput = inputFromTable('CreatePullRequestInput', CREATE_PULL_FIELDS);
const UpdatePullInput = inputFromTable('UpdatePullRequestInput', UPDATE_PULL_FIELDS);
const PullStatusEnum = builder.enumType('PullRequestStatus', {
  description: 'Where the background check of mergeability stands (Gitea’s PullRequestStatus).',
  values: ['checking', 'mergeable', 'conflict', 'empty', 'error'] as const,
});
const DiffKindEnum = builder.enumType('PullRequestDiffKind', { values: ['diff', 'patch'] as const });

/** Gitea's Mergeable: known, and neither conflicting nor failed. */
const mergeable = (status: string) => status === 'mergeable' || status === 'empty';

export const PullRequestRef = builder.objectRef<pulls.PullView>('PullRequest').implement({
  description: 'A pull request: an issue of its base repository that asks to merge a head branch into a base branch.',
  fields: (t) => ({
    databaseId: t.int({ resolve: (v) => v.pull.id }),
    number: t.int({ resolve: (v) => v.issue.number }),
    issue: t.field({ type: IssueRef, description: 'The issue side: title, body, state, labels, milestone, assignees, comments.', resolve: (v) => v }),
    baseRepository: t.field({ type: RepositoryRef, resolve: (v) => v.repo }),
    baseBranch: t.string({ resolve: (v) => v.pull.baseBranch }),
    baseSha: t.string({
      nullable: true,
      description: "The base branch's tip now; null once the branch is gone.",
      resolve: (v, _args, ctx) => ctx.loaders.branchTip.load(branchKey(v.repo.id, v.pull.baseBranch)),
    }),
    headRepository: t.field({
      type: RepositoryRef,
      nullable: true,
      description: 'The repository of the head branch; null once deleted, or when the viewer may not read its code.',
      resolve: (v, _args, ctx) => headOf(v, ctx),
    }),
    headBranch: t.string({ resolve: (v) => v.pull.headBranch }),
    headSha: t.string({ description: 'The head commit, also kept as refs/pull/<number>/head.', resolve: (v) => v.pull.headCommitId }),
    mergeBase: t.string({ resolve: (v) => v.pull.mergeBase }),
    status: t.field({ type: PullStatusEnum, resolve: (v) => v.pull.status as 'checking' }),
    mergeable: t.boolean({ description: 'Whether the check found that it merges without conflict.', resolve: (v) => mergeable(v.pull.status) }),
    conflictedFiles: t.stringList({ resolve: (v) => (v.pull.conflictedFiles ? v.pull.conflictedFiles.split('\n') : []) }),
    additions: t.int({ resolve: (v) => v.pull.additions }),
    deletions: t.int({ resolve: (v) => v.pull.deletions }),
    changedFiles: t.int({ resolve: (v) => v.pull.changedFiles }),
    allowMaintainerEdit: t.boolean({ resolve: (v) => v.pull.allowMaintainerEdit }),
    merged: t.boolean({ resolve: (v) => v.pull.hasMerged }),
    mergedAt: t.field({ type: 'DateTime', nullable: true, resolve: (v) => v.pull.mergedAt }),
    mergeCommitSha: t.string({ nullable: true, resolve: (v) => v.pull.mergedCommitId || null }),
    mergedBy: t.field({
      type: UserRef,
      nullable: true,
      resolve: (v, _args, ctx) => (v.pull.mergerId === null ? null : ctx.loaders.userById.load(v.pull.mergerId)),
    }),
    diff: t.string({
      description: 'The change as a diff from the merge base to the head, or its commits as an mbox series.',
      args: { kind: t.arg({ type: DiffKindEnum, required: true }) },
      resolve: async (v, { kind }, ctx) => (await pulls.pullDiff(ctx, v, kind)).toString('utf8'),
    }),
  }),
});

/** What an issue shows of its pull request (Gitea's PullRequestMeta). */
export const PullRequestMetaRef = builder.objectRef<{ merged: boolean; mergedAt: Date | null }>('PullRequestMeta').implement({
  fields: (t) => ({
    merged: t.boolean({ resolve: (m) => m.merged }),
    mergedAt: t.field({ type: 'DateTime', nullable: true, resolve: (m) => m.mergedAt }),
  }),
});

builder.objectFields(IssueRef, (t) => ({
  pullRequest: t.field({
    type: PullRequestMetaRef,
    nullable: true,
    description: 'For a pull request: whether and when it was merged; null for an issue.',
    resolve: async (v, _args, ctx) => {
      if (!v.issue.isPull) return null;
      // The issue side of a pull request read as one (PullRequest.issue) holds its row already.
      const pull = 'pull' in v ? (v as pulls.PullView).pull : await ctx.loaders.pullByIssueId.load(v.issue.id);
      return pull ? { merged: pull.hasMerged, mergedAt: pull.mergedAt } : null;
    },
  }),
}));

/** The head repository of a pull request when the viewer may read its code (its base's own, or a loaded fork). */
const headOf = async (v: pulls.PullView, ctx: GraphQLContext) =>
  pulls.readableHead(ctx, v, v.pull.headRepoId === null || v.pull.headRepoId === v.repo.id ? null : await ctx.loaders.repositoryById.load(v.pull.headRepoId));

export const PullRequestConnection = builder.connectionObject({
  type: PullRequestRef,
  name: 'PullRequestConnection',
  fields: (t) => ({
    totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }),
    headRepositories: t.field({
      type: [RepositoryRef],
      description:
        "The repositories of this page's head branches that the viewer may read, each once: a list names a repository " +
        'once here (with `headRepository { databaseId }` on each pull request) instead of resolving it again for every pull request.',
      resolve: async (c, _args, ctx) => {
        const firstOfHead = new Map<number, pulls.PullView>();
        // offsetConnection's edges: a plain array of the page's pull requests.
        for (const edge of (c as unknown as { edges: ({ node: pulls.PullView } | null)[] }).edges) {
          const view = edge?.node;
          if (view && view.pull.headRepoId !== null && !firstOfHead.has(view.pull.headRepoId)) firstOfHead.set(view.pull.headRepoId, view);
        }
        const heads = await Promise.all([...firstOfHead.values()].map((view) => headOf(view, ctx)));
        return heads.filter((head) => head !== null);
      },
    }),
  }),
});

builder.objectFields(RepositoryRef, (t) => ({
  pullRequests: t.connection(
    {
      type: PullRequestRef,
      tokenScope: 'read:repository',
      description: "The repository's pull requests, newest first unless sorted otherwise; open ones unless the filter says otherwise.",
      complexity: connectionComplexity,
      args: { filter: t.arg({ type: PullFilterInput }) },
      resolve: async (repo, { filter, ...args }, ctx) => {
        const full = await withOwner(ctx, repo);
        return offsetConnection(args, (window) => pulls.listPullRequests(ctx, full, window, filter ?? {}));
      },
    },
    PullRequestConnection,
  ),
  pinnedPullRequests: t.field({
    type: [PullRequestRef],
    tokenScope: 'read:repository',
    resolve: async (repo, _args, ctx) => pulls.listPinnedPullRequests(ctx, await withOwner(ctx, repo)),
  }),
  pullRequest: t.field({
    type: PullRequestRef,
    nullable: true,
    tokenScope: 'read:repository',
    args: { number: t.arg.int({ required: true }) },
    resolve: async (repo, { number }, ctx) =>
      lookup(ctx, async () => pulls.getPullRequest(ctx, await withOwner(ctx, repo), number), () => `pull request #${number} does not exist`),
  }),
  pullRequestByBaseHead: t.field({
    type: PullRequestRef,
    nullable: true,
    tokenScope: 'read:repository',
    description: 'The newest pull request from head (a branch, or owner:branch of a fork) into base.',
    args: { base: t.arg.string({ required: true }), head: t.arg.string({ required: true }) },
    resolve: async (repo, { base, head }, ctx) =>
      lookup(ctx, async () => pulls.getPullRequestByBaseHead(ctx, await withOwner(ctx, repo), base, head), () => `no pull request from ${head} into ${base}`),
  }),
}));

builder.mutationFields((t) => ({
  createPullRequest: t.field({
    type: PullRequestRef,
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), input: t.arg({ type: CreatePullInput, required: true }) },
    resolve: (_root, { owner, name, input }, ctx) => pulls.createPullRequest(ctx, owner, name, input),
  }),
  updatePullRequest: t.field({
    type: PullRequestRef,
    tokenScope: 'write:repository',
    args: {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      number: t.arg.int({ required: true }),
      input: t.arg({ type: UpdatePullInput, required: true }),
    },
    resolve: (_root, { owner, name, number, input }, ctx) => pulls.updatePullRequest(ctx, owner, name, number, input),
  }),
}));

export const PullRequestEventRef = builder.objectRef<PullEventView>('PullRequestEvent').implement({
  description: "A change of one of a repository's pull requests, named as Gitea's pull_request webhook actions.",
  fields: (t) => ({
    action: t.string({
      description:
        'opened, edited, synchronized, closed, reopened, assigned, unassigned, milestoned, demilestoned, label_updated, review_requested, review_request_removed, merged, mergeability_computed; for reviews review_approved, review_rejected, review_comment, review_dismissed, review_undismissed, and review_line_comment (a line comment published); for auto-merge auto_merge_scheduled, auto_merge_cancelled, auto_merged.',
      resolve: (e) => e.action,
    }),
    number: t.int({ resolve: (e) => e.number }),
    actor: t.field({ type: UserRef, nullable: true, resolve: (e, _args, ctx) => (e.actorId === null ? null : ctx.loaders.userById.load(e.actorId)) }),
    pullRequest: t.field({ type: PullRequestRef, nullable: true, resolve: (e) => e.pull }),
  }),
});

builder.subscriptionFields((t) => ({
  pullRequestEvents: t.field({
    type: PullRequestEventRef,
    description: "Live changes of a repository's pull requests, for those who read them (checked at every event).",
    tokenScope: 'read:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    subscribe: (_root, { owner, name }, ctx) => pullRequestEvents(ctx, owner, name),
    resolve: (event) => event,
  }),
}));

// ---------------------------------------------------------------------------------------------
// Merging and updating the head branch (merge.service.ts)

const MERGE_STYLE_ENUM = enumFromValues('PullRequestMergeStyle', MERGE_STYLES, "Gitea's merge styles (rebase_merge is Gitea's rebase-merge, and so on).");
const MergePullInput = inputFromTable('MergePullRequestInput', MERGE_PULL_FIELDS);
const UPDATE_STYLE_ENUM = enumFromValues('PullRequestUpdateStyle', UPDATE_BRANCH_STYLES, 'How the head branch is brought up to date with the base.');

builder.mutationFields((t) => ({
  mergePullRequest: t.field({
    type: PullRequestRef,
    tokenScope: 'write:repository',
    description: 'Merges a pull request in one of the styles the repository allows; answers it merged.',
    args: {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      number: t.arg.int({ required: true }),
      input: t.arg({ type: MergePullInput, required: true }),
    },
    resolve: (_root, { owner, name, number, input }, ctx) => merging.mergePullRequest(ctx, owner, name, number, input),
  }),
  updatePullRequestBranch: t.field({
    type: PullRequestRef,
    tokenScope: 'write:repository',
    description: "Brings the head branch up to date with the base, by a merge commit (default) or a rebase.",
    args: {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      number: t.arg.int({ required: true }),
      style: t.arg({ type: UPDATE_STYLE_ENUM, required: false }),
    },
    resolve: (_root, { owner, name, number, style }, ctx) => merging.updatePullRequestBranch(ctx, owner, name, number, style ?? 'merge'),
  }),
}));

builder.objectFields(PullRequestRef, (t) => ({
  viewerCanMerge: t.boolean({
    description: "The viewer may merge into the base branch (the rule's merge whitelist, or write access to the code); false once merged or closed.",
    resolve: async (v, _args, ctx) => (await merging.mergeCheck(ctx, v)).viewerCanMerge,
  }),
  mergeBlockers: t.stringList({
    description:
      "What would refuse a merge now, in words: a work-in-progress title, and the base branch protection's checks (status checks, " +
      'approvals, an outdated head, protected files). Empty when nothing does, and once merged or closed.',
    resolve: async (v, _args, ctx) => (await merging.mergeCheck(ctx, v)).blockers,
  }),
}));

// Auto-merge: merging when the checks succeed (auto-merge.service.ts, auto-merge.ts)

export const PullRequestAutoMergeRef = builder.objectRef<AutoMerge>('PullRequestAutoMerge').implement({
  description: 'A merge scheduled for when the checks succeed: the background job carries it out as the account that scheduled it.',
  fields: (t) => ({
    scheduledBy: t.field({ type: UserRef, nullable: true, resolve: (a, _args, ctx) => ctx.loaders.userById.load(a.doerId) }),
    style: t.field({ type: MERGE_STYLE_ENUM, resolve: (a) => a.style as MergeStyle }),
    title: t.string({ nullable: true, description: "The merge commit's title; Gitea's default when null.", resolve: (a) => a.title }),
    message: t.string({ nullable: true, description: "The merge commit's body.", resolve: (a) => a.message }),
    deleteBranchAfterMerge: t.boolean({ resolve: (a) => a.deleteBranchAfterMerge }),
    headSha: t.string({ description: 'The head commit when it was scheduled.', resolve: (a) => a.headCommitId }),
    createdAt: t.field({ type: 'DateTime', resolve: (a) => a.createdAt }),
  }),
});

builder.objectFields(PullRequestRef, (t) => ({
  autoMerge: t.field({
    type: PullRequestAutoMergeRef,
    nullable: true,
    description: 'The merge scheduled for when the checks succeed; null when none is.',
    resolve: (v, _args, ctx) => ctx.loaders.autoMergeByPullId.load(v.pull.id),
  }),
}));

builder.mutationFields((t) => ({
  schedulePullRequestAutoMerge: t.field({
    type: PullRequestRef,
    tokenScope: 'write:repository',
    description:
      'Schedules the pull request to merge, as the caller, once the base branch protection lets it (status checks, ' +
      'approvals); it merges right away when nothing stands in the way. Answers the pull request with its schedule.',
    args: {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      number: t.arg.int({ required: true }),
      input: t.arg({ type: MergePullInput, required: true }),
    },
    resolve: (_root, { owner, name, number, input }, ctx) => autoMerging.scheduleAutoMerge(ctx, owner, name, number, input),
  }),
  cancelPullRequestAutoMerge: t.field({
    type: PullRequestRef,
    tokenScope: 'write:repository',
    description: 'Cancels the merge scheduled for when the checks succeed (its scheduler or a repository administrator).',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), number: t.arg.int({ required: true }) },
    resolve: (_root, { owner, name, number }, ctx) => autoMerging.cancelAutoMerge(ctx, owner, name, number),
  }),
}));

// A pull request's commits and files, and the pull request a commit was merged by.

const DiffWhitespaceEnum = builder.enumType('DiffWhitespace', {
  description: 'How a diff treats whitespace.',
  values: {
    show_all: { description: 'Every change counts.' },
    ignore_all: { description: 'Whitespace is ignored everywhere (git diff -w).' },
    ignore_change: { description: 'Changes in the amount of whitespace are ignored (git diff -b).' },
    ignore_eol: { description: 'Whitespace at line ends is ignored (git diff --ignore-space-at-eol).' },
  } as const,
});
const WHITESPACE_MODES = { show_all: 'show-all', ignore_all: 'ignore-all', ignore_change: 'ignore-change', ignore_eol: 'ignore-eol' } as const;

const ChangedFileConnection = builder.connectionObject({
  type: ChangedFileRef,
  name: 'ChangedFileConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

builder.objectFields(PullRequestRef, (t) => ({
  commits: t.connection(
    {
      type: CommitRef,
      description:
        'The commits of its head that its base branch lacks (once merged: that its merge base lacks), newest first. Their ' +
        'files and stats are computed for the whole page together.',
      complexity: connectionComplexity,
      resolve: (v, args, ctx) => offsetConnection(args, (window) => pulls.pullCommits(ctx, v, window)),
    },
    CommitConnection,
  ),
  files: t.connection(
    {
      type: ChangedFileRef,
      description: 'The files it changes, from the merge base to the head, in path order.',
      complexity: connectionComplexity,
      args: {
        skipTo: t.arg.string({ description: 'Start at this path; a path the change does not touch lists nothing.' }),
        whitespace: t.arg({ type: DiffWhitespaceEnum, description: 'Files whose changes the setting ignores are left out.' }),
      },
      resolve: (v, { skipTo, whitespace, ...args }, ctx) =>
        offsetConnection(args, (window) => pulls.pullFiles(ctx, v, { skipTo, whitespace: whitespace ? WHITESPACE_MODES[whitespace] : null }, window)),
    },
    ChangedFileConnection,
  ),
}));

builder.objectFields(RepositoryRef, (t) => ({
  pullRequestByMergedCommit: t.field({
    type: PullRequestRef,
    nullable: true,
    tokenScope: 'read:repository',
    description: 'The pull request whose merge gave this commit (its full id).',
    args: { sha: t.arg.string({ required: true }) },
    resolve: async (repo, { sha }, ctx) =>
      lookup(ctx, async () => pulls.getPullRequestByMergedCommit(ctx, await withOwner(ctx, repo), sha), () => `no pull request was merged as ${sha}`),
  }),
}));
