import { lstat, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gitText, runGit } from './command.ts';
import { closeReaders } from './cat-file.ts';
import type { ObjectFormat } from './repo.ts';

/**
 * Upkeep of repositories on disk, run by the cron tasks (src/domain/cron): checks, garbage collection, and the
 * removal of what interrupted work left behind. Extra arguments come from the configuration (trusted, as in Gitea),
 * never from a request.
 */

/** `git fsck` on one repository; a failure (a corrupt object, a timeout) is a GitError with git's words. */
export async function fsck(gitDir: string, options: { args: string[]; timeoutMs: number; signal?: AbortSignal }): Promise<void> {
  await runGit(['fsck', ...options.args], { gitDir, timeoutMs: options.timeoutMs, signal: options.signal, what: 'git fsck' });
}

/** `git gc` on one repository (Gitea's default arguments: none besides GC_ARGS). */
export async function gc(gitDir: string, options: { args: string[]; timeoutMs: number; signal?: AbortSignal }): Promise<void> {
  // Readers hold pack files open; they reopen on their next read.
  closeReaders(gitDir);
  await runGit(['gc', ...options.args], { gitDir, timeoutMs: options.timeoutMs, signal: options.signal, what: 'git gc' });
}

/** The branch HEAD names in a bare repository (whether or not it exists), or null when HEAD is detached. */
export async function headBranch(gitDir: string): Promise<string | null> {
  const out = await gitText(['symbolic-ref', '--quiet', 'HEAD'], { gitDir, okExitCodes: [1] });
  return out.startsWith('refs/heads/') ? out.slice('refs/heads/'.length) : null;
}

/** The object format of a repository on disk. */
export async function objectFormatOf(gitDir: string): Promise<ObjectFormat> {
  const out = await gitText(['rev-parse', '--show-object-format'], { gitDir });
  return out === 'sha256' ? 'sha256' : 'sha1';
}

/** Prefixes of the temporary files and directories the archive downloads make (archive.ts), in the system's temp folder. */
const ARCHIVE_TEMPORARIES = ['graft-bundle-'];

/**
 * Removes temporary archive files (bundles in the making) older than `olderThanMs`: what a download cut off by a
 * stopped process left behind. Answers how many were removed.
 */
export async function removeStaleArchiveTemporaries(olderThanMs: number, now = Date.now()): Promise<number> {
  const dir = os.tmpdir();
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!ARCHIVE_TEMPORARIES.some((prefix) => name.startsWith(prefix))) continue;
    const file = path.join(dir, name);
    const info = await lstat(file).catch(() => null);
    if (!info || now - info.mtimeMs < olderThanMs) continue;
    await rm(file, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
