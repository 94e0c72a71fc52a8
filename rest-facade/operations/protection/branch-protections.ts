import {
  CreateBranchProtectionDocument,
  DeleteBranchProtectionDocument,
  ReorderBranchProtectionsDocument,
  RepositoryBranchProtectionDocument,
  RepositoryBranchProtectionsDocument,
  UpdateBranchProtectionDocument,
} from '../../__generated__/graphql.ts';
import { toBranchProtection } from '../../convert/branch-protection.ts';
import { created, defineOperation, found, noContent, ok } from '../../operation.ts';
import { fromSnakeCase } from '../../snake-case.ts';

/** Branch protection rules (/repos/{owner}/{repo}/branch_protections), for the repository's administrators. */

export const repoListBranchProtection = defineOperation({
  operationId: 'repoListBranchProtection',
  document: RepositoryBranchProtectionsDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: ({ repository }) => ok(found(repository).branchProtectionRules.map(toBranchProtection)),
});

export const repoGetBranchProtection = defineOperation({
  operationId: 'repoGetBranchProtection',
  document: RepositoryBranchProtectionDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, ruleName: params.name }),
  reply: ({ repository }) => ok(toBranchProtection(found(found(repository).branchProtection))),
});

export const repoCreateBranchProtection = defineOperation({
  operationId: 'repoCreateBranchProtection',
  document: CreateBranchProtectionDocument,
  variables: ({ params, body }) => ({
    owner: params.owner,
    name: params.repo,
    input: { ...fromSnakeCase(body, 'CreateBranchProtectionInput', []) },
  }),
  reply: ({ createBranchProtection }) => created(toBranchProtection(createBranchProtection)),
});

export const repoEditBranchProtection = defineOperation({
  operationId: 'repoEditBranchProtection',
  document: UpdateBranchProtectionDocument,
  variables: ({ params, body }) => ({
    owner: params.owner,
    name: params.repo,
    ruleName: params.name,
    input: fromSnakeCase(body, 'EditBranchProtectionInput', []),
  }),
  reply: ({ updateBranchProtection }) => ok(toBranchProtection(updateBranchProtection)),
});

export const repoDeleteBranchProtection = defineOperation({
  operationId: 'repoDeleteBranchProtection',
  document: DeleteBranchProtectionDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, ruleName: params.name }),
  reply: () => noContent(),
});

export const repoUpdateBranchProtectionPriories = defineOperation({
  operationId: 'repoUpdateBranchProtectionPriories',
  document: ReorderBranchProtectionsDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, ids: body.ids ?? [] }),
  reply: () => noContent(),
});
