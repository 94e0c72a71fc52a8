import type { ObjectRef } from '@pothos/core';
import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { withOwner } from '../repo/repo.service.ts';
import type { IssueView } from './issue.service.ts';
import * as pins from './pins.ts';

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

const PinsAllowedRef = builder.objectRef<pins.PinsAllowed>('NewPinAllowed').implement({
  description: 'Whether the repository may pin one more issue, and one more pull request.',
  fields: (t) => ({
    issues: t.exposeBoolean('issues'),
    pullRequests: t.exposeBoolean('pullRequests'),
  }),
});

/**
 * Pinned issues in the schema: Repository.pinnedIssues and Repository.newPinAllowed, and the mutations pinIssue,
 * unpinIssue and moveIssuePin. Called by issue.graphql.ts with its Issue type, so this module imports none of it.
 */
export function registerPinFields(IssueRef: ObjectRef<Types, IssueView>) {
  const PinnedIssueConnection = builder.connectionObject({
    type: IssueRef,
    name: 'PinnedIssueConnection',
    fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
  });

  builder.objectFields(RepositoryRef, (t) => ({
    pinnedIssues: t.connection(
      {
        type: IssueRef,
        tokenScope: 'read:issue',
        description: "The repository's pinned issues (not pull requests), first position first.",
        complexity: connectionComplexity,
        resolve: async (repo, args, ctx) => {
          const full = await withOwner(ctx, repo);
          return offsetConnection(args, (window) => pins.listPinnedIssues(ctx, full, window));
        },
      },
      PinnedIssueConnection,
    ),
    newPinAllowed: t.field({
      type: PinsAllowedRef,
      tokenScope: 'read:repository',
      description: 'Whether one more issue, and one more pull request, may be pinned (repository.ISSUE_MAX_PINNED).',
      resolve: async (repo, _args, ctx) => pins.newPinAllowed(ctx, await withOwner(ctx, repo)),
    }),
  }));

  const issueArgs = (t: PothosSchemaTypes.MutationFieldBuilder<Types, object>) => ({
    owner: t.arg.string({ required: true }),
    name: t.arg.string({ required: true }),
    number: t.arg.int({ required: true }),
  });

  builder.mutationFields((t) => ({
    pinIssue: t.field({
      type: IssueRef,
      tokenScope: 'write:issue',
      description: 'Pins an issue after the pinned ones (repository admins); pinning a pinned issue changes nothing.',
      args: issueArgs(t),
      resolve: (_root, { owner, name, number }, ctx) => pins.pinIssue(ctx, owner, name, number),
    }),
    unpinIssue: t.field({
      type: IssueRef,
      tokenScope: 'write:issue',
      description: 'Unpins an issue (repository admins); those after it move up.',
      args: issueArgs(t),
      resolve: (_root, { owner, name, number }, ctx) => pins.unpinIssue(ctx, owner, name, number),
    }),
    moveIssuePin: t.field({
      type: IssueRef,
      tokenScope: 'write:issue',
      description: 'Moves a pinned issue to a position (1 is first; past the last: last).',
      args: { ...issueArgs(t), position: t.arg.int({ required: true }) },
      resolve: (_root, { owner, name, number, position }, ctx) => pins.moveIssuePin(ctx, owner, name, number, position),
    }),
  }));
}
