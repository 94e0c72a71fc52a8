import { gitText, runGit, v, type Arg } from './command.ts';
import { ObjectMemo } from './memo.ts';
import { formatDate, type Commit, type Signature } from './objects.ts';

/**
 * Commit history: one `git log` with a fixed NUL-separated format for a page of commits, and one
 * `git rev-list --count` with the same selection for the total. Revisions are user values (v()),
 * paths go after `--` and are matched literally (no pathspec magic).
 */
export interface HistorySelection {
  /** Revisions to start from (commit ids, branches, tags, any revision expression). */
  revisions: string[];
  /** Revisions whose history is left out (`--not`). */
  exclude?: string[];
  /**
   * Leave out the history of every ref of the repository but these (full names, e.g. the refs a push just
   * moved): what is new to the repository. `--exclude=<ref>… --glob=refs/*` after `--not` (not `--all`, which
   * counts HEAD too, and HEAD names a branch the push may have moved).
   */
  excludeRefsBut?: string[];
  /** Only commits touching this path (file or directory). */
  path?: string;
  /** Only commits whose committer date is at or after / before these times. */
  since?: Date;
  until?: Date;
}

// Ten fields per commit, each ended by NUL (the last one by -z).
const FORMAT = ['%H', '%T', '%P', '%an', '%ae', '%ad', '%cn', '%ce', '%cd', '%B'].join('%x00');
const FIELDS = 10;
const LITERAL_PATHS = { GIT_LITERAL_PATHSPECS: '1' };

function selectionArgs(selection: HistorySelection): Arg[] {
  const args: Arg[] = [];
  // Dates are ours (from Date objects), so they are safe as literal option text.
  if (selection.since) args.push(`--since=${selection.since.toISOString()}`);
  if (selection.until) args.push(`--until=${selection.until.toISOString()}`);
  for (const rev of selection.revisions) args.push(v(rev));
  if (selection.exclude?.length || selection.excludeRefsBut) {
    args.push('--not');
    for (const rev of selection.exclude ?? []) args.push(v(rev));
    if (selection.excludeRefsBut) {
      // Ref names hold no glob characters (git refuses *, ? and [ in them), so each is matched as itself.
      for (const ref of selection.excludeRefsBut) args.push(`--exclude=${v(ref).text}`);
      args.push('--glob=refs/*');
    }
  }
  args.push('--');
  if (selection.path) args.push(selection.path);
  return args;
}

function signature(name: string, email: string, raw: string): Signature {
  const [seconds, offset] = raw.split(' ');
  return { name, email, date: formatDate(Number(seconds), offset ?? '+0000') };
}

/** Parses `git log -z --date=raw --format=FORMAT` output. */
export function parseLog(out: Buffer): Commit[] {
  const fields = out.toString('utf8').split('\0');
  const commits: Commit[] = [];
  for (let i = 0; i + FIELDS <= fields.length; i += FIELDS) {
    const [oid, tree, parents, an, ae, ad, cn, ce, cd, message] = fields.slice(i, i + FIELDS);
    commits.push({
      oid,
      tree,
      parents: parents ? parents.split(' ') : [],
      author: signature(an, ae, ad),
      committer: signature(cn, ce, cd),
      message,
    });
  }
  return commits;
}

/** A page of history, newest first (git log order). */
export async function logCommits(gitDir: string, selection: HistorySelection, page: { skip: number; limit: number }): Promise<Commit[]> {
  if (page.limit <= 0) return [];
  const { stdout } = await runGit(
    ['log', '-z', '--date=raw', `--format=${FORMAT}`, `--skip=${Math.max(0, Math.floor(page.skip))}`, `--max-count=${Math.floor(page.limit)}`, ...selectionArgs(selection)],
    { gitDir, env: LITERAL_PATHS, what: 'git log' },
  );
  return parseLog(stdout);
}

/** How many commits the selection holds. */
export async function countCommits(gitDir: string, selection: HistorySelection): Promise<number> {
  const out = await gitText(['rev-list', '--count', ...selectionArgs(selection)], { gitDir, env: LITERAL_PATHS, what: 'git rev-list' });
  return Number(out) || 0;
}

/** The best common ancestor of two commits, or null when their histories are unrelated. */
export async function mergeBase(gitDir: string, a: string, b: string): Promise<string | null> {
  const { stdout, exitCode } = await runGit(['merge-base', v(a), v(b)], { gitDir, okExitCodes: [1] });
  return exitCode === 0 ? stdout.toString('utf8').trim() || null : null;
}

const OBJECT_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;
const idLists = new ObjectMemo<readonly string[]>(200);

/**
 * The ids of the commits reachable from `head` but from none of `exclude`, newest first (git log's order): one
 * `git rev-list`. The history of commit ids never changes, so the list is remembered: every page of a pull
 * request's commits reads the same list, and only the first one asks git.
 */
export async function commitIdsBetween(gitDir: string, head: string, exclude: string[]): Promise<readonly string[]> {
  const key = [head, ...exclude].every((oid) => OBJECT_ID.test(oid)) ? `${gitDir}\0${head}\0${exclude.join(' ')}` : null;
  const known = key ? idLists.get(key) : undefined;
  if (known) return known;
  const out = await gitText(['rev-list', ...selectionArgs({ revisions: [head], exclude })], { gitDir, what: 'git rev-list' });
  const ids = Object.freeze(out ? out.split('\n').filter(Boolean) : []);
  if (key) idLists.set(key, ids);
  return ids;
}
