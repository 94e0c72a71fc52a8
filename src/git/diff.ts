import { runGit, v } from './command.ts';
import { ObjectMemo } from './memo.ts';

/** How a file changed between two trees. */
export type FileStatus = 'added' | 'modified' | 'removed' | 'renamed';

export interface ChangedFile {
  /** The path after the change (for removals: the removed path). */
  filename: string;
  /** For renames: the path before. */
  previousFilename?: string;
  status: FileStatus;
  additions: number;
  deletions: number;
  /** Binary files count no lines. */
  binary: boolean;
}

export interface Changes {
  files: ChangedFile[];
  additions: number;
  deletions: number;
}

const STATUS: Record<string, FileStatus> = { A: 'added', M: 'modified', D: 'removed', R: 'renamed', C: 'added', T: 'modified' };
const NUMSTAT = /^(\d+|-)\t(\d+|-)\t(.*)$/s;

function summarize(files: ChangedFile[]): Changes {
  let additions = 0;
  let deletions = 0;
  for (const f of files) {
    additions += f.additions;
    deletions += f.deletions;
  }
  return { files, additions, deletions };
}

/**
 * Parses `diff-tree -z --raw --numstat` output. Records are NUL-separated: a raw entry
 * (`:modes oids STATUS` then one path, or two for renames), a numstat entry (`added\tdeleted\tpath`,
 * or `added\tdeleted\t` then two paths for renames), or — with --stdin — a commit id that starts
 * the next commit's section. A token at an entry boundary that is neither raw (leading ':') nor
 * numstat (tabs) can only be a commit id, so file names that look like ids are not mistaken.
 */
export function parseRawNumstat(out: Buffer, withCommitIds: boolean, countedOnly = false): Map<string, Changes> {
  const tokens = out.toString('utf8').split('\0');
  const result = new Map<string, Changes>();
  let current = '';
  let files: ChangedFile[] = [];
  let byPath = new Map<string, ChangedFile>();
  // With `countedOnly`, files without a numstat entry are left out (whitespace options: git counts no line for a
  // file whose changes are all whitespace, and prints no patch for it).
  const counted = new Set<ChangedFile>();
  const flush = () => {
    if (withCommitIds ? current : true) result.set(current, summarize(countedOnly ? files.filter((f) => counted.has(f)) : files));
  };
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i];
    if (token === '' && i === tokens.length - 1) break;
    if (token.startsWith(':')) {
      const status = token.split(' ')[4]?.[0] ?? 'M';
      const twoPaths = status === 'R' || status === 'C';
      const file: ChangedFile = twoPaths
        ? { filename: tokens[i + 2], previousFilename: status === 'R' ? tokens[i + 1] : undefined, status: STATUS[status], additions: 0, deletions: 0, binary: false }
        : { filename: tokens[i + 1], status: STATUS[status] ?? 'modified', additions: 0, deletions: 0, binary: false };
      files.push(file);
      byPath.set(file.filename, file);
      i += twoPaths ? 3 : 2;
      continue;
    }
    const numstat = NUMSTAT.exec(token);
    if (numstat) {
      const [, added, deleted, path] = numstat;
      const filename = path === '' ? tokens[i + 2] : path;
      const file = byPath.get(filename);
      if (file) {
        counted.add(file);
        file.binary = added === '-';
        file.additions = added === '-' ? 0 : Number(added);
        file.deletions = deleted === '-' ? 0 : Number(deleted);
      }
      i += path === '' ? 3 : 1;
      continue;
    }
    // A commit id (diff-tree --stdin): a new section begins.
    if (withCommitIds) {
      if (current) flush();
      current = token;
      files = [];
      byPath = new Map();
    }
    i += 1;
  }
  flush();
  return result;
}

const CHANGE_ARGS = ['-r', '-z', '--raw', '--numstat', '-M', '--no-commit-id'];

/**
 * What each commit changed against its first parent (root commits: against the empty tree), for any
 * number of commits in ONE `git diff-tree --stdin`. Merges are compared with their first parent.
 */
export async function changesOfCommits(gitDir: string, oids: string[]): Promise<Map<string, Changes>> {
  const unique = [...new Set(oids)];
  if (unique.length === 0) return new Map();
  for (const oid of unique) if (!/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(oid)) throw new Error(`not a commit id: ${oid}`);
  // A commit's changes never change: only the commits not seen before cost a git call.
  const { known, missing } = commitChanges.partition(unique, (oid) => `${gitDir}\0${oid}`);
  if (missing.length === 0) return known;
  const { stdout } = await runGit(['diff-tree', '--stdin', '--always', '--root', '--diff-merges=first-parent', '-r', '-z', '--raw', '--numstat', '-M'], {
    gitDir,
    input: missing.join('\n') + '\n',
    what: 'git diff-tree',
  });
  const computed = parseRawNumstat(stdout, true);
  for (const [oid, changes] of computed) {
    commitChanges.set(`${gitDir}\0${oid}`, changes);
    known.set(oid, changes);
  }
  return known;
}

const commitChanges = new ObjectMemo<Changes>(5_000);

const OBJECT_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;
const rangeChanges = new ObjectMemo<Changes>(200);

/** How a diff treats whitespace: git's -w, -b and --ignore-space-at-eol, or every change counted. */
export type WhitespaceMode = 'show-all' | 'ignore-all' | 'ignore-change' | 'ignore-eol';
const WHITESPACE_FLAGS: Record<WhitespaceMode, string | null> = {
  'show-all': null,
  'ignore-all': '-w',
  'ignore-change': '-b',
  'ignore-eol': '--ignore-space-at-eol',
};

/**
 * What changed from one tree-ish to another (one git call). Ignoring whitespace leaves out the files whose
 * changes are all whitespace, as git's patch leaves them out. Between two object ids the answer never changes,
 * so it is remembered: the pages of one pull request's files cost one git call together.
 */
export async function changesBetween(gitDir: string, from: string, to: string, whitespace: WhitespaceMode = 'show-all'): Promise<Changes> {
  const key = OBJECT_ID.test(from) && OBJECT_ID.test(to) ? `${gitDir}\0${from}\0${to}\0${whitespace}` : null;
  const known = key ? rangeChanges.get(key) : undefined;
  if (known) return known;
  const flag = WHITESPACE_FLAGS[whitespace];
  const { stdout } = await runGit(['diff-tree', ...CHANGE_ARGS, ...(flag ? [flag] : []), v(from), v(to)], { gitDir, what: 'git diff-tree' });
  const changes = parseRawNumstat(stdout, false, flag !== null).get('') ?? { files: [], additions: 0, deletions: 0 };
  if (key) rangeChanges.set(key, changes);
  return changes;
}

/** A commit's raw diff against its first parent (root commits: against nothing), as `git diff` prints it. */
export async function commitDiff(gitDir: string, oid: string, firstParent: string | null): Promise<Buffer> {
  const args = firstParent
    ? ['diff-tree', '-p', '-M', '--no-commit-id', v(firstParent), v(oid)]
    : ['diff-tree', '-p', '-M', '--no-commit-id', '--root', v(oid)];
  return (await runGit(args, { gitDir, what: 'git diff-tree' })).stdout;
}

/** A commit as an mbox patch (`git format-patch --stdout -1`); merges give an empty patch, as in git. */
export async function commitPatch(gitDir: string, oid: string): Promise<Buffer> {
  return (await runGit(['format-patch', '--stdout', '--no-signature', '--root', '-1', v(oid)], { gitDir, what: 'git format-patch' })).stdout;
}

/** The diff from one commit to another. */
export async function rangeDiff(gitDir: string, from: string, to: string): Promise<Buffer> {
  return (await runGit(['diff-tree', '-p', '-M', '--no-commit-id', v(from), v(to)], { gitDir, what: 'git diff-tree' })).stdout;
}

/** The commits reachable from `to` but not from `from`, as an mbox series (oldest first). */
export async function rangePatch(gitDir: string, from: string, to: string): Promise<Buffer> {
  return (await runGit(['format-patch', '--stdout', '--no-signature', v(`${from}..${to}`)], { gitDir, what: 'git format-patch' })).stdout;
}

/** The diff from one commit to another of some paths only (review comments cut their hunks from it): one git call. */
export async function pathsDiff(gitDir: string, from: string, to: string, paths: readonly string[]): Promise<string> {
  if (paths.length === 0) return '';
  const args = ['diff-tree', '-p', '--no-commit-id', '--no-renames', v(from), v(to), '--', ...paths.map((p) => `:(literal)${p}`)];
  return (await runGit(args, { gitDir, what: 'git diff-tree' })).stdout.toString('utf8');
}
