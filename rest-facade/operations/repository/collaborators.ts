import {
  RemoveCollaboratorDocument,
  RepositoryCollaboratorsDocument,
  RepositoryIsCollaboratorDocument,
  RepositoryPermissionOfDocument,
  SetCollaboratorDocument,
} from '../../__generated__/graphql.ts';
import { toUser } from '../../convert/user.ts';
import { defineOperation, noContent, notFoundReply, ok, paginated } from '../../operation.ts';
import { connectionArgsFor } from '../../pagination.ts';

const repoMissing = (owner: string, repo: string) => notFoundReply(`repository ${owner}/${repo} does not exist`);

export const repoListCollaborators = defineOperation({
  operationId: 'repoListCollaborators',
  document: RepositoryCollaboratorsDocument,
  variables: ({ params, query, config }) => ({ owner: params.owner, name: params.repo, ...connectionArgsFor(query, config).args }),
  reply: ({ repository }, { params, query, config }) =>
    repository
      ? paginated(repository.collaborators.nodes.map(toUser), connectionArgsFor(query, config).window, repository.collaborators.totalCount)
      : repoMissing(params.owner, params.repo),
});

export const repoCheckCollaborator = defineOperation({
  operationId: 'repoCheckCollaborator',
  document: RepositoryIsCollaboratorDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, login: params.collaborator }),
  reply: ({ repository }, { params }) => {
    if (!repository) return repoMissing(params.owner, params.repo);
    return repository.isCollaborator ? noContent() : notFoundReply(`${params.collaborator} is not a collaborator`);
  },
});

export const repoAddCollaborator = defineOperation({
  operationId: 'repoAddCollaborator',
  document: SetCollaboratorDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, login: params.collaborator, permission: body?.permission ?? null }),
  reply: () => noContent(),
});

export const repoDeleteCollaborator = defineOperation({
  operationId: 'repoDeleteCollaborator',
  document: RemoveCollaboratorDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, login: params.collaborator }),
  reply: () => noContent(),
});

/** Gitea sends the level twice: as permission and as role_name. */
export const repoGetRepoPermissions = defineOperation({
  operationId: 'repoGetRepoPermissions',
  document: RepositoryPermissionOfDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, login: params.collaborator }),
  reply: ({ repository }, { params }) =>
    repository
      ? ok({ permission: repository.permissionOf.permission, role_name: repository.permissionOf.permission, user: toUser(repository.permissionOf.user) })
      : repoMissing(params.owner, params.repo),
});
