import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { lookup } from '../../graphql/errors.ts';
import { inputFromTable } from '../../graphql/input-fields.ts';
import { IssueEventRef, IssueRef } from '../issue/issue.graphql.ts';
import { GHOST, type IssueView } from '../issue/issue.service.ts';
import { LabelRef } from '../label/label.graphql.ts';
import { MilestoneRef } from '../milestone/milestone.graphql.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { withOwner } from '../repo/repo.service.ts';
import { UserRef } from '../user/user.graphql.ts';
import { COMMENT_FIELDS, COMMENT_FILTER_FIELDS } from './comment.inputs.ts';
import { ISSUE_COMMENTS_AT_ONCE } from './comment.rules.ts';
import * as comments from './comment.service.ts';

const CommentFilterInput = inputFromTable('CommentFilter', COMMENT_FILTER_FIELDS);
const IssueCommentInput = inputFromTable('IssueCommentInput', COMMENT_FIELDS);

/** An issue by id, as a view, when the caller reads it (its repository through the batched loader). */
async function issueById(ctx: GraphQLContext, id: number | null): Promise<IssueView | null> {
  if (!id) return null;
  const issue = await ctx.loaders.timelineIssue.load(id);
  if (!issue) return null;
  return comments.readableIssue(ctx, issue, await ctx.loaders.repositoryById.load(issue.repoId));
}

/**
 * A comment by id, as a view, when the caller reads the issue it is on. Its issue comes through the same loader
 * as the row's refIssue (the issue that holds a referencing comment is the referencing issue): one batch for both.
 */
async function commentById(ctx: GraphQLContext, id: number | null): Promise<comments.CommentView | null> {
  if (!id) return null;
  const comment = await ctx.loaders.timelineComment.load(id);
  const issue = comment && (await issueById(ctx, comment.issueId));
  return comment && issue ? { comment, issue } : null;
}

export const IssueCommentRef = builder.objectRef<comments.CommentView>('IssueComment');

IssueCommentRef.implement({
  description:
    "A row of an issue's timeline: a comment (type comment), or an event such as close, reopen, label, milestone, assignees, change_title, a reference from elsewhere (issue_ref, comment_ref, commit_ref), named as Gitea names them.",
  fields: (t) => ({
    databaseId: t.int({ resolve: (v) => v.comment.id }),
    type: t.string({ description: "Gitea's name of the row's kind: comment, close, reopen, label, milestone, assignees, issue_ref, …", resolve: (v) => v.comment.type }),
    body: t.string({
      description: 'The text of a comment; for events what Gitea keeps there (label: "1" when added, empty when removed; deadlines: the dates).',
      resolve: (v) => v.comment.body,
    }),
    poster: t.field({ type: UserRef, description: 'Who wrote it or acted; the ghost account once that account is deleted.', resolve: (v) => v.comment.poster ?? GHOST }),
    createdAt: t.field({ type: 'DateTime', resolve: (v) => v.comment.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (v) => v.comment.updatedAt }),
    issue: t.field({ type: IssueRef, description: 'The issue whose timeline holds it.', resolve: (v) => v.issue }),
    label: t.field({
      type: LabelRef,
      nullable: true,
      description: 'For label events: the label added or removed.',
      resolve: (v, _a, ctx) => (v.comment.labelId ? ctx.loaders.labelById.load(v.comment.labelId) : null),
    }),
    milestone: t.field({
      type: MilestoneRef,
      nullable: true,
      description: 'For milestone events: the milestone the issue was put in.',
      resolve: (v, _a, ctx) => (v.comment.milestoneId ? ctx.loaders.milestoneById.load(v.comment.milestoneId) : null),
    }),
    oldMilestone: t.field({
      type: MilestoneRef,
      nullable: true,
      description: 'For milestone events: the milestone the issue left.',
      resolve: (v, _a, ctx) => (v.comment.oldMilestoneId ? ctx.loaders.milestoneById.load(v.comment.oldMilestoneId) : null),
    }),
    assignee: t.field({
      type: UserRef,
      nullable: true,
      description: 'For assignees events: the account assigned or unassigned (see removedAssignee).',
      resolve: async (v, _a, ctx) => (v.comment.assigneeId ? ((await ctx.loaders.userById.load(v.comment.assigneeId)) ?? GHOST) : null),
    }),
    removedAssignee: t.boolean({ resolve: (v) => v.comment.removedAssignee }),
    oldTitle: t.string({ description: 'For change_title: the title before; empty otherwise.', resolve: (v) => v.comment.oldTitle ?? '' }),
    newTitle: t.string({ resolve: (v) => v.comment.newTitle ?? '' }),
    oldRef: t.string({ description: 'For change_issue_ref: the ref before; empty otherwise.', resolve: (v) => v.comment.oldRef ?? '' }),
    newRef: t.string({ resolve: (v) => v.comment.newRef ?? '' }),
    refAction: t.string({
      description: 'What a reference does once resolved: none, closes, reopens, or neutered (the text that made it no longer does).',
      resolve: (v) => v.comment.refAction,
    }),
    refCommitSha: t.string({ description: 'For commit_ref: the commit whose message referenced the issue; empty otherwise.', resolve: (v) => v.comment.commitSha ?? '' }),
    refIssue: t.field({
      type: IssueRef,
      nullable: true,
      description: 'For issue_ref and comment_ref: the issue whose text (or comment) referenced this one.',
      resolve: (v, _a, ctx) => issueById(ctx, v.comment.refIssueId),
    }),
    refComment: t.field({
      type: IssueCommentRef,
      nullable: true,
      description: 'For comment_ref: the comment that referenced this issue; null once deleted.',
      resolve: (v, _a, ctx) => commentById(ctx, v.comment.refCommentId),
    }),
    dependentIssue: t.field({
      type: IssueRef,
      nullable: true,
      description: 'For dependency events: the other issue, when the caller reads it.',
      resolve: (v, _a, ctx) => issueById(ctx, v.comment.dependentIssueId),
    }),
  }),
});

const IssueCommentConnection = builder.connectionObject({
  type: IssueCommentRef,
  name: 'IssueCommentConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

builder.objectFields(IssueRef, (t) => ({
  comments: t.connection(
    {
      type: IssueCommentRef,
      description: `The issue's comments, oldest first (pages of up to ${ISSUE_COMMENTS_AT_ONCE}).`,
      complexity: connectionComplexity,
      args: { filter: t.arg({ type: CommentFilterInput }) },
      resolve: (issue, { filter, ...page }, ctx) =>
        offsetConnection(page, (window) => comments.listIssueComments(ctx, issue, window, filter ?? {}), ISSUE_COMMENTS_AT_ONCE),
    },
    IssueCommentConnection,
  ),
  timeline: t.connection(
    {
      type: IssueCommentRef,
      description: "The issue's comments and events, oldest first; references from places the viewer may not read are left out.",
      complexity: connectionComplexity,
      args: { filter: t.arg({ type: CommentFilterInput }) },
      resolve: (issue, { filter, ...page }, ctx) => offsetConnection(page, (window) => comments.listTimeline(ctx, issue, window, filter ?? {})),
    },
    IssueCommentConnection,
  ),
}));

builder.objectFields(RepositoryRef, (t) => ({
  issueComments: t.connection(
    {
      type: IssueCommentRef,
      tokenScope: 'read:issue',
      description: "The comments on the repository's issues (and pull requests) the viewer reads, oldest first.",
      complexity: connectionComplexity,
      args: { filter: t.arg({ type: CommentFilterInput }) },
      resolve: async (repo, { filter, ...page }, ctx) => {
        const full = await withOwner(ctx, repo);
        return offsetConnection(page, (window) => comments.listRepositoryComments(ctx, full, window, filter ?? {}));
      },
    },
    IssueCommentConnection,
  ),
  issueComment: t.field({
    type: IssueCommentRef,
    nullable: true,
    tokenScope: 'read:issue',
    description: "A row of one of the repository's issue timelines by its id (a comment, or an event: see type).",
    args: { id: t.arg.int({ required: true }) },
    resolve: async (repo, { id }, ctx) => lookup(ctx, async () => comments.getComment(ctx, await withOwner(ctx, repo), id), () => `comment ${id} does not exist`),
  }),
}));

builder.objectFields(IssueEventRef, (t) => ({
  comment: t.field({
    type: IssueCommentRef,
    nullable: true,
    description: 'For issue_comment: the comment as it is now (read afresh for each event); null once deleted, and for issues events.',
    resolve: (e, _a, ctx) => (e.topic === 'issue_comment' && e.issue ? comments.getComment(ctx, e.issue.repo, e.event.commentId) : null),
  }),
}));

// ---------------------------------------------------------------------------------------------
// Mutations

builder.mutationFields((t) => ({
  createIssueComment: t.field({
    type: IssueCommentRef,
    tokenScope: 'write:issue',
    description: 'Comments on an issue; on a locked one only those who may write to the issues.',
    args: {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      number: t.arg.int({ required: true }),
      input: t.arg({ type: IssueCommentInput, required: true }),
    },
    resolve: (_root, { owner, name, number, input }, ctx) => comments.createComment(ctx, owner, name, number, input),
  }),
  updateIssueComment: t.field({
    type: IssueCommentRef,
    tokenScope: 'write:issue',
    description: 'Changes the text of a comment (its poster, or those who may write to the issues); an event without text is answered unchanged.',
    args: {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      id: t.arg.int({ required: true }),
      input: t.arg({ type: IssueCommentInput, required: true }),
    },
    resolve: (_root, { owner, name, id, input }, ctx) => comments.updateComment(ctx, owner, name, id, input),
  }),
  deleteIssueComment: t.boolean({
    tokenScope: 'write:issue',
    description: "Deletes a row of an issue's timeline (its poster, or those who may write to the issues).",
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), id: t.arg.int({ required: true }) },
    resolve: async (_root, { owner, name, id }, ctx) => {
      await comments.deleteComment(ctx, owner, name, id);
      return true;
    },
  }),
}));
