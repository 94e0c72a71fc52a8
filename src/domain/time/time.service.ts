import { isSiteAdmin } from '../../auth/viewer.ts';
import type { Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Prisma, Stopwatch, TrackedTime, User } from '../../db/models.ts';
import { badRequest, conflict, forbidden, invalid, notFound, unauthenticated, type DomainError } from '../../errors.ts';
import { transactionWithEvents } from '../../events/outbox.ts';
import type { IssueTimeEvent } from '../../events/topics.ts';
import { pageFrom, type Page, type PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { repositoryPermission, satisfies, type Need, type RepositoryPermission } from '../access/access.service.ts';
import { ISSUE_INCLUDE, issuesById, type IssueRow, type IssueView } from '../issue/issue.service.ts';
import type { RepositoryWithOwner } from '../repo/repo.service.ts';
import { getWritableRepository } from '../repo/writable.ts';
import { accountsById, getVisibleUser } from '../user/user.service.ts';
import type { AddTrackedTimeInput, TrackedTimeFilter, ViewerTrackedTimeFilter } from './time.inputs.ts';
import { durationText, elapsedSeconds, timeTrackingEnabled } from './time.rules.ts';

/**
 * Time tracking on issues, as Gitea does it: tracked times (added by hand, or by stopping a stopwatch) and
 * stopwatches. A deleted time is kept, marked deleted, and no list shows it. Every change writes its timeline
 * row (Gitea's comment types add_time_manual, delete_time_manual, start_tracking, stop_tracking,
 * cancel_tracking) in the transaction of the change, and publishes an `issue_time` event once committed.
 */

const ISSUES_READ: Need = { unit: 'repo.issues', level: 'read' };
const ISSUES_WRITE: Need = { unit: 'repo.issues', level: 'write' };
/** Gitea's CanWriteIssuesOrPulls: write to the unit of the issue's kind. */
const writesTo = (issue: { isPull: boolean }): Need => ({ unit: issue.isPull ? 'repo.pulls' : 'repo.issues', level: 'write' });

/** An issue with its repository, and what a list needs of each time: the account and the issue as REST shows it. */
const WITH_ISSUE_AND_REPO = { user: true, issue: { include: { ...ISSUE_INCLUDE, repo: { include: { owner: true } } } } } as const satisfies Prisma.TrackedTimeInclude;

export interface TrackedTimeView {
  time: TrackedTime;
  /** The account whose time it is; null once that account is deleted. */
  user: User | null;
  issue: IssueView;
}

export interface StopwatchView {
  stopwatch: Stopwatch;
  issue: IssueView;
}

function signedIn(ctx: ServiceContext): User {
  if (!ctx.viewer.user) throw unauthenticated();
  return ctx.viewer.user;
}

/** An issue row that came with its repository (a list across repositories) as the issue area's view of it. */
function viewOf(row: IssueRow & { repo: RepositoryWithOwner }): IssueView {
  const { repo, ...issue } = row;
  return { issue, repo };
}

/** Tracked times tracked between `since` and `before` (both included), when given. */
const trackedBetween = (filter: { since?: Date | null; before?: Date | null }): Prisma.TrackedTimeWhereInput =>
  filter.since || filter.before ? { createdAt: { ...(filter.since ? { gte: filter.since } : {}), ...(filter.before ? { lte: filter.before } : {}) } } : {};

// ---------------------------------------------------------------------------------------------
// The issue a change acts on, and who may track time on it

interface IssueAtHand {
  actor: User;
  repo: RepositoryWithOwner;
  permission: RepositoryPermission;
  issue: IssueRow;
}

/**
 * The issue a change acts on, numbered `number`, for a caller who reads the repository's issues: a repository
 * that hides them, or has them switched off, answers 404 as if it had none (Gitea's mustEnableIssuesOrPulls). The
 * repository is loaded through getWritableRepository, which refuses an archived one with 423.
 */
async function issueAtHand(ctx: ServiceContext, owner: string, name: string, number: number): Promise<IssueAtHand> {
  const actor = signedIn(ctx);
  const { repo, permission } = await getWritableRepository(ctx, owner, name, 'read');
  if (!repo.hasIssues || !satisfies(permission, ISSUES_READ)) throw notFound(`repository ${owner}/${name} has no issues`);
  const issue = await ctx.db.issue.findUnique({ where: { repoId_number: { repoId: repo.id, number } }, include: ISSUE_INCLUDE });
  if (!issue) throw notFound(`issue #${number} does not exist`);
  return { actor, repo, permission, issue };
}

/**
 * Why the caller may not track time on the issue, or null when they may (Gitea's CanUseTimetracker): tracking
 * must be enabled (else BAD_REQUEST, Gitea's 400), and while the repository lets only contributors track time,
 * the caller must write to the issues, or have posted the issue, or be assigned to it (else FORBIDDEN).
 */
function trackingRefusal(ctx: ServiceContext, at: IssueAtHand): DomainError | null {
  if (!timeTrackingEnabled(ctx.config, at.repo)) return badRequest(`time tracking is disabled on ${at.repo.owner.login}/${at.repo.name}`);
  if (!at.repo.allowOnlyContributorsToTrackTime) return null;
  if (satisfies(at.permission, writesTo(at.issue))) return null;
  if (at.issue.posterId === at.actor.id || at.issue.assignees.some((a) => a.userId === at.actor.id)) return null;
  return forbidden('only those who write to the issues, the poster and the assignees may track time on this issue');
}

function refuseTracking(ctx: ServiceContext, at: IssueAtHand) {
  const refusal = trackingRefusal(ctx, at);
  if (refusal) throw refusal;
}

/**
 * Which account's times a list shows: `login` when given, and only when the caller may see others' times (site
 * admins and those who write to the issues) or it is their own; without a login, everyone's for those, and
 * otherwise the caller's own, as Gitea does. Undefined: every account's.
 */
async function timesOf(ctx: ServiceContext, actor: User, login: string | null | undefined, seesOthers: boolean): Promise<number | undefined> {
  const asked = login ? (await getVisibleUser(ctx, login)).id : undefined;
  if (seesOthers || isSiteAdmin(ctx.viewer) || asked === actor.id) return asked;
  if (asked === undefined) return actor.id;
  throw forbidden("only those who write to the issues may list another account's tracked times");
}

type TimelineRow = Omit<Prisma.CommentUncheckedCreateInput, 'issueId' | 'repoId'>;

/** A timeline row of the issue (a Comment of one of Gitea's time types). */
async function timeline(tx: Tx, issue: { id: number; repoId: number }, row: TimelineRow) {
  await tx.comment.create({ data: { ...row, issueId: issue.id, repoId: issue.repoId } });
}

function timeEvent(actor: User, issue: { id: number; repoId: number; number: number }, change: Pick<IssueTimeEvent, 'action' | 'userId' | 'seconds' | 'trackedTimeId'>): IssueTimeEvent {
  return { actorId: actor.id, repoId: issue.repoId, issueId: issue.id, number: issue.number, ...change };
}

// ---------------------------------------------------------------------------------------------
// Reading

/**
 * A page of an issue's tracked times (the IssueView comes from the issue area, which checked that the caller
 * reads it), oldest first. Tracking switched off answers NOT_FOUND, as Gitea's issue list of times does.
 * One statement for the page and one for the count, whatever the page's size.
 */
export async function listIssueTrackedTimes(ctx: ServiceContext, view: IssueView, window: PageWindow, filter: TrackedTimeFilter = {}): Promise<Page<TrackedTimeView>> {
  const actor = signedIn(ctx);
  if (!timeTrackingEnabled(ctx.config, view.repo)) throw notFound(`time tracking is disabled on ${view.repo.owner.login}/${view.repo.name}`);
  const writer = satisfies(await repositoryPermission(ctx, view.repo), writesTo(view.issue));
  const userId = await timesOf(ctx, actor, filter.user, writer);
  const where: Prisma.TrackedTimeWhereInput = { issueId: view.issue.id, deleted: false, ...(userId !== undefined ? { userId } : {}), ...trackedBetween(filter) };
  return pageFrom(
    ctx.db.trackedTime.findMany({ where, orderBy: { id: 'asc' }, skip: window.offset, take: window.limit }).then((rows) => withAccounts(ctx, rows)),
    ctx.db.trackedTime.count({ where }),
    ({ time, user }) => ({ time, user, issue: view }),
  );
}

/**
 * A page of a repository's tracked times, oldest first, each with its issue. The caller must read the issues
 * (else NOT_FOUND, Gitea's mustEnableIssues); tracking switched off is BAD_REQUEST, as in Gitea. The page's
 * issues come with it: the same statements for a page of fifty as for one.
 */
export async function listRepositoryTrackedTimes(ctx: ServiceContext, repo: RepositoryWithOwner, window: PageWindow, filter: TrackedTimeFilter = {}): Promise<Page<TrackedTimeView>> {
  const actor = signedIn(ctx);
  const permission = await repositoryPermission(ctx, repo);
  if (!repo.hasIssues || !satisfies(permission, ISSUES_READ)) throw notFound(`repository ${repo.owner.login}/${repo.name} has no issues`);
  if (!timeTrackingEnabled(ctx.config, repo)) throw badRequest(`time tracking is disabled on ${repo.owner.login}/${repo.name}`);
  const userId = await timesOf(ctx, actor, filter.user, satisfies(permission, ISSUES_WRITE));
  const where: Prisma.TrackedTimeWhereInput = { deleted: false, issue: { repoId: repo.id }, ...(userId !== undefined ? { userId } : {}), ...trackedBetween(filter) };
  return pageFrom(
    ctx.db.trackedTime.findMany({ where, orderBy: { id: 'asc' }, skip: window.offset, take: window.limit }).then(async (rows) => {
      const [times, issues] = await Promise.all([withAccounts(ctx, rows), issuesById(ctx, rows.map((row) => row.issueId))]);
      return times.map((entry) => ({ ...entry, issue: issues.get(entry.time.issueId)! }));
    }),
    ctx.db.trackedTime.count({ where }),
    ({ time, user, issue }) => ({ time, user, issue: { issue, repo } }),
  );
}

/** Times with their accounts, through the cache of accounts (at most one statement for a page). */
async function withAccounts(ctx: ServiceContext, rows: TrackedTime[]): Promise<{ time: TrackedTime; user: User | null }[]> {
  const users = await accountsById(ctx, rows.flatMap((row) => (row.userId === null ? [] : [row.userId])));
  return rows.map((time) => ({ time, user: time.userId === null ? null : (users.get(time.userId) ?? null) }));
}

/** A page of the caller's own tracked times in every repository, oldest first, each with its issue and repository. */
export async function listViewerTrackedTimes(ctx: ServiceContext, window: PageWindow, filter: ViewerTrackedTimeFilter = {}): Promise<Page<TrackedTimeView>> {
  const actor = signedIn(ctx);
  const where: Prisma.TrackedTimeWhereInput = { userId: actor.id, deleted: false, ...trackedBetween(filter) };
  return pageFrom(
    ctx.db.trackedTime.findMany({ where, include: WITH_ISSUE_AND_REPO, orderBy: { id: 'asc' }, skip: window.offset, take: window.limit }),
    ctx.db.trackedTime.count({ where }),
    ({ issue, ...row }) => ({ time: row, user: row.user, issue: viewOf(issue) }),
  );
}

/** A page of the caller's running stopwatches, oldest first, each with its issue and repository. */
export async function listViewerStopwatches(ctx: ServiceContext, window: PageWindow): Promise<Page<StopwatchView>> {
  const actor = signedIn(ctx);
  const where: Prisma.StopwatchWhereInput = { userId: actor.id };
  return pageFrom(
    ctx.db.stopwatch.findMany({ where, include: { issue: WITH_ISSUE_AND_REPO.issue }, orderBy: { id: 'asc' }, skip: window.offset, take: window.limit }),
    ctx.db.stopwatch.count({ where }),
    ({ issue, ...stopwatch }) => ({ stopwatch, issue: viewOf(issue) }),
  );
}

// ---------------------------------------------------------------------------------------------
// Tracked times

/**
 * The account whose time an addition is: the caller, or the account `login` names when the caller is a site
 * admin or an admin of the repository (Gitea ignores the name for anyone else).
 */
async function trackedFor(ctx: ServiceContext, at: IssueAtHand, login: string | null | undefined): Promise<User> {
  if (!login || login.toLowerCase() === at.actor.lowerLogin) return at.actor;
  if (!isSiteAdmin(ctx.viewer) && !satisfies(at.permission, 'admin')) return at.actor;
  const user = await getVisibleUser(ctx, login);
  if (user.type === 'organization') throw invalid(`${user.login} is an organization: time is tracked by people`);
  return user;
}

/**
 * Adds time spent on an issue, by whoever may track time on it (see trackingRefusal): the seconds must be more
 * than zero. Writes the time and its add_time_manual timeline row in one transaction.
 */
export async function addTrackedTime(ctx: ServiceContext, owner: string, name: string, number: number, input: AddTrackedTimeInput): Promise<TrackedTimeView> {
  const at = await issueAtHand(ctx, owner, name, number);
  refuseTracking(ctx, at);
  if (!Number.isInteger(input.seconds) || input.seconds <= 0) throw invalid('time must be a positive number of seconds');
  const user = await trackedFor(ctx, at, input.user);
  const time = await transactionWithEvents(ctx, async (tx, publish) => {
    const row = await tx.trackedTime.create({ data: { issueId: at.issue.id, userId: user.id, seconds: input.seconds, createdAt: input.createdAt ?? new Date() } });
    // Gitea writes the seconds after a bar, which tells them from the text of its older rows.
    await timeline(tx, at.issue, { type: 'add_time_manual', posterId: user.id, body: `|${row.seconds}`, trackedTimeId: row.id });
    await publish('issue_time', timeEvent(at.actor, at.issue, { action: 'added', userId: user.id, seconds: row.seconds, trackedTimeId: row.id }));
    return row;
  });
  return { time, user, issue: { issue: at.issue, repo: at.repo } };
}

/**
 * Deletes one tracked time of the issue (marks it deleted): its own account or a site admin may. A time that
 * does not exist, belongs to another issue or is already deleted is NOT_FOUND.
 */
export async function deleteTrackedTime(ctx: ServiceContext, owner: string, name: string, number: number, id: number): Promise<void> {
  const at = await issueAtHand(ctx, owner, name, number);
  refuseTracking(ctx, at);
  const missing = () => notFound(`tracked time ${id} does not exist on issue #${number}`);
  const found = await ctx.db.trackedTime.findUnique({ where: { id } });
  if (!found || found.issueId !== at.issue.id || found.deleted) throw missing();
  if (found.userId !== at.actor.id && !isSiteAdmin(ctx.viewer)) throw forbidden('only site admins and the account whose time it is may delete a tracked time');
  await transactionWithEvents(ctx, async (tx, publish) => {
    const { count } = await tx.trackedTime.updateMany({ where: { id, deleted: false }, data: { deleted: true } });
    if (count === 0) throw missing();
    // As Gitea does, the row names the account whose time it was.
    await timeline(tx, at.issue, { type: 'delete_time_manual', posterId: found.userId, body: `|${found.seconds}`, trackedTimeId: found.id });
    await publish('issue_time', timeEvent(at.actor, at.issue, { action: 'deleted', userId: found.userId ?? at.actor.id, seconds: found.seconds, trackedTimeId: found.id }));
  });
}

/** Deletes every time the caller tracked on the issue, with one delete_time_manual row of their sum; NOT_FOUND when there is none. */
export async function resetTrackedTimes(ctx: ServiceContext, owner: string, name: string, number: number): Promise<void> {
  const at = await issueAtHand(ctx, owner, name, number);
  refuseTracking(ctx, at);
  await transactionWithEvents(ctx, async (tx, publish) => {
    const mine = await tx.trackedTime.findMany({ where: { issueId: at.issue.id, userId: at.actor.id, deleted: false }, select: { id: true, seconds: true } });
    if (mine.length === 0) throw notFound(`you have no tracked time on issue #${number}`);
    await tx.trackedTime.updateMany({ where: { id: { in: mine.map((t) => t.id) } }, data: { deleted: true } });
    const sum = mine.reduce((total, t) => total + t.seconds, 0);
    await timeline(tx, at.issue, { type: 'delete_time_manual', posterId: at.actor.id, body: `|${sum}` });
    await publish('issue_time', timeEvent(at.actor, at.issue, { action: 'reset', userId: at.actor.id, seconds: sum }));
  });
}

// ---------------------------------------------------------------------------------------------
// Stopwatches

/**
 * The issue a stopwatch action acts on: as Gitea, the caller must write to the issues (its kind's unit) and be
 * allowed to track time there; both refusals, tracking switched off included, are FORBIDDEN.
 */
async function stopwatchIssue(ctx: ServiceContext, owner: string, name: string, number: number): Promise<IssueAtHand> {
  const at = await issueAtHand(ctx, owner, name, number);
  if (!satisfies(at.permission, writesTo(at.issue))) throw forbidden('only those who write to the issues may use a stopwatch');
  const refusal = trackingRefusal(ctx, at);
  if (refusal) throw forbidden(refusal.message);
  return at;
}

interface Finished {
  time: TrackedTime;
  issue: { id: number; repoId: number; number: number };
}

/**
 * Stops a running stopwatch: it goes, and a tracked time of the whole seconds it ran takes its place, with a
 * stop_tracking row. Null when it was gone already (stopped by a concurrent request).
 */
async function finish(tx: Tx, stopwatch: Stopwatch, issue: Finished['issue'], user: User, now: Date): Promise<Finished | null> {
  const { count } = await tx.stopwatch.deleteMany({ where: { id: stopwatch.id } });
  if (count === 0) return null;
  const seconds = elapsedSeconds(stopwatch.createdAt, now);
  const time = await tx.trackedTime.create({ data: { issueId: issue.id, userId: user.id, seconds, createdAt: now } });
  await timeline(tx, issue, { type: 'stop_tracking', posterId: user.id, body: durationText(seconds), trackedTimeId: time.id });
  return { time, issue };
}

const notRunning = (number: number) => conflict(`no stopwatch of yours is running on issue #${number}`);

/**
 * Starts the caller's stopwatch on the issue; CONFLICT when it runs already. As in Gitea, a stopwatch of the
 * caller running on another issue stops (its time is tracked) in the same transaction.
 */
export async function startStopwatch(ctx: ServiceContext, owner: string, name: string, number: number): Promise<StopwatchView> {
  const at = await stopwatchIssue(ctx, owner, name, number);
  const running = () => conflict(`your stopwatch is already running on issue #${number}`);
  const now = new Date();
  const stopwatch = await transactionWithEvents(ctx, async (tx, publish) => {
      const others = await tx.stopwatch.findMany({ where: { userId: at.actor.id }, include: { issue: { select: { id: true, repoId: true, number: true } } } });
      if (others.some((s) => s.issueId === at.issue.id)) throw running();
      const stopped: Finished[] = [];
      for (const { issue, ...other } of others) {
        const done = await finish(tx, other, issue, at.actor, now);
        if (done) stopped.push(done);
      }
      const stopwatch = await tx.stopwatch.create({ data: { issueId: at.issue.id, userId: at.actor.id, createdAt: now } });
      await timeline(tx, at.issue, { type: 'start_tracking', posterId: at.actor.id });
      for (const done of stopped) {
        await publish('issue_time', timeEvent(at.actor, done.issue, { action: 'stopwatch_stopped', userId: at.actor.id, seconds: done.time.seconds, trackedTimeId: done.time.id }));
      }
      await publish('issue_time', timeEvent(at.actor, at.issue, { action: 'stopwatch_started', userId: at.actor.id, seconds: 0 }));
      return stopwatch;
    })
    .catch((err: unknown) => {
      // Two starts at once: the second breaks the one-stopwatch-per-issue constraint.
      throw isUniqueViolation(err) ? running() : err;
    });
  return { stopwatch, issue: { issue: at.issue, repo: at.repo } };
}

/** Stops the caller's stopwatch on the issue and tracks the seconds it ran, in one transaction; CONFLICT when none runs. */
export async function stopStopwatch(ctx: ServiceContext, owner: string, name: string, number: number): Promise<TrackedTimeView> {
  const at = await stopwatchIssue(ctx, owner, name, number);
  const done = await transactionWithEvents(ctx, async (tx, publish) => {
    const stopwatch = await tx.stopwatch.findUnique({ where: { issueId_userId: { issueId: at.issue.id, userId: at.actor.id } } });
    const finished = stopwatch ? await finish(tx, stopwatch, at.issue, at.actor, new Date()) : null;
    if (!finished) throw notRunning(number);
    await publish('issue_time', timeEvent(at.actor, at.issue, { action: 'stopwatch_stopped', userId: at.actor.id, seconds: finished.time.seconds, trackedTimeId: finished.time.id }));
    return finished;
  });
  return { time: done.time, user: at.actor, issue: { issue: at.issue, repo: at.repo } };
}

/** Discards the caller's stopwatch on the issue without tracking its time (a cancel_tracking row); CONFLICT when none runs. */
export async function cancelStopwatch(ctx: ServiceContext, owner: string, name: string, number: number): Promise<void> {
  const at = await stopwatchIssue(ctx, owner, name, number);
  await transactionWithEvents(ctx, async (tx, publish) => {
    const { count } = await tx.stopwatch.deleteMany({ where: { issueId: at.issue.id, userId: at.actor.id } });
    if (count === 0) throw notRunning(number);
    await timeline(tx, at.issue, { type: 'cancel_tracking', posterId: at.actor.id });
    await publish('issue_time', timeEvent(at.actor, at.issue, { action: 'stopwatch_cancelled', userId: at.actor.id, seconds: 0 }));
  });
}
