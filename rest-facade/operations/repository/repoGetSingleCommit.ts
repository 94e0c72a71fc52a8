import { RepositoryCommitDocument } from '../../__generated__/graphql.ts';
import { commitOptions, toCommit } from '../../convert/commit.ts';
import { defineOperation, found, ok } from '../../operation.ts';

export const repoGetSingleCommit = defineOperation({
  operationId: 'repoGetSingleCommit',
  document: RepositoryCommitDocument,
  variables: ({ params, query }) => ({ owner: params.owner, name: params.repo, rev: params.sha, ...commitOptions(query) }),
  reply: ({ repository }) => {
    const repo = found(repository);
    return ok(toCommit(found(repo.commit), repo));
  },
});
