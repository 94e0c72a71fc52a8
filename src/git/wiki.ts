import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { exists, initBare, resolveCommit, setHead, type ObjectFormat } from './repo.ts';

/**
 * A wiki is a bare repository of its own beside its repository's. These are the few things about it that
 * plain repositories do not need; its pages are read and written with the same plumbing as files.
 */

/** The branch HEAD names (`ref: refs/heads/<branch>`), read from the file: no process. Null when HEAD is detached or missing. */
export async function headBranch(gitDir: string): Promise<string | null> {
  try {
    const text = await readFile(path.join(gitDir, 'HEAD'), 'utf8');
    const match = /^ref: refs\/heads\/(.+)\s*$/.exec(text);
    return match ? match[1].trim() : null;
  } catch {
    return null;
  }
}

/** Creates the wiki's repository unless it exists (git init is safe to repeat when two writers race). */
export async function ensureWikiRepository(gitDir: string, options: { objectFormat: ObjectFormat; defaultBranch: string }): Promise<void> {
  if (await exists(gitDir)) return;
  await initBare(gitDir, options);
}

/**
 * After a push: when HEAD names a branch that does not exist (a wiki's first push, under another branch name than
 * the one the wiki was created with), HEAD is pointed at a pushed branch, so pages are read from it.
 */
export async function adoptPushedBranch(gitDir: string, pushed: string[]): Promise<void> {
  const head = await headBranch(gitDir);
  if (head && (pushed.includes(head) || (await resolveCommit(gitDir, `refs/heads/${head}`)))) return;
  const branch = pushed.includes('master') ? 'master' : pushed.includes('main') ? 'main' : pushed[0];
  await setHead(gitDir, branch);
}
