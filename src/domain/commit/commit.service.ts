import type { Repository } from '../../db/models.ts';
import { badRequest, invalid, notFound } from '../../errors.ts';
import { changesBetween, changesOfCommits, commitDiff, commitPatch, rangeDiff, rangePatch, type Changes } from '../../git/diff.ts';
import { lfsPointer, listTree, readBlob, type ListedEntry } from '../../git/gitdata.ts';
import { countCommits, logCommits, mergeBase, type HistorySelection } from '../../git/log.ts';
import { readNote } from '../../git/notes.ts';
import type { Commit } from '../../git/objects.ts';
import { isCommitInfo, readCommitInfo, revisionProblem, type CommitInfo } from '../../git/refs.ts';
import { resolveCommit } from '../../git/repo.ts';
import { cleanPath } from '../../git/write.ts';
import type { Page, PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { toDomainError, withGitErrors } from '../git-errors.ts';
import { repositoryPath } from '../repo/storage.ts';

/**
 * Commits and git data of a repository the caller has already been allowed to read (the Repository
 * object it comes from was loaded through the access rules). Revisions may be commit ids, branches,
 * tags or any git revision expression; those that could be read as options are refused.
 */
type Ctx = Pick<ServiceContext, 'config'>;

/**
 * A commit as the graph carries it: the commit and the repository it was read from, with the commit's
 * plain fields beside them, so that a list's items answer them with no resolver call each (commitNode).
 */
export interface CommitNode {
  repo: Repository;
  commit: Commit;
  oid: string;
  message: string;
  author: Commit['author'];
  committer: Commit['committer'];
}

export function commitNode(repo: Repository, commit: Commit): CommitNode {
  return { repo, commit, oid: commit.oid, message: commit.message, author: commit.author, committer: commit.committer };
}

export const gitDirOf = (ctx: Ctx, repo: Pick<Repository, 'id'>) => repositoryPath(ctx.config, repo.id);

/** Refuses revisions that git could take for an option or that carry control characters (refs.ts: revisionProblem). */
export function checkRevision(rev: string, what = 'revision'): string {
  const problem = revisionProblem(rev);
  if (problem === 'empty') throw invalid(`${what} must not be empty`);
  if (problem === 'option') throw invalid(`${what} "${rev}" may not start with "-"`);
  if (problem === 'malformed') throw invalid(`${what} is not a valid revision`);
  return rev;
}

/** Git work whose failures become domain errors; a missing object is reported as `notFoundMessage`. */
const git = <T>(run: () => Promise<T>, notFoundMessage: string): Promise<T> => withGitErrors(run, { notFound: notFoundMessage });

/** The commit a revision names, or null. */
export async function resolveCommitId(ctx: Ctx, repo: Repository, rev: string): Promise<string | null> {
  return resolveCommit(gitDirOf(ctx, repo), checkRevision(rev));
}

/** One commit by revision; null when the revision names no commit. */
export async function getCommit(ctx: Ctx, repo: Repository, rev: string): Promise<CommitNode | null> {
  const commit = await readCommitInfo(gitDirOf(ctx, repo), checkRevision(rev));
  return commit ? commitNode(repo, commit) : null;
}

export interface NoteNode {
  message: string;
  /** The commit of the notes history that last changed the note (what Gitea shows beside it). */
  commit: CommitNode;
}

/** The git note of the commit a revision names; null when the revision names no commit or the commit has no note. */
export async function getNote(ctx: Ctx, repo: Repository, rev: string): Promise<NoteNode | null> {
  const gitDir = gitDirOf(ctx, repo);
  const oid = await resolveCommit(gitDir, checkRevision(rev));
  const note = oid && (await readNote(gitDir, oid));
  if (!note) return null;
  const commit = await readCommitInfo(gitDir, note.notesCommit);
  return commit && { message: note.message.toString('utf8'), commit: commitNode(repo, commit) };
}

export interface HistoryFilter {
  /** Where to start; the default branch when absent. */
  rev?: string | null;
  /** Only commits that touch this file or directory. */
  path?: string | null;
  since?: Date | null;
  until?: Date | null;
  /** Leave out the history of this revision. */
  not?: string | null;
}

function cleanOptionalPath(path: string | null | undefined): string | undefined {
  if (!path || path.replace(/\//g, '') === '') return undefined;
  try {
    return cleanPath(path);
  } catch (err) {
    throw toDomainError(err);
  }
}

/** A page of history, newest first, with the total: one `git log` and one `git rev-list --count`. */
export async function listCommits(ctx: Ctx, repo: Repository, filter: HistoryFilter, window: PageWindow): Promise<Page<CommitNode>> {
  const rev = checkRevision(filter.rev || `refs/heads/${repo.defaultBranch}`, 'sha');
  if (filter.not) checkRevision(filter.not, 'not');
  const path = cleanOptionalPath(filter.path);
  if (filter.since && filter.until && filter.since > filter.until) throw invalid('since must not be later than until');
  // An empty repository has no history to show (and no branch to start from).
  if (repo.isEmpty) return { items: [], totalCount: 0 };
  // Both ends must name commits (a blob or tree id would silently give an empty history).
  const [start, excluded] = await Promise.all([resolveCommitId(ctx, repo, rev), filter.not ? resolveCommitId(ctx, repo, filter.not) : null]);
  if (!start) throw notFound(`revision "${rev}" does not exist`);
  if (filter.not && !excluded) throw notFound(`revision "${filter.not}" does not exist`);
  const selection: HistorySelection = {
    revisions: [start],
    exclude: excluded ? [excluded] : [],
    path,
    since: filter.since ?? undefined,
    until: filter.until ?? undefined,
  };
  return historyPage(ctx, repo, selection, window, `revision "${rev}" does not exist`);
}

async function historyPage(ctx: Ctx, repo: Repository, selection: HistorySelection, window: PageWindow, missing: string): Promise<Page<CommitNode>> {
  const gitDir = gitDirOf(ctx, repo);
  const [commits, totalCount] = await git(
    () => Promise.all([logCommits(gitDir, selection, { skip: window.offset, limit: window.limit }), countCommits(gitDir, selection)]),
    missing,
  );
  return { items: commits.map((commit) => commitNode(repo, commit)), totalCount };
}

/** Files changed by each commit, with line counts, for many commits in one git call. */
export async function changesOf(ctx: Ctx, repo: Pick<Repository, 'id'>, oids: string[]): Promise<Map<string, Changes>> {
  return changesOfCommits(gitDirOf(ctx, repo), oids);
}

/**
 * The commit with its signature and signed payload, for signature checks (src/domain/gpg/gpg.verification.ts).
 * Read through the cat-file reader (no process per commit): commits read from their objects carry their
 * payload already (answered without a promise: lists resolve one per item); those from a log listing are read again.
 */
export function signedCommitOf(ctx: Ctx, node: CommitNode): CommitInfo | Promise<CommitInfo | null> {
  if (isCommitInfo(node.commit)) return node.commit;
  return readCommitInfo(gitDirOf(ctx, node.repo), node.commit.oid);
}

/** The commit's diff against its first parent, as text. */
export async function diffOf(ctx: Ctx, node: CommitNode): Promise<string> {
  const out = await git(() => commitDiff(gitDirOf(ctx, node.repo), node.commit.oid, node.commit.parents[0] ?? null), `commit ${node.commit.oid} does not exist`);
  return out.toString('utf8');
}

/** The commit as a `git am`-able mbox patch. */
export async function patchOf(ctx: Ctx, node: CommitNode): Promise<string> {
  const out = await git(() => commitPatch(gitDirOf(ctx, node.repo), node.commit.oid), `commit ${node.commit.oid} does not exist`);
  return out.toString('utf8');
}

export interface TreeListing {
  oid: string;
  page: Page<ListedEntry>;
}

/** A tree's entries (recursively if asked), one page of them, with the total. Null when `rev` names no tree. */
export async function getTree(ctx: Ctx, repo: Repository, rev: string, recursive: boolean, window: PageWindow): Promise<TreeListing | null> {
  checkRevision(rev, 'sha');
  const listing = await git(() => listTree(gitDirOf(ctx, repo), rev, recursive), `tree "${rev}" does not exist`);
  if (!listing) return null;
  return {
    oid: listing.oid,
    page: { items: listing.entries.slice(window.offset, window.offset + window.limit), totalCount: listing.entries.length },
  };
}

export interface BlobData {
  oid: string;
  size: number;
  /** Absent when the blob is larger than DEFAULT_MAX_BLOB_SIZE. */
  content?: Buffer;
  lfs?: { oid: string; size: number } | null;
}

/** A blob by its object id (hex, full or unambiguously abbreviated); null when no such blob exists. */
export async function getBlob(ctx: Ctx, repo: Repository, oid: string): Promise<BlobData | null> {
  if (!/^[0-9a-f]{4,64}$/i.test(oid)) throw badRequest(`"${oid}" is not an object id`);
  const blob = await git(() => readBlob(gitDirOf(ctx, repo), oid.toLowerCase(), ctx.config.api.DEFAULT_MAX_BLOB_SIZE), `blob ${oid} does not exist`);
  if (!blob) return null;
  return { ...blob, lfs: blob.content ? lfsPointer(blob.content) : null };
}

/** Two commits compared: what `head` adds to `base`. */
export interface Comparison {
  repo: Repository;
  baseOid: string;
  headOid: string;
  /** The best common ancestor; null when the histories are unrelated. */
  mergeBaseOid: string | null;
  /** Where the file diff starts: the merge base (three dots) or the base itself (two dots, or unrelated). */
  diffFromOid: string;
}

/**
 * Compares two revisions (commit ids, branches, tags). With `direct` (base..head) the files are diffed
 * from base itself; otherwise (base...head) from the merge base, as a pull request would show them.
 */
export async function compare(ctx: Ctx, repo: Repository, base: string, head: string, direct = false): Promise<Comparison> {
  checkRevision(base, 'base');
  checkRevision(head, 'head');
  const [baseOid, headOid] = await Promise.all([resolveCommitId(ctx, repo, base), resolveCommitId(ctx, repo, head)]);
  if (!baseOid) throw notFound(`base "${base}" is not a branch, tag or commit of this repository`);
  if (!headOid) throw notFound(`head "${head}" is not a branch, tag or commit of this repository`);
  const gitDir = gitDirOf(ctx, repo);
  const mergeBaseOid = await git(() => mergeBase(gitDir, baseOid, headOid), 'commit does not exist');
  return { repo, baseOid, headOid, mergeBaseOid, diffFromOid: direct || !mergeBaseOid ? baseOid : mergeBaseOid };
}

/** The commits of a comparison (reachable from head, not from base), newest first. */
export function comparisonCommits(ctx: Ctx, comparison: Comparison, window: PageWindow): Promise<Page<CommitNode>> {
  return historyPage(ctx, comparison.repo, { revisions: [comparison.headOid], exclude: [comparison.baseOid] }, window, 'commit does not exist');
}

export function comparisonChanges(ctx: Ctx, comparison: Comparison): Promise<Changes> {
  return git(() => changesBetween(gitDirOf(ctx, comparison.repo), comparison.diffFromOid, comparison.headOid), 'commit does not exist');
}

export async function comparisonDiff(ctx: Ctx, comparison: Comparison): Promise<string> {
  const out = await git(() => rangeDiff(gitDirOf(ctx, comparison.repo), comparison.diffFromOid, comparison.headOid), 'commit does not exist');
  return out.toString('utf8');
}

export async function comparisonPatch(ctx: Ctx, comparison: Comparison): Promise<string> {
  const out = await git(() => rangePatch(gitDirOf(ctx, comparison.repo), comparison.baseOid, comparison.headOid), 'commit does not exist');
  return out.toString('utf8');
}

