import type { GitChild } from './spawner.ts';
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runGit, spawnGit, v } from './command.ts';
import type { ObjectFormat } from './repo.ts';

/**
 * Downloads produced by git as streams: archives (`git archive`), bundles (`git bundle create -`) and raw
 * blobs (`git cat-file blob`). The caller pipes the child's stdout to the client, so memory stays flat
 * whatever the size, and kills the child when the client goes away.
 */

export type ArchiveFormat = 'tar.gz' | 'zip' | 'bundle';
export const ARCHIVE_FORMATS: ArchiveFormat[] = ['tar.gz', 'zip', 'bundle'];

export interface GitStream {
  child: GitChild;
  /** Removes temporary files once the child is done; safe to call more than once. */
  cleanup(): Promise<void>;
}

const LONG_RUNNING_MS = 60 * 60 * 1000;
const noCleanup = async () => {};

/** `git archive --format=tar.gz|zip [--prefix=<prefix>] <commit> -- [paths]`. */
export function archiveStream(
  gitDir: string,
  options: { format: 'tar.gz' | 'zip'; commit: string; prefix?: string; paths?: string[] },
): GitStream {
  // The prefix is ours (built from a validated repository name), so it may be option text.
  if (options.prefix && !/^[A-Za-z0-9_.-]+\/$/.test(options.prefix)) throw new Error(`archive: invalid prefix ${options.prefix}`);
  const args = ['archive', `--format=${options.format}`, ...(options.prefix ? [`--prefix=${options.prefix}`] : [])];
  const child = spawnGit(
    // Paths come after `--`, matched literally: they can never become options.
    [...args, v(options.commit), '--', ...(options.paths ?? [])],
    { gitDir, env: { GIT_LITERAL_PATHSPECS: '1' }, timeoutMs: LONG_RUNNING_MS },
  );
  return { child, cleanup: noCleanup };
}

/**
 * A bundle holding `commit` and its history as the branch "bundle" with HEAD on it, so `git clone x.bundle`
 * checks it out. The bundle is made in a throw-away bare repository that borrows the objects of the real
 * one (alternates), so nothing is copied and the real repository's refs are untouched.
 */
export async function bundleStream(gitDir: string, options: { commit: string; objectFormat: ObjectFormat }): Promise<GitStream> {
  const tmp = path.join(os.tmpdir(), `graft-bundle-${randomBytes(8).toString('hex')}`);
  const cleanup = () => rm(tmp, { recursive: true, force: true });
  try {
    await runGit(['init', '--bare', '--quiet', `--object-format=${options.objectFormat}`, '--initial-branch=bundle', '--', tmp]);
    await writeFile(path.join(tmp, 'objects', 'info', 'alternates'), `${path.resolve(gitDir, 'objects')}\n`);
    if (!/^[0-9a-f]+$/.test(options.commit)) throw new Error('bundle: a commit id is required');
    await writeFile(path.join(tmp, 'refs', 'heads', 'bundle'), `${options.commit}\n`);
    const child = spawnGit(['bundle', 'create', '--quiet', '-', 'bundle', 'HEAD'], { gitDir: tmp, timeoutMs: LONG_RUNNING_MS });
    return { child, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/** `git cat-file blob <oid>`: the bytes of one blob, streamed. */
export function blobStream(gitDir: string, oid: string): GitStream {
  return { child: spawnGit(['cat-file', 'blob', v(oid)], { gitDir, timeoutMs: LONG_RUNNING_MS }), cleanup: noCleanup };
}
