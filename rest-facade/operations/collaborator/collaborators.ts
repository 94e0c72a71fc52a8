import {
  RemoveCollaboratorDocument,
  RepositoryCollaboratorsDocument,
  RepositoryIsCollaboratorDocument,
  RepositoryPermissionOfDocument,
  SetCollaboratorDocument,
} from '../../__generated__/graphql.ts';
import { toRepoCollaboratorPermission } from '../../convert/collaborator.ts';
import { toUser } from '../../convert/user.ts';
import { checked, defineOperation, found, list, noContent, ok } from '../../operation.ts';

export const repoListCollaborators = defineOperation({
  operationId: 'repoListCollaborators',
  document: RepositoryCollaboratorsDocument,
  paged: true,
  variables: ({ params, page }) => ({ owner: params.owner, name: params.repo, ...page }),
  reply: ({ repository }) => list(found(repository).collaborators, toUser),
});

export const repoCheckCollaborator = defineOperation({
  operationId: 'repoCheckCollaborator',
  document: RepositoryIsCollaboratorDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, login: params.collaborator }),
  reply: ({ repository }) => checked(found(repository).isCollaborator),
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

export const repoGetRepoPermissions = defineOperation({
  operationId: 'repoGetRepoPermissions',
  document: RepositoryPermissionOfDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, login: params.collaborator }),
  reply: ({ repository }) => ok(toRepoCollaboratorPermission(found(repository).permissionOf)),
});
