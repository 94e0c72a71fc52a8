import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { gitText, runGit, v } from './command.ts';
import { closeReaders, readObject } from './cat-file.ts';
import { GitError } from './errors.ts';
import { revisionProblem } from './names.ts';
import { parseCommit, type Commit } from './objects.ts';

export type ObjectFormat = 'sha1' | 'sha256';

export const zeroOid = (format: ObjectFormat) => '0'.repeat(format === 'sha256' ? 64 : 40);

/** A valid name for a new branch or tag (names.ts holds the name checks; this is an alias). */
export { isValidRefShortName as isValidRefName } from './names.ts';

export async function initBare(gitDir: string, options: { objectFormat: ObjectFormat; defaultBranch: string }) {
  await mkdir(path.dirname(gitDir), { recursive: true });
  await runGit(['init', '--bare', '--quiet', `--object-format=${options.objectFormat}`, `--initial-branch=${options.defaultBranch}`, '--', gitDir]);
  // Server-side defaults: accept what clients push, keep garbage collection automatic.
  for (const [key, value] of [
    ['receive.denyNonFastForwards', 'false'],
    ['receive.denyDeleteCurrent', 'refuse'],
    ['uploadpack.allowFilter', 'true'],
    ['uploadpack.allowAnySHA1InWant', 'true'],
    ['core.logAllRefUpdates', 'false'],
  ]) {
    await runGit(['config', key, value], { gitDir });
  }
}

/**
 * Removes a repository directory. It is first renamed aside (atomic), so a push still running against it
 * finishes in the renamed copy and can never leave files behind at the repository's path.
 */
export async function removeRepository(gitDir: string) {
  closeReaders(gitDir);
  const trash = `${gitDir}.deleted-${process.pid}-${Date.now()}`;
  try {
    await rename(gitDir, trash);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  await rm(trash, { recursive: true, force: true });
}

export async function exists(gitDir: string): Promise<boolean> {
  try {
    return (await stat(path.join(gitDir, 'HEAD'))).isFile();
  } catch {
    return false;
  }
}

export interface Ref {
  name: string;
  oid: string;
  /** For annotated tags: the commit they point at. */
  peeled?: string;
}

/** All refs under a prefix (refs/heads/, refs/tags/), one git call. */
export async function listRefs(gitDir: string, prefix = 'refs/'): Promise<Ref[]> {
  const out = await gitText(['for-each-ref', '--format=%(objectname) %(refname) %(*objectname)', v(prefix)], { gitDir });
  if (!out) return [];
  return out.split('\n').map((line) => {
    const [oid, name, peeled] = line.split(' ');
    return { oid, name, ...(peeled ? { peeled } : {}) };
  });
}

/** The commit a revision names (branch, tag, oid, HEAD~2 …), or null. */
export async function resolveCommit(gitDir: string, rev: string): Promise<string | null> {
  if (revisionProblem(rev)) return null;
  const obj = await readObject(gitDir, `${rev}^{commit}`);
  return obj?.oid ?? null;
}

export async function readCommit(gitDir: string, rev: string): Promise<Commit | null> {
  const obj = await readObject(gitDir, `${rev}^{commit}`);
  return obj ? parseCommit(obj.oid, obj.data) : null;
}

export async function setHead(gitDir: string, branch: string) {
  await runGit(['symbolic-ref', 'HEAD', v(`refs/heads/${branch}`)], { gitDir });
}

/** Atomically moves a ref from `oldOid` to `newOid` (zero oid: create / delete). Fails on a concurrent change. */
export async function updateRef(gitDir: string, ref: string, newOid: string, oldOid: string) {
  try {
    await runGit(['update-ref', '-m', 'graft', v(ref), v(newOid), v(oldOid)], { gitDir });
  } catch (err) {
    if (err instanceof GitError) throw new GitError('CONFLICT', `${ref} changed meanwhile or cannot be updated`, err.stderr);
    throw err;
  }
}

const LOOSE_DIR = /^[0-9a-f]{2}$/;
const LOOSE_OBJECT = /^(?:[0-9a-f]{38}|[0-9a-f]{62})$/;

/**
 * Disk size of the repository's objects in bytes, counted as `git count-objects -v` counts it (disk
 * usage of loose objects, plus each pack with its index; each total in whole KiB), but read from the
 * object directory itself: no git process, which every push would otherwise wait for.
 */
export async function repositorySize(gitDir: string): Promise<number> {
  const objects = path.join(gitDir, 'objects');
  const list = (dir: string) => readdir(dir).catch(() => [] as string[]);
  const sizeOf = (file: string) => stat(file).catch(() => null);
  const looseDirs = (await list(objects)).filter((name) => LOOSE_DIR.test(name));
  const loose = await Promise.all(looseDirs.map(async (dir) => {
    let bytes = 0;
    for (const name of (await list(path.join(objects, dir))).filter((n) => LOOSE_OBJECT.test(n))) {
      const st = await sizeOf(path.join(objects, dir, name));
      if (st) bytes += st.blocks * 512;
    }
    return bytes;
  }));
  const packFiles = await list(path.join(objects, 'pack'));
  const indexed = new Set(packFiles.filter((n) => n.endsWith('.idx')));
  const packs = await Promise.all(packFiles
    .filter((n) => n.endsWith('.pack') && indexed.has(`${n.slice(0, -'.pack'.length)}.idx`))
    .map(async (n) => {
      const [pack, index] = await Promise.all([sizeOf(path.join(objects, 'pack', n)), sizeOf(path.join(objects, 'pack', `${n.slice(0, -'.pack'.length)}.idx`))]);
      return pack && index ? pack.size + index.size : 0;
    }));
  const kib = (bytes: number) => Math.floor(bytes / 1024) * 1024;
  return kib(loose.reduce((a, b) => a + b, 0)) + kib(packs.reduce((a, b) => a + b, 0));
}
