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
