import { RepositoryCommitDocument } from '../../__generated__/graphql.ts';
import { commitOptions, toCommit } from '../../convert/commit.ts';
import { defineOperation, notFoundReply, ok } from '../../operation.ts';

export const repoGetSingleCommit = defineOperation({
  operationId: 'repoGetSingleCommit',
  document: RepositoryCommitDocument,
  variables: ({ params, query }) => ({ owner: params.owner, name: params.repo, rev: params.sha, ...commitOptions(query) }),
  reply: ({ repository }, { params }) => {
    if (!repository) return notFoundReply(`repository ${params.owner}/${params.repo} does not exist`);
    if (!repository.commit) return notFoundReply(`commit "${params.sha}" does not exist`);
    return ok(toCommit(repository.commit, repository));
  },
});
