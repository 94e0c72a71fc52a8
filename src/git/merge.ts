import { gitText, runGit, v } from './command.ts';
import { createCommit, identityEnv, type CommitSigner, type Identity } from './write.ts';

/** Whether `ancestor` is `descendant` or one of its ancestors. */
export async function isAncestor(gitDir: string, ancestor: string, descendant: string): Promise<boolean> {
  const result = await runGit(['merge-base', '--is-ancestor', v(ancestor), v(descendant)], { gitDir, okExitCodes: [1] });
  return result.exitCode === 0;
}

/**
 * Merges two commits without a working tree (`git merge-tree --write-tree`): the tree of the merge, or
 * null when the two conflict (nothing is written to any ref either way).
 */
export async function mergeTrees(gitDir: string, ours: string, theirs: string): Promise<string | null> {
  const result = await runGit(['merge-tree', '--write-tree', '--no-messages', v(ours), v(theirs)], { gitDir, okExitCodes: [1] });
  if (result.exitCode === 1) return null;
  return result.stdout.toString('utf8').split('\n')[0].trim();
}

/** What a test merge of two commits says: the merged tree (also written on conflict) and the paths that conflict. */
export interface TestMerge {
  tree: string;
  conflicted: string[];
}

/**
 * Merges `theirs` into `ours` without a working tree or any ref (`git merge-tree --write-tree --name-only`): the
 * tree git wrote and the paths that conflict (none when the two merge cleanly).
 */
export async function testMerge(gitDir: string, ours: string, theirs: string): Promise<TestMerge> {
  const result = await runGit(['merge-tree', '--write-tree', '--name-only', '--no-messages', '-z', v(ours), v(theirs)], {
    gitDir,
    okExitCodes: [1],
    what: 'git merge-tree',
  });
  const [tree, ...rest] = result.stdout.toString('utf8').split('\0');
  if (result.exitCode === 0) return { tree: tree.trim(), conflicted: [] };
  const conflicted: string[] = [];
  for (const name of rest) {
    if (name === '') break;
    if (!conflicted.includes(name)) conflicted.push(name);
  }
  return { tree: tree.trim(), conflicted };
}

// ---------------------------------------------------------------------------------------------
// Replaying commits (rebase) without a working tree

/** The commits of `head` that `base` lacks, oldest first, merge commits left out (as `git rebase` replays them). */
export async function commitsToReplay(gitDir: string, base: string, head: string): Promise<string[]> {
  const out = await gitText(['rev-list', '--reverse', '--topo-order', '--no-merges', v(head), v(`^${base}`)], { gitDir });
  return out ? out.split('\n') : [];
}

/** A commit's raw header fields that a replay keeps: its first parent, its tree, its author (with its date as written) and message. */
interface RawCommit {
  tree: string;
  parent: string | null;
  author: Identity;
  message: string;
}

async function rawCommit(gitDir: string, oid: string): Promise<RawCommit> {
  const text = (await runGit(['cat-file', 'commit', v(oid)], { gitDir })).stdout.toString('utf8');
  const end = text.indexOf('\n\n');
  const headers = (end < 0 ? text : text.slice(0, end)).split('\n');
  const field = (name: string) => headers.find((line) => line.startsWith(`${name} `))?.slice(name.length + 1) ?? null;
  const match = /^(.*) <(.*)> (\d+) ([+-]\d{4})$/.exec(field('author') ?? '');
  const author: Identity = match
    ? { name: match[1], email: match[2], date: new Date(Number(match[3]) * 1000), timezone: match[4] }
    : { name: 'unknown', email: '' };
  return { tree: field('tree') ?? '', parent: field('parent'), author, message: end < 0 ? '' : text.slice(end + 2) };
}

/** The tree of a commit (`<oid>^{tree}`). */
export const treeOf = (gitDir: string, commit: string) => gitText(['rev-parse', '--verify', '--end-of-options', v(`${commit}^{tree}`)], { gitDir });

const PICK_IDENTITY: Identity = { name: 'Graft', email: 'graft@localhost', date: new Date('2000-01-01T00:00:00Z') };

/**
 * The tree of `commit` picked onto `onto` (a cherry-pick: the change from the commit's parent to the commit,
 * applied to onto's tree), or null when it conflicts. git 2.39's merge-tree takes no merge base, so a scratch
 * commit with onto's tree whose parent is the picked commit's parent makes that parent the merge base; the
 * scratch commit is written to no ref.
 */
async function pickTree(gitDir: string, onto: string, commit: string, parent: string): Promise<string | null> {
  const scratch = await gitText(['commit-tree', v(`${onto}^{tree}`), '-p', v(parent)], {
    gitDir,
    env: identityEnv(PICK_IDENTITY, PICK_IDENTITY),
    input: 'graft: replay base\n',
  });
  return mergeTrees(gitDir, scratch, commit);
}

/** What a replay ends with: the new tip, or the commit that did not apply. */
export type Replay = { tip: string; replayed: number } | { conflict: string };

/**
 * Replays `commits` (oldest first) onto `onto`, each as a new commit that keeps its author, date and message
 * with `committer` as its committer, signed with `sign` when given (`git rebase` without a working tree:
 * merge-tree, commit-tree). A commit whose change is already in the new base is dropped, as rebase drops it.
 * Writes no ref.
 */
export async function replayCommits(gitDir: string, onto: string, commits: string[], committer: Identity, sign?: CommitSigner): Promise<Replay> {
  let tip = onto;
  let tipTree = await treeOf(gitDir, onto);
  let replayed = 0;
  for (const oid of commits) {
    const commit = await rawCommit(gitDir, oid);
    if (!commit.parent) return { conflict: oid };
    const tree = await pickTree(gitDir, tip, oid, commit.parent);
    if (tree === null) return { conflict: oid };
    if (tree === tipTree) continue;
    tip = await createCommit(gitDir, { tree, parents: [tip], message: commit.message, author: commit.author, committer, sign });
    tipTree = tree;
    replayed++;
  }
  return { tip, replayed };
}
