import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import * as unadopted from './unadopted.service.ts';

const UnadoptedRepositoryRef = builder.objectRef<string>('UnadoptedRepository').implement({
  description: 'Files of a repository on disk (DATA_DIR/repositories/<owner>/<name>.git) that no repository row names.',
  fields: (t) => ({
    fullName: t.string({ description: '"owner/name".', resolve: (fullName) => fullName }),
    owner: t.string({ resolve: (fullName) => fullName.split('/')[0] }),
    name: t.string({ resolve: (fullName) => fullName.split('/')[1] }),
  }),
});

const UnadoptedRepositoryConnection = builder.connectionObject({
  type: UnadoptedRepositoryRef,
  name: 'UnadoptedRepositoryConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

builder.queryFields((t) => ({
  unadoptedRepositories: t.connection(
    {
      type: UnadoptedRepositoryRef,
      description: 'Unadopted repositories, by owner and name (site admins only; FORBIDDEN otherwise). pattern: a glob of the owner, or owner/name.',
      complexity: connectionComplexity,
      tokenScope: 'read:admin',
      args: { pattern: t.arg.string() },
      resolve: (_root, { pattern, ...page }, ctx) => offsetConnection(page, (window) => unadopted.unadoptedRepositories(ctx, pattern, window)),
    },
    UnadoptedRepositoryConnection,
  ),
}));

builder.mutationFields((t) => ({
  adoptRepository: t.field({
    type: RepositoryRef,
    tokenScope: 'write:admin',
    description: 'Makes an unadopted repository a repository of its owner, private (site admins only).',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    resolve: (_root, { owner, name }, ctx) => unadopted.adoptRepository(ctx, owner, name),
  }),
  deleteUnadoptedRepository: t.boolean({
    tokenScope: 'write:admin',
    description: 'Deletes the files of an unadopted repository (site admins only).',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    resolve: async (_root, { owner, name }, ctx) => {
      await unadopted.deleteUnadoptedRepository(ctx, owner, name);
      return true;
    },
  }),
}));
