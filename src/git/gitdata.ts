import { readObject, readObjectInfo } from './cat-file.ts';
import { objectSizes } from './contents.ts';
import { GitError } from './errors.ts';
import { parseTree, type TreeEntry } from './objects.ts';

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

/**
 * Every entry of a tree (commit, tag or tree revision), read through the batch reader (no process):
 * recursive listings also include the subtrees themselves, in git's order (ls-tree -r -t: each subtree
 * before what it holds). The trees of one depth are read together, blob sizes all at once. Null when the
 * revision names no tree.
 */
export async function listTree(gitDir: string, rev: string, recursive: boolean): Promise<{ oid: string; entries: ListedEntry[] } | null> {
  const root = await readObject(gitDir, `${rev}^{tree}`);
  if (!root || root.type !== 'tree') return null;
  const trees = new Map<string, TreeEntry[]>([[root.oid, parseTree(root.data, root.oid.length)]]);
  let level = [root.oid];
  while (recursive && level.length) {
    const next = [...new Set(level.flatMap((oid) => trees.get(oid)!.filter((e) => e.type === 'tree' && !trees.has(e.oid)).map((e) => e.oid)))];
    const read = await Promise.all(next.map((oid) => readObject(gitDir, oid)));
    read.forEach((obj, i) => {
      if (obj?.type !== 'tree') throw new GitError('FAILED', `tree ${next[i]} cannot be read`);
      trees.set(obj.oid, parseTree(obj.data, obj.oid.length));
    });
    level = next;
  }
  const listed: Omit<ListedEntry, 'size'>[] = [];
  const visit = (oid: string, prefix: string) => {
    for (const entry of trees.get(oid)!) {
      listed.push({ path: prefix + entry.name, mode: entry.mode, type: entry.type, oid: entry.oid });
      if (recursive && entry.type === 'tree') visit(entry.oid, `${prefix}${entry.name}/`);
    }
  };
  visit(root.oid, '');
  const sizes = await objectSizes(gitDir, listed.filter((e) => e.type === 'blob').map((e) => e.oid));
  return { oid: root.oid, entries: listed.map((e) => ({ ...e, size: e.type === 'blob' ? (sizes.get(e.oid) ?? 0) : 0 })) };
}

export interface BlobInfo {
  oid: string;
  size: number;
  /** The content; omitted when the blob is larger than the caller's limit. */
  content?: Buffer;
}

/**
 * A blob by object id (full or abbreviated hex), through the batch reader: its size is asked first, so a
 * blob above `maxSize` is never read into memory.
 */
export async function readBlob(gitDir: string, oid: string, maxSize: number): Promise<BlobInfo | null> {
  if (!/^[0-9a-f]{4,64}$/i.test(oid)) return null;
  const info = await readObjectInfo(gitDir, oid);
  if (info?.type !== 'blob') return null;
  const blob: BlobInfo = { oid: info.oid, size: info.size };
  if (info.size <= maxSize) {
    const object = await readObject(gitDir, info.oid);
    if (!object) return null;
    blob.content = object.data;
  }
  return blob;
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
