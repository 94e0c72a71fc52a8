import { transactionWithEvents } from '../../events/outbox.ts';
import type { Prisma, PullRequest, User } from '../../db/models.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import type { PullRequestEvent } from '../../events/topics.ts';
import { changesBetween, rangeDiff, rangePatch, type ChangedFile, type Changes, type WhitespaceMode } from '../../git/diff.ts';
import { fetchObjects } from '../../git/fork.ts';
import { commitIdsBetween, mergeBase } from '../../git/log.ts';
import { setPullHead } from '../../git/pull.ts';
import { readBranch, readBranchHeads, readCommitInfo } from '../../git/refs.ts';
import type { Page, PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { repositoryPermission, satisfies, type Need } from '../access/access.service.ts';
import { replaceIssueLabels } from '../label/issue-labels.service.ts';
import { commitNode, type CommitNode } from '../commit/commit.service.ts';
import { getRepository, type RepositoryWithOwner } from '../repo/repo.service.ts';
import { repositoryPath } from '../repo/storage.ts';
import { getWritableRepository } from '../repo/writable.ts';
import { findUserByLogin } from '../user/user.service.ts';
import { changeIssue, insertIssue, loadIssue, planIssue, signedIn, withRelations, type IssueRow, type IssueView, type TimelineRow } from '../issue/issue.service.ts';
import type { CreatePullInput, PullFilter, UpdatePullInput } from './pull.inputs.ts';
import { parseHead, pullOrder, sameBranchRefused } from './pull.rules.ts';

export const PULLS_READ: Need = { unit: 'repo.pulls', level: 'read' };
export const PULLS_WRITE: Need = { unit: 'repo.pulls', level: 'write' };
const CODE_READ: Need = { unit: 'repo.code', level: 'read' };

/** A pull request as it is read: its issue (with the issue's relations), its row, and its base repository. */
export interface PullView extends IssueView {
  pull: PullRequest;
}

/**
 * The repository a pull request operation acts on: loaded with the caller's level on its pull requests checked
 * (an archived one refused with 423). Pull requests switched off answer 404, as Gitea does.
 */
export async function pullRepository(ctx: ServiceContext, owner: string, name: string, needed: Need) {
  const loaded = await getWritableRepository(ctx, owner, name, needed);
  if (!loaded.repo.hasPullRequests) throw notFound(`repository ${owner}/${name} has no pull requests`);
  return loaded;
}

/** Whether the caller sees the repository's pull requests: switched on, and the pulls unit readable. */
export async function readsPulls(ctx: ServiceContext, repo: RepositoryWithOwner): Promise<boolean> {
  return repo.hasPullRequests && satisfies(await repositoryPermission(ctx, repo), PULLS_READ);
}

const gitDir = (ctx: Pick<ServiceContext, 'config'>, repoId: number) => repositoryPath(ctx.config, repoId);

// ---------------------------------------------------------------------------------------------
// Reading

/** Pull request rows with their issues' relations, in the order of `issues`: one statement per kind of row. */
async function viewsOf(ctx: ServiceContext, repo: RepositoryWithOwner, issues: Parameters<typeof withRelations>[1]): Promise<PullView[]> {
  if (issues.length === 0) return [];
  const [rows, pulls] = await Promise.all([withRelations(ctx, issues), ctx.db.pullRequest.findMany({ where: { issueId: { in: issues.map((i) => i.id) } } })]);
  const byIssue = new Map(pulls.map((p) => [p.issueId, p]));
  return rows.flatMap((issue) => {
    const pull = byIssue.get(issue.id);
    return pull ? [{ issue, pull, repo }] : [];
  });
}

/** The pull request numbered `number` of a repository the caller reads; null when there is none (or it is an issue). */
export async function getPullRequest(ctx: ServiceContext, repo: RepositoryWithOwner, number: number): Promise<PullView | null> {
  if (!(await readsPulls(ctx, repo))) return null;
  return findPullView(ctx, repo, number);
}

/** A pull request with its relations and no access check: for callers that check each reader themselves (an event's subscribers). */
export async function findPullView(ctx: ServiceContext, repo: RepositoryWithOwner, number: number): Promise<PullView | null> {
  const issue = await ctx.db.issue.findUnique({ where: { repoId_number: { repoId: repo.id, number } } });
  if (!issue || !issue.isPull) return null;
  const [view] = await viewsOf(ctx, repo, [issue]);
  return view ?? null;
}

/**
 * The newest pull request (open ones first) from `head` into `base` of this repository, as Gitea's
 * GetPullRequestByBaseHead finds it: head is a branch of the repository, or owner:branch of a fork.
 */
export async function getPullRequestByBaseHead(ctx: ServiceContext, repo: RepositoryWithOwner, base: string, head: string): Promise<PullView | null> {
  if (!(await readsPulls(ctx, repo))) return null;
  const parsed = parseHead(head);
  let headRepoId = repo.id;
  if (parsed.owner !== null && parsed.owner.toLowerCase() !== repo.owner.login.toLowerCase()) {
    const fork = await ctx.db.repository.findFirst({ where: { forkId: repo.id, owner: { lowerLogin: parsed.owner.toLowerCase() } }, select: { id: true } });
    if (!fork) return null;
    headRepoId = fork.id;
  }
  const pull = await ctx.db.pullRequest.findFirst({
    where: { baseRepoId: repo.id, baseBranch: base, headRepoId, headBranch: parsed.branch },
    orderBy: [{ issue: { isClosed: 'asc' } }, { id: 'desc' }],
    include: { issue: true },
  });
  if (!pull) return null;
  const [view] = await viewsOf(ctx, repo, [pull.issue]);
  return view ?? null;
}

/**
 * A page of a repository's pull requests, by Gitea's filters and sort orders (newest first by default), with
 * the total from the repository's counters when only the state filters (as the issue list takes it), else counted
 * in SQL. A page costs the same statements whatever its size: ids from one query, then the rows, their relations
 * and their pull request rows in one statement per kind.
 */
export async function listPullRequests(ctx: ServiceContext, repo: RepositoryWithOwner, window: PageWindow, filter: PullFilter = {}): Promise<Page<PullView>> {
  if (!(await readsPulls(ctx, repo))) throw notFound(`repository ${repo.owner.login}/${repo.name} has no pull requests`);
  const where = await pullWhere(ctx, repo, filter);
  if (!where) return { items: [], totalCount: 0 };
  const [page, totalCount] = await Promise.all([
    ctx.db.issue.findMany({ where, select: { id: true }, orderBy: pullOrder(filter.sort ?? null), skip: window.offset, take: window.limit }),
    countedByCounters(repo, filter) ?? ctx.db.issue.count({ where }),
  ]);
  const position = new Map(page.map((row, index) => [row.id, index]));
  const issues = page.length === 0 ? [] : await ctx.db.issue.findMany({ where: { id: { in: [...position.keys()] } } });
  issues.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return { items: await viewsOf(ctx, repo, issues), totalCount };
}

/** The number of pull requests the filter shows, from the counters the writes keep when only the state filters; else undefined. */
function countedByCounters(repo: RepositoryWithOwner, filter: PullFilter): number | undefined {
  if ((filter.labels ?? []).some((id) => id > 0) || filter.milestone || filter.baseBranch || filter.poster) return undefined;
  const state = filter.state ?? 'open';
  return state === 'all' ? repo.pullCount : state === 'closed' ? repo.closedPullCount : repo.pullCount - repo.closedPullCount;
}

/** The filter as a query; null when it can match nothing (a poster no account has). */
async function pullWhere(ctx: ServiceContext, repo: RepositoryWithOwner, filter: PullFilter): Promise<Prisma.IssueWhereInput | null> {
  const and: Prisma.IssueWhereInput[] = [{ repoId: repo.id, isPull: true }];
  const state = filter.state ?? 'open';
  if (state !== 'all') and.push({ isClosed: state === 'closed' });
  for (const labelId of filter.labels ?? []) if (labelId > 0) and.push({ labels: { some: { labelId } } });
  if (filter.milestone) and.push({ milestoneId: filter.milestone });
  if (filter.baseBranch) and.push({ pull: { baseBranch: filter.baseBranch } });
  if (filter.poster) {
    const poster = await findUserByLogin(ctx, filter.poster);
    if (!poster) return null;
    and.push({ posterId: poster.id });
  }
  return { AND: and };
}

/** The repository's pinned pull requests, by their position. */
export async function listPinnedPullRequests(ctx: ServiceContext, repo: RepositoryWithOwner): Promise<PullView[]> {
  if (!(await readsPulls(ctx, repo))) throw notFound(`repository ${repo.owner.login}/${repo.name} has no pull requests`);
  const issues = await ctx.db.issue.findMany({ where: { repoId: repo.id, isPull: true, pinOrder: { gt: 0 } }, orderBy: { pinOrder: 'asc' } });
  return viewsOf(ctx, repo, issues);
}

/** The head repository of a pull request (`loaded`: its row), when the caller may read its code; null when deleted or hidden. */
export async function readableHead(ctx: ServiceContext, view: PullView, loaded: RepositoryWithOwner | null): Promise<RepositoryWithOwner | null> {
  if (view.pull.headRepoId === view.repo.id) return view.repo;
  if (!loaded) return null;
  return satisfies(await repositoryPermission(ctx, loaded), CODE_READ) ? loaded : null;
}

/** The base branch's tip, read from git (null once the branch is gone). */
export async function baseCommit(ctx: ServiceContext, view: PullView): Promise<string | null> {
  return (await readBranch(gitDir(ctx, view.repo.id), view.pull.baseBranch))?.oid ?? null;
}

/** The pull request's diff (from its merge base to its head), or its commits as an mbox series. */
export async function pullDiff(ctx: ServiceContext, view: PullView, kind: 'diff' | 'patch'): Promise<Buffer> {
  const dir = gitDir(ctx, view.repo.id);
  const from = view.pull.mergeBase || (await baseCommit(ctx, view)) || view.pull.headCommitId;
  return kind === 'diff' ? rangeDiff(dir, from, view.pull.headCommitId) : rangePatch(dir, from, view.pull.headCommitId);
}

/**
 * A page of the pull request's commits, newest first, with their number: those of its head that its base branch
 * lacks (once merged, or when the base branch is gone: those its merge base lacks), as Gitea lists them. One
 * `git rev-list` gives the ids (remembered for the same head and base, so later pages ask git nothing); the
 * page's commits are read through git's batch reader, never a process per commit.
 */
export async function pullCommits(ctx: ServiceContext, view: PullView, window: PageWindow): Promise<Page<CommitNode>> {
  const dir = gitDir(ctx, view.repo.id);
  const [baseTip] = view.pull.hasMerged ? [null] : await readBranchHeads(dir, [view.pull.baseBranch]);
  const exclude = baseTip?.oid ?? view.pull.mergeBase;
  const ids = await commitIdsBetween(dir, view.pull.headCommitId, exclude ? [exclude] : []);
  const commits = await Promise.all(ids.slice(window.offset, window.offset + window.limit).map((oid) => readCommitInfo(dir, oid)));
  return { items: commits.flatMap((commit) => (commit ? [commitNode(view.repo, commit)] : [])), totalCount: ids.length };
}

export interface PullFilesOptions {
  /** Start the list at this file (its path after the change); a path the change does not touch lists nothing, as in Gitea. */
  skipTo?: string | null;
  whitespace?: WhitespaceMode | null;
}

/**
 * A page of the files the pull request changes (merge base to head), in git's path order, with their line
 * counts and their number: one `git diff-tree` for the whole change, remembered for the same commits, so a
 * page of fifty files costs what a page of one does and later pages ask git nothing.
 */
export async function pullFiles(ctx: ServiceContext, view: PullView, options: PullFilesOptions, window: PageWindow): Promise<Page<ChangedFile>> {
  const from = view.pull.mergeBase || view.pull.headCommitId;
  const { files } = await changesBetween(gitDir(ctx, view.repo.id), from, view.pull.headCommitId, options.whitespace ?? 'show-all');
  const start = options.skipTo ? files.findIndex((f) => f.filename === options.skipTo) : 0;
  const listed = start < 0 ? [] : files.slice(start);
  return { items: listed.slice(window.offset, window.offset + window.limit), totalCount: listed.length };
}

/**
 * The pull request whose merge produced the commit `sha` (its full id) in this repository, as Gitea's
 * GetPullRequestByMergedCommit finds it: the merged commit it stored (for a fast-forward, the head commit). Null
 * when there is none, or the caller does not read both the code (Gitea's route is one of the commits') and the
 * pull requests.
 */
export async function getPullRequestByMergedCommit(ctx: ServiceContext, repo: RepositoryWithOwner, sha: string): Promise<PullView | null> {
  if (!sha || !(await readsPulls(ctx, repo)) || !satisfies(await repositoryPermission(ctx, repo), CODE_READ)) return null;
  const pull = await ctx.db.pullRequest.findFirst({ where: { baseRepoId: repo.id, mergedCommitId: sha }, include: { issue: true } });
  if (!pull) return null;
  const [view] = await viewsOf(ctx, repo, [pull.issue]);
  return view ?? null;
}

// ---------------------------------------------------------------------------------------------
// Writing

/** The head of a new pull request: its repository (this one, or a fork of it the caller reads), branch and commit. */
async function resolveHead(ctx: ServiceContext, repo: RepositoryWithOwner, head: string) {
  const parsed = parseHead(head);
  let headRepo = repo;
  if (parsed.owner !== null && parsed.owner.toLowerCase() !== repo.owner.login.toLowerCase()) {
    const fork = await ctx.db.repository.findFirst({ where: { forkId: repo.id, owner: { lowerLogin: parsed.owner.toLowerCase() } }, include: { owner: true } });
    if (!fork) throw notFound(`${parsed.owner} has no fork of ${repo.owner.login}/${repo.name}`);
    headRepo = (await getRepository(ctx, fork.owner.login, fork.name, CODE_READ)).repo;
  }
  const branch = await readBranch(gitDir(ctx, headRepo.id), parsed.branch);
  if (!branch) throw invalid(`head branch ${head} does not exist`);
  return { headRepo, branch: parsed.branch, oid: branch.oid };
}

/** An open pull request from the same head into the same base; 409 as Gitea answers it. */
async function refuseDuplicate(ctx: ServiceContext, repo: RepositoryWithOwner, headRepoId: number, headBranch: string, baseBranch: string, except?: number) {
  const existing = await ctx.db.pullRequest.findFirst({
    where: { baseRepoId: repo.id, baseBranch, headRepoId, headBranch, hasMerged: false, issue: { isClosed: false }, ...(except ? { id: { not: except } } : {}) },
    include: { issue: { select: { number: true } } },
  });
  if (existing) throw conflict(`pull request #${existing.issue.number} already exists for these branches`);
}

/**
 * Opens a pull request: an issue (isPull, numbered from the same counter as issues) with its row. The head is a
 * branch of the repository or `owner:branch` of a fork of it that the caller reads; its commit is copied into
 * the base repository and kept as refs/pull/<number>/head. The merge base and the change's stats are stored at
 * once; mergeability is computed in the background (status checking until then).
 */
export async function createPullRequest(ctx: ServiceContext, owner: string, name: string, input: CreatePullInput): Promise<PullView> {
  const actor = signedIn(ctx);
  const { repo, permission } = await pullRepository(ctx, owner, name, PULLS_READ);
  const base = await readBranch(gitDir(ctx, repo.id), input.base);
  if (!base) throw invalid(`base branch ${input.base} does not exist`);
  const head = await resolveHead(ctx, repo, input.head);
  if (sameBranchRefused(repo.id, input.base, head.headRepo.id, head.branch)) throw invalid('head and base are the same branch');
  await refuseDuplicate(ctx, repo, head.headRepo.id, head.branch, input.base);
  const baseDir = gitDir(ctx, repo.id);
  if (head.headRepo.id !== repo.id) await fetchObjects(baseDir, gitDir(ctx, head.headRepo.id), head.oid);
  const base0 = await mergeBase(baseDir, base.oid, head.oid);
  if (!base0) throw invalid(`${input.head} and ${input.base} have no common history`);
  const stats = await changesBetween(baseDir, base0, head.oid);
  const plan = await planIssue(ctx, repo, permission, actor, { ...input, ref: null, closed: null }, PULLS_WRITE);

  // The pull request and its events are committed together (src/events/outbox.ts).
  return transactionWithEvents(ctx, async (tx, publish) => {
    const created = await insertIssue(tx, ctx, repo, actor, plan, true);
    const pull = await tx.pullRequest.create({
      data: {
        issueId: created.id,
        baseRepoId: repo.id,
        baseBranch: input.base,
        headRepoId: head.headRepo.id,
        headBranch: head.branch,
        headCommitId: head.oid,
        mergeBase: base0,
        status: 'checking',
        additions: stats.additions,
        deletions: stats.deletions,
        changedFiles: stats.files.length,
        allowMaintainerEdit: input.allowMaintainerEdit ?? false,
      },
    });
    // In the transaction: a ref that cannot be written leaves no pull request behind.
    await setPullHead(baseDir, created.number, head.oid);
    const view = { issue: await loadIssue(tx, repo.id, created.number), pull, repo };
    const about = aboutPull(actor, view);
    await publish('pull_request', { ...about, action: 'opened' });
    for (const user of plan.assignees) await publish('pull_request', { ...about, action: 'assigned', assigneeId: user.id });
    return view;
  });
}

const aboutPull = (actor: User, view: { issue: IssueRow; pull: PullRequest; repo: RepositoryWithOwner }) => ({
  actorId: actor.id,
  repoId: view.repo.id,
  issueId: view.issue.id,
  pullId: view.pull.id,
  number: view.issue.number,
});

/**
 * Changes a pull request: what an issue edit changes (title, body, state, assignees, milestone, deadline; its
 * poster or writers, as for issues), its labels (writers), its base branch (retarget: the branch must exist, and
 * no other open pull request may go from the same head into it) and allow_maintainer_edit (its poster).
 */
export async function updatePullRequest(ctx: ServiceContext, owner: string, name: string, number: number, input: UpdatePullInput): Promise<PullView> {
  const actor = signedIn(ctx);
  const { repo, permission } = await pullRepository(ctx, owner, name, PULLS_READ);
  const before = await ctx.db.pullRequest.findFirst({ where: { issue: { repoId: repo.id, number, isPull: true } }, include: { issue: true } });
  if (!before) throw notFound(`pull request #${number} does not exist`);
  const baseDir = gitDir(ctx, repo.id);
  let retarget: { branch: string; mergeBase: string; stats: Changes } | null = null;
  if (input.base != null && input.base !== before.baseBranch) {
    if (!satisfies(permission, PULLS_WRITE) && before.issue.posterId !== actor.id) throw notFound(`pull request #${number} does not exist`);
    if (before.hasMerged) throw invalid('a merged pull request keeps its base');
    const branch = await readBranch(baseDir, input.base);
    if (!branch) throw invalid(`base branch ${input.base} does not exist`);
    if (before.headRepoId !== null) {
      if (sameBranchRefused(repo.id, input.base, before.headRepoId, before.headBranch)) throw invalid('head and base are the same branch');
      await refuseDuplicate(ctx, repo, before.headRepoId, before.headBranch, input.base, before.id);
    }
    const base0 = (await mergeBase(baseDir, branch.oid, before.headCommitId)) ?? '';
    retarget = { branch: input.base, mergeBase: base0, stats: base0 ? await changesBetween(baseDir, base0, before.headCommitId) : { files: [], additions: 0, deletions: 0 } };
  }
  const maintainerEdit = input.allowMaintainerEdit != null && input.allowMaintainerEdit !== before.allowMaintainerEdit ? input.allowMaintainerEdit : null;

  const labelsWritten = input.labels != null && satisfies(permission, PULLS_WRITE);
  const changed = await changeIssue(ctx, repo, permission, number, { ...input, ref: null }, {
    writeNeed: PULLS_WRITE,
    isPull: true,
    extra: async (tx) => {
      const rows: TimelineRow[] = [];
      const data: Prisma.PullRequestUpdateInput = {};
      if (retarget) {
        Object.assign(data, {
          baseBranch: retarget.branch,
          mergeBase: retarget.mergeBase,
          status: 'checking',
          conflictedFiles: '',
          additions: retarget.stats.additions,
          deletions: retarget.stats.deletions,
          changedFiles: retarget.stats.files.length,
        });
        rows.push({ type: 'change_target_branch', oldRef: before.baseBranch, newRef: retarget.branch });
      }
      if (maintainerEdit !== null) {
        if (before.issue.posterId !== actor.id && !satisfies(permission, PULLS_WRITE)) throw notFound(`pull request #${number} does not exist`);
        data.allowMaintainerEdit = maintainerEdit;
      }
      if (Object.keys(data).length > 0) await tx.pullRequest.update({ where: { id: before.id }, data });
      return { rows, changed: Object.keys(data).length > 0 };
    },
    announce: async (publish, changed) => {
      const about = aboutPull(actor, { issue: changed.issue, pull: before, repo });
      // One `edited` per changed field with what it was (a new base is the ref's change, as in Gitea).
      const edits = [...changed.edits, ...(retarget ? [{ ref: before.baseBranch }] : [])];
      const others = changed.events.filter((a) => a !== 'deleted' && a !== 'edited');
      const events: Pick<PullRequestEvent, 'action' | 'changes'>[] = [
        ...(edits.length > 0 ? edits.map((changes) => ({ action: 'edited' as const, changes })) : maintainerEdit !== null ? [{ action: 'edited' as const }] : []),
        ...others.map((action) => ({ action })),
      ];
      for (const event of events) await publish('pull_request', { ...about, ...event });
      for (const change of changed.assignEvents) await publish('pull_request', { ...about, ...change });
      for (const change of changed.milestoneEvents) await publish('pull_request', { ...about, action: change.action, milestoneId: change.milestoneId });
      if (input.labels != null && !labelsWritten) await publish('pull_request', { ...about, action: 'label_updated' });
    },
  });
  // The labels change in a transaction of their own, which writes their `label_updated` too.
  if (labelsWritten) {
    const about = aboutPull(actor, { issue: changed.issue, pull: before, repo });
    await replaceIssueLabels(ctx, owner, name, number, { ids: input.labels ?? [] }, (publish) => publish('pull_request', { ...about, action: 'label_updated' }));
  }
  const pull = await ctx.db.pullRequest.findUniqueOrThrow({ where: { id: before.id } });
  const issue = input.labels != null ? await loadIssue(ctx.db, repo.id, number) : changed.issue;
  const view: PullView = { issue, pull, repo };
  return view;
}

/** Whether the pull request was merged: Gitea's "is it so?" endpoint. */
export async function isPullMerged(ctx: ServiceContext, repo: RepositoryWithOwner, number: number): Promise<boolean> {
  const view = await getPullRequest(ctx, repo, number);
  if (!view) throw notFound(`pull request #${number} does not exist`);
  return view.pull.hasMerged;
}
