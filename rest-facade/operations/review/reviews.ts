import {
  CreatePullReviewDocument,
  DeletePullReviewDocument,
  DismissPullReviewDocument,
  PullReviewCommentsDocument,
  PullReviewDocument,
  PullReviewsDocument,
  RemovePullReviewRequestsDocument,
  ReplyToPullReviewCommentDocument,
  RepositoryReviewersDocument,
  RequestPullReviewsDocument,
  ResolvePullReviewCommentDocument,
  SubmitPullReviewDocument,
  UndismissPullReviewDocument,
  UnresolvePullReviewCommentDocument,
  type PullReviewState,
} from '../../__generated__/graphql.ts';
import { toPullReview, toPullReviewComment } from '../../convert/review.ts';
import { toUser } from '../../convert/user.ts';
import { created, defineOperation, found, list, noContent, ok } from '../../operation.ts';

const STATES: readonly PullReviewState[] = ['APPROVED', 'PENDING', 'COMMENT', 'REQUEST_CHANGES', 'REQUEST_REVIEW'];

/** Gitea takes any text as a review's event: one it does not know keeps the review pending, as no event does. */
const eventOf = (event: string | undefined): PullReviewState | null => (STATES as readonly string[]).includes(event ?? '') ? (event as PullReviewState) : null;

const target = (params: { owner: string; repo: string; index: number }) => ({ owner: params.owner, name: params.repo, number: params.index });

export const repoListPullReviews = defineOperation({
  operationId: 'repoListPullReviews',
  document: PullReviewsDocument,
  paged: true,
  variables: ({ params, page }) => ({ ...target(params), ...page }),
  reply: ({ repository }) => list(found(found(repository).pullRequest).reviews, toPullReview),
});

export const repoGetPullReview = defineOperation({
  operationId: 'repoGetPullReview',
  document: PullReviewDocument,
  variables: ({ params }) => ({ ...target(params), id: params.id }),
  reply: ({ repository }) => ok(toPullReview(found(found(found(repository).pullRequest).review))),
});

export const repoGetPullReviewComments = defineOperation({
  operationId: 'repoGetPullReviewComments',
  document: PullReviewCommentsDocument,
  variables: ({ params }) => ({ ...target(params), id: params.id }),
  reply: ({ repository }) => ok(found(found(found(repository).pullRequest).review).comments.map(toPullReviewComment)),
});

export const repoCreatePullReview = defineOperation({
  operationId: 'repoCreatePullReview',
  document: CreatePullReviewDocument,
  variables: ({ params, body }) => ({
    ...target(params),
    input: {
      event: eventOf(body.event),
      body: body.body ?? null,
      commitId: body.commit_id ?? null,
      comments: (body.comments ?? []).map((c) => ({ path: c.path ?? '', body: c.body ?? '', newLine: c.new_position ?? null, oldLine: c.old_position ?? null })),
    },
  }),
  reply: ({ createPullReview }) => ok(toPullReview(createPullReview)),
});

export const repoSubmitPullReview = defineOperation({
  operationId: 'repoSubmitPullReview',
  document: SubmitPullReviewDocument,
  variables: ({ params, body }) => ({ ...target(params), id: params.id, input: { event: eventOf(body.event), body: body.body ?? null } }),
  reply: ({ submitPullReview }) => ok(toPullReview(submitPullReview)),
});

export const repoDeletePullReview = defineOperation({
  operationId: 'repoDeletePullReview',
  document: DeletePullReviewDocument,
  variables: ({ params }) => ({ ...target(params), id: params.id }),
  reply: () => noContent(),
});

export const repoDismissPullReview = defineOperation({
  operationId: 'repoDismissPullReview',
  document: DismissPullReviewDocument,
  variables: ({ params, body }) => ({ ...target(params), id: params.id, message: body.message ?? null, priors: body.priors ?? null }),
  reply: ({ dismissPullReview }) => ok(toPullReview(dismissPullReview)),
});

export const repoUnDismissPullReview = defineOperation({
  operationId: 'repoUnDismissPullReview',
  document: UndismissPullReviewDocument,
  variables: ({ params }) => ({ ...target(params), id: params.id }),
  reply: ({ undismissPullReview }) => ok(toPullReview(undismissPullReview)),
});

export const repoCreatePullReviewRequests = defineOperation({
  operationId: 'repoCreatePullReviewRequests',
  document: RequestPullReviewsDocument,
  variables: ({ params, body }) => ({ ...target(params), input: { reviewers: body.reviewers ?? null, teamReviewers: body.team_reviewers ?? null } }),
  reply: ({ requestPullReviews }) => created(requestPullReviews.map(toPullReview)),
});

export const repoDeletePullReviewRequests = defineOperation({
  operationId: 'repoDeletePullReviewRequests',
  document: RemovePullReviewRequestsDocument,
  variables: ({ params, body }) => ({ ...target(params), input: { reviewers: body.reviewers ?? null, teamReviewers: body.team_reviewers ?? null } }),
  reply: () => noContent(),
});

export const repoCreatePullReviewCommentReply = defineOperation({
  operationId: 'repoCreatePullReviewCommentReply',
  document: ReplyToPullReviewCommentDocument,
  variables: ({ params, body }) => ({ ...target(params), id: params.id, body: body.body }),
  reply: ({ replyToPullReviewComment }) => created(toPullReviewComment(replyToPullReviewComment)),
});

export const repoResolvePullReviewComment = defineOperation({
  operationId: 'repoResolvePullReviewComment',
  document: ResolvePullReviewCommentDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, id: params.id }),
  reply: () => noContent(),
});

export const repoUnresolvePullReviewComment = defineOperation({
  operationId: 'repoUnresolvePullReviewComment',
  document: UnresolvePullReviewCommentDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, id: params.id }),
  reply: () => noContent(),
});

export const repoGetReviewers = defineOperation({
  operationId: 'repoGetReviewers',
  document: RepositoryReviewersDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: ({ repository }) => ok(found(repository).reviewers.map(toUser)),
});
