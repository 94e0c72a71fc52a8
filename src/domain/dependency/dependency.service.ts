import type { Tx } from '../../db/client.ts';
import type { Prisma, User } from '../../db/models.ts';
import { conflict, forbidden, invalid, notFound } from '../../errors.ts';
import { transactionWithEvents, type Publish } from '../../events/outbox.ts';
import type { IssueDependencyEvent } from '../../events/topics.ts';
import { pageFrom, type Page, type PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import type { Viewer } from '../../auth/viewer.ts';
import { readableRepositoriesWhere, repositoryPermission, satisfies } from '../access/access.service.ts';
import { ISSUE_INCLUDE, ISSUES_READ, issueRepository, loadIssue, signedIn, timeline, type IssueRow, type IssueView } from '../issue/issue.service.ts';
import { getRepository, type RepositoryWithOwner } from '../repo/repo.service.ts';
import type { IssueLocator } from './dependency.inputs.ts';

/**
 * Dependencies between issues (and pull requests), also across repositories: an issue is blocked by the
 * issues it depends on and blocks those that depend on it. One row per pair (IssueDependency: the blocked
 * issue, its blocker). Who may do what follows Gitea: making an issue depend on another needs write access to
 * the blocked issue's repository, with dependencies enabled there (internal_tracker.enable_issue_dependencies),
 * and read access to the blocker; lists show only issues of repositories the caller reads. A dependency that
 * would close a cycle (A blocks B blocks … A, any length) is refused, and so is an issue depending on itself.
 * Each change writes an `add_dependency` or `remove_dependency` row on the timelines of both issues, in one
 * transaction, then publishes an `issue_dependency` event. Closing a blocked issue: ./blockers.ts.
 */

/** A dependency: `issue` is blocked by `blocker`. */
export interface DependencyView {
  issue: IssueView;
  blocker: IssueView;
}

const WITH_REPOSITORY = { ...ISSUE_INCLUDE, repo: { include: { owner: true } } } as const satisfies Prisma.IssueInclude;
type IssueWithRepository = Prisma.IssueGetPayload<{ include: typeof WITH_REPOSITORY }>;

/** Whether the viewer reads this issue's kind of item (issues, or pull requests) in its repository. */
async function readsItem(ctx: ServiceContext, repo: RepositoryWithOwner, isPull: boolean): Promise<boolean> {
  if (!(isPull ? repo.hasPullRequests : repo.hasIssues)) return false;
  return satisfies(await repositoryPermission(ctx, repo), { unit: isPull ? 'repo.pulls' : 'repo.issues', level: 'read' });
}

/** SQL's part of "issues the viewer reads": in a repository it reads, with issues (or pull requests) switched on. */
function readableIssuesWhere(viewer: Viewer): Prisma.IssueWhereInput {
  return {
    repo: readableRepositoriesWhere(viewer),
    OR: [
      { isPull: false, repo: { hasIssues: true } },
      { isPull: true, repo: { hasPullRequests: true } },
    ],
  };
}

/**
 * A page of related issues as views. SQL keeps those of repositories the viewer reads; the unit levels of
 * teams (which SQL does not see) are checked here for the page's repositories at once, through the batched
 * grants, so a page costs the same statements whatever its size.
 */
async function readablePage(ctx: ServiceContext, page: Page<IssueWithRepository>): Promise<Page<IssueView>> {
  const readable = await Promise.all(page.items.map((issue) => readsItem(ctx, issue.repo, issue.isPull)));
  return { items: page.items.filter((_, i) => readable[i]).map((issue) => ({ issue, repo: issue.repo })), totalCount: page.totalCount };
}

const DEPENDENCY_ORDER: Prisma.IssueDependencyOrderByWithRelationInput[] = [{ createdAt: 'asc' }, { issueId: 'asc' }, { blockerId: 'asc' }];

/** The issues that block this one (Gitea's dependencies of it): 404 while its repository has dependencies disabled. */
export async function listBlockers(ctx: ServiceContext, view: IssueView, window: PageWindow): Promise<Page<IssueView>> {
  if (!view.repo.enableIssueDependencies) throw notFound(`${view.repo.owner.login}/${view.repo.name} has issue dependencies disabled`);
  const where: Prisma.IssueDependencyWhereInput = { issueId: view.issue.id, blocker: readableIssuesWhere(ctx.viewer) };
  const page = await pageFrom(
    ctx.db.issueDependency.findMany({ where, include: { blocker: { include: WITH_REPOSITORY } }, orderBy: DEPENDENCY_ORDER, skip: window.offset, take: window.limit }),
    ctx.db.issueDependency.count({ where }),
    (row) => row.blocker,
  );
  return readablePage(ctx, page);
}

/** The issues this one blocks; listed whatever the setting, as Gitea lists them. */
export async function listBlocked(ctx: ServiceContext, view: IssueView, window: PageWindow): Promise<Page<IssueView>> {
  const where: Prisma.IssueDependencyWhereInput = { blockerId: view.issue.id, issue: readableIssuesWhere(ctx.viewer) };
  const page = await pageFrom(
    ctx.db.issueDependency.findMany({ where, include: { issue: { include: WITH_REPOSITORY } }, orderBy: DEPENDENCY_ORDER, skip: window.offset, take: window.limit }),
    ctx.db.issueDependency.count({ where }),
    (row) => row.issue,
  );
  return readablePage(ctx, page);
}

// ---------------------------------------------------------------------------------------------
// Changes

const described = (at: IssueLocator) => `${at.owner}/${at.name}#${at.number}`;

interface Located {
  actor: User;
  dependency: DependencyView;
}

/**
 * The two issues of a dependency change, with the caller's rights checked: the blocked issue's repository
 * is found (404 hidden, 423 archived), has dependencies enabled (404 otherwise, as Gitea) and the caller writes
 * its issues (403); the blocker is an issue the caller reads (404 otherwise, whether hidden or missing).
 */
async function locate(ctx: ServiceContext, at: IssueLocator, blockedBy: IssueLocator): Promise<Located> {
  const actor = signedIn(ctx);
  const { repo, permission } = await issueRepository(ctx, at.owner, at.name, ISSUES_READ);
  const issue = await loadIssue(ctx.db, repo.id, at.number);
  if (!repo.enableIssueDependencies) throw notFound(`${repo.owner.login}/${repo.name} has issue dependencies disabled`);
  if (!satisfies(permission, { unit: issue.isPull ? 'repo.pulls' : 'repo.issues', level: 'write' })) {
    throw forbidden(`write permission to the ${issue.isPull ? 'pull requests' : 'issues'} of ${repo.owner.login}/${repo.name} is required to change dependencies`);
  }
  const { repo: blockerRepo } = await getRepository(ctx, blockedBy.owner, blockedBy.name);
  const blocker = await ctx.db.issue.findUnique({ where: { repoId_number: { repoId: blockerRepo.id, number: blockedBy.number } }, include: ISSUE_INCLUDE });
  if (!blocker || !(await readsItem(ctx, blockerRepo, blocker.isPull))) throw notFound(`issue ${described(blockedBy)} does not exist`);
  return { actor, dependency: { issue: { issue, repo }, blocker: { issue: blocker, repo: blockerRepo } } };
}

/**
 * Whether `blockerId` is already blocked, directly or through other issues, by `issueId`: then making
 * `issueId` depend on it would close a cycle. One query per step of the walk.
 */
async function wouldCycle(tx: Tx, issueId: number, blockerId: number): Promise<boolean> {
  const seen = new Set([blockerId]);
  let frontier = [blockerId];
  while (frontier.length > 0) {
    const rows = await tx.issueDependency.findMany({ where: { issueId: { in: frontier } }, select: { blockerId: true } });
    frontier = [];
    for (const { blockerId: next } of rows) {
      if (next === issueId) return true;
      if (!seen.has(next)) {
        seen.add(next);
        frontier.push(next);
      }
    }
  }
  return false;
}

/**
 * Marks both issues changed; on PostgreSQL the row locks this takes (in id order, so two changes never wait
 * on each other crosswise) make concurrent changes that share an issue run one after the other, so that two
 * of them cannot each pass the cycle check and close a cycle together.
 */
async function touch(tx: Tx, ...issues: IssueRow[]) {
  const now = new Date();
  for (const id of issues.map((i) => i.id).sort((a, b) => a - b)) await tx.issue.update({ where: { id }, data: { updatedAt: now } });
}

/** The `add_dependency` / `remove_dependency` rows: on each issue, naming the other. */
async function timelines(tx: Tx, actor: User, { issue, blocker }: DependencyView, type: 'add_dependency' | 'remove_dependency') {
  await timeline(tx, issue.issue, actor, [{ type, dependentIssueId: blocker.issue.id }]);
  await timeline(tx, blocker.issue, actor, [{ type, dependentIssueId: issue.issue.id }]);
}

async function reloaded(tx: Tx, { issue, blocker }: DependencyView): Promise<DependencyView> {
  return {
    issue: { issue: await loadIssue(tx, issue.repo.id, issue.issue.number), repo: issue.repo },
    blocker: { issue: await loadIssue(tx, blocker.repo.id, blocker.issue.number), repo: blocker.repo },
  };
}

async function announce(publish: Publish, actor: User, { issue, blocker }: DependencyView, action: IssueDependencyEvent['action']) {
  await publish('issue_dependency', {
    action,
    actorId: actor.id,
    repoId: issue.repo.id,
    issueId: issue.issue.id,
    number: issue.issue.number,
    blockerId: blocker.issue.id,
    blockerRepoId: blocker.repo.id,
    blockerNumber: blocker.issue.number,
  });
}

/**
 * Makes the issue at `at` depend on (be blocked by) the issue at `blockedBy`. Refused: the same issue (422),
 * a dependency that exists (409), one that would close a cycle (422).
 */
export async function addDependency(ctx: ServiceContext, at: IssueLocator, blockedBy: IssueLocator): Promise<DependencyView> {
  const { actor, dependency } = await locate(ctx, at, blockedBy);
  const [issueId, blockerId] = [dependency.issue.issue.id, dependency.blocker.issue.id];
  if (issueId === blockerId) throw invalid('an issue cannot depend on itself');
  const result = await transactionWithEvents(ctx, async (tx, publish) => {
    await touch(tx, dependency.issue.issue, dependency.blocker.issue);
    if (await tx.issueDependency.findUnique({ where: { issueId_blockerId: { issueId, blockerId } } })) {
      throw conflict(`${described(at)} already depends on ${described(blockedBy)}`);
    }
    if (await wouldCycle(tx, issueId, blockerId)) {
      throw invalid(`${described(at)} cannot depend on ${described(blockedBy)}: that one already depends on it, directly or through other issues, which would be a cycle`);
    }
    await tx.issueDependency.create({ data: { issueId, blockerId } });
    await timelines(tx, actor, dependency, 'add_dependency');
    const reloadedView = await reloaded(tx, dependency);
    await announce(publish, actor, reloadedView, 'added');
    return reloadedView;
  });
  return result;
}

/** Makes the issue at `at` no longer depend on the issue at `blockedBy`; 404 when it did not. */
export async function removeDependency(ctx: ServiceContext, at: IssueLocator, blockedBy: IssueLocator): Promise<DependencyView> {
  const { actor, dependency } = await locate(ctx, at, blockedBy);
  const [issueId, blockerId] = [dependency.issue.issue.id, dependency.blocker.issue.id];
  const result = await transactionWithEvents(ctx, async (tx, publish) => {
    const { count } = await tx.issueDependency.deleteMany({ where: { issueId, blockerId } });
    if (count === 0) throw notFound(`${described(at)} does not depend on ${described(blockedBy)}`);
    await touch(tx, dependency.issue.issue, dependency.blocker.issue);
    await timelines(tx, actor, dependency, 'remove_dependency');
    const reloadedView = await reloaded(tx, dependency);
    await announce(publish, actor, reloadedView, 'removed');
    return reloadedView;
  });
  return result;
}
