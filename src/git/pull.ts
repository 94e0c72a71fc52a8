import { runGit, v } from './command.ts';

/** The ref that keeps a pull request's head commit in its base repository, as Gitea and GitHub name it. */
export const pullHeadRef = (number: number) => `refs/pull/${number}/head`;

/**
 * Points `refs/pull/<number>/head` at `oid`, whatever it pointed at before: the ref only follows the head
 * branch (whose own updates are checked), so the last writer is right. The commit must be in the repository.
 */
export async function setPullHead(gitDir: string, number: number, oid: string) {
  await runGit(['update-ref', '-m', 'graft: pull request head', v(pullHeadRef(number)), v(oid)], { gitDir, what: 'git update-ref' });
}
