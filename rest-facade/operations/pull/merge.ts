import { invalid } from '../../../src/errors.ts';
import { CancelPullRequestAutoMergeDocument, MergePullRequestDocument, type PullRequestMergeStyle, UpdatePullRequestBranchDocument } from '../../__generated__/graphql.ts';
import { defineOperation, noContent } from '../../operation.ts';

/** Gitea's style names (`rebase-merge`) as the GraphQL enum spells them (`rebase_merge`). */
const STYLE_OF: Record<string, PullRequestMergeStyle> = {
  merge: 'merge',
  rebase: 'rebase',
  'rebase-merge': 'rebase_merge',
  squash: 'squash',
  'fast-forward-only': 'fast_forward_only',
  'manually-merged': 'manually_merged',
};

export const repoMergePullRequest = defineOperation({
  operationId: 'repoMergePullRequest',
  document: MergePullRequestDocument,
  variables: ({ params, body }) => {
    const given = body.do ?? body.Do;
    if (!given) throw invalid('do is required: merge, rebase, rebase-merge, squash, fast-forward-only or manually-merged');
    return {
      owner: params.owner,
      name: params.repo,
      number: params.index,
      input: {
        style: STYLE_OF[given],
        title: body.merge_title_field ?? body.MergeTitleField ?? null,
        message: body.merge_message_field ?? body.MergeMessageField ?? null,
        headCommitId: body.head_commit_id || null,
        mergeCommitId: body.merge_commit_id ?? body.MergeCommitID ?? null,
        deleteBranchAfterMerge: body.delete_branch_after_merge ?? null,
        forceMerge: body.force_merge ?? null,
      },
      // Auto-merge: scheduled for when the checks succeed (201), except manually-merged, which Gitea marks at once.
      schedule: !!body.merge_when_checks_succeed && given !== 'manually-merged',
    };
  },
  reply: (data) => ({ status: data.schedulePullRequestAutoMerge ? 201 : 200 }),
});

export const repoCancelScheduledAutoMerge = defineOperation({
  operationId: 'repoCancelScheduledAutoMerge',
  document: CancelPullRequestAutoMergeDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, number: params.index }),
  reply: () => noContent(),
});

export const repoUpdatePullRequest = defineOperation({
  operationId: 'repoUpdatePullRequest',
  document: UpdatePullRequestBranchDocument,
  variables: ({ params, query }) => ({ owner: params.owner, name: params.repo, number: params.index, style: query.style ?? null }),
  reply: () => ({ status: 200 }),
});
