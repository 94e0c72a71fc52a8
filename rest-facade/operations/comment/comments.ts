import {
  CreateIssueCommentDocument,
  DeleteIssueCommentDocument,
  IssueCommentsDocument,
  RepositoryCommentDocument,
  RepositoryCommentsDocument,
  UpdateIssueCommentDocument,
} from '../../__generated__/graphql.ts';
import { toComment } from '../../convert/comment.ts';
import { ISSUE_COMMENTS_AT_ONCE } from '../../../src/domain/comment/comment.rules.ts';
import { created, defineOperation, found, list, noContent, ok, type Reply } from '../../operation.ts';

/** A row of a timeline as the comment operations answer it: a comment, or (for an event of that id) 204 without a body. */
const commentOrNothing = (comment: Parameters<typeof toComment>[0] & { type: string }): Reply => (comment.type === 'comment' ? ok(toComment(comment)) : noContent());

export const issueGetRepoComments = defineOperation({
  operationId: 'issueGetRepoComments',
  document: RepositoryCommentsDocument,
  paged: true,
  variables: ({ params, query, page }) => ({
    owner: params.owner,
    name: params.repo,
    filter: { updatedSince: query.since ?? null, updatedBefore: query.before ?? null },
    ...page,
  }),
  reply: ({ repository }) => list(found(repository).issueComments, toComment),
});

export const issueGetComment = defineOperation({
  operationId: 'issueGetComment',
  document: RepositoryCommentDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, id: params.id }),
  reply: ({ repository }) => commentOrNothing(found(found(repository).issueComment)),
});

/** Gitea lists every comment of an issue at once, and counts them in X-Total-Count. */
export const issueGetComments = defineOperation({
  operationId: 'issueGetComments',
  document: IssueCommentsDocument,
  variables: ({ params, query }) => ({
    owner: params.owner,
    name: params.repo,
    number: params.index,
    filter: { updatedSince: query.since ?? null, updatedBefore: query.before ?? null },
    first: ISSUE_COMMENTS_AT_ONCE,
  }),
  reply: ({ repository }) => {
    const { comments } = found(found(repository).issue);
    return { ...ok(comments.nodes.map(toComment)), headers: { 'X-Total-Count': String(comments.totalCount) } };
  },
});

export const issueCreateComment = defineOperation({
  operationId: 'issueCreateComment',
  document: CreateIssueCommentDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, number: params.index, input: { body: body.body } }),
  reply: ({ createIssueComment }) => created(toComment(createIssueComment)),
});

export const issueEditComment = defineOperation({
  operationId: 'issueEditComment',
  document: UpdateIssueCommentDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, id: params.id, input: { body: body.body } }),
  reply: ({ updateIssueComment }) => commentOrNothing(updateIssueComment),
});

/** The older path of the same edit: the issue number in it is not read (as in Gitea). */
export const issueEditCommentDeprecated = defineOperation({
  operationId: 'issueEditCommentDeprecated',
  document: UpdateIssueCommentDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, id: params.id, input: { body: body.body } }),
  reply: ({ updateIssueComment }) => commentOrNothing(updateIssueComment),
});

export const issueDeleteComment = defineOperation({
  operationId: 'issueDeleteComment',
  document: DeleteIssueCommentDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, id: params.id }),
  reply: () => noContent(),
});

/** The older path of the same deletion: the issue number in it is not read (as in Gitea). */
export const issueDeleteCommentDeprecated = defineOperation({
  operationId: 'issueDeleteCommentDeprecated',
  document: DeleteIssueCommentDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, id: params.id }),
  reply: () => noContent(),
});
