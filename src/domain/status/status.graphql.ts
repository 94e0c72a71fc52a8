import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { enumFromValues, inputFromTable } from '../../graphql/input-fields.ts';
import type { Repository } from '../../db/models.ts';
import { readsCode } from '../access/access.graphql.ts';
import { CommitRef } from '../commit/commit.graphql.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { UserRef } from '../user/user.graphql.ts';
import { COMMIT_STATUS_FILTER_FIELDS, CREATE_COMMIT_STATUS_FIELDS } from './status.inputs.ts';
import { isStatusState, STATUS_SORTS, STATUS_STATES, type CombinedState, type StatusState } from './status.rules.ts';
import * as statuses from './status.service.ts';

enumFromValues('CommitStatusSort', STATUS_SORTS, 'The orders of a list of commit statuses (Gitea\'s `sort`).');
const CommitStatusStateEnum = builder.enumType('CommitStatusState', { values: STATUS_STATES, description: 'The state a status reports.' });
const COMBINED_STATES = ['pending', 'success', 'failure'] as const satisfies readonly CombinedState[];
const CombinedStatusStateEnum = builder.enumType('CombinedStatusState', { values: COMBINED_STATES, description: 'The state the latest statuses of a commit combine into.' });

const CommitStatusFilterInput = inputFromTable('CommitStatusFilter', COMMIT_STATUS_FILTER_FIELDS);
const CreateCommitStatusInput = inputFromTable('CreateCommitStatusInput', CREATE_COMMIT_STATUS_FIELDS);

export const CommitStatusRef = builder.objectRef<statuses.CommitStatusView>('CommitStatus').implement({
  description: 'A state a tool (CI, a linter, a deployment) reported on a commit, under its context.',
  fields: (t) => ({
    databaseId: t.int({ resolve: (v) => v.status.id }),
    index: t.int({ description: "Its number among the statuses of its commit, from 1 (Gitea's API shows it as the status's id).", resolve: (v) => v.status.index }),
    sha: t.string({ description: 'The full id of the commit.', resolve: (v) => v.status.sha }),
    state: t.field({ type: CommitStatusStateEnum, description: 'pending, success, error, failure, warning or skipped.', resolve: (v): StatusState => (isStatusState(v.status.state) ? v.status.state : 'error') }),
    context: t.string({ resolve: (v) => v.status.context }),
    description: t.string({ resolve: (v) => v.status.description }),
    targetUrl: t.string({ resolve: (v) => v.status.targetUrl }),
    creator: t.field({ type: UserRef, nullable: true, description: 'Who reported it; null once that account is deleted.', resolve: (v) => v.creator }),
    createdAt: t.field({ type: 'DateTime', resolve: (v) => v.status.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (v) => v.status.updatedAt }),
    repository: t.field({ type: RepositoryRef, resolve: (v) => v.repo }),
  }),
});

const CommitStatusConnection = builder.connectionObject({
  type: CommitStatusRef,
  name: 'CommitStatusConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

const CombinedStatusRef = builder.objectRef<statuses.CombinedStatusView>('CombinedStatus').implement({
  description: 'The latest status of each context of a commit, and the state they combine into.',
  fields: (t) => ({
    sha: t.string({ description: 'The full id of the commit.', resolve: (v) => v.sha }),
    state: t.field({
      type: CombinedStatusStateEnum,
      description:
        "failure when a latest status is an error or a failure; success when every one is a success, a warning or skipped; otherwise (one pending, or none) pending. Gitea's rule.",
      resolve: (v) => v.state,
    }),
    totalCount: t.int({ description: 'How many contexts report on the commit.', resolve: (v) => v.totalCount }),
    repository: t.field({ type: RepositoryRef, resolve: (v) => v.repo }),
    statuses: t.connection(
      {
        type: CommitStatusRef,
        description: 'The latest status of each context, the most recently reported first.',
        complexity: connectionComplexity,
        resolve: (combined, page, ctx) =>
          offsetConnection(page, async (window) => ({ items: await statuses.combinedStatuses(ctx, combined, window), totalCount: combined.totalCount })),
      },
      CommitStatusConnection,
    ),
  }),
});

builder.objectFields(CommitRef, (t) => ({
  statuses: t.connection(
    {
      type: CommitStatusRef,
      description: 'The statuses reported on the commit, newest first unless filter.sort says otherwise.',
      complexity: connectionComplexity,
      args: { filter: t.arg({ type: CommitStatusFilterInput }) },
      resolve: (node, { filter, ...page }, ctx) => offsetConnection(page, (window) => statuses.statusesOf(ctx, node.repo, node.oid, window, filter ?? {})),
    },
    CommitStatusConnection,
  ),
  combinedStatus: t.field({
    type: CombinedStatusRef,
    description: 'The latest status of each context and the state they combine into (pending when there is none); computed for all commits of a list together.',
    resolve: (node, _args, ctx) => ctx.loaders.combinedStatus.load(node),
  }),
}));

builder.objectFields(RepositoryRef, (t) => ({
  commitStatuses: t.connection(
    {
      authScopes: readsCode,
      type: CommitStatusRef,
      description:
        "The statuses of a commit by its id, as Gitea lists them: a full id as written (its statuses stay after the commit is gone), an abbreviated one as the commit it names; newest first unless filter.sort says otherwise.",
      complexity: connectionComplexity,
      args: { sha: t.arg.string({ required: true }), filter: t.arg({ type: CommitStatusFilterInput }) },
      resolve: (repo, { sha, filter, ...page }, ctx) =>
        offsetConnection(page, (window) => statuses.listCommitStatuses(ctx, repo as Repository, sha, window, filter ?? {})),
    },
    CommitStatusConnection,
  ),
}));

builder.mutationFields((t) => ({
  createCommitStatus: t.field({
    type: CommitStatusRef,
    tokenScope: 'write:repository',
    description:
      'Reports a status on a commit (by full or abbreviated id, branch or tag) of the repository owner/name: those who write to its code may. NOT_FOUND when sha names no commit.',
    args: {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      sha: t.arg.string({ required: true }),
      input: t.arg({ type: CreateCommitStatusInput, required: true }),
    },
    resolve: (_root, { owner, name, sha, input }, ctx) => statuses.createCommitStatus(ctx, owner, name, sha, input),
  }),
}));
