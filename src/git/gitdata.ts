import { readObject } from './cat-file.ts';
import { runGit, v } from './command.ts';

/** Low-level object access for the git data API: whole tree listings and blobs by id. */

export interface ListedEntry {
  /** Path from the listed tree's root (just the name when not recursive). */
  path: string;
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  oid: string;
  /** Blob size in bytes; 0 for trees and submodules. */
  size: number;
}

/** Parses `git ls-tree -z -l` output: `<mode> <type> <oid> <size padded>\t<path>\0`. */
export function parseLsTree(out: Buffer): ListedEntry[] {
  const entries: ListedEntry[] = [];
  for (const record of out.toString('utf8').split('\0')) {
    if (!record) continue;
    const tab = record.indexOf('\t');
    const [mode, type, oid, size] = record.slice(0, tab).split(/ +/);
    entries.push({ path: record.slice(tab + 1), mode, type: type as ListedEntry['type'], oid, size: size === '-' ? 0 : Number(size) });
  }
  return entries;
}

/**
 * Every entry of a tree (commit, tag or tree revision) in one `git ls-tree`; recursive listings also
 * include the subtrees themselves, in git's order. The tree's own id comes from the cat-file reader.
 * Null when the revision names no tree.
 */
export async function listTree(gitDir: string, rev: string, recursive: boolean): Promise<{ oid: string; entries: ListedEntry[] } | null> {
  const tree = await readObject(gitDir, `${rev}^{tree}`);
  if (!tree || tree.type !== 'tree') return null;
  const args = ['ls-tree', '-z', '-l', ...(recursive ? ['-r', '-t'] : []), v(tree.oid)];
  const { stdout } = await runGit(args, { gitDir, what: 'git ls-tree' });
  return { oid: tree.oid, entries: parseLsTree(stdout) };
}

export interface BlobInfo {
  oid: string;
  size: number;
  /** The content; omitted when the blob is larger than the caller's limit. */
  content?: Buffer;
}

/**
 * A blob by object id (full or abbreviated hex). Its size is checked first (one `cat-file --batch-check`)
 * so a blob above `maxSize` is never read into memory; smaller ones come from the cat-file reader.
 */
export async function readBlob(gitDir: string, oid: string, maxSize: number): Promise<BlobInfo | null> {
  if (!/^[0-9a-f]{4,64}$/i.test(oid)) return null;
  const { stdout } = await runGit(['cat-file', '--batch-check=%(objectname) %(objecttype) %(objectsize)'], {
    gitDir,
    input: `${oid}\n`,
    what: 'git cat-file',
  });
  const [full, type, size] = stdout.toString('utf8').trim().split(' ');
  if (type !== 'blob') return null;
  const info: BlobInfo = { oid: full, size: Number(size) };
  if (info.size <= maxSize) {
    const object = await readObject(gitDir, full);
    if (!object) return null;
    info.content = object.data;
  }
  return info;
}

/** A Git LFS pointer file's object id and size, when the content is one. */
export function lfsPointer(content: Buffer): { oid: string; size: number } | null {
  if (content.length > 1024) return null;
  const text = content.toString('utf8');
  if (!text.startsWith('version https://git-lfs.github.com/spec/v1\n')) return null;
  const oid = /^oid sha256:([0-9a-f]{64})$/m.exec(text)?.[1];
  const size = /^size (\d+)$/m.exec(text)?.[1];
  return oid && size ? { oid, size: Number(size) } : null;
}
