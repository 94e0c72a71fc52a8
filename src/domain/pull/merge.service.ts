import { reviewGate } from '../review/review.service.ts';
import type { Issue, PullRequest, User } from '../../db/models.ts';
import { conflict, forbidden, invalid, isDomainError, notAllowed, notFound } from '../../errors.ts';
import { transactionWithEvents, type Publish } from '../../events/outbox.ts';
import { changesBetween } from '../../git/diff.ts';
import { GitError } from '../../git/errors.ts';
import { fetchObjects } from '../../git/fork.ts';
import { mergeBase } from '../../git/log.ts';
import { commitsToReplay, isAncestor, replayCommits, testMerge, treeOf } from '../../git/merge.ts';
import { setPullHead } from '../../git/pull.ts';
import { queuedOnRef } from '../../git/ref-queue.ts';
import { deleteRefIfAt, readBranch } from '../../git/refs.ts';
import { updateRef } from '../../git/repo.ts';
import { createCommit, type Identity } from '../../git/write.ts';
import type { ServiceContext } from '../../services.ts';
import { commitSigner } from '../gpg/gpg.signing.ts';
import { atLeast, repositoryPermission, satisfies } from '../access/access.service.ts';
import { syncRefs } from '../branch/ref-table.ts';
import { closeIssueIn, loadIssue, signedIn } from '../issue/issue.service.ts';
import { mayForcePush, mayMerge, mayPush, filePatterns, matchesAny, ruleFor } from '../protection/protection.rules.ts';
import { repositoryRules, viewerAsPusher, type ReadRule } from '../protection/protection.service.ts';
import { recordPush, type RepositoryWithOwner } from '../repo/repo.service.ts';
import { getWritableRepository } from '../repo/writable.ts';
import { repositoryPath } from '../repo/storage.ts';
import { defaultMergeTitle, giteaStyle, headLabel, isWorkInProgress, mergeMessage, requiredChecksPass, styleAllowed } from './merge.rules.ts';
import type { MergePullInput, MergeStyle, UpdateBranchStyle } from './pull.inputs.ts';
import { pullRepository, type PullView } from './pull.service.ts';

/** Lost compare-and-swaps on the branch (to pushes, or other instances) before a merge or an update gives up with 409. */
const MAX_ATTEMPTS = 5;
const HEADS = 'refs/heads/';

const gitDir = (ctx: Pick<ServiceContext, 'config'>, repoId: number) => repositoryPath(ctx.config, repoId);
const identityOf = (user: User): Identity => ({ name: user.fullName || user.login, email: user.email });

export type PullRow = PullRequest & { issue: Issue };

async function pullRow(ctx: ServiceContext, repoId: number, number: number): Promise<PullRow> {
  const row = await ctx.db.pullRequest.findFirst({ where: { issue: { repoId, number, isPull: true } }, include: { issue: true } });
  if (!row) throw notFound(`pull request #${number} does not exist`);
  return row;
}

/** The head repository of a pull request with its owner; null once deleted. */
async function headRepository(ctx: ServiceContext, pull: PullRequest, base: RepositoryWithOwner): Promise<RepositoryWithOwner | null> {
  if (pull.headRepoId === null) return null;
  if (pull.headRepoId === base.id) return base;
  return ctx.db.repository.findUnique({ where: { id: pull.headRepoId }, include: { owner: true } });
}

/**
 * The head commit a merge takes: the head branch's tip now (brought into the base repository and kept as
 * refs/pull/<n>/head when it moved since the row was written), or the stored head once the branch is gone.
 */
async function liveHead(ctx: ServiceContext, pull: PullRow, base: RepositoryWithOwner, head: RepositoryWithOwner | null): Promise<string> {
  if (!head) return pull.headCommitId;
  const tip = await readBranch(gitDir(ctx, head.id), pull.headBranch);
  if (!tip || tip.oid === pull.headCommitId) return pull.headCommitId;
  const baseDir = gitDir(ctx, base.id);
  if (head.id !== base.id) await fetchObjects(baseDir, gitDir(ctx, head.id), tip.oid);
  await setPullHead(baseDir, pull.issue.number, tip.oid);
  return tip.oid;
}

// ---------------------------------------------------------------------------------------------
// What blocks a merge

/**
 * What reviews say against the merge (Gitea's approval, rejected review and official review request checks): the
 * official approvals counted as the rule says (reviewGate), a standing official rejection, an open official request.
 */
async function approvalBlockers(ctx: ServiceContext, pull: PullRow, rule: ReadRule): Promise<string[]> {
  const gate = await reviewGate(ctx.db, { issueId: pull.issueId }, rule);
  const reasons: string[] = [];
  if (!gate.enoughApprovals) reasons.push(`approvals missing: ${gate.approvals} of the ${rule.requiredApprovals} required`);
  if (gate.blockedByRejection) reasons.push('changes were requested by an official reviewer');
  if (gate.blockedByOfficialRequests) reasons.push('an official review request is still open');
  return reasons;
}

/** The latest status of each context reported on a commit of the repository. */
async function latestStatuses(ctx: ServiceContext, repoId: number, sha: string) {
  const rows = await ctx.db.commitStatus.findMany({ where: { repoId, sha }, orderBy: { id: 'desc' }, select: { context: true, state: true } });
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.context) && seen.add(row.context));
}

/**
 * What the base branch's protection rule says against merging `head` into the base at `baseOid` (Gitea's
 * CheckPullBranchProtections): required status checks, approvals, an outdated head, protected files touched.
 */
async function protectionBlockers(ctx: ServiceContext, pull: PullRow, rule: ReadRule | null, baseOid: string, head: string): Promise<string[]> {
  if (!rule) return [];
  const dir = gitDir(ctx, pull.baseRepoId);
  const reasons: string[] = [];
  if (rule.enableStatusCheck && !requiredChecksPass(rule.statusCheckContexts, await latestStatuses(ctx, pull.baseRepoId, head))) {
    reasons.push('required status checks have not all succeeded');
  }
  reasons.push(...(await approvalBlockers(ctx, pull, rule)));
  if (rule.blockOnOutdatedBranch && !(await isAncestor(dir, baseOid, head))) reasons.push('the head branch is behind the base branch');
  const patterns = filePatterns(rule.protectedFilePatterns);
  if (patterns.length > 0) {
    const from = (await mergeBase(dir, baseOid, head)) ?? baseOid;
    const touched = (await changesBetween(dir, from, head)).files
      .flatMap((f) => [f.filename, f.previousFilename ?? ''])
      .filter((path) => path && matchesAny(patterns, path));
    if (touched.length > 0) reasons.push(`protected files changed: ${[...new Set(touched)].join(', ')}`);
  }
  return reasons;
}

/** What a pull request's merge box shows the viewer (mergeCheck). */
export interface MergeCheck {
  /** The viewer may merge into the base branch: the rule's merge whitelist, or write access to the code. */
  viewerCanMerge: boolean;
  /** What refuses a merge now (the reasons mergePullRequest gives); empty once merged or closed. */
  blockers: string[];
}

const mergeChecks = new WeakMap<PullView, Promise<MergeCheck>>();

/**
 * Whether the viewer may merge a pull request, and what would refuse the merge now: a work-in-progress title, a
 * missing base branch, and the base branch protection's checks on the head as last synchronized (the reasons
 * mergePullRequest refuses with). Computed once per pull request read.
 */
export function mergeCheck(ctx: ServiceContext, view: PullView): Promise<MergeCheck> {
  let check = mergeChecks.get(view);
  if (!check) mergeChecks.set(view, (check = computeMergeCheck(ctx, view)));
  return check;
}

async function computeMergeCheck(ctx: ServiceContext, view: PullView): Promise<MergeCheck> {
  if (view.pull.hasMerged || view.issue.isClosed) return { viewerCanMerge: false, blockers: [] };
  const [permission, rules] = await Promise.all([repositoryPermission(ctx, view.repo), repositoryRules(ctx, view.repo.id)]);
  const rule = ruleFor(rules, view.pull.baseBranch);
  const pusher = await viewerAsPusher(ctx, permission.units['repo.code']);
  const viewerCanMerge = pusher.userId !== null && (rule ? mayMerge(rule, pusher) : pusher.writesCode);
  const blockers: string[] = [];
  if (isWorkInProgress(view.issue.title)) blockers.push('the title marks it as work in progress');
  const base = await readBranch(gitDir(ctx, view.repo.id), view.pull.baseBranch);
  if (!base) blockers.push(`the base branch "${view.pull.baseBranch}" does not exist`);
  else blockers.push(...(await protectionBlockers(ctx, { ...view.pull, issue: view.issue }, rule, base.oid, view.pull.headCommitId)));
  return { viewerCanMerge, blockers };
}

// ---------------------------------------------------------------------------------------------
// Merging

/** What a merge wrote: the base branch's new tip (unchanged when the base already had the head), and its old one. */
interface MergeResult {
  before: string;
  after: string;
}

/**
 * The base branch's new tip for a style, built with plumbing only (merge-tree, commit-tree): nothing is written to
 * any ref. The base already holding the head leaves it where it is.
 */
async function mergedTip(ctx: ServiceContext, actor: User, pull: PullRow, rule: ReadRule | null, style: Exclude<MergeStyle, 'manually_merged'>, baseOid: string, head: string, message: string): Promise<string> {
  const dir = gitDir(ctx, pull.baseRepoId);
  if (await isAncestor(dir, head, baseOid)) return baseOid;
  const me = identityOf(actor);
  const fastForward = await isAncestor(dir, baseOid, head);
  // The commits a merge writes are signed with the instance's key when the MERGES rules hold (gpg.signing.ts);
  // "approved": the base branch has a protection rule and the pull request an official approval.
  const approved = async () => rule !== null && (await reviewGate(ctx.db, { issueId: pull.issueId }, rule)).approvals > 0;
  const sign = fastForward && (style === 'rebase' || style === 'fast_forward_only')
    ? undefined
    : await commitSigner(ctx, { kind: 'merge', actor, repoId: pull.baseRepoId, base: baseOid, head, approved });
  const refuseConflict = async () => {
    const test = await testMerge(dir, baseOid, head);
    throw invalid(`the pull request conflicts with the base branch: ${test.conflicted.join(', ') || 'merge them locally'}`, { conflictedFiles: test.conflicted });
  };
  const rebased = async () => {
    if (fastForward) return head;
    const replay = await replayCommits(dir, baseOid, await commitsToReplay(dir, baseOid, head), me, sign);
    if ('conflict' in replay) throw invalid(`rebasing conflicts: commit ${replay.conflict} does not apply to the base branch`, { conflictedCommit: replay.conflict });
    return replay.tip;
  };
  switch (style) {
    case 'fast_forward_only':
      if (!fastForward) throw invalid('fast-forward-only: the base branch has commits the head branch lacks, so it cannot be fast-forwarded');
      return head;
    case 'rebase':
      return rebased();
    case 'rebase_merge': {
      const tip = await rebased();
      return createCommit(dir, { tree: await treeOf(dir, tip), parents: [baseOid, tip], message, author: me, committer: me, sign });
    }
    case 'merge':
    case 'squash': {
      const test = await testMerge(dir, baseOid, head);
      if (test.conflicted.length > 0) return refuseConflict();
      if (style === 'merge') return createCommit(dir, { tree: test.tree, parents: [baseOid, head], message, author: me, committer: me, sign });
      const poster = (pull.issue.posterId === null ? null : await ctx.db.user.findUnique({ where: { id: pull.issue.posterId } })) ?? actor;
      const author = identityOf(poster);
      const credit = ctx.config.repository.PULL_ADD_CO_COMMITTER_TRAILERS && poster.id !== actor.id;
      const signature = `${author.name} <${author.email}>`;
      const full = credit ? `${message}\n\nCo-authored-by: ${signature}\nCo-committed-by: ${signature}\n` : message;
      return createCommit(dir, { tree: test.tree, parents: [baseOid], message: full, author, committer: me, sign });
    }
  }
}

/**
 * Marks the pull request merged and closes its issue in one transaction; false when another merge got there first.
 * `autoMergeId`: the merge carries out that schedule (auto-merge.ts), which must still stand; when it was
 * cancelled (or replaced) meanwhile, nothing is written and a CONFLICT is thrown (the caller moves the branch back).
 */
async function markMerged(
  ctx: ServiceContext,
  actor: User,
  pull: PullRow,
  head: string,
  mergeCommit: string,
  autoMergeId?: number,
  // Events written in the same transaction (a merge that moved no branch: no push events to come first).
  announce?: (publish: Publish) => Promise<void>,
): Promise<boolean> {
  return transactionWithEvents(ctx, async (tx, publish) => {
    const now = new Date();
    const marked = await tx.pullRequest.updateMany({
      where: { id: pull.id, hasMerged: false },
      data: { hasMerged: true, mergedAt: now, mergerId: actor.id, mergedCommitId: mergeCommit, headCommitId: head },
    });
    if (marked.count === 0) return false;
    if (autoMergeId !== undefined) {
      const carried = await tx.autoMerge.deleteMany({ where: { id: autoMergeId } });
      if (carried.count === 0) throw conflict(`the merge of pull request #${pull.issue.number} scheduled for when its checks succeed was cancelled meanwhile`);
    }
    // A merge scheduled for when the checks succeed is done with, however the pull request was merged (as in Gitea).
    await tx.autoMerge.deleteMany({ where: { pullId: pull.id } });
    await closeIssueIn(tx, pull.issue, actor, [{ type: 'merge_pull' }]);
    if (announce) await announce(publish);
    return true;
  });
}

/** What a merge of a pull request has admitted before building anything: who merges, where, under which rule. */
export interface AdmittedMerge {
  actor: User;
  repo: RepositoryWithOwner;
  permission: Awaited<ReturnType<typeof pullRepository>>['permission'];
  pull: PullRow;
  rule: ReadRule | null;
}

const refuseState = (row: PullRow) => {
  if (row.hasMerged) throw invalid(`pull request #${row.issue.number} is already merged`);
  if (row.issue.isClosed) throw invalid(`pull request #${row.issue.number} is closed`);
};

/**
 * The checks a merge passes before anything is built, whether it runs now or is scheduled for when the checks
 * succeed (auto-merge.service.ts): the pull request is open and not merged (422), the caller may merge into its
 * base branch (the rule's merge whitelist, or write access to the code: 403), and the style is switched on (405).
 */
export async function admitMerge(ctx: ServiceContext, owner: string, name: string, number: number, style: MergeStyle): Promise<AdmittedMerge> {
  const actor = signedIn(ctx);
  const { repo, permission } = await pullRepository(ctx, owner, name, { unit: 'repo.pulls', level: 'read' });
  const pull = await pullRow(ctx, repo.id, number);
  refuseState(pull);
  const rule = ruleFor(await repositoryRules(ctx, repo.id), pull.baseBranch);
  const pusher = await viewerAsPusher(ctx, permission.units['repo.code']);
  if (!(rule ? mayMerge(rule, pusher) : pusher.writesCode)) throw forbidden(`you may not merge into "${pull.baseBranch}"`);
  if (!styleAllowed(repo, style)) throw notAllowed(`the merge style "${giteaStyle(style)}" is switched off in the settings of ${repo.owner.login}/${repo.name}`);
  return { actor, repo, permission, pull, rule };
}

/**
 * The head a merge in a style other than manually-merged takes (liveHead), after refusing a work-in-progress title
 * and a head that is no longer at `headCommitId` (422).
 */
export async function admitHead(ctx: ServiceContext, admitted: AdmittedMerge, headCommitId: string | null | undefined) {
  const { repo, pull } = admitted;
  if (isWorkInProgress(pull.issue.title)) throw invalid('a work-in-progress pull request cannot be merged');
  const headRepo = await headRepository(ctx, pull, repo);
  const head = await liveHead(ctx, pull, repo, headRepo);
  if (headCommitId && headCommitId !== head) throw invalid(`the head changed: it is at ${head}, not ${headCommitId}`);
  return { headRepo, head };
}

/**
 * Merges a pull request (Gitea's MergePullRequest) in one of the styles, without a working tree: the merge is
 * built with merge-tree and commit-tree and the base branch moves by compare-and-swap, in turn with the API's
 * other writes to that branch; a push that lands meanwhile makes it start over on the branch as it now is (a
 * fast-forward-only merge then refuses), so a push is never overwritten. The pull request is marked merged and
 * its issue closed in one transaction right after; should that fail, the branch moves back. A style switched off
 * in the repository's settings is 405; what the merge refuses otherwise is 422 with the reason (already merged or
 * closed, work in progress, head changed, conflicts, a fast-forward impossible, the protection's checks: those
 * carry `reasons` in the error's details). `options.autoMergeId`: the merge carries out that schedule, and is
 * undone should it be cancelled before the merge is recorded (markMerged).
 */
export async function mergePullRequest(
  ctx: ServiceContext,
  owner: string,
  name: string,
  number: number,
  input: MergePullInput,
  options: { autoMergeId?: number } = {},
): Promise<PullView> {
  const style = input.style;
  const admitted = await admitMerge(ctx, owner, name, number, style);
  const { actor, repo, permission, pull: first, rule } = admitted;

  const baseDir = gitDir(ctx, repo.id);
  if (style === 'manually_merged') return mergedManually(ctx, actor, repo, first, input.mergeCommitId ?? '');
  const { headRepo, head } = await admitHead(ctx, admitted, input.headCommitId);
  // Administrators may force a merge past the rule's checks, unless the rule blocks that override.
  const overrides = !!input.forceMerge && atLeast(permission.level, 'admin') && !rule?.blockAdminMergeOverride;
  const title = defaultMergeTitle(style, {
    title: first.issue.title,
    number,
    head: headLabel(first.headRepoId === repo.id, headRepo ? `${headRepo.owner.login}/${headRepo.name}` : null, first.headBranch),
    baseBranch: first.baseBranch,
  });
  const message = mergeMessage(input.title, input.message, title);
  const ref = `${HEADS}${first.baseBranch}`;

  await queuedOnRef(baseDir, ref, async (): Promise<MergeResult> => {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const pull = await pullRow(ctx, repo.id, number);
      refuseState(pull);
      const base = await readBranch(baseDir, pull.baseBranch);
      if (!base) throw invalid(`the base branch "${pull.baseBranch}" does not exist`);
      const blockers = await protectionBlockers(ctx, pull, rule, base.oid, head);
      if (blockers.length > 0 && !overrides) throw invalid(`the branch protection of "${pull.baseBranch}" refuses the merge: ${blockers.join('; ')}`, { reasons: blockers });
      const after = await mergedTip(ctx, actor, pull, rule, style, base.oid, head, message);
      if (after !== base.oid) {
        try {
          await updateRef(baseDir, ref, after, base.oid);
        } catch (err) {
          if (err instanceof GitError && err.code === 'CONFLICT') continue;
          throw err;
        }
      }
      let marked: boolean;
      try {
        marked = await markMerged(ctx, actor, pull, head, after, options.autoMergeId);
      } catch (err) {
        if (after !== base.oid) await updateRef(baseDir, ref, base.oid, after).catch(() => {});
        throw err;
      }
      if (!marked) {
        if (after !== base.oid) {
          // Another instance's merge of the same pull request may have found our commit on the branch and recorded
          // it as the merge (auto-merge runs on every instance): then the commit stays, and its push is recorded.
          const winner = await ctx.db.pullRequest.findUnique({ where: { id: pull.id }, select: { mergedCommitId: true } });
          if (winner?.mergedCommitId === after) await recordPush(ctx, repo, [{ ref, before: base.oid, after }], actor);
          else await updateRef(baseDir, ref, base.oid, after).catch(() => {});
        }
        throw invalid(`pull request #${number} is already merged`);
      }
      if (after !== base.oid) await recordPush(ctx, repo, [{ ref, before: base.oid, after }], actor);
      return { before: base.oid, after };
    }
    throw conflict(`"${first.baseBranch}" kept changing while the pull request was being merged: try again`);
  });

  await ctx.events.publish('pull_request', { actorId: actor.id, repoId: repo.id, issueId: first.issueId, pullId: first.id, number, action: 'merged' });
  if (input.deleteBranchAfterMerge ?? repo.defaultDeleteBranchAfterMerge) await deleteHeadAfterMerge(ctx, actor, first, headRepo, head);
  return viewOf(ctx, repo, number);
}

async function viewOf(ctx: ServiceContext, repo: RepositoryWithOwner, number: number): Promise<PullView> {
  const issue = await loadIssue(ctx.db, repo.id, number);
  const pull = await ctx.db.pullRequest.findUniqueOrThrow({ where: { issueId: issue.id } });
  return { issue, pull, repo };
}

/**
 * Marks a pull request merged by a commit already on the base branch (Gitea's manually-merged): the commit must be
 * the base branch's tip or one of its ancestors (409 otherwise, as Gitea answers a wrong commit id). No ref moves.
 */
async function mergedManually(ctx: ServiceContext, actor: User, repo: RepositoryWithOwner, pull: PullRow, commit: string): Promise<PullView> {
  const dir = gitDir(ctx, repo.id);
  const base = await readBranch(dir, pull.baseBranch);
  const known = /^[0-9a-f]{40}([0-9a-f]{24})?$/i.test(commit) && base !== null && (base.oid === commit || (await isAncestor(dir, commit, base.oid).catch(() => false)));
  if (!known) throw conflict(`wrong commit id: "${commit}" is not a commit of the base branch "${pull.baseBranch}"`);
  const merged = { actorId: actor.id, repoId: repo.id, issueId: pull.issueId, pullId: pull.id, number: pull.issue.number, action: 'merged' as const };
  if (!(await markMerged(ctx, actor, pull, pull.headCommitId, commit.toLowerCase(), undefined, (publish) => publish('pull_request', merged)))) {
    throw invalid(`pull request #${pull.issue.number} is already merged`);
  }
  return viewOf(ctx, repo, pull.issue.number);
}

/**
 * Deletes the head branch of a merged pull request when the merger may (Gitea's DeleteBranchAfterMerge): it writes
 * to the head repository's code, the branch is neither that repository's default nor covered by a protection rule,
 * no other open pull request comes from it, and it has not moved since the merge (a later push is never lost).
 * Otherwise the branch stays, silently, as in Gitea. Open pull requests into the branch are then retargeted or
 * closed by the branch-deletion rule (branch-deletion.ts).
 */
async function deleteHeadAfterMerge(ctx: ServiceContext, actor: User, pull: PullRow, headRepo: RepositoryWithOwner | null, head: string): Promise<void> {
  if (!headRepo || pull.headBranch === headRepo.defaultBranch) return;
  // Write access to its code, and not archived: otherwise the branch stays.
  const writable = await getWritableRepository(ctx, headRepo.owner.login, headRepo.name).catch((err: unknown) => {
    if (isDomainError(err)) return null;
    throw err;
  });
  if (!writable) return;
  if (ruleFor(await repositoryRules(ctx, headRepo.id), pull.headBranch)) return;
  const others = await ctx.db.pullRequest.count({ where: { headRepoId: headRepo.id, headBranch: pull.headBranch, hasMerged: false, issue: { isClosed: false } } });
  if (others > 0) return;
  const dir = gitDir(ctx, headRepo.id);
  const ref = `${HEADS}${pull.headBranch}`;
  const deleted = await queuedOnRef(dir, ref, async () => {
    const tip = await readBranch(dir, pull.headBranch);
    if (!tip || tip.oid !== head) return false;
    try {
      await deleteRefIfAt(dir, ref, head);
      return true;
    } catch (err) {
      if (err instanceof GitError || isDomainError(err)) return false;
      throw err;
    }
  });
  if (!deleted) return;
  await syncRefs(ctx, headRepo);
  await ctx.events.publish('repo.branch', { repoId: headRepo.id, action: 'deleted', branch: pull.headBranch, oid: head, actorId: actor.id });
}

// ---------------------------------------------------------------------------------------------
// Updating the head branch from the base

/**
 * Brings a pull request's head branch up to date with its base (Gitea's UpdatePullRequest): `merge` writes a merge
 * commit of the base into the head ("Merge branch 'base' into head"), `rebase` replays the head's commits onto
 * the base and moves the head branch to them. Needs write access to the head's code (or, when the poster allows
 * maintainers to edit, to the base's), what the head branch's protection allows (pushing; force pushing for a
 * rebase) and, for a rebase, the repository's `allow_rebase_update` (403 otherwise). A head already up to date is
 * left as it is. Conflicts are 409; a merged or closed pull request is 422. The head branch moves by
 * compare-and-swap; the push it records synchronizes the pull request as any push does.
 */
export async function updatePullRequestBranch(ctx: ServiceContext, owner: string, name: string, number: number, style: UpdateBranchStyle): Promise<PullView> {
  const actor = signedIn(ctx);
  const { repo, permission } = await pullRepository(ctx, owner, name, { unit: 'repo.pulls', level: 'read' });
  const pull = await pullRow(ctx, repo.id, number);
  if (pull.hasMerged) throw invalid(`pull request #${number} is already merged`);
  if (pull.issue.isClosed) throw invalid(`pull request #${number} is closed`);
  const found = await headRepository(ctx, pull, repo);
  if (!found) throw invalid(`the head repository of pull request #${number} was deleted`);
  // The head branch is written: an archived head repository refuses it (423).
  const headRepo = found.id === repo.id ? repo : (await getWritableRepository(ctx, found.owner.login, found.name, 'read')).repo;
  const headPermission = headRepo.id === repo.id ? permission : await repositoryPermission(ctx, headRepo);
  const writesHead = satisfies(headPermission, { unit: 'repo.code', level: 'write' });
  const maintainer = pull.allowMaintainerEdit && satisfies(permission, { unit: 'repo.code', level: 'write' });
  const rule = ruleFor(await repositoryRules(ctx, headRepo.id), pull.headBranch);
  const pusher = { ...(await viewerAsPusher(ctx, headPermission.units['repo.code'])), writesCode: writesHead || maintainer };
  const mayWrite = rule ? (style === 'rebase' ? mayForcePush(rule, pusher) : mayPush(rule, pusher)) : pusher.writesCode;
  if (!mayWrite) throw forbidden(`you may not update the head branch "${pull.headBranch}" of pull request #${number}`);
  if (style === 'rebase' && !repo.allowRebaseUpdate) throw forbidden(`${repo.owner.login}/${repo.name} does not allow updating pull requests by rebase`);

  const baseDir = gitDir(ctx, repo.id);
  const headDir = gitDir(ctx, headRepo.id);
  const base = await readBranch(baseDir, pull.baseBranch);
  if (!base) throw invalid(`the base branch "${pull.baseBranch}" does not exist`);
  if (headRepo.id !== repo.id) await fetchObjects(headDir, baseDir, base.oid);
  const ref = `${HEADS}${pull.headBranch}`;
  const me = identityOf(actor);

  await queuedOnRef(headDir, ref, async () => {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const tip = await readBranch(headDir, pull.headBranch);
      if (!tip) throw invalid(`the head branch "${pull.headBranch}" does not exist`);
      if (await isAncestor(headDir, base.oid, tip.oid)) return;
      let after: string;
      // Signed as merges are (MERGES), the head branch's tip taking the base's place; approved: the head
      // branch has a protection rule and the pull request an official approval.
      const approved = async () => rule !== null && (await reviewGate(ctx.db, { issueId: pull.issueId }, rule)).approvals > 0;
      const sign = await commitSigner(ctx, { kind: 'merge', actor, repoId: headRepo.id, base: tip.oid, head: base.oid, approved });
      if (style === 'merge') {
        const test = await testMerge(headDir, tip.oid, base.oid);
        if (test.conflicted.length > 0) throw conflict(`merging the base into the head conflicts: ${test.conflicted.join(', ')}`);
        after = await createCommit(headDir, {
          tree: test.tree,
          parents: [tip.oid, base.oid],
          message: `Merge branch '${pull.baseBranch}' into ${pull.headBranch}`,
          author: me,
          committer: me,
          sign,
        });
      } else {
        const replay = await replayCommits(headDir, base.oid, await commitsToReplay(headDir, base.oid, tip.oid), me, sign);
        if ('conflict' in replay) throw conflict(`rebasing conflicts: commit ${replay.conflict} does not apply to the base branch`);
        after = replay.tip;
      }
      try {
        await updateRef(headDir, ref, after, tip.oid);
      } catch (err) {
        if (err instanceof GitError && err.code === 'CONFLICT') continue;
        throw err;
      }
      await recordPush(ctx, headRepo, [{ ref, before: tip.oid, after }], actor);
      return;
    }
    throw conflict(`"${pull.headBranch}" kept changing while it was being updated: try again`);
  });
  return viewOf(ctx, repo, number);
}
