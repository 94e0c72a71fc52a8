import type { ObjectRef } from '@pothos/core';
import { builder } from '../../graphql/builder.ts';
import type { IssueView } from './issue.service.ts';
import * as locks from './lock.ts';

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/**
 * Locks in the schema: the mutations lockIssue and unlockIssue (Issue.isLocked tells the state). Called by
 * issue.graphql.ts with its Issue type, so this module imports none of it.
 */
export function registerLockFields(IssueRef: ObjectRef<Types, IssueView>) {
  builder.mutationFields((t) => ({
    lockIssue: t.field({
      type: IssueRef,
      tokenScope: 'write:issue',
      description: "Locks an issue's conversation (repository admins), with one of repository.ISSUE_LOCK_REASONS or none.",
      args: {
        owner: t.arg.string({ required: true }),
        name: t.arg.string({ required: true }),
        number: t.arg.int({ required: true }),
        reason: t.arg.string(),
      },
      resolve: (_root, { owner, name, number, reason }, ctx) => locks.lockIssue(ctx, owner, name, number, reason),
    }),
    unlockIssue: t.field({
      type: IssueRef,
      tokenScope: 'write:issue',
      description: "Unlocks an issue's conversation (repository admins); an unlocked issue stays as it is.",
      args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), number: t.arg.int({ required: true }) },
      resolve: (_root, { owner, name, number }, ctx) => locks.unlockIssue(ctx, owner, name, number),
    }),
  }));
}
