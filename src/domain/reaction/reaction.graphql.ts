import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { lookup } from '../../graphql/errors.ts';
import { IssueRef } from '../issue/issue.graphql.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { withOwner } from '../repo/repo.service.ts';
import { UserRef } from '../user/user.graphql.ts';
import * as reactions from './reaction.service.ts';

export const ReactionRef = builder.objectRef<reactions.ReactionRow>('Reaction').implement({
  description: "An account's reaction (one of the allowed reactions of the UI settings) to an issue or a comment.",
  fields: (t) => ({
    content: t.string({ description: 'The reaction, e.g. +1, heart or rocket.', resolve: (r) => r.type }),
    user: t.field({ type: UserRef, resolve: (r) => r.user }),
    createdAt: t.field({ type: 'DateTime', resolve: (r) => r.createdAt }),
  }),
});

const ReactionConnection = builder.connectionObject({
  type: ReactionRef,
  name: 'ReactionConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

const ReactionChangeRef = builder.objectRef<reactions.ReactionChange>('ReactionChange').implement({
  description: 'A reaction after it was asked for: `created` is false when the caller had already reacted so.',
  fields: (t) => ({
    reaction: t.field({ type: ReactionRef, resolve: (c) => c.reaction }),
    created: t.boolean({ resolve: (c) => c.created }),
  }),
});

builder.objectFields(IssueRef, (t) => ({
  reactions: t.connection(
    {
      type: ReactionRef,
      description: "The issue's reactions (not its comments'), oldest first; only those the settings allow.",
      complexity: connectionComplexity,
      resolve: (view, args, ctx) => offsetConnection(args, (window) => ctx.loaders.issueReactions.load({ issueId: view.issue.id, ...window })),
    },
    ReactionConnection,
  ),
}));

builder.objectFields(RepositoryRef, (t) => ({
  commentReactions: t.field({
    type: [ReactionRef],
    nullable: true,
    tokenScope: 'read:issue',
    description: "Every reaction to one of the repository's issue comments, oldest first; only those the settings allow. Null when the comment is not one of this repository's.",
    args: { commentId: t.arg.int({ required: true }) },
    resolve: (repo, { commentId }, ctx) =>
      lookup(
        ctx,
        async () => {
          const comment = await reactions.getReactionComment(ctx, await withOwner(ctx, repo), commentId);
          return comment ? ctx.loaders.commentReactions.load(comment.id) : null;
        },
        () => `comment ${commentId} does not exist`,
      ),
  }),
}));

builder.mutationFields((t) => ({
  addIssueReaction: t.field({
    type: ReactionChangeRef,
    tokenScope: 'write:issue',
    description: 'Adds the caller\'s reaction to an issue; a reaction the caller already made is answered with `created: false`.',
    args: {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      number: t.arg.int({ required: true }),
      content: t.arg.string({ required: true }),
    },
    resolve: (_root, { owner, name, number, content }, ctx) => reactions.addIssueReaction(ctx, owner, name, number, content),
  }),
  removeIssueReaction: t.boolean({
    tokenScope: 'write:issue',
    description: "Takes the caller's reaction off an issue: true when there was one.",
    args: {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      number: t.arg.int({ required: true }),
      content: t.arg.string({ required: true }),
    },
    resolve: (_root, { owner, name, number, content }, ctx) => reactions.removeIssueReaction(ctx, owner, name, number, content),
  }),
  addCommentReaction: t.field({
    type: ReactionChangeRef,
    tokenScope: 'write:issue',
    description: "Adds the caller's reaction to a comment of an issue; a reaction the caller already made is answered with `created: false`.",
    args: {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      commentId: t.arg.int({ required: true }),
      content: t.arg.string({ required: true }),
    },
    resolve: (_root, { owner, name, commentId, content }, ctx) => reactions.addCommentReaction(ctx, owner, name, commentId, content),
  }),
  removeCommentReaction: t.boolean({
    tokenScope: 'write:issue',
    description: "Takes the caller's reaction off a comment: true when there was one.",
    args: {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      commentId: t.arg.int({ required: true }),
      content: t.arg.string({ required: true }),
    },
    resolve: (_root, { owner, name, commentId, content }, ctx) => reactions.removeCommentReaction(ctx, owner, name, commentId, content),
  }),
}));
