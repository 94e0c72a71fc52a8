import { readObject, readObjectInfo } from './cat-file.ts';
import { spawnGit, v } from './command.ts';
import { ObjectMemo } from './memo.ts';
import { GitError } from './errors.ts';
import { parseTree, type TreeEntry } from './objects.ts';

/**
 * Reading a repository's tree by path, for the contents API: entries are found by walking tree objects
 * through the cat-file batch reader (no process per lookup), blob sizes from the same reader for a
 * whole list, and "last commit per path" from one `git log` walk for a whole directory listing.
 */

export interface PathEntry extends TreeEntry {
  /** Full path from the root of the tree; '' for the root itself. */
  path: string;
}

export type PathLookup =
  /** The path names this entry. */
  | { kind: 'found'; entry: PathEntry }
  /** Some component of the path does not exist. */
  | { kind: 'missing' }
  /** A component that must be a directory is a file, symlink or submodule (`at`). */
  | { kind: 'blocked'; at: PathEntry };

const ROOT_MODE = '040000';

/** The entries of one tree object; null when `oid` is not a tree. */
export async function treeEntries(gitDir: string, oid: string): Promise<TreeEntry[] | null> {
  const obj = await readObject(gitDir, oid);
  if (!obj || obj.type !== 'tree') return null;
  return parseTree(obj.data, obj.oid.length);
}

/** The tree of a commit; null when `commit` is not a commit. */
export async function commitTree(gitDir: string, commit: string): Promise<string | null> {
  const obj = await readObject(gitDir, commit);
  if (!obj || obj.type !== 'commit') return null;
  const match = /^tree ([0-9a-f]+)$/m.exec(obj.data.subarray(0, 200).toString('latin1'));
  return match?.[1] ?? null;
}

/** Finds the entry at `path` ('' = the root) in the tree `rootTree`, one tree read per path component. */
export async function lookupPath(gitDir: string, rootTree: string, path: string): Promise<PathLookup> {
  if (path === '') return { kind: 'found', entry: { mode: ROOT_MODE, type: 'tree', oid: rootTree, name: '', path: '' } };
  const parts = path.split('/');
  let tree = rootTree;
  for (let i = 0; i < parts.length; i++) {
    const entries = await treeEntries(gitDir, tree);
    if (!entries) throw new GitError('FAILED', `tree ${tree} cannot be read`);
    const found = entries.find((e) => e.name === parts[i]);
    if (!found) return { kind: 'missing' };
    const entry: PathEntry = { ...found, path: parts.slice(0, i + 1).join('/') };
    if (i === parts.length - 1) return { kind: 'found', entry };
    if (found.type !== 'tree') return { kind: 'blocked', at: entry };
    tree = found.oid;
  }
  return { kind: 'missing' };
}

/** Sizes of many objects, asked of the batch reader (no process); objects that do not exist are left out. */
export async function objectSizes(gitDir: string, oids: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(oids)].filter((oid) => /^[0-9a-f]+$/.test(oid));
  // Sizes of full object ids never change; abbreviated ids are always asked of git.
  const { known: sizes, missing } = knownSizes.partition(unique, (oid) => (FULL_OID.test(oid) ? oid : `?${oid}`));
  const infos = await Promise.all(missing.map((oid) => readObjectInfo(gitDir, oid)));
  for (const info of infos) {
    if (!info) continue;
    sizes.set(info.oid, info.size);
    knownSizes.set(info.oid, info.size);
  }
  return sizes;
}

const FULL_OID = /^([0-9a-f]{40}|[0-9a-f]{64})$/;
const knownSizes = new ObjectMemo<number>(20_000);
/** `${gitDir}\0${commit}\0${path}` → the last commit that changed the path, as seen from that commit. */
const lastCommits = new ObjectMemo<string>(20_000);

/** A blob's bytes, or null when it is missing or larger than `maxSize` (the caller knows the size). */
export async function readBlobData(gitDir: string, oid: string): Promise<Buffer | null> {
  const obj = await readObject(gitDir, oid);
  return obj && obj.type === 'blob' ? obj.data : null;
}

/**
 * For each path ('' = the whole tree), the newest commit reachable from `commit` that changed it, by one
 * `git log --name-only` walk limited to those paths; the walk stops as soon as every path is attributed.
 * Paths that no commit touched (cannot happen for paths in the tree) are left out.
 */
export function lastCommitsForPaths(gitDir: string, commit: string, paths: string[]): Promise<Map<string, string>> {
  const memoKey = (path: string) => `${gitDir}\0${commit}\0${path}`;
  const cacheable = FULL_OID.test(commit);
  const result = new Map<string, string>();
  const pending = new Set(paths);
  if (pending.has('')) {
    result.set('', commit);
    pending.delete('');
  }
  if (cacheable) {
    for (const path of [...pending]) {
      const known = lastCommits.get(memoKey(path));
      if (known) {
        result.set(path, known);
        pending.delete(path);
      }
    }
  }
  if (pending.size === 0) return Promise.resolve(result);
  const wanted = [...pending];
  return new Promise((resolve, reject) => {
    const child = spawnGit(['log', '--no-renames', '--format=%x01%H', '--name-only', '-z', v(commit), '--', ...wanted], {
      gitDir,
      env: { GIT_LITERAL_PATHSPECS: '1' },
      timeoutMs: 120_000,
    });
    let buffer = '';
    let done = false;
    const stderr: Buffer[] = [];
    const finish = () => {
      if (done) return;
      done = true;
      child.stdout.removeAllListeners('data');
      if (child.exitCode === null) child.kill('SIGTERM');
      resolve(result);
    };
    const attribute = (record: string) => {
      const [oid, ...files] = record.split('\0');
      for (const raw of files) {
        const file = raw.replace(/^\n/, '');
        if (!file) continue;
        for (const path of pending) {
          if (file === path || file.startsWith(`${path}/`)) {
            result.set(path, oid);
            if (cacheable) lastCommits.set(memoKey(path), oid);
            pending.delete(path);
          }
        }
      }
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffer += chunk;
      const records = buffer.split('\x01');
      buffer = records.pop() ?? '';
      for (const record of records) if (record) attribute(record);
      if (pending.size === 0) finish();
    });
    child.stderr.on('data', (c: Buffer) => stderr.push(c));
    child.on('error', (err) => {
      if (!done) reject(new GitError('FAILED', `git log: ${err.message}`));
    });
    child.on('close', (code) => {
      if (done) return;
      if (code !== 0) {
        done = true;
        return reject(new GitError('FAILED', `git log failed: ${Buffer.concat(stderr).toString('utf8').trim()}`));
      }
      if (buffer) attribute(buffer);
      finish();
    });
  });
}

/** `path = url` pairs of a .gitmodules file (the url of each submodule by its path). */
export function parseGitmodules(text: string): Map<string, string> {
  const byPath = new Map<string, string>();
  let current: { path?: string; url?: string } | null = null;
  const flush = () => {
    if (current?.path && current.url) byPath.set(current.path, current.url);
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    if (line.startsWith('[')) {
      flush();
      current = /^\[submodule\s/.test(line) ? {} : null;
      continue;
    }
    const match = /^(\w+)\s*=\s*(.*)$/.exec(line);
    if (current && match) {
      const value = match[2].replace(/^"(.*)"$/, '$1');
      if (match[1].toLowerCase() === 'path') current.path = value;
      if (match[1].toLowerCase() === 'url') current.url = value;
    }
  }
  flush();
  return byPath;
}

/** A Git LFS pointer file's object id and size, or null when the bytes are not a pointer. */
export function parseLfsPointer(data: Buffer): { oid: string; size: number } | null {
  if (data.length > 1024) return null;
  const text = data.toString('utf8');
  if (!text.startsWith('version https://git-lfs.github.com/spec/v1\n')) return null;
  const oid = /^oid sha256:([0-9a-f]{64})$/m.exec(text)?.[1];
  const size = /^size (\d+)$/m.exec(text)?.[1];
  return oid && size ? { oid, size: Number(size) } : null;
}
