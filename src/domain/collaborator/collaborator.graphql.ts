import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { withOwner } from '../repo/repo.service.ts';
import { UserConnection, UserRef } from '../user/user.graphql.ts';
import * as collaborators from './collaborator.service.ts';

const CollaboratorPermission = builder
  .objectRef<{ user: import('../../db/models.ts').User; permission: { level: string } }>('CollaboratorPermission')
  .implement({
    description: "A person's permission on a repository, whatever grants it (ownership, teams, collaboration, visibility).",
    fields: (t) => ({
      user: t.field({ type: UserRef, resolve: (p) => p.user }),
      permission: t.string({ description: 'none, read, write, admin or owner.', resolve: (p) => p.permission.level }),
    }),
  });

const CollaborationRef = builder.objectRef<{ user: import('../../db/models.ts').User; permission: string }>('Collaboration').implement({
  description: 'A person given access to a repository explicitly, with the permission given.',
  fields: (t) => ({
    user: t.field({ type: UserRef, resolve: (c) => c.user }),
    permission: t.string({ description: 'read, write or admin.', resolve: (c) => c.permission }),
  }),
});

const CollaborationConnection = builder.connectionObject({
  type: CollaborationRef,
  name: 'CollaborationConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

builder.objectFields(RepositoryRef, (t) => ({
  collaborations: t.connection(
    {
      type: CollaborationRef,
      description: 'The collaborators with the permission each was given, by login; for repository admins (FORBIDDEN otherwise).',
      complexity: connectionComplexity,
      resolve: async (repo, page, ctx) => {
        const r = await withOwner(ctx, repo);
        return offsetConnection(page, (window) => collaborators.listCollaborations(ctx, r.owner.login, r.name, window));
      },
    },
    CollaborationConnection,
  ),
  collaborators: t.connection(
    {
      type: UserRef,
      description: 'People given access to the repository explicitly.',
      complexity: connectionComplexity,
      resolve: async (repo, page, ctx) => {
        const r = await withOwner(ctx, repo);
        return offsetConnection(page, (window) => collaborators.listCollaborators(ctx, r.owner.login, r.name, window));
      },
    },
    UserConnection,
  ),
  isCollaborator: t.boolean({
    args: { login: t.arg.string({ required: true }) },
    resolve: async (repo, { login }, ctx) => {
      const r = await withOwner(ctx, repo);
      return collaborators.isCollaborator(ctx, r.owner.login, r.name, login);
    },
  }),
  permissionOf: t.field({
    type: CollaboratorPermission,
    description: "A person's permission here; visible to themselves, repository admins and site admins.",
    args: { login: t.arg.string({ required: true }) },
    resolve: async (repo, { login }, ctx) => {
      const r = await withOwner(ctx, repo);
      return collaborators.collaboratorPermission(ctx, r.owner.login, r.name, login);
    },
  }),
}));

builder.mutationFields((t) => ({
  setCollaborator: t.boolean({
    description: 'Adds a collaborator with a permission (read, write or admin; default write), or changes it.',
    tokenScope: 'write:repository',
    args: {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      login: t.arg.string({ required: true }),
      permission: t.arg.string(),
    },
    resolve: async (_root, { owner, name, login, permission }, ctx) => {
      await collaborators.setCollaborator(ctx, owner, name, login, permission);
      return true;
    },
  }),
  removeCollaborator: t.boolean({
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), login: t.arg.string({ required: true }) },
    resolve: async (_root, { owner, name, login }, ctx) => {
      await collaborators.removeCollaborator(ctx, owner, name, login);
      return true;
    },
  }),
}));
