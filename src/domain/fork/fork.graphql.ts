import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { RepositoryConnection, RepositoryRef } from '../repo/repo.graphql.ts';
import * as forks from './fork.service.ts';
import { mergeUpstream, type MergeType } from './merge-upstream.service.ts';

builder.objectField(RepositoryRef, 'forks', (t) =>
  t.connection(
    {
      type: RepositoryRef,
      description: 'Forks of this repository that the viewer may read, oldest first.',
      complexity: connectionComplexity,
      resolve: (repo, { first, after, last, before }, ctx) => offsetConnection({ first, after, last, before }, (window) => forks.listForks(ctx, repo, window)),
    },
    RepositoryConnection,
  ),
);

const MergeUpstreamType = builder.enumType('MergeUpstreamType', {
  description: 'What bringing a fork up to date with its upstream did.',
  values: ['UP_TO_DATE', 'FAST_FORWARD', 'MERGE'] as const,
});

const ENUM_OF = { 'up-to-date': 'UP_TO_DATE', 'fast-forward': 'FAST_FORWARD', merge: 'MERGE' } as const;

const MergeUpstreamPayload = builder.objectRef<{ mergeType: MergeType }>('MergeUpstreamPayload').implement({
  fields: (t) => ({ mergeType: t.field({ type: MergeUpstreamType, resolve: (p) => ENUM_OF[p.mergeType] }) }),
});

builder.mutationFields((t) => ({
  createFork: t.field({
    type: RepositoryRef,
    description: "Forks owner/name into the viewer's account, or into `organization`, named `newName` (default: the same name).",
    tokenScope: 'write:repository',
    args: {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      organization: t.arg.string(),
      newName: t.arg.string(),
    },
    resolve: (_root, { owner, name, organization, newName }, ctx) => forks.createFork(ctx, owner, name, { organization, name: newName }),
  }),
  mergeUpstream: t.field({
    type: MergeUpstreamPayload,
    description: 'Brings a branch of a fork up to date with the same branch upstream (or the upstream default branch).',
    tokenScope: 'write:repository',
    args: {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      branch: t.arg.string({ required: true }),
      ffOnly: t.arg.boolean({ description: 'Refuse instead of making a merge commit.' }),
    },
    resolve: async (_root, { owner, name, branch, ffOnly }, ctx) => ({ mergeType: await mergeUpstream(ctx, owner, name, { branch, ffOnly }) }),
  }),
}));
