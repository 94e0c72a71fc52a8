import { RepositoryGitRefsDocument } from '../../__generated__/graphql.ts';
import { toReference } from '../../convert/branch.ts';
import { notFound } from '../../../src/errors.ts';
import { defineOperation, found, ok } from '../../operation.ts';

export const repoListAllGitRefs = defineOperation({
  operationId: 'repoListAllGitRefs',
  document: RepositoryGitRefsDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, prefix: null }),
  reply: ({ repository }, { params }) => {
    const repo = found(repository);
    if (repo.refs.length === 0) throw notFound(`${params.owner}/${params.repo} has no refs`);
    return ok(repo.refs.map((r) => toReference(r, repo)));
  },
});

/**
 * `ref` is matched as a string prefix of the full name less "refs/": heads/mai finds heads/main and heads/main1.
 * When it is the complete name of an existing ref, that one ref comes back as an object; otherwise a list;
 * nothing matching is 404 (Gitea's rules).
 */
export const repoListGitRefs = defineOperation({
  operationId: 'repoListGitRefs',
  document: RepositoryGitRefsDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, prefix: `refs/${params.ref}` }),
  reply: ({ repository }, { params }) => {
    const repo = found(repository);
    const exact = repo.refs.find((r) => r.name === `refs/${params.ref}`);
    if (exact) return ok(toReference(exact, repo));
    if (repo.refs.length === 0) throw notFound(`no ref matches "${params.ref}"`);
    return ok(repo.refs.map((r) => toReference(r, repo)));
  },
});
