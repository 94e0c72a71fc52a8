import { RepositoryCommitDiffDocument } from '../../__generated__/graphql.ts';
import { defineOperation, notFoundReply, textReply } from '../../operation.ts';

export const repoDownloadCommitDiffOrPatch = defineOperation({
  operationId: 'repoDownloadCommitDiffOrPatch',
  document: RepositoryCommitDiffDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, rev: params.sha, patch: params.diffType === 'patch' }),
  reply: ({ repository }, { params }) => {
    if (!repository) return notFoundReply(`repository ${params.owner}/${params.repo} does not exist`);
    if (!repository.commit) return notFoundReply(`commit "${params.sha}" does not exist`);
    return textReply((params.diffType === 'patch' ? repository.commit.patch : repository.commit.diff) ?? '');
  },
});
