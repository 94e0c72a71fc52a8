import { RepositoryCommitDiffDocument } from '../../__generated__/graphql.ts';
import { defineOperation, found, textReply } from '../../operation.ts';

export const repoDownloadCommitDiffOrPatch = defineOperation({
  operationId: 'repoDownloadCommitDiffOrPatch',
  document: RepositoryCommitDiffDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, rev: params.sha, patch: params.diffType === 'patch' }),
  reply: ({ repository }, { params }) => {
    const commit = found(found(repository).commit);
    return textReply((params.diffType === 'patch' ? commit.patch : commit.diff) ?? '');
  },
});
