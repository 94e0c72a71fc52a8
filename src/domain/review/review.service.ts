import { transactionWithEvents } from '../../events/outbox.ts';
import { isSiteAdmin } from '../../auth/viewer.ts';
import type { Comment, Prisma, PrismaClient, Review, Team, User } from '../../db/models.ts';
import { badRequest, forbidden, invalid, notFound } from '../../errors.ts';
import { pathsDiff } from '../../git/diff.ts';
import { pageFrom, type Page, type PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { atLeast, satisfies, type RepositoryPermission } from '../access/access.service.ts';
import { parseUnits, type AccessLevel } from '../access/units.ts';
import { permissionOf } from '../collaborator/collaborator.service.ts';
import { signedIn } from '../issue/issue.service.ts';
import { readRule, repositoryRules, type ReadRule } from '../protection/protection.service.ts';
import { compareRules, ruleFor } from '../protection/protection.rules.ts';
import { getPullRequest, PULLS_READ, PULLS_WRITE, type PullView } from '../pull/pull.service.ts';
import type { RepositoryWithOwner } from '../repo/repo.service.ts';
import { repositoryPath } from '../repo/storage.ts';
import { getWritableRepository } from '../repo/writable.ts';
import type { CreateReviewInput, ReviewCommentInput, ReviewRequestInput, SubmitReviewInput } from './review.inputs.ts';
import { assertNotBlocked } from '../block/block.rules.ts';
import { diffSections, hunkAround, reviewRefusal, signedLine, typeOfEvent, type ReviewType } from './review.rules.ts';

/**
 * Pull request reviews, as Gitea keeps them: a Review row per review (pending while its author drafts it,
 * then approve, comment or reject) or per request for one (type request, of an account or a team), and Comment
 * rows beside the issue's other rows: `review` (the submitted review on the timeline, its body), `code` (a line
 * comment, kept out of the timeline), `review_request` and `dismiss_review`. Reads act on a pull request the
 * caller already reads (PullRequest fields reach them); writes load their repository through
 * getWritableRepository (reading the pull requests is enough to review; archived: 423).
 */

export const REVIEW_INCLUDE = { reviewer: true, reviewerTeam: { include: { org: true } } } as const satisfies Prisma.ReviewInclude;
type ReviewRow = Prisma.ReviewGetPayload<{ include: typeof REVIEW_INCLUDE }>;

/** A review as it is shown: its row, its pull request, how many line comments it has, and its timeline row. */
export interface ReviewView {
  review: ReviewRow;
  pull: PullView;
  commentsCount: number;
  /** The id of the review's `review` row on the timeline (its html_url points there); null for requests and drafts. */
  timelineId: number | null;
}

export type CodeCommentRow = Comment & { poster: User | null };

/** A line comment with its review and pull request. */
export interface ReviewCommentView {
  comment: CodeCommentRow;
  review: Review;
  pull: PullView;
}

const SUBMITTED_COUNTED: ReviewType[] = ['approve', 'reject'];

type Tx = Prisma.TransactionClient;

// ---------------------------------------------------------------------------------------------
// Who may see and count

/** Pending reviews are seen by their authors (and site admins) only: the condition that hides the others. */
function visibleReviews(ctx: ServiceContext): Prisma.ReviewWhereInput {
  if (isSiteAdmin(ctx.viewer)) return {};
  const me = ctx.viewer.user?.id;
  return me === undefined ? { type: { not: 'pending' } } : { OR: [{ type: { not: 'pending' } }, { reviewerId: me }] };
}

const isRepoAdmin = (ctx: ServiceContext, permission: RepositoryPermission) => isSiteAdmin(ctx.viewer) || atLeast(permission.level, 'admin');

/**
 * Whether an account's review counts as official under the base branch's rule (Gitea's IsOfficialReviewer): no
 * rule, no official reviews; else write access to the code, or, with the approvals whitelist on, being on it
 * (by account or by team).
 */
async function isOfficialReviewer(ctx: ServiceContext, repo: RepositoryWithOwner, baseBranch: string, user: User): Promise<boolean> {
  const rule = ruleFor(await repositoryRules(ctx, repo.id), baseBranch);
  if (!rule) return false;
  if (!rule.enableApprovalsWhitelist) return atLeast((await permissionOf(ctx, repo, user)).units['repo.code'], 'write');
  if (rule.approvalsWhitelistUserIds.includes(user.id)) return true;
  if (rule.approvalsWhitelistTeamIds.length === 0) return false;
  return (await ctx.db.teamMember.count({ where: { userId: user.id, teamId: { in: rule.approvalsWhitelistTeamIds } } })) > 0;
}

/** Whether a team's requested review counts as official: on the whitelist, or (without one) writing the code. */
async function isOfficialTeam(ctx: ServiceContext, repo: RepositoryWithOwner, baseBranch: string, team: Team): Promise<boolean> {
  const rule = ruleFor(await repositoryRules(ctx, repo.id), baseBranch);
  if (!rule) return false;
  if (rule.enableApprovalsWhitelist) return rule.approvalsWhitelistTeamIds.includes(team.id);
  return atLeast(team.permission as AccessLevel, 'admin') || atLeast(parseUnits(team.units)['repo.code'] ?? 'none', 'write');
}

// ---------------------------------------------------------------------------------------------
// Reading

/** Reviews with their counts and timeline rows: two statements for any number of reviews. */
async function viewsOf(ctx: Pick<ServiceContext, 'db'>, pull: PullView, rows: ReviewRow[]): Promise<ReviewView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [counts, timeline] = await Promise.all([
    ctx.db.comment.groupBy({ by: ['reviewId'], where: { reviewId: { in: ids }, type: 'code' }, _count: { _all: true } }),
    ctx.db.comment.findMany({ where: { reviewId: { in: ids }, type: 'review' }, select: { id: true, reviewId: true }, orderBy: { id: 'asc' } }),
  ]);
  const count = new Map(counts.map((c) => [c.reviewId!, c._count._all]));
  const row = new Map<number, number>();
  for (const t of timeline) if (!row.has(t.reviewId!)) row.set(t.reviewId!, t.id);
  return rows.map((review) => ({ review, pull, commentsCount: count.get(review.id) ?? 0, timelineId: row.get(review.id) ?? null }));
}

/**
 * A page of a pull request's reviews and review requests, oldest first, counted in SQL: others' pending
 * reviews left out. A page costs the same statements whatever its size.
 */
export async function listReviews(ctx: ServiceContext, pull: PullView, window: PageWindow): Promise<Page<ReviewView>> {
  const where: Prisma.ReviewWhereInput = { AND: [{ issueId: pull.issue.id }, visibleReviews(ctx)] };
  const page = await pageFrom(
    ctx.db.review.findMany({ where, include: REVIEW_INCLUDE, orderBy: { id: 'asc' }, skip: window.offset, take: window.limit }),
    ctx.db.review.count({ where }),
  );
  return { ...page, items: await viewsOf(ctx, pull, page.items) };
}

/** One review of the pull request by id; null when there is none, it is another's, or it is a draft of someone else. */
export async function getReview(ctx: ServiceContext, pull: PullView, id: number): Promise<ReviewView | null> {
  const row = await ctx.db.review.findFirst({ where: { AND: [{ id, issueId: pull.issue.id }, visibleReviews(ctx)] }, include: REVIEW_INCLUDE });
  if (!row) return null;
  return (await viewsOf(ctx, pull, [row]))[0];
}

/** One line comment of the pull request by id, with its review; null when there is none or its review is another's draft. */
export async function getReviewComment(ctx: ServiceContext, pull: PullView, id: number): Promise<ReviewCommentView | null> {
  const row = await ctx.db.comment.findFirst({ where: { id, issueId: pull.issue.id, type: 'code', review: visibleReviews(ctx) }, include: { poster: true, review: true } });
  if (!row?.review) return null;
  const { review, ...comment } = row;
  return { comment, review, pull };
}

/** A review's line comments, oldest first (one statement). */
export async function listReviewComments(ctx: ServiceContext, view: ReviewView): Promise<ReviewCommentView[]> {
  const rows = await ctx.db.comment.findMany({ where: { reviewId: view.review.id, type: 'code' }, include: { poster: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return rows.map((comment) => ({ comment, review: view.review, pull: view.pull }));
}

/**
 * The accounts asked to review the pull requests of `issueIds` and not yet answered, by issue. Teams asked are in
 * `teams`. One statement when none was asked (a list of pull requests nobody was asked to review: the rows' accounts
 * and teams are then not read at all, where an include would still run a statement for each), and the requests
 * with their accounts and teams in one batch otherwise, however many pull requests.
 */
export async function openRequests(db: Pick<PrismaClient, 'review'>, issueIds: readonly number[]) {
  const where = { issueId: { in: [...issueIds] }, type: 'request' };
  const asked = await db.review.findMany({ where, select: { id: true } });
  const rows = asked.length === 0 ? [] : await db.review.findMany({ where: { id: { in: asked.map((r) => r.id) } }, include: REVIEW_INCLUDE, orderBy: { id: 'asc' } });
  const byIssue = new Map<number, { users: User[]; teams: (Team & { org: User })[] }>();
  for (const id of issueIds) byIssue.set(id, { users: [], teams: [] });
  for (const row of rows) {
    const entry = byIssue.get(row.issueId)!;
    if (row.reviewerTeam) entry.teams.push(row.reviewerTeam);
    else if (row.reviewer) entry.users.push(row.reviewer);
  }
  return byIssue;
}

/** How many line comments of submitted reviews each pull request (by issue) has: one statement. */
export async function codeCommentCounts(db: Pick<PrismaClient, 'comment'>, issueIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await db.comment.groupBy({
    by: ['issueId'],
    where: { issueId: { in: [...issueIds] }, type: 'code', review: { type: { not: 'pending' } } },
    _count: { _all: true },
  });
  return new Map(rows.map((r) => [r.issueId, r._count._all]));
}

/**
 * The accounts that may be asked to review the repository's pull requests, by login, counted in SQL (Gitea's
 * GetReviewers): its owner when a person owns it, its collaborators, and members of the owning organization's
 * teams that read its pull requests; never the caller. Not paged, as in Gitea: two statements.
 */
export async function listReviewers(ctx: ServiceContext, repo: RepositoryWithOwner): Promise<User[]> {
  const me = signedIn(ctx);
  const teams =
    repo.owner.type === 'organization'
      ? await ctx.db.team.findMany({
          where: { orgId: repo.ownerId, OR: [{ includesAllRepositories: true }, { repositories: { some: { repoId: repo.id } } }] },
          select: { id: true, permission: true, units: true },
        })
      : [];
  const reading = teams
    .filter((team) => atLeast(team.permission as AccessLevel, 'admin') || atLeast(parseUnits(team.units)['repo.pulls'] ?? 'none', 'read'))
    .map((team) => team.id);
  const where: Prisma.UserWhereInput = {
    type: 'user',
    id: { not: me.id },
    OR: [
      ...(repo.owner.type === 'organization' ? [] : [{ id: repo.ownerId }]),
      { collaborations: { some: { repoId: repo.id } } },
      ...(reading.length > 0 ? [{ teamMemberships: { some: { teamId: { in: reading } } } }] : []),
    ],
  };
  return ctx.db.user.findMany({ where, orderBy: { lowerLogin: 'asc' } });
}

// ---------------------------------------------------------------------------------------------
// The gate merging asks

/** What the reviews of a pull request mean for merging it under its base branch's rule. */
export interface ReviewGate {
  /** Official approvals that count: not dismissed, and not stale when the rule ignores stale approvals. */
  approvals: number;
  /** Whether the approvals reach the rule's required_approvals (always, without a rule or with 0 required). */
  enoughApprovals: boolean;
  /** block_on_rejected_reviews, and an official rejection is standing (not dismissed). */
  blockedByRejection: boolean;
  /** block_on_official_review_requests, and an official review request is still open. */
  blockedByOfficialRequests: boolean;
}

/**
 * The review side of a merge (Gitea's GetGrantedApprovalsCount, MergeBlockedByRejectedReview and
 * MergeBlockedByOfficialReviewRequests): three counts in SQL at most, whatever the number of reviews.
 */
export async function reviewGate(db: Pick<PrismaClient, 'review'>, pull: { issueId: number }, rule: ReadRule | null): Promise<ReviewGate> {
  const base = { issueId: pull.issueId, official: true };
  const [approvals, rejections, requests] = await Promise.all([
    db.review.count({ where: { ...base, type: 'approve', dismissed: false, ...(rule?.ignoreStaleApprovals ? { stale: false } : {}) } }),
    rule?.blockOnRejectedReviews ? db.review.count({ where: { ...base, type: 'reject', dismissed: false } }) : 0,
    rule?.blockOnOfficialReviewRequests ? db.review.count({ where: { ...base, type: 'request' } }) : 0,
  ]);
  return {
    approvals,
    enoughApprovals: !rule || rule.requiredApprovals <= 0 || approvals >= rule.requiredApprovals,
    blockedByRejection: rejections > 0,
    blockedByOfficialRequests: requests > 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Writing

/** The pull request a review write acts on, with the caller's permission: hidden is 404, archived 423. */
async function writablePull(ctx: ServiceContext, owner: string, name: string, number: number) {
  const { repo, permission } = await getWritableRepository(ctx, owner, name, PULLS_READ);
  if (!repo.hasPullRequests) throw notFound(`repository ${owner}/${name} has no pull requests`);
  const view = await getPullRequest(ctx, repo, number);
  if (!view) throw notFound(`pull request #${number} does not exist`);
  return { repo, permission, view };
}

/** A review of the pull request the caller may see, for a write; 404 otherwise. */
async function visibleReview(ctx: ServiceContext, view: PullView, id: number): Promise<ReviewRow> {
  const row = await ctx.db.review.findFirst({ where: { AND: [{ id, issueId: view.issue.id }, visibleReviews(ctx)] }, include: REVIEW_INCLUDE });
  if (!row) throw notFound(`review ${id} does not exist`);
  return row;
}

type PlannedComment = { treePath: string; line: number; body: string; patch: string };

/**
 * Line comments checked against the pull request's diff (merge base to head): the file must be in it and the
 * line shown on the side named (422 otherwise). One git process for all of them.
 */
async function planComments(ctx: ServiceContext, view: PullView, comments: readonly ReviewCommentInput[]): Promise<PlannedComment[]> {
  if (comments.length === 0) return [];
  const planned = comments.map((c) => {
    const path = c.path.trim();
    if (path === '' || path.includes('\0')) throw invalid('a line comment needs the path of a file');
    const line = signedLine(c.newLine, c.oldLine);
    if (line === 0) throw invalid(`a line comment on ${path} needs new_position or old_position`);
    if (c.body.trim() === '') throw invalid(`the line comment on ${path} has no body`);
    return { treePath: path, line, body: c.body };
  });
  const from = view.pull.mergeBase || view.pull.headCommitId;
  const diff = await pathsDiff(repositoryPath(ctx.config, view.repo.id), from, view.pull.headCommitId, [...new Set(planned.map((c) => c.treePath))]);
  const sections = diffSections(diff);
  return planned.map((c) => {
    const section = sections.get(c.treePath);
    if (!section) throw invalid(`${c.treePath} is not changed by this pull request`);
    const patch = hunkAround(section, c.line);
    if (patch === null) throw invalid(`line ${Math.abs(c.line)} of the ${c.line < 0 ? 'old' : 'new'} side of ${c.treePath} is not in the diff`);
    return { ...c, patch };
  });
}

interface ReviewWrite {
  actor: User;
  repo: RepositoryWithOwner;
  view: PullView;
  type: Exclude<ReviewType, 'request'>;
  body: string;
  commitId: string;
  comments: PlannedComment[];
  /** The pending review to turn into this one; else the caller's pending review, if any, is. */
  pendingId?: number;
}

/**
 * Writes a review in one transaction, as Gitea's SubmitReview does: the caller's pending review (there is at
 * most one per pull request) becomes this review, else a new one is made; an approval or a rejection makes the
 * caller's earlier reviews unofficial and answers the caller's own request and those of the caller's teams; a
 * submitted review gets its `review` row on the timeline. Events follow the commit.
 */
async function writeReview(ctx: ServiceContext, w: ReviewWrite): Promise<ReviewView> {
  const counted = SUBMITTED_COUNTED.includes(w.type);
  if (counted && (w.view.issue.isClosed || w.view.pull.hasMerged)) throw invalid('a closed pull request can no longer be approved or rejected');
  const official = counted ? await isOfficialReviewer(ctx, w.repo, w.view.pull.baseBranch, w.actor) : false;
  const stale = counted && w.commitId !== w.view.pull.headCommitId;
  const issueId = w.view.issue.id;
  // The review and its events are committed together (src/events/outbox.ts).
  const { review } = await transactionWithEvents(ctx, async (tx, publish) => {
    const pending = await tx.review.findFirst({ where: { issueId, reviewerId: w.actor.id, type: 'pending', ...(w.pendingId ? { id: w.pendingId } : {}) } });
    if (counted) {
      await tx.review.updateMany({ where: { issueId, reviewerId: w.actor.id }, data: { official: false } });
      await tx.review.deleteMany({
        where: { issueId, type: 'request', OR: [{ reviewerId: w.actor.id }, { reviewerTeam: { members: { some: { userId: w.actor.id } } } }] },
      });
      // A new approval or rejection (not a draft submitted) dismisses the caller's earlier ones, so that none
      // of them stands again once this one is dismissed (Gitea's CreateReview).
      if (!pending) await tx.review.updateMany({ where: { issueId, reviewerId: w.actor.id, type: { in: SUBMITTED_COUNTED } }, data: { dismissed: true, updatedAt: new Date() } });
    }
    const data = { type: w.type, body: w.body, commitId: w.commitId, official, stale, updatedAt: new Date() };
    const review = pending
      ? await tx.review.update({ where: { id: pending.id }, data })
      : await tx.review.create({ data: { ...data, issueId, reviewerId: w.actor.id } });
    const codeIds: number[] = [];
    for (const c of w.comments) {
      const row = await tx.comment.create({
        data: { issueId, repoId: w.repo.id, type: 'code', posterId: w.actor.id, body: c.body, reviewId: review.id, treePath: c.treePath, line: c.line, patch: c.patch, commitSha: w.commitId },
      });
      codeIds.push(row.id);
    }
    if (w.type !== 'pending') {
      await tx.comment.create({ data: { issueId, repoId: w.repo.id, type: 'review', posterId: w.actor.id, body: w.body, reviewId: review.id, commitSha: w.commitId } });
      // Line comments of the draft, and those added now, are published with it.
      const drafted = await tx.comment.findMany({ where: { reviewId: review.id, type: 'code' }, select: { id: true } });
      codeIds.splice(0, codeIds.length, ...drafted.map((d) => d.id));
      const about = { actorId: w.actor.id, repoId: w.repo.id, issueId, number: w.view.issue.number, pullId: w.view.pull.id, reviewId: review.id };
      const action = w.type === 'approve' ? 'approved' : w.type === 'reject' ? 'rejected' : 'comment';
      await publish('pull_request_review', { ...about, action });
      for (const commentId of codeIds) await publish('pull_request_review_comment', { ...about, commentId });
    }
    return { review };
  });
  const row = await ctx.db.review.findUniqueOrThrow({ where: { id: review.id }, include: REVIEW_INCLUDE });
  return (await viewsOf(ctx, w.view, [row]))[0];
}

/**
 * Reviews a pull request (Gitea's CreatePullReview): `event` says what the review is (pending when it names no
 * submitted state); `commit_id` defaults to the head; line comments go to the caller's pending review, which
 * the review becomes. The poster may not approve or reject (422); a rejection and a pending review need a body,
 * a comment a body or line comments (422).
 */
export async function createReview(ctx: ServiceContext, owner: string, name: string, number: number, input: CreateReviewInput): Promise<ReviewView> {
  const actor = signedIn(ctx);
  const { repo, view } = await writablePull(ctx, owner, name, number);
  const type = typeOfEvent(input.event);
  const body = input.body ?? '';
  const comments = input.comments ?? [];
  const refusal = reviewRefusal(type, body, comments.length > 0, view.issue.posterId === actor.id);
  if (refusal) throw invalid(refusal);
  const commitId = input.commitId?.trim() || view.pull.headCommitId;
  if (!/^[0-9a-f]{40}([0-9a-f]{24})?$/i.test(commitId)) throw invalid('commit_id must be a full commit id');
  const planned = await planComments(ctx, view, comments);
  return writeReview(ctx, { actor, repo, view, type, body, commitId: commitId.toLowerCase(), comments: planned });
}

/** Submits a pending review of the caller's as approved, rejected or a comment, on the head as it is now. */
export async function submitReview(ctx: ServiceContext, owner: string, name: string, number: number, id: number, input: SubmitReviewInput): Promise<ReviewView> {
  const actor = signedIn(ctx);
  const { repo, view } = await writablePull(ctx, owner, name, number);
  const row = await visibleReview(ctx, view, id);
  if (row.type !== 'pending') throw invalid('only a pending review can be submitted');
  if (row.reviewerId !== actor.id) throw forbidden('only its author submits a pending review');
  const type = typeOfEvent(input.event);
  if (type === 'pending') throw invalid('the review would stay pending: event must be APPROVED, REQUEST_CHANGES or COMMENT');
  const body = input.body ?? '';
  const hasComments = (await ctx.db.comment.count({ where: { reviewId: row.id, type: 'code' } })) > 0;
  const refusal = reviewRefusal(type, body, hasComments, view.issue.posterId === actor.id);
  if (refusal) throw invalid(refusal);
  return writeReview(ctx, { actor, repo, view, type, body, commitId: view.pull.headCommitId, comments: [], pendingId: row.id });
}

/** Deletes a review with its line comments and timeline row: its author or a site admin (403 for others). */
export async function deleteReview(ctx: ServiceContext, owner: string, name: string, number: number, id: number): Promise<void> {
  const actor = signedIn(ctx);
  const { view } = await writablePull(ctx, owner, name, number);
  const row = await visibleReview(ctx, view, id);
  if (row.reviewerId !== actor.id && !isSiteAdmin(ctx.viewer)) throw forbidden('only its author or a site admin deletes a review');
  await ctx.db.review.delete({ where: { id: row.id } });
}

/**
 * Dismisses an approval or a rejection (repository admins; 403 for others, and for other reviews or a closed
 * pull request), with a `dismiss_review` row on the timeline carrying the message; `priors` dismisses the
 * reviewer's earlier approvals and rejections too. Undismissing clears the mark.
 */
export async function setReviewDismissed(
  ctx: ServiceContext,
  owner: string,
  name: string,
  number: number,
  id: number,
  dismissed: boolean,
  options: { message?: string | null; priors?: boolean | null } = {},
): Promise<ReviewView> {
  const actor = signedIn(ctx);
  const { repo, permission, view } = await writablePull(ctx, owner, name, number);
  if (!isRepoAdmin(ctx, permission)) throw forbidden('only repository admins dismiss reviews');
  const row = await visibleReview(ctx, view, id);
  if (row.type !== 'approve' && row.type !== 'reject') throw forbidden('only approvals and rejections are dismissed');
  if (dismissed) {
    if (view.issue.isClosed || view.pull.hasMerged) throw forbidden('the reviews of a closed pull request are no longer dismissed');
    await transactionWithEvents(ctx, async (tx, publish) => {
      await tx.review.update({ where: { id: row.id }, data: { dismissed: true, updatedAt: new Date() } });
      if (options.priors && row.reviewerId !== null) {
        await tx.review.updateMany({
          where: { issueId: view.issue.id, reviewerId: row.reviewerId, id: { lt: row.id }, type: { in: SUBMITTED_COUNTED } },
          data: { dismissed: true, updatedAt: new Date() },
        });
      }
      await tx.comment.create({
        data: { issueId: view.issue.id, repoId: repo.id, type: 'dismiss_review', posterId: actor.id, body: options.message ?? '', reviewId: row.id, assigneeId: row.reviewerId },
      });
      await publish('pull_request_review', {
        actorId: actor.id, repoId: repo.id, issueId: view.issue.id, number: view.issue.number, pullId: view.pull.id, reviewId: row.id, action: 'dismissed',
      });
    });
  } else if (row.dismissed) {
    await transactionWithEvents(ctx, async (tx, publish) => {
      await tx.review.update({ where: { id: row.id }, data: { dismissed: false, updatedAt: new Date() } });
      await publish('pull_request_review', {
        actorId: actor.id, repoId: repo.id, issueId: view.issue.id, number: view.issue.number, pullId: view.pull.id, reviewId: row.id, action: 'undismissed',
      });
    });
  }
  const fresh = await ctx.db.review.findUniqueOrThrow({ where: { id: row.id }, include: REVIEW_INCLUDE });
  return (await viewsOf(ctx, view, [fresh]))[0];
}

/**
 * Asks accounts and teams to review a pull request, or takes the request back (Gitea's ReviewRequest and
 * TeamReviewRequest). Its poster and those who write to the pull requests choose reviewers; a reviewer takes
 * back a request made of themselves. A reviewer must read the pull requests and not be the poster; teams count
 * only in an organization's repository and must reach it. Unknown accounts and teams are 404, other refusals
 * 422, a closed pull request 403. Each request (and each removal) writes a `review_request` timeline row and a
 * `pull_request` event (review_requested, review_request_removed). Answers the requests made.
 */
export async function changeReviewRequests(ctx: ServiceContext, owner: string, name: string, number: number, input: ReviewRequestInput, add: boolean): Promise<ReviewView[]> {
  const actor = signedIn(ctx);
  const { repo, permission, view } = await writablePull(ctx, owner, name, number);
  const users = await reviewersByName(ctx, input.reviewers ?? []);
  const teams = repo.owner.type === 'organization' ? await teamsByName(ctx, repo.ownerId, input.teamReviewers ?? []) : [];
  if (add && (users.length > 0 || teams.length > 0) && (view.issue.isClosed || view.pull.hasMerged)) throw forbidden('reviews cannot be requested on a closed pull request');
  // Nobody asks a review of an account that blocks them (Gitea); one statement for every reviewer named.
  if (add) await assertNotBlocked(ctx, users.map((u) => u.id), actor);
  const mayChoose = view.issue.posterId === actor.id || satisfies(permission, PULLS_WRITE);
  const issueId = view.issue.id;
  const made: number[] = [];
  const about = { actorId: actor.id, repoId: repo.id, issueId, pullId: view.pull.id, number: view.issue.number };
  const timelineRow = (tx: Pick<Tx, 'comment'>, data: { assigneeId?: number; assigneeTeamId?: number; removedAssignee: boolean }) =>
    tx.comment.create({ data: { issueId, repoId: repo.id, type: 'review_request', posterId: actor.id, ...data } });

  for (const user of users) {
    if (user.type !== 'user') throw invalid(`an organization (${user.login}) cannot review`);
    const last = await ctx.db.review.findFirst({ where: { issueId, reviewerId: user.id, type: { in: ['approve', 'reject', 'request'] } }, orderBy: { id: 'desc' } });
    if (add) {
      if (!satisfies(await permissionOf(ctx, repo, user), PULLS_READ)) throw invalid(`${user.login} cannot read the pull requests`);
      if (user.id === view.issue.posterId) throw invalid('the poster of a pull request cannot review it');
      if (!mayChoose && !(actor.id === view.issue.posterId && last && last.type !== 'request')) throw invalid('you may not choose reviewers');
      if (last?.type === 'request') continue;
      const official = await isOfficialReviewer(ctx, repo, view.pull.baseBranch, user);
      const created = await transactionWithEvents(ctx, async (tx, publish) => {
        if (official) await tx.review.updateMany({ where: { issueId, reviewerId: user.id }, data: { official: false } });
        const review = await tx.review.create({ data: { issueId, type: 'request', reviewerId: user.id, official } });
        await tx.comment.create({ data: { issueId, repoId: repo.id, type: 'review_request', posterId: actor.id, assigneeId: user.id } });
        await publish('pull_request', { ...about, action: 'review_requested', reviewerId: user.id });
        return review;
      });
      made.push(created.id);
    } else {
      if (!mayChoose && !(last?.type === 'request' && user.id === actor.id)) throw invalid('you may not remove this review request');
      await transactionWithEvents(ctx, async (tx, publish) => {
        const removed = await tx.review.deleteMany({ where: { issueId, reviewerId: user.id, type: 'request' } });
        if (removed.count === 0) return;
        await timelineRow(tx, { assigneeId: user.id, removedAssignee: true });
        await publish('pull_request', { ...about, action: 'review_request_removed', reviewerId: user.id });
      });
    }
  }
  for (const team of teams) {
    if (!mayChoose) throw invalid(add ? 'you may not choose reviewers' : 'you may not remove this review request');
    const existing = await ctx.db.review.findFirst({ where: { issueId, reviewerTeamId: team.id, type: 'request' } });
    if (add) {
      const reaches = team.includesAllRepositories || (await ctx.db.teamRepository.count({ where: { teamId: team.id, repoId: repo.id } })) > 0;
      if (!reaches) throw invalid(`team ${team.name} cannot read the repository`);
      if (existing) continue;
      const official = await isOfficialTeam(ctx, repo, view.pull.baseBranch, team);
      const created = await transactionWithEvents(ctx, async (tx, publish) => {
        const review = await tx.review.create({ data: { issueId, type: 'request', reviewerTeamId: team.id, official } });
        await tx.comment.create({ data: { issueId, repoId: repo.id, type: 'review_request', posterId: actor.id, assigneeTeamId: team.id } });
        await publish('pull_request', { ...about, action: 'review_requested', teamId: team.id });
        return review;
      });
      made.push(created.id);
    } else {
      if (!existing) continue;
      await transactionWithEvents(ctx, async (tx, publish) => {
        await tx.review.delete({ where: { id: existing.id } });
        await timelineRow(tx, { assigneeTeamId: team.id, removedAssignee: true });
        await publish('pull_request', { ...about, action: 'review_request_removed', teamId: team.id });
      });
    }
  }
  if (made.length === 0) return [];
  const rows = await ctx.db.review.findMany({ where: { id: { in: made } }, include: REVIEW_INCLUDE, orderBy: { id: 'asc' } });
  return viewsOf(ctx, view, rows);
}

/** Accounts by login, or by e-mail address when the name has an @ (as Gitea reads reviewers); 404 for an unknown one. */
async function reviewersByName(ctx: ServiceContext, names: readonly string[]): Promise<User[]> {
  const users: User[] = [];
  for (const raw of names) {
    const name = raw.trim().toLowerCase();
    if (name === '') continue;
    const user = await ctx.db.user.findFirst({ where: name.includes('@') ? { lowerEmail: name } : { lowerLogin: name } });
    if (!user) throw notFound(`user ${raw} does not exist`);
    if (!users.some((u) => u.id === user.id)) users.push(user);
  }
  return users;
}

/** Teams of the organization by name; 404 for an unknown one. */
async function teamsByName(ctx: ServiceContext, orgId: number, names: readonly string[]): Promise<Team[]> {
  const teams: Team[] = [];
  for (const raw of names) {
    if (raw.trim() === '') continue;
    const team = await ctx.db.team.findUnique({ where: { orgId_lowerName: { orgId, lowerName: raw.trim().toLowerCase() } } });
    if (!team) throw notFound(`team ${raw} does not exist`);
    if (!teams.some((t) => t.id === team.id)) teams.push(team);
  }
  return teams;
}

/**
 * Replies to a line comment (Gitea's CreatePullReviewCommentReply, CreateCodeComment with a review to reply to):
 * the reply is a line comment of the caller's in the same review as the comment answered, on the same file, line
 * and side, with the commit and hunk of that thread. It is published at once when that review is submitted (a
 * `pull_request_review_comment` event); a reply in the caller's own pending review stays a draft with it. The
 * comment must be a line comment of this pull request (404 otherwise; another's pending review is hidden, 404);
 * an empty body is 422; on a locked pull request only those who write to the pull requests reply (403).
 */
export async function replyToReviewComment(ctx: ServiceContext, owner: string, name: string, number: number, id: number, body: string): Promise<ReviewCommentView> {
  const actor = signedIn(ctx);
  const { repo, permission, view } = await writablePull(ctx, owner, name, number);
  const thread = await ctx.db.comment.findFirst({ where: { id, issueId: view.issue.id, type: 'code' }, include: { review: true } });
  if (!thread?.review) throw notFound(`line comment ${id} does not exist`);
  const review = thread.review;
  if (review.type === 'pending' && review.reviewerId !== actor.id && !isSiteAdmin(ctx.viewer)) throw notFound(`line comment ${id} does not exist`);
  if (body.trim() === '') throw invalid('body must not be empty');
  if (view.issue.isLocked && !satisfies(permission, PULLS_WRITE) && !isSiteAdmin(ctx.viewer)) {
    throw forbidden('this pull request is locked: only those who may write to the pull requests reply');
  }
  const comment = await transactionWithEvents(ctx, async (tx, publish) => {
    const reply = await tx.comment.create({
      data: {
        issueId: view.issue.id, repoId: repo.id, type: 'code', posterId: actor.id, body, reviewId: review.id,
        treePath: thread.treePath, line: thread.line, patch: thread.patch, commitSha: thread.commitSha,
      },
      include: { poster: true },
    });
    if (review.type !== 'pending') {
      await publish('pull_request_review_comment', {
        actorId: actor.id, repoId: repo.id, issueId: view.issue.id, number: view.issue.number, pullId: view.pull.id, reviewId: review.id, commentId: reply.id,
      });
    }
    return reply;
  });
  return { comment, review, pull: view };
}

/**
 * Marks a line comment's conversation resolved or open again (Gitea's MarkConversation): the pull request's
 * poster and those who write to the pull requests may (403 for others); a comment that is not a line comment is
 * 400, as in Gitea. Resolving a resolved one (or reopening an open one) changes nothing.
 */
export async function setReviewCommentResolved(ctx: ServiceContext, owner: string, name: string, id: number, resolved: boolean): Promise<void> {
  const actor = signedIn(ctx);
  const { repo, permission } = await getWritableRepository(ctx, owner, name, PULLS_READ);
  if (!repo.hasPullRequests) throw notFound(`repository ${owner}/${name} has no pull requests`);
  const comment = await ctx.db.comment.findFirst({ where: { id, repoId: repo.id }, include: { issue: true, review: true } });
  if (!comment || !comment.issue.isPull) throw notFound(`comment ${id} does not exist`);
  if (comment.review?.type === 'pending' && comment.review.reviewerId !== actor.id && !isSiteAdmin(ctx.viewer)) throw notFound(`comment ${id} does not exist`);
  if (comment.type !== 'code') throw badRequest('the comment is not a line comment of a review');
  if (comment.issue.posterId !== actor.id && !satisfies(permission, PULLS_WRITE)) throw forbidden('only the poster and writers resolve conversations');
  if ((comment.resolveDoerId !== null) === resolved) return;
  await ctx.db.comment.update({ where: { id }, data: { resolveDoerId: resolved ? actor.id : null } });
}

// ---------------------------------------------------------------------------------------------
// Pushes

type Deps = Omit<ServiceContext, 'viewer'>;

/**
 * What a push that moved the heads of pull requests means for their reviews (Gitea's MarkReviewsAsStale and
 * DismissApprovalReviews): every submitted review made on another commit than the new head becomes stale, and
 * where the base branch's rule says dismiss_stale_approvals, standing approvals are dismissed, each with a
 * `dismiss_review` timeline row. A constant number of statements, whatever the number of pull requests.
 */
export async function followReviewsOnPush(deps: Deps, moved: readonly { issueId: number; baseRepoId: number; baseBranch: string; headCommitId: string; pusherId: number | null }[]): Promise<void> {
  if (moved.length === 0) return;
  const submitted = ['approve', 'reject', 'comment'];
  await deps.db.review.updateMany({
    where: { OR: moved.map((m) => ({ issueId: m.issueId, commitId: { not: m.headCommitId } })), type: { in: submitted }, stale: false },
    data: { stale: true },
  });
  const repoIds = [...new Set(moved.map((m) => m.baseRepoId))];
  // Each pull request's rule is the first of its repository's rules that matches its base branch (a rule that does
  // not dismiss may come first): every rule of those repositories, in one statement.
  const rows = await deps.db.branchProtection.findMany({ where: { repoId: { in: repoIds } } });
  if (!rows.some((r) => r.dismissStaleApprovals)) return;
  const all = new Map<number, ReadRule[]>();
  for (const row of [...rows].sort(compareRules)) all.set(row.repoId, [...(all.get(row.repoId) ?? []), readRule(row)]);
  const dismissing = moved.filter((m) => ruleFor(all.get(m.baseRepoId) ?? [], m.baseBranch)?.dismissStaleApprovals);
  if (dismissing.length === 0) return;
  const approvals = await deps.db.review.findMany({
    where: { issueId: { in: dismissing.map((m) => m.issueId) }, type: 'approve', dismissed: false },
    include: { issue: { select: { repoId: true } } },
  });
  if (approvals.length === 0) return;
  const pusher = new Map(dismissing.map((m) => [m.issueId, m.pusherId]));
  await deps.db.$transaction([
    deps.db.review.updateMany({ where: { id: { in: approvals.map((a) => a.id) } }, data: { dismissed: true, updatedAt: new Date() } }),
    deps.db.comment.createMany({
      data: approvals.map((a) => ({ issueId: a.issueId, repoId: a.issue.repoId, type: 'dismiss_review', posterId: pusher.get(a.issueId) ?? null, reviewId: a.id, assigneeId: a.reviewerId })),
    }),
  ]);
}
