import { notFound } from '../../errors.ts';
import { interleave } from '../../events/interleave.ts';
import type { PullRequestEvent, PullRequestReviewEvent } from '../../events/topics.ts';
import type { ServiceContext } from '../../services.ts';
import { satisfies } from '../access/access.service.ts';
import { eventReads } from '../repo/event-reads.ts';
import { getRepository } from '../repo/repo.service.ts';
import { findPullView, PULLS_READ, type PullView } from './pull.service.ts';

/** What the subscription names a review's events: `review_` and the `pull_request_review` action. */
export type ReviewEventAction = `review_${PullRequestReviewEvent['action']}`;

/**
 * One event of a repository's pull requests as the subscription delivers it, with the pull request as it is now;
 * for a review's events the review, and for a published line comment the comment (by id: the review area shows
 * them).
 */
export interface PullEventView {
  action: PullRequestEvent['action'] | 'mergeability_computed' | ReviewEventAction | 'review_line_comment' | 'auto_merge_scheduled' | 'auto_merge_cancelled' | 'auto_merged';
  number: number;
  actorId: number | null;
  pull: PullView | null;
  reviewId: number | null;
  reviewCommentId: number | null;
}

const AUTO_MERGE_ACTIONS = { scheduled: 'auto_merge_scheduled', cancelled: 'auto_merge_cancelled', merged: 'auto_merged' } as const;

/**
 * The `pull_request` events of one repository, the ends of its mergeability checks, its reviews submitted,
 * dismissed and undismissed (`pull_request_review`), its line comments published (`pull_request_review_comment`)
 * and its auto-merge events (scheduled, cancelled, carried out: `auto_merge_*`, `auto_merged`), for as long as the
 * caller reads its pull requests: each event is authorised again when it is delivered, with facts read after it
 * and shared by all its subscribers (eventReads), so an event costs the same statements for any number of them.
 */
export async function* pullRequestEvents(ctx: ServiceContext, owner: string, name: string, signal?: AbortSignal): AsyncGenerator<PullEventView> {
  const { repo } = await getRepository(ctx, owner, name, PULLS_READ);
  if (!repo.hasPullRequests) throw notFound(`repository ${owner}/${name} has no pull requests`);
  const changes = ctx.events.subscribe('pull_request', signal);
  const checks = ctx.events.subscribe('pull_request_check', signal);
  const reviews = ctx.events.subscribe('pull_request_review', signal);
  const lines = ctx.events.subscribe('pull_request_review_comment', signal);
  const autoMerges = ctx.events.subscribe('pull_request_auto_merge', signal);
  const sources = interleave(
    ['pull_request', changes],
    ['pull_request_check', checks],
    ['pull_request_review', reviews],
    ['pull_request_review_comment', lines],
    ['pull_request_auto_merge', autoMerges],
  );
  for await (const item of sources) {
    if (item.event.repoId !== repo.id) continue;
    const reads = eventReads(ctx, item.event, repo.id);
    const [current, permissionOf] = await Promise.all([reads.repo, reads.permission]);
    if (!current?.hasPullRequests || !permissionOf || !satisfies(await permissionOf(ctx.viewer), PULLS_READ)) continue;
    const { number } = item.event;
    const pull = await reads.once(`pull:${number}`, () => findPullView(ctx, current, number));
    const none = { reviewId: null, reviewCommentId: null };
    if (item.topic === 'pull_request') yield { action: item.event.action, number: item.event.number, actorId: item.event.actorId > 0 ? item.event.actorId : null, pull, ...none };
    else if (item.topic === 'pull_request_check') yield { action: 'mergeability_computed', number: item.event.number, actorId: null, pull, ...none };
    else if (item.topic === 'pull_request_auto_merge') yield { action: AUTO_MERGE_ACTIONS[item.event.action], number: item.event.number, actorId: item.event.actorId, pull, ...none };
    else if (item.topic === 'pull_request_review') {
      yield { action: `review_${item.event.action}`, number: item.event.number, actorId: item.event.actorId, pull, reviewId: item.event.reviewId, reviewCommentId: null };
    } else {
      yield { action: 'review_line_comment', number: item.event.number, actorId: item.event.actorId, pull, reviewId: item.event.reviewId, reviewCommentId: item.event.commentId };
    }
  }
}
