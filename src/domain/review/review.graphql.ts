import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { lookup } from '../../graphql/errors.ts';
import { enumFromValues, inputFromTable } from '../../graphql/input-fields.ts';
import { IssueCommentRef } from '../comment/comment.graphql.ts';
import { GHOST } from '../issue/issue.service.ts';
import { PullRequestEventRef, PullRequestRef } from '../pull/pull.graphql.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { withOwner } from '../repo/repo.service.ts';
import { TeamRef } from '../team/team.graphql.ts';
import { UserRef } from '../user/user.graphql.ts';
import { CREATE_REVIEW_FIELDS, REVIEW_COMMENT_FIELDS, REVIEW_REQUEST_FIELDS, SUBMIT_REVIEW_FIELDS } from './review.inputs.ts';
import { REVIEW_STATES, stateOf } from './review.rules.ts';
import * as reviews from './review.service.ts';

const ReviewStateEnum = enumFromValues('PullReviewState', REVIEW_STATES, "A review's state, as Gitea's API names it.");
inputFromTable('PullReviewCommentInput', REVIEW_COMMENT_FIELDS);
const CreateReviewInput = inputFromTable('CreatePullReviewInput', CREATE_REVIEW_FIELDS);
const SubmitReviewInput = inputFromTable('SubmitPullReviewInput', SUBMIT_REVIEW_FIELDS);
const ReviewRequestInput = inputFromTable('PullReviewRequestInput', REVIEW_REQUEST_FIELDS);

export const PullReviewCommentRef = builder.objectRef<reviews.ReviewCommentView>('PullReviewComment').implement({
  description: "A line comment of a review: a line of one side of a file's diff, with the hunk it was made on.",
  fields: (t) => ({
    databaseId: t.int({ resolve: (v) => v.comment.id }),
    body: t.string({ resolve: (v) => v.comment.body }),
    path: t.string({ resolve: (v) => v.comment.treePath ?? '' }),
    newLine: t.int({ description: 'The line on the new side; 0 for a comment on the old side.', resolve: (v) => Math.max(v.comment.line ?? 0, 0) }),
    oldLine: t.int({ description: 'The line on the old side; 0 for a comment on the new side.', resolve: (v) => Math.max(-(v.comment.line ?? 0), 0) }),
    diffHunk: t.string({ description: 'Up to four lines of the diff, the commented one last, under their @@ header.', resolve: (v) => v.comment.patch ?? '' }),
    commitId: t.string({ description: 'The commit the comment was made on.', resolve: (v) => v.comment.commitSha ?? '' }),
    poster: t.field({ type: UserRef, description: 'Its author; the ghost account once that account is deleted.', resolve: (v) => v.comment.poster ?? GHOST }),
    resolver: t.field({
      type: UserRef,
      nullable: true,
      description: 'Who marked the conversation resolved; null while it is open.',
      resolve: async (v, _a, ctx) => (v.comment.resolveDoerId ? ((await ctx.loaders.userById.load(v.comment.resolveDoerId)) ?? GHOST) : null),
    }),
    reviewId: t.int({ resolve: (v) => v.review.id }),
    pullRequest: t.field({ type: PullRequestRef, resolve: (v) => v.pull }),
    createdAt: t.field({ type: 'DateTime', resolve: (v) => v.comment.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (v) => v.comment.updatedAt }),
  }),
});

export const PullReviewRef = builder.objectRef<reviews.ReviewView>('PullReview').implement({
  description: 'A review of a pull request, or a request for one (state REQUEST_REVIEW), of an account or of a team.',
  fields: (t) => ({
    databaseId: t.int({ resolve: (v) => v.review.id }),
    state: t.field({ type: ReviewStateEnum, resolve: (v) => stateOf(v.review.type) }),
    body: t.string({ resolve: (v) => v.review.body }),
    commitId: t.string({ description: 'The commit reviewed.', resolve: (v) => v.review.commitId }),
    official: t.boolean({ description: "The reviewer could approve under the base branch's rule when reviewing.", resolve: (v) => v.review.official }),
    stale: t.boolean({ description: 'The head moved since.', resolve: (v) => v.review.stale }),
    dismissed: t.boolean({ resolve: (v) => v.review.dismissed }),
    commentsCount: t.int({ description: 'How many line comments it has.', resolve: (v) => v.commentsCount }),
    reviewer: t.field({
      type: UserRef,
      nullable: true,
      description: "The reviewer; the ghost account once that account is deleted; null for a team's request.",
      resolve: (v) => v.review.reviewer ?? (v.review.reviewerTeamId ? null : GHOST),
    }),
    team: t.field({
      type: TeamRef,
      nullable: true,
      readScopeGranted: true,
      description: 'The team asked, for a request of a team (readable with the pull request, as in Gitea).',
      resolve: (v) => v.review.reviewerTeam,
    }),
    timelineCommentId: t.int({ nullable: true, description: "The id of its row on the pull request's timeline (submitted reviews).", resolve: (v) => v.timelineId }),
    pullRequest: t.field({ type: PullRequestRef, resolve: (v) => v.pull }),
    comments: t.field({ type: [PullReviewCommentRef], description: 'Its line comments, oldest first.', resolve: (v, _a, ctx) => reviews.listReviewComments(ctx, v) }),
    submittedAt: t.field({ type: 'DateTime', resolve: (v) => v.review.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (v) => v.review.updatedAt }),
  }),
});

const PullReviewConnection = builder.connectionObject({
  type: PullReviewRef,
  name: 'PullReviewConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

builder.objectFields(PullRequestRef, (t) => ({
  reviews: t.connection(
    {
      type: PullReviewRef,
      description: 'Its reviews and review requests, oldest first (pending reviews only to their authors).',
      complexity: connectionComplexity,
      resolve: (v, args, ctx) => offsetConnection(args, (window) => reviews.listReviews(ctx, v, window)),
    },
    PullReviewConnection,
  ),
  review: t.field({
    type: PullReviewRef,
    nullable: true,
    args: { id: t.arg.int({ required: true }) },
    resolve: (v, { id }, ctx) => lookup(ctx, () => reviews.getReview(ctx, v, id), () => `review ${id} does not exist`),
  }),
  requestedReviewers: t.field({
    type: [UserRef],
    description: 'The accounts asked to review that have not answered yet.',
    resolve: async (v, _a, ctx) => (await ctx.loaders.reviewRequests.load(v.issue.id)).users,
  }),
  requestedTeams: t.field({
    type: [TeamRef],
    readScopeGranted: true,
    description: 'The teams asked to review that have not answered yet.',
    resolve: async (v, _a, ctx) => (await ctx.loaders.reviewRequests.load(v.issue.id)).teams,
  }),
  reviewCommentCount: t.int({
    description: 'How many line comments its submitted reviews have.',
    resolve: (v, _a, ctx) => ctx.loaders.reviewCommentCount.load(v.issue.id),
  }),
}));

builder.objectFields(PullRequestEventRef, (t) => ({
  review: t.field({
    type: PullReviewRef,
    nullable: true,
    description: 'For the review_* actions: the review as it is now (null once deleted).',
    resolve: (e, _a, ctx) => (e.reviewId !== null && e.pull ? reviews.getReview(ctx, e.pull, e.reviewId) : null),
  }),
  reviewComment: t.field({
    type: PullReviewCommentRef,
    nullable: true,
    description: 'For review_line_comment: the line comment published (null once deleted).',
    resolve: (e, _a, ctx) => (e.reviewCommentId !== null && e.pull ? reviews.getReviewComment(ctx, e.pull, e.reviewCommentId) : null),
  }),
}));

builder.objectFields(IssueCommentRef, (t) => ({
  reviewId: t.int({ description: 'For review, code and dismiss_review rows: the review; 0 otherwise.', resolve: (v) => v.comment.reviewId ?? 0 }),
  assigneeTeam: t.field({
    type: TeamRef,
    nullable: true,
    readScopeGranted: true,
    description: 'For review_request rows: the team asked (or no longer asked).',
    resolve: (v, _a, ctx) => (v.comment.assigneeTeamId ? ctx.loaders.reviewTeam.load(v.comment.assigneeTeamId) : null),
  }),
}));

builder.objectFields(RepositoryRef, (t) => ({
  reviewers: t.field({
    type: [UserRef],
    tokenScope: 'read:repository',
    description: 'The accounts that may be asked to review its pull requests, by login (never the viewer).',
    resolve: async (repo, _a, ctx) => reviews.listReviewers(ctx, await withOwner(ctx, repo)),
  }),
}));

builder.mutationFields((t) => ({
  createPullReview: t.field({
    type: PullReviewRef,
    tokenScope: 'write:repository',
    description: 'Reviews a pull request: submitted at once (APPROVED, REQUEST_CHANGES, COMMENT), or kept pending.',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), number: t.arg.int({ required: true }), input: t.arg({ type: CreateReviewInput, required: true }) },
    resolve: (_r, { owner, name, number, input }, ctx) => reviews.createReview(ctx, owner, name, number, input),
  }),
  submitPullReview: t.field({
    type: PullReviewRef,
    tokenScope: 'write:repository',
    args: {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      number: t.arg.int({ required: true }),
      id: t.arg.int({ required: true }),
      input: t.arg({ type: SubmitReviewInput, required: true }),
    },
    resolve: (_r, { owner, name, number, id, input }, ctx) => reviews.submitReview(ctx, owner, name, number, id, input),
  }),
  deletePullReview: t.boolean({
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), number: t.arg.int({ required: true }), id: t.arg.int({ required: true }) },
    resolve: async (_r, { owner, name, number, id }, ctx) => {
      await reviews.deleteReview(ctx, owner, name, number, id);
      return true;
    },
  }),
  dismissPullReview: t.field({
    type: PullReviewRef,
    tokenScope: 'write:repository',
    description: 'Dismisses an approval or a rejection (repository admins); priors: the reviewer’s earlier ones too.',
    args: {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      number: t.arg.int({ required: true }),
      id: t.arg.int({ required: true }),
      message: t.arg.string(),
      priors: t.arg.boolean(),
    },
    resolve: (_r, { owner, name, number, id, message, priors }, ctx) => reviews.setReviewDismissed(ctx, owner, name, number, id, true, { message, priors }),
  }),
  undismissPullReview: t.field({
    type: PullReviewRef,
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), number: t.arg.int({ required: true }), id: t.arg.int({ required: true }) },
    resolve: (_r, { owner, name, number, id }, ctx) => reviews.setReviewDismissed(ctx, owner, name, number, id, false),
  }),
  requestPullReviews: t.field({
    type: [PullReviewRef],
    tokenScope: 'write:repository',
    description: 'Asks accounts and teams to review; answers the requests made (none for those already asked).',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), number: t.arg.int({ required: true }), input: t.arg({ type: ReviewRequestInput, required: true }) },
    resolve: (_r, { owner, name, number, input }, ctx) => reviews.changeReviewRequests(ctx, owner, name, number, input, true),
  }),
  removePullReviewRequests: t.boolean({
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), number: t.arg.int({ required: true }), input: t.arg({ type: ReviewRequestInput, required: true }) },
    resolve: async (_r, { owner, name, number, input }, ctx) => {
      await reviews.changeReviewRequests(ctx, owner, name, number, input, false);
      return true;
    },
  }),
  replyToPullReviewComment: t.field({
    type: PullReviewCommentRef,
    tokenScope: 'write:repository',
    description: 'Replies to a line comment: a line comment in the same review, on the same file, line and side.',
    args: {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      number: t.arg.int({ required: true }),
      id: t.arg.int({ required: true, description: 'The line comment answered.' }),
      body: t.arg.string({ required: true }),
    },
    resolve: (_r, { owner, name, number, id, body }, ctx) => reviews.replyToReviewComment(ctx, owner, name, number, id, body),
  }),
  resolvePullReviewComment: t.boolean({
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), id: t.arg.int({ required: true }) },
    resolve: async (_r, { owner, name, id }, ctx) => {
      await reviews.setReviewCommentResolved(ctx, owner, name, id, true);
      return true;
    },
  }),
  unresolvePullReviewComment: t.boolean({
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), id: t.arg.int({ required: true }) },
    resolve: async (_r, { owner, name, id }, ctx) => {
      await reviews.setReviewCommentResolved(ctx, owner, name, id, false);
      return true;
    },
  }),
}));
