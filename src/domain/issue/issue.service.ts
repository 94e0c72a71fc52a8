import { transactionWithEvents, type Publish } from '../../events/outbox.ts';
import type { Issue, Label, Milestone, Prisma, User } from '../../db/models.ts';
import { cachedMany } from '../../cache/cache.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest, forbidden, invalid, notFound, unauthenticated } from '../../errors.ts';
import { payloadBeforeDeletion } from '../webhook/snapshots.ts';
import type { EditChanges, IssueAssignEvent, IssueCommentEvent, IssueMilestoneEvent, IssuesEvent } from '../../events/topics.ts';
import type { ServiceContext } from '../../services.ts';
import { satisfies, repositoryPermission, type Need, type RepositoryPermission } from '../access/access.service.ts';
import { getRepository, getRepositoryById, type RepositoryWithOwner } from '../repo/repo.service.ts';
import { getWritableRepository } from '../repo/writable.ts';
import { eventReads } from '../repo/event-reads.ts';
import type { CreateIssueInput, IssueFilter, UpdateIssueInput } from './issue.inputs.ts';
import { databaseTarget } from '../../db/provider.ts';
import type { Page, PageWindow } from '../../pagination.ts';
import { interleave } from '../../events/interleave.ts';
import { accountsById, findUserByLogin } from '../user/user.service.ts';
import { milestonesById } from '../milestone/milestone.service.ts';
import { planReferences, writeReferences } from '../comment/reference.service.ts';
import { findLabelsForRepository, labelsById, refuseSharedScopes } from '../label/label.service.ts';
import { assignable } from './assignable.ts';
import { issuePageIds } from './issue-pages.ts';
import { assertNotBlocked } from '../block/block.rules.ts';
import { refuseClosingWhileBlocked } from '../dependency/blockers.ts';

export const ISSUES_READ: Need = { unit: 'repo.issues', level: 'read' };
export const ISSUES_WRITE: Need = { unit: 'repo.issues', level: 'write' };
const REPO_ADMIN: Need = 'admin';

/** What every read of an issue brings along, so that a page of issues costs the statements of one issue. */
export const ISSUE_INCLUDE = {
  poster: true,
  milestone: true,
  labels: { include: { label: true } },
  assignees: { include: { user: true } },
} as const satisfies Prisma.IssueInclude;

export type IssueRow = Prisma.IssueGetPayload<{ include: typeof ISSUE_INCLUDE }>;
export type LabelRow = IssueRow['labels'][number]['label'];
export type MilestoneRow = NonNullable<IssueRow['milestone']>;

export interface IssueView {
  issue: IssueRow;
  repo: RepositoryWithOwner;
}

/**
 * The repository an issue write acts on, with the caller's level on its issues unit checked. Issues switched
 * off (has_issues false) answer as if the repository had none: 404, as Gitea does.
 */
export async function issueRepository(ctx: ServiceContext, owner: string, name: string, needed: Need) {
  const loaded = await getWritableRepository(ctx, owner, name, needed);
  if (!loaded.repo.hasIssues) throw notFound(`repository ${owner}/${name} has no issues`);
  return loaded;
}

/** Whether the caller sees the repository's issues: switched on, and the issues unit readable. */
export async function readsIssues(ctx: ServiceContext, repo: RepositoryWithOwner): Promise<boolean> {
  return repo.hasIssues && satisfies(await repositoryPermission(ctx, repo), ISSUES_READ);
}

/** Who an issue shows as its poster once that account is deleted: Gitea's ghost account (id -1). */
export const GHOST: User = Object.freeze({
  id: -1,
  login: 'Ghost',
  lowerLogin: 'ghost',
  fullName: '',
  email: '',
  lowerEmail: '',
  passwordHash: null,
  mustChangePassword: false,
  isAdmin: false,
  isActive: true,
  prohibitLogin: false,
  restricted: false,
  visibility: 'public',
  type: 'user',
  description: '',
  website: '',
  location: '',
  language: '',
  loginName: '',
  loginSource: 0,
  maxRepoCreation: -1,
  allowGitHook: false,
  allowImportLocal: false,
  allowCreateOrganization: false,
  repoAdminChangeTeamAccess: false,
  followerCount: 0,
  followingCount: 0,
  starredCount: 0,
  totpSecret: null,
  emailNotificationsPreference: 'disabled',
  keepEmailPrivate: false,
  keepActivityPrivate: false,
  theme: '',
  diffViewStyle: '',
  avatar: null,
  lastLoginAt: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
});

export function signedIn(ctx: ServiceContext): User {
  if (!ctx.viewer.user) throw unauthenticated();
  return ctx.viewer.user;
}

// ---------------------------------------------------------------------------------------------
// Reading

/** The issue numbered `number` of a repository the caller already reads; null when there is none. */
export async function getIssue(ctx: ServiceContext, repo: RepositoryWithOwner, number: number): Promise<IssueView | null> {
  if (!(await readsIssues(ctx, repo))) return null;
  return findIssueView(ctx, repo, number);
}

/** An issue with its relations and no access check: for callers that check each reader themselves (an event's subscribers). */
export async function findIssueView(ctx: ServiceContext, repo: RepositoryWithOwner, number: number): Promise<IssueView | null> {
  const issue = await ctx.db.issue.findUnique({ where: { repoId_number: { repoId: repo.id, number } } });
  if (!issue) return null;
  const [row] = await withRelations(ctx, [issue]);
  return { issue: row, repo };
}

/**
 * A page of a repository's issues the caller reads, newest first (Gitea's order), with the filters of `filter`.
 * Each page costs the same statements whatever its size and depth: the page's ids come from one index-only scan
 * (Issue_repoId_isPull_isClosed_createdAt_id_idx with a kind, Issue_repoId_isClosed_createdAt_id_isPull_idx without,
 * Issue_repoId_createdAt_id_isPull_idx for every state; deep pages from where the page before them ended:
 * issue-pages.ts), its rows from one lookup by id, their relations from
 * `withRelations`. The total is the repository's counters when only state and kind filter, else counted in SQL.
 * Logins no account has answer NOT_FOUND, as Gitea does.
 */
export async function listIssues(ctx: ServiceContext, repo: RepositoryWithOwner, window: PageWindow, filter: IssueFilter = {}): Promise<Page<IssueView>> {
  if (!(await readsIssues(ctx, repo))) throw notFound(`repository ${repo.owner.login}/${repo.name} has no issues`);
  const { where, labels } = await issueWhere(ctx, repo, filter);
  const [ids, total] = await Promise.all([issuePageIds(ctx, where, window), countedByCounters(repo, filter, labels) ?? ctx.db.issue.count({ where })]);
  const position = new Map(ids.map((id, index) => [id, index]));
  const issues = ids.length === 0 ? [] : await ctx.db.issue.findMany({ where: { id: { in: ids } } });
  issues.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  const rows = await withRelations(ctx, issues);
  return { items: rows.map((issue) => ({ issue, repo })), totalCount: total };
}

/**
 * The number of issues a list shows, from counters the writes keep: the repository's when only the state and the
 * kind filter, one label's when that label is the only other filter (its counters count issues and pulls alike).
 * Undefined when the filters need a count in SQL.
 */
function countedByCounters(repo: RepositoryWithOwner, filter: IssueFilter, labels: readonly LabelCounters[]): number | undefined {
  const others = Object.entries(filter).filter(([name, value]) => value !== null && value !== undefined && name !== 'state' && name !== 'kind' && name !== 'labels');
  if (others.length > 0) return undefined;
  const state = filter.state ?? 'open';
  const of = (all: number, closed: number) => (state === 'all' ? all : state === 'closed' ? closed : all - closed);
  if (filter.labels?.length) {
    if (labels.length !== 1 || filter.kind) return undefined;
    return of(labels[0].issueCount, labels[0].closedIssueCount);
  }
  const issues = of(repo.issueCount, repo.closedIssueCount);
  const pulls = of(repo.pullCount, repo.closedPullCount);
  return filter.kind === 'issues' ? issues : filter.kind === 'pulls' ? pulls : issues + pulls;
}

type LabelCounters = { id: number; issueCount: number; closedIssueCount: number };

/**
 * Issues with their poster, milestone, labels and assignees: one statement each for the label and assignee links
 * of all of them, and the labels, milestones and accounts through their caches (one statement per kind for those
 * not cached). Prisma's `include` would cost one statement per relation too, but builds its rows far more slowly.
 */
export async function withRelations(ctx: ServiceContext, issues: Issue[]): Promise<IssueRow[]> {
  if (issues.length === 0) return [];
  const ids = issues.map((i) => i.id);
  const [labelLinks, assigneeLinks] = await Promise.all([
    ctx.db.issueLabel.findMany({ where: { issueId: { in: ids } } }),
    ctx.db.issueAssignee.findMany({ where: { issueId: { in: ids } } }),
  ]);
  const userIds = [...issues.flatMap((i) => (i.posterId === null ? [] : [i.posterId])), ...assigneeLinks.map((a) => a.userId)];
  const milestoneIds = issues.flatMap((i) => (i.milestoneId === null ? [] : [i.milestoneId]));
  const [labels, milestones, users] = await Promise.all([
    labelsById(ctx, labelLinks.map((l) => l.labelId)),
    milestonesById(ctx, milestoneIds),
    accountsById(ctx, userIds),
  ]);
  const labelsOf = groupBy(labelLinks, (l) => l.issueId);
  const assigneesOf = groupBy(assigneeLinks, (a) => a.issueId);
  return issues.map((issue) => ({
    ...issue,
    poster: issue.posterId === null ? null : (users.get(issue.posterId) ?? null),
    milestone: issue.milestoneId === null ? null : (milestones.get(issue.milestoneId) ?? null),
    labels: (labelsOf.get(issue.id) ?? []).flatMap((link) => {
      const label = labels.get(link.labelId);
      return label ? [{ ...link, label }] : [];
    }),
    assignees: (assigneesOf.get(issue.id) ?? []).flatMap((link) => {
      const user = users.get(link.userId);
      return user ? [{ ...link, user }] : [];
    }),
  }));
}

/** Issues by id with their relations (withRelations): what other areas' pages of rows on issues read. */
export async function issuesById(ctx: ServiceContext, ids: Iterable<number>): Promise<Map<number, IssueRow>> {
  const wanted = [...new Set(ids)];
  const rows = wanted.length === 0 ? [] : await withRelations(ctx, await ctx.db.issue.findMany({ where: { id: { in: wanted } } }));
  return new Map(rows.map((row) => [row.id, row]));
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** The filter as a query, and the labels it names (with their counters). */
async function issueWhere(ctx: ServiceContext, repo: RepositoryWithOwner, filter: IssueFilter): Promise<{ where: Prisma.IssueWhereInput; labels: LabelCounters[] }> {
  const and: Prisma.IssueWhereInput[] = [{ repoId: repo.id }];
  const state = filter.state ?? 'open';
  if (state !== 'all') and.push({ isClosed: state === 'closed' });
  if (filter.kind) and.push({ isPull: filter.kind === 'pulls' });
  const names = (filter.labels ?? []).map((n) => n.trim()).filter((n) => n !== '');
  const labels: LabelCounters[] = [];
  if (names.length > 0) {
    const select = { id: true, issueCount: true, closedIssueCount: true } as const;
    labels.push(...(await ctx.db.label.findMany({ where: { name: { in: names }, OR: [{ repoId: repo.id }, { orgId: repo.ownerId }] }, select })));
    for (const { id } of labels) and.push({ labels: { some: { labelId: id } } });
  }
  const milestones = (filter.milestones ?? []).map((m) => m.trim()).filter((m) => m !== '');
  if (milestones.length > 0) {
    const ids = milestones.filter((m) => /^\d+$/.test(m)).map(Number);
    const found = await ctx.db.milestone.findMany({ where: { repoId: repo.id, OR: [{ title: { in: milestones } }, { id: { in: ids } }] }, select: { id: true } });
    if (found.length > 0) and.push({ milestoneId: { in: found.map((m) => m.id) } });
  }
  const query = filter.query?.trim();
  if (query) {
    const contains = { contains: query, ...(databaseTarget(ctx.config).provider === 'postgresql' ? { mode: 'insensitive' as const } : {}) };
    and.push({ OR: [{ title: contains }, { body: contains }] });
  }
  if (filter.updatedSince) and.push({ updatedAt: { gte: filter.updatedSince } });
  if (filter.updatedBefore) and.push({ updatedAt: { lte: filter.updatedBefore } });
  if (filter.postedBy) and.push({ posterId: (await accountNamed(ctx, filter.postedBy)).id });
  if (filter.assignedTo) and.push({ assignees: { some: { userId: (await accountNamed(ctx, filter.assignedTo)).id } } });
  if (filter.mentioning) {
    const mention = `@${(await accountNamed(ctx, filter.mentioning)).login}`;
    // A mention ends the body or is followed by a character that cannot continue a login.
    and.push({ OR: [{ body: { endsWith: mention } }, ...MENTION_ENDS.map((end) => ({ body: { contains: `${mention}${end}` } }))] });
  }
  return { where: { AND: and }, labels };
}

const MENTION_ENDS = [' ', '\n', '\r', '\t', ',', '.', ':', ';', '!', '?', ')', ']', "'", '"'];

async function accountNamed(ctx: ServiceContext, login: string): Promise<User> {
  const user = await findUserByLogin(ctx, login);
  if (!user) throw notFound(`account "${login}" does not exist`);
  return user;
}

export async function loadIssue(tx: Tx, repoId: number, number: number): Promise<IssueRow> {
  const issue = await tx.issue.findUnique({ where: { repoId_number: { repoId, number } }, include: ISSUE_INCLUDE });
  if (!issue) throw notFound(`issue #${number} does not exist`);
  return issue;
}

// ---------------------------------------------------------------------------------------------
// What an issue refers to: milestones (labels: the label area's findLabelsForRepository; assignees: ./assignable.ts)
// (the milestone area owns that table; this lookup reads it directly, see the report of issue 22)

/** The repository's milestone with this id, or null. */
async function milestoneFor(tx: Tx, repo: RepositoryWithOwner, id: number) {
  return tx.milestone.findFirst({ where: { id, repoId: repo.id } });
}

// ---------------------------------------------------------------------------------------------
// Counters and timeline rows, written in the transaction of the change they follow

type State = { isClosed: boolean };

/**
 * Moves the open/closed counters of the repository (its issues' or its pull requests'), the issue's milestone and
 * labels by `delta` issues.
 */
async function count(tx: Tx, issue: State & { repoId: number; milestoneId: number | null; isPull: boolean }, labelIds: readonly number[], delta: 1 | -1) {
  const closed = issue.isClosed ? delta : 0;
  const repoData = issue.isPull
    ? { pullCount: { increment: delta }, closedPullCount: { increment: closed } }
    : { issueCount: { increment: delta }, closedIssueCount: { increment: closed } };
  await tx.repository.update({ where: { id: issue.repoId }, data: repoData });
  if (issue.milestoneId) {
    await tx.milestone.update({ where: { id: issue.milestoneId }, data: { issueCount: { increment: delta }, closedIssueCount: { increment: closed } } });
  }
  if (labelIds.length > 0) {
    await tx.label.updateMany({ where: { id: { in: [...labelIds] } }, data: { issueCount: { increment: delta }, closedIssueCount: { increment: closed } } });
  }
}

/** Moves the closed counters of the repository, milestone and labels when an issue closes (+1) or reopens (-1). */
async function countClosing(tx: Tx, issue: { repoId: number; milestoneId: number | null; isPull: boolean }, labelIds: readonly number[], delta: 1 | -1) {
  const data = { closedIssueCount: { increment: delta } };
  await tx.repository.update({ where: { id: issue.repoId }, data: issue.isPull ? { closedPullCount: { increment: delta } } : data });
  if (issue.milestoneId) await tx.milestone.update({ where: { id: issue.milestoneId }, data });
  if (labelIds.length > 0) await tx.label.updateMany({ where: { id: { in: [...labelIds] } }, data });
}

export type TimelineRow = Omit<Prisma.CommentUncheckedCreateInput, 'issueId' | 'repoId' | 'posterId'>;

/**
 * Closes an issue inside a transaction of another area (a merged pull request, a pull request whose branch was
 * deleted): the state, the closed counters and the timeline rows (`rows`: Gitea records a merge as `merge_pull`
 * where a plain close is `close`). Only an open issue closes: false when it was closed already (by a concurrent
 * change), and then nothing is written.
 */
export async function closeIssueIn(tx: Tx, issue: { id: number; repoId: number; milestoneId: number | null; isPull: boolean }, actor: User, rows: TimelineRow[]): Promise<boolean> {
  const now = new Date();
  const closed = await tx.issue.updateMany({ where: { id: issue.id, isClosed: false }, data: { isClosed: true, closedAt: now, updatedAt: now } });
  if (closed.count === 0) return false;
  const labels = await tx.issueLabel.findMany({ where: { issueId: issue.id }, select: { labelId: true } });
  await countClosing(tx, issue, labels.map((l) => l.labelId), 1);
  await timeline(tx, issue, actor, rows);
  return true;
}

/**
 * Closes many issues inside a transaction of another area, set-based (a deleted branch closing its pull requests):
 * those still open are read once, closed in one statement, and the closed counters move by how many of them each
 * repository, milestone and label had: one statement per distinct count, not per issue. Answers the ids closed;
 * the caller writes their timeline rows (with its other rows, in one insert).
 */
export async function closeIssuesIn(tx: Tx, issueIds: readonly number[]): Promise<Set<number>> {
  if (issueIds.length === 0) return new Set();
  const open = await tx.issue.findMany({
    where: { id: { in: [...issueIds] }, isClosed: false },
    select: { id: true, repoId: true, milestoneId: true, isPull: true, labels: { select: { labelId: true } } },
  });
  if (open.length === 0) return new Set();
  const now = new Date();
  await tx.issue.updateMany({ where: { id: { in: open.map((i) => i.id) }, isClosed: false }, data: { isClosed: true, closedAt: now, updatedAt: now } });
  /** Ids by how many times they occur: each group moves in one statement. */
  const byCount = (ids: number[]) => {
    const counts = new Map<number, number>();
    for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    const groups = new Map<number, number[]>();
    for (const [id, n] of counts) groups.set(n, [...(groups.get(n) ?? []), id]);
    return groups;
  };
  for (const isPull of [false, true]) {
    for (const [n, ids] of byCount(open.filter((i) => i.isPull === isPull).map((i) => i.repoId))) {
      await tx.repository.updateMany({ where: { id: { in: ids } }, data: isPull ? { closedPullCount: { increment: n } } : { closedIssueCount: { increment: n } } });
    }
  }
  for (const [n, ids] of byCount(open.flatMap((i) => (i.milestoneId ? [i.milestoneId] : [])))) {
    await tx.milestone.updateMany({ where: { id: { in: ids } }, data: { closedIssueCount: { increment: n } } });
  }
  for (const [n, ids] of byCount(open.flatMap((i) => i.labels.map((l) => l.labelId)))) {
    await tx.label.updateMany({ where: { id: { in: ids } }, data: { closedIssueCount: { increment: n } } });
  }
  return new Set(open.map((i) => i.id));
}

/** Timeline events (Comment rows of Gitea's types) of one change to an issue, by the viewer. */
export async function timeline(tx: Tx, issue: { id: number; repoId: number }, actor: User, rows: TimelineRow[]) {
  if (rows.length === 0) return;
  await tx.comment.createMany({ data: rows.map((row) => ({ ...row, issueId: issue.id, repoId: issue.repoId, posterId: actor.id })) });
}

/** Gitea writes a deadline's timeline body as the date alone. */
const day = (date: Date) => date.toISOString().slice(0, 10);

// ---------------------------------------------------------------------------------------------
// Writing

/** What opening an issue or a pull request takes, checked before its transaction. */
export interface IssuePlan {
  title: string;
  body: string;
  ref: string;
  /** Whether the poster writes to the issues (or pulls): labels, milestone, assignees and deadline count only then. */
  writer: boolean;
  assignees: User[];
  closed: boolean;
  input: CreateIssueInput;
  references: Awaited<ReturnType<typeof planReferences>>;
}

/** Checks what an issue (or a pull request) is opened with, outside any transaction. */
export async function planIssue(ctx: ServiceContext, repo: RepositoryWithOwner, permission: RepositoryPermission, actor: User, input: CreateIssueInput, writeNeed: Need = ISSUES_WRITE): Promise<IssuePlan> {
  const title = input.title.trim();
  if (title === '') throw invalid('title must not be empty');
  // Nobody the owner blocks opens issues or pull requests in its repositories (Gitea).
  await assertNotBlocked(ctx, [repo.ownerId], actor);
  const writer = satisfies(permission, writeNeed);
  const assignees = writer ? await assignable(ctx, repo, input.assignees ?? [], actor) : [];
  const body = input.body ?? '';
  const references = await planReferences(ctx, repo, { plain: title, markdown: body });
  return { title, body, ref: input.ref ?? '', writer, assignees, closed: input.closed ?? false, input, references };
}

/**
 * Inserts an issue (or the issue of a pull request) numbered from the repository's counter, raised in the same
 * transaction as the insert, so that concurrent creates never share a number; moves the counters and writes its
 * timeline rows and references. The caller publishes the events.
 */
export async function insertIssue(tx: Tx, ctx: ServiceContext, repo: RepositoryWithOwner, actor: User, plan: IssuePlan, isPull: boolean): Promise<Issue> {
  const { input, writer, assignees, closed } = plan;
  const now = new Date();
  const labels = writer ? await findLabelsForRepository(ctx, repo, input.labels ?? [], tx) : [];
  refuseSharedScopes(labels);
  const milestone = writer && input.milestone ? await milestoneFor(tx, repo, input.milestone) : null;
  const { issueCounter: number } = await tx.repository.update({ where: { id: repo.id }, data: { issueCounter: { increment: 1 } }, select: { issueCounter: true } });
  const created = await tx.issue.create({
    data: {
      repoId: repo.id,
      number,
      posterId: actor.id,
      title: plan.title,
      body: plan.body,
      ref: plan.ref,
      isPull,
      milestoneId: milestone?.id ?? null,
      deadline: writer ? (input.deadline ?? null) : null,
      isClosed: closed,
      closedAt: closed ? now : null,
      createdAt: now,
      updatedAt: now,
      labels: { create: labels.map((l) => ({ labelId: l.id })) },
      assignees: { create: assignees.map((u) => ({ userId: u.id })) },
    },
  });
  await count(tx, created, labels.map((l) => l.id), 1);
  await timeline(tx, created, actor, [
    ...labels.map((l) => ({ type: 'label', labelId: l.id, body: '1' })),
    ...(milestone ? [{ type: 'milestone', milestoneId: milestone.id, oldMilestoneId: 0 }] : []),
    ...assignees.map((u) => ({ type: 'assignees', assigneeId: u.id })),
    ...(closed ? [{ type: 'close' }] : []),
  ]);
  await writeReferences(tx, actor, { issue: created, commentId: null }, plan.references, false);
  return created;
}

/**
 * Opens an issue. Anyone who reads the issues may open one; labels, milestone, assignees and the deadline are
 * kept only for those who may write to the issues (Gitea drops them for others).
 */
export async function createIssue(ctx: ServiceContext, owner: string, name: string, input: CreateIssueInput): Promise<IssueView> {
  const actor = signedIn(ctx);
  const { repo, permission } = await issueRepository(ctx, owner, name, ISSUES_READ);
  const plan = await planIssue(ctx, repo, permission, actor, input);
  // The issue and its events are committed together (src/events/outbox.ts).
  const issue = await transactionWithEvents(ctx, async (tx, publish) => {
    const created = await insertIssue(tx, ctx, repo, actor, plan, false);
    const about = { actorId: actor.id, repoId: repo.id, issueId: created.id, number: created.number };
    await publish('issues', { ...about, action: 'opened' });
    for (const user of plan.assignees) await publish('issue_assign', { ...about, action: 'assigned', assigneeId: user.id });
    if (plan.closed) await publish('issues', { ...about, action: 'closed' });
    return loadIssue(tx, repo.id, created.number);
  });
  return { issue, repo };
}

/**
 * Changes an issue. Its poster and those who write to the issues may change the title, body, ref and state;
 * assignees, milestone and deadline change only for writers and are ignored for the poster, as in Gitea.
 * Every change writes its timeline row and moves the counters in one transaction.
 */
export async function updateIssue(ctx: ServiceContext, owner: string, name: string, number: number, input: UpdateIssueInput): Promise<IssueView> {
  const actor = signedIn(ctx);
  const { repo, permission } = await issueRepository(ctx, owner, name, ISSUES_READ);
  const { issue } = await changeIssue(ctx, repo, permission, number, input, {
    announce: async (publish, changed) => {
      const about = { actorId: actor.id, repoId: repo.id, issueId: changed.issue.id, number };
      for (const event of changeEvents(changed)) await publish('issues', { ...about, ...event });
      for (const change of changed.assignEvents) await publish('issue_assign', { ...about, ...change });
      for (const change of changed.milestoneEvents) await publish('issue_milestone', { ...about, ...change });
    },
  });
  return { issue, repo };
}

/** The `issues` events of a change: an edit of several fields is one event per field, each with its `changes` (as Gitea). */
export function changeEvents(changed: Pick<IssueChange, 'events' | 'edits'>): { action: IssuesEvent['action']; changes?: EditChanges }[] {
  return changed.events.flatMap((action): { action: IssuesEvent['action']; changes?: EditChanges }[] =>
    action === 'edited' ? changed.edits.map((changes) => ({ action, changes })) : [{ action }],
  );
}

/** What a change of an issue did, for its caller to publish (in the change's transaction: ChangeAnnounce). */
export interface IssueChange {
  issue: IssueRow;
  events: IssuesEvent['action'][];
  /** What each edited field was before (title, body, ref): an `edited` event is published for each. */
  edits: EditChanges[];
  assignEvents: Pick<IssueAssignEvent, 'action' | 'assigneeId'>[];
  milestoneEvents: Pick<IssueMilestoneEvent, 'action' | 'milestoneId'>[];
}

/** More work in the transaction of a change (a pull request's own fields): its timeline rows, and whether it changed anything. */
export type ChangeExtra = (tx: Tx, before: IssueRow) => Promise<{ rows: TimelineRow[]; changed: boolean }>;

/** Publishes the events of a change, last in its transaction, so that they are committed with it (src/events/outbox.ts). */
export type ChangeAnnounce = (publish: Publish, changed: IssueChange) => Promise<void>;

/**
 * The change of an issue or a pull request in a repository already checked (`writeNeed`: the level that lets the
 * caller change labels, milestone, assignees and deadline), with `extra` and then `announce` run in the same transaction.
 */
export async function changeIssue(
  ctx: ServiceContext,
  repo: RepositoryWithOwner,
  permission: RepositoryPermission,
  number: number,
  input: UpdateIssueInput,
  options: { writeNeed?: Need; extra?: ChangeExtra; announce?: ChangeAnnounce; isPull?: boolean } = {},
): Promise<IssueChange> {
  const actor = signedIn(ctx);
  const before = await loadIssue(ctx.db, repo.id, number);
  if (options.isPull !== undefined && before.isPull !== options.isPull) throw notFound(`${options.isPull ? 'pull request' : 'issue'} #${number} does not exist`);
  const writer = satisfies(permission, options.writeNeed ?? ISSUES_WRITE);
  if (!writer && before.posterId !== actor.id) throw forbidden('only the poster and those who may write to the issues may edit an issue');
  // Its text changes only for those its poster and the repository's owner do not block (repository admins aside), as Gitea's ChangeContent.
  if (input.body != null && input.body !== before.body && permission.level !== 'admin' && permission.level !== 'owner') {
    await assertNotBlocked(ctx, [before.posterId, repo.ownerId], actor);
  }
  const assignees = writer && input.assignees ? await assignable(ctx, repo, input.assignees, before.poster) : null;
  if (writer && input.deadline == null && input.removeDeadline === false) throw badRequest('due_date must be given unless unset_due_date is true');
  const labelIds = before.labels.map((l) => l.labelId);
  const events: IssuesEvent['action'][] = [];
  const edits: EditChanges[] = [];
  const assignEvents: Pick<IssueAssignEvent, 'action' | 'assigneeId'>[] = [];
  const milestoneEvents: Pick<IssueMilestoneEvent, 'action' | 'milestoneId'>[] = [];
  const now = new Date();
  const newTitle = input.title?.trim() || before.title;
  const newBody = input.body ?? before.body;
  const references = newTitle !== before.title || newBody !== before.body ? await planReferences(ctx, repo, { plain: newTitle, markdown: newBody }) : null;

  const issue = await transactionWithEvents(ctx, async (tx, publish) => {
    const rows: TimelineRow[] = [];
    const data: Prisma.IssueUncheckedUpdateInput = {};
    const title = input.title?.trim();
    if (title && title !== before.title) {
      data.title = title;
      rows.push({ type: 'change_title', oldTitle: before.title, newTitle: title });
    }
    if (input.body != null && input.body !== before.body) data.body = input.body;
    if (input.ref != null && input.ref !== before.ref) {
      data.ref = input.ref;
      rows.push({ type: 'change_issue_ref', oldRef: before.ref, newRef: input.ref });
    }
    if (data.title !== undefined) edits.push({ title: before.title });
    if (data.body !== undefined) edits.push({ body: before.body });
    if (data.ref !== undefined) edits.push({ ref: before.ref });
    if (edits.length > 0) events.push('edited');

    if (writer && (input.deadline != null || input.removeDeadline)) rows.push(...deadlineChange(before.deadline, input.removeDeadline ? null : (input.deadline ?? null), data));

    let milestoneId = before.milestoneId;
    if (writer && input.milestone != null && input.milestone !== (before.milestoneId ?? 0)) {
      const milestone = input.milestone === 0 ? null : await milestoneFor(tx, repo, input.milestone);
      if (input.milestone !== 0 && !milestone) throw invalid(`milestone ${input.milestone} does not exist in ${repo.owner.login}/${repo.name}`);
      milestoneId = milestone?.id ?? null;
      data.milestoneId = milestoneId;
      const counted = { issueCount: { increment: 1 }, closedIssueCount: { increment: before.isClosed ? 1 : 0 } };
      if (before.milestoneId) await tx.milestone.update({ where: { id: before.milestoneId }, data: { issueCount: { decrement: 1 }, closedIssueCount: { decrement: before.isClosed ? 1 : 0 } } });
      if (milestoneId) await tx.milestone.update({ where: { id: milestoneId }, data: counted });
      rows.push({ type: 'milestone', milestoneId: milestoneId ?? 0, oldMilestoneId: before.milestoneId ?? 0 });
      if (before.milestoneId) milestoneEvents.push({ action: 'demilestoned', milestoneId: before.milestoneId });
      if (milestoneId) milestoneEvents.push({ action: 'milestoned', milestoneId });
    }

    if (assignees) {
      const had = new Set(before.assignees.map((a) => a.userId));
      const wants = new Set(assignees.map((u) => u.id));
      const removed = [...had].filter((id) => !wants.has(id));
      const added = [...wants].filter((id) => !had.has(id));
      if (removed.length > 0) await tx.issueAssignee.deleteMany({ where: { issueId: before.id, userId: { in: removed } } });
      if (added.length > 0) await tx.issueAssignee.createMany({ data: added.map((userId) => ({ issueId: before.id, userId })) });
      rows.push(...removed.map((id) => ({ type: 'assignees', assigneeId: id, removedAssignee: true })), ...added.map((id) => ({ type: 'assignees', assigneeId: id })));
      assignEvents.push(...removed.map((id) => ({ action: 'unassigned' as const, assigneeId: id })), ...added.map((id) => ({ action: 'assigned' as const, assigneeId: id })));
    }

    const closing = input.state != null && (input.state === 'closed') !== before.isClosed ? input.state === 'closed' : null;
    if (closing !== null) {
      if (closing) await refuseClosingWhileBlocked(tx, repo, before, permission);
      data.isClosed = closing;
      data.closedAt = closing ? now : null;
      await countClosing(tx, { repoId: repo.id, milestoneId, isPull: before.isPull }, labelIds, closing ? 1 : -1);
      rows.push({ type: closing ? 'close' : 'reopen' });
      events.push(closing ? 'closed' : 'reopened');
    }

    const more = options.extra ? await options.extra(tx, before) : { rows: [], changed: false };
    rows.push(...more.rows);
    if (Object.keys(data).length > 0 || rows.length > 0 || more.changed) {
      data.updatedAt = now;
      await tx.issue.update({ where: { id: before.id }, data });
    }
    await timeline(tx, before, actor, rows);
    if (references) await writeReferences(tx, actor, { issue: before, commentId: null }, references, true);
    const after = await loadIssue(tx, repo.id, number);
    if (options.announce) await options.announce(publish, { issue: after, events, edits, assignEvents, milestoneEvents });
    return after;
  });
  return { issue, events, edits, assignEvents, milestoneEvents };
}

/** Sets (a date) or removes (null) an issue's deadline, for those who write to the issues. */
export async function setIssueDeadline(ctx: ServiceContext, owner: string, name: string, number: number, deadline: Date | null): Promise<IssueView> {
  const actor = signedIn(ctx);
  const { repo } = await issueRepository(ctx, owner, name, ISSUES_WRITE);
  const issue = await ctx.db.$transaction(async (tx) => {
    const before = await loadIssue(tx, repo.id, number);
    const data: Prisma.IssueUncheckedUpdateInput = {};
    const rows = deadlineChange(before.deadline, deadline, data);
    if (rows.length > 0) {
      await tx.issue.update({ where: { id: before.id }, data: { ...data, updatedAt: new Date() } });
      await timeline(tx, before, actor, rows);
    }
    return loadIssue(tx, repo.id, number);
  });
  return { issue, repo };
}

/** The change of a deadline into `data`, and its timeline row (added, modified or removed, as Gitea names them). */
function deadlineChange(before: Date | null, after: Date | null, data: Prisma.IssueUncheckedUpdateInput): TimelineRow[] {
  if ((before?.getTime() ?? null) === (after?.getTime() ?? null)) return [];
  data.deadline = after;
  if (!before) return [{ type: 'added_deadline', body: day(after!) }];
  if (!after) return [{ type: 'removed_deadline', body: day(before) }];
  return [{ type: 'modified_deadline', body: `${day(after)}|${day(before)}` }];
}

/** Closes or reopens an issue: `updateIssue` with the state alone. */
export const setIssueState = (ctx: ServiceContext, owner: string, name: string, number: number, state: 'open' | 'closed') =>
  updateIssue(ctx, owner, name, number, { state });

/** Deletes an issue and everything of it, for repository admins (as Gitea), taking it out of the counters. */
export async function deleteIssue(ctx: ServiceContext, owner: string, name: string, number: number): Promise<void> {
  const actor = signedIn(ctx);
  const { repo } = await issueRepository(ctx, owner, name, REPO_ADMIN);
  const snapshot = await payloadBeforeDeletion(ctx, { kind: 'issues', repoId: repo.id, senderId: actor.id, number, action: 'deleted' });
  await transactionWithEvents(ctx, async (tx, publish) => {
    const found = await loadIssue(tx, repo.id, number);
    await count(tx, found, found.labels.map((l) => l.labelId), -1);
    await tx.issue.delete({ where: { id: found.id } });
    await publish('issues', { action: 'deleted', actorId: actor.id, repoId: repo.id, issueId: found.id, number, ...(snapshot ? { snapshot } : {}) });
  });
}

// ---------------------------------------------------------------------------------------------
// Live events

/** An event of one of a repository's issues: of the issue itself (`issues`) or of one of its comments (`issue_comment`). */
export type IssueEventOf = { topic: 'issues'; event: IssuesEvent } | { topic: 'issue_comment'; event: IssueCommentEvent };

export type IssueEventView = IssueEventOf & {
  /** The issue as it is now; null once deleted. */
  issue: IssueView | null;
};

/**
 * The `issues` events (opened, edited, closed, reopened, deleted) and `issue_comment` events (created, edited,
 * deleted) of one repository, for as long as the caller reads its issues: each event is authorised when it is
 * delivered, with facts read after it and shared by all its subscribers (eventReads), so a caller who lost access
 * stops getting them and an event costs the same statements for any number of subscribers.
 */
export async function* issueEvents(ctx: ServiceContext, owner: string, name: string, signal?: AbortSignal): AsyncGenerator<IssueEventView> {
  const { repo } = await getRepository(ctx, owner, name, ISSUES_READ);
  if (!repo.hasIssues) throw notFound(`repository ${owner}/${name} has no issues`);
  for await (const item of interleave(['issues', ctx.events.subscribe('issues', signal)], ['issue_comment', ctx.events.subscribe('issue_comment', signal)])) {
    if (item.event.repoId !== repo.id) continue;
    const reads = eventReads(ctx, item.event, repo.id);
    const [current, permissionOf] = await Promise.all([reads.repo, reads.permission]);
    if (!current?.hasIssues || !permissionOf || !satisfies(await permissionOf(ctx.viewer), ISSUES_READ)) continue;
    const gone = item.topic === 'issues' && item.event.action === 'deleted';
    const { number } = item.event;
    yield { ...item, issue: gone ? null : await reads.once(`issue:${number}`, () => findIssueView(ctx, current, number)) };
  }
}
