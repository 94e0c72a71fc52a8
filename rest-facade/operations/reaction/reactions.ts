import {
  AddCommentReactionDocument,
  AddIssueReactionDocument,
  CommentReactionsDocument,
  IssueReactionsDocument,
  RemoveCommentReactionDocument,
  RemoveIssueReactionDocument,
} from '../../__generated__/graphql.ts';
import { toReaction } from '../../convert/reaction.ts';
import { created, defineOperation, found, list, noContent, ok, type Reply } from '../../operation.ts';

/** Gitea answers a new reaction with 201 and one the caller had already made with 200, the same body. */
const reacted = (change: { created: boolean; reaction: Parameters<typeof toReaction>[0] }): Reply =>
  change.created ? created(toReaction(change.reaction)) : ok(toReaction(change.reaction));

export const issueGetIssueReactions = defineOperation({
  operationId: 'issueGetIssueReactions',
  document: IssueReactionsDocument,
  paged: true,
  variables: ({ params, page }) => ({ owner: params.owner, name: params.repo, number: params.index, ...page }),
  reply: ({ repository }) => list(found(found(repository).issue).reactions, toReaction),
});

export const issuePostIssueReaction = defineOperation({
  operationId: 'issuePostIssueReaction',
  document: AddIssueReactionDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, number: params.index, content: body.content }),
  reply: ({ addIssueReaction }) => reacted(addIssueReaction),
});

export const issueDeleteIssueReaction = defineOperation({
  operationId: 'issueDeleteIssueReaction',
  document: RemoveIssueReactionDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, number: params.index, content: body.content }),
  reply: () => noContent(),
});

export const issueGetCommentReactions = defineOperation({
  operationId: 'issueGetCommentReactions',
  document: CommentReactionsDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, commentId: params.id }),
  reply: ({ repository }) => ok(found(found(repository).commentReactions).map(toReaction)),
});

export const issuePostCommentReaction = defineOperation({
  operationId: 'issuePostCommentReaction',
  document: AddCommentReactionDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, commentId: params.id, content: body.content }),
  reply: ({ addCommentReaction }) => reacted(addCommentReaction),
});

export const issueDeleteCommentReaction = defineOperation({
  operationId: 'issueDeleteCommentReaction',
  document: RemoveCommentReactionDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, commentId: params.id, content: body.content }),
  reply: () => noContent(),
});
