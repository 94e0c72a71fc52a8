import type { GitObject } from './cat-file.ts';

/**
 * Objects read from repositories, kept by id: an object id names the same bytes forever, so an entry can
 * never be stale. Only revisions that are plain object ids (or a commit id peeled to itself) are answered
 * from here; anything naming a ref still goes to git. Bounded by bytes, least recently used first out;
 * large objects are not kept. The buffers are shared: never change them.
 */
const MAX_TOTAL_BYTES = 16 * 1024 * 1024;
const MAX_OBJECT_BYTES = 256 * 1024;

const entries = new Map<string, GitObject>();
let totalBytes = 0;

/** `<oid>` or `<oid>^{commit}`: the object id whose object answers the revision, if it is one of those. */
const BY_ID = /^([0-9a-f]{40}|[0-9a-f]{64})(\^\{commit\})?$/;

const keyOf = (gitDir: string, oid: string) => `${gitDir}\0${oid}`;

export function cachedObject(gitDir: string, rev: string): GitObject | undefined {
  const match = BY_ID.exec(rev);
  if (!match) return undefined;
  const key = keyOf(gitDir, match[1]);
  const object = entries.get(key);
  if (!object) return undefined;
  // A peel to a commit is the object itself only when it is a commit (a tag would peel further).
  if (match[2] && object.type !== 'commit') return undefined;
  entries.delete(key);
  entries.set(key, object);
  return object;
}

export function keepObject(gitDir: string, object: GitObject) {
  if (object.data.length > MAX_OBJECT_BYTES) return;
  const key = keyOf(gitDir, object.oid);
  if (entries.has(key)) return;
  entries.set(key, object);
  totalBytes += object.data.length;
  while (totalBytes > MAX_TOTAL_BYTES) {
    const [oldestKey, oldest] = entries.entries().next().value!;
    entries.delete(oldestKey);
    totalBytes -= oldest.data.length;
  }
}

/** Forgets a repository's objects (it is deleted or moved: its directory may hold another one later). */
export function forgetObjects(gitDir: string) {
  const prefix = `${gitDir}\0`;
  for (const [key, object] of entries) {
    if (key.startsWith(prefix)) {
      entries.delete(key);
      totalBytes -= object.data.length;
    }
  }
}
