import { runGit, v } from './command.ts';

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
