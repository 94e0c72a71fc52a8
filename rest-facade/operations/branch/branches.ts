import {
  CreateBranchDocument,
  DeleteBranchDocument,
  RenameBranchDocument,
  RepositoryBranchDocument,
  RepositoryBranchesDocument,
  UpdateBranchDocument,
} from '../../__generated__/graphql.ts';
import { toBranch } from '../../convert/branch.ts';
import { created, defineOperation, found, list, noContent, ok } from '../../operation.ts';
import { fromSnakeCase } from '../../snake-case.ts';

export const repoListBranches = defineOperation({
  operationId: 'repoListBranches',
  document: RepositoryBranchesDocument,
  paged: true,
  variables: ({ params, query, page }) => ({ owner: params.owner, name: params.repo, query: query.q || null, ...page }),
  reply: ({ repository }) => {
    const repo = found(repository);
    return list(repo.branches, (b) => toBranch(b, repo));
  },
});

export const repoGetBranch = defineOperation({
  operationId: 'repoGetBranch',
  document: RepositoryBranchDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, branch: params.branch }),
  reply: ({ repository }) => {
    const repo = found(repository);
    return ok(toBranch(found(repo.branch), repo));
  },
});

export const repoCreateBranch = defineOperation({
  operationId: 'repoCreateBranch',
  document: CreateBranchDocument,
  variables: ({ params, body }) => ({
    owner: params.owner,
    name: params.repo,
    input: { newBranchName: body.new_branch_name, oldBranchName: body.old_branch_name || null, oldRefName: body.old_ref_name || null },
  }),
  reply: ({ createBranch }) => created(toBranch(createBranch, createBranch.repository)),
});

export const repoDeleteBranch = defineOperation({
  operationId: 'repoDeleteBranch',
  document: DeleteBranchDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, branch: params.branch }),
  reply: () => noContent(),
});

export const repoRenameBranch = defineOperation({
  operationId: 'repoRenameBranch',
  document: RenameBranchDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, branch: params.branch, newName: body.name }),
  reply: () => noContent(),
});

export const repoUpdateBranch = defineOperation({
  operationId: 'repoUpdateBranch',
  document: UpdateBranchDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, branch: params.branch, input: fromSnakeCase(body, 'UpdateBranchInput', []) }),
  reply: () => noContent(),
});
