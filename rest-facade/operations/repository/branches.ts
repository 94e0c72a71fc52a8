import {
  CreateBranchDocument,
  DeleteBranchDocument,
  RenameBranchDocument,
  RepositoryBranchDocument,
  RepositoryBranchesDocument,
} from '../../__generated__/graphql.ts';
import { toBranch } from '../../convert/branch.ts';
import { created, defineOperation, noContent, notFoundReply, ok, paginated } from '../../operation.ts';
import { connectionArgsFor } from '../../pagination.ts';

const missingRepository = (params: { owner: string; repo: string }) => notFoundReply(`repository ${params.owner}/${params.repo} does not exist`);

export const repoListBranches = defineOperation({
  operationId: 'repoListBranches',
  document: RepositoryBranchesDocument,
  variables: ({ params, query, config }) => ({ owner: params.owner, name: params.repo, query: query.q || null, ...connectionArgsFor(query, config).args }),
  reply: ({ repository }, { params, query, config }) => {
    if (!repository) return missingRepository(params);
    const { branches } = repository;
    return paginated(branches.nodes.map((b) => toBranch(b, repository)), connectionArgsFor(query, config).window, branches.totalCount);
  },
});

export const repoGetBranch = defineOperation({
  operationId: 'repoGetBranch',
  document: RepositoryBranchDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, branch: params.branch }),
  reply: ({ repository }, { params }) => {
    if (!repository) return missingRepository(params);
    return repository.branch ? ok(toBranch(repository.branch, repository)) : notFoundReply(`branch "${params.branch}" does not exist`);
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
