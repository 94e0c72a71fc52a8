import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gitText, runGit, v } from './command.ts';
import { GitError } from './errors.ts';
import { updateRef, zeroOid, type ObjectFormat } from './repo.ts';

export interface Identity {
  name: string;
  email: string;
  /** Defaults to now. */
  date?: Date;
  /** The date's UTC offset as git writes it (+0200); defaults to +0000. */
  timezone?: string;
}

export type FileChange =
  | {
      op: 'write';
      path: string;
      /** The new bytes; or `oid`, an existing blob (e.g. a rename keeping the content). */
      content?: Buffer;
      oid?: string;
      /** 100644 (default), 100755 or 120000. */
      mode?: '100644' | '100755' | '120000';
      /** for renames: the old path, removed in the same commit */
      fromPath?: string;
    }
  | { op: 'delete'; path: string };

export interface CommitRequest {
  objectFormat: ObjectFormat;
  /** Signs the commit when given. */
  sign?: CommitSigner;
  /** Branch to update (refs/heads/<branch>). */
  branch: string;
  /** The commit the change is based on; null for the first commit of an empty repository. */
  parent: string | null;
  changes: FileChange[];
  message: string;
  author: Identity;
  committer: Identity;
  /** Expected current value of the branch (compare-and-swap); zero oid to require that it does not exist. */
  expectedOld: string | null;
}

/** A repository path: relative, normalized, never escaping the tree. */
export function cleanPath(raw: string): string {
  const parts: string[] = [];
  for (const part of raw.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' || part === '.git' || part.includes('\0')) throw new GitError('INVALID_ARGUMENT', `invalid path "${raw}"`);
    parts.push(part);
  }
  if (parts.length === 0) throw new GitError('INVALID_ARGUMENT', 'a file path is required');
  return parts.join('/');
}

/** An identity's date as git writes it: Unix seconds and the UTC offset. */
const at = (who: Identity) => {
  const zone = who.timezone && /^[+-]\d{4}$/.test(who.timezone) ? who.timezone : '+0000';
  return `${Math.floor((who.date ?? new Date()).getTime() / 1000)} ${zone}`;
};

export function identityEnv(author: Identity, committer: Identity): Record<string, string> {
  return {
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_AUTHOR_DATE: at(author),
    GIT_COMMITTER_NAME: committer.name,
    GIT_COMMITTER_EMAIL: committer.email,
    GIT_COMMITTER_DATE: at(committer),
  };
}

/**
 * Writes blobs into the object store and returns their ids in order: one `hash-object --stdin` for a single
 * blob, else one `hash-object --stdin-paths` over temporary files, so a change of many files costs one process.
 */
export async function writeBlobs(gitDir: string, contents: Buffer[]): Promise<string[]> {
  if (contents.length === 0) return [];
  if (contents.length === 1) return [await gitText(['hash-object', '-w', '--stdin'], { gitDir, input: contents[0] })];
  const dir = await mkdtemp(path.join(os.tmpdir(), 'graft-blobs-'));
  try {
    const files = await Promise.all(
      contents.map(async (content, i) => {
        const file = path.join(dir, String(i));
        await writeFile(file, content);
        return file;
      }),
    );
    const out = await gitText(['hash-object', '-w', '--no-filters', '--stdin-paths'], { gitDir, input: files.join('\n') + '\n' });
    const oids = out.split('\n');
    if (oids.length !== contents.length) throw new GitError('FAILED', `hash-object returned ${oids.length} ids for ${contents.length} blobs`);
    return oids;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Signs a commit object's text: the armored detached signature (OpenPGP or SSH) of exactly that text. The domain
 * gives one (the instance's key) to the writes that sign; git itself never signs, so no gpg program is needed.
 */
export type CommitSigner = (payload: string) => Promise<string>;

/** What a new commit is made of. */
export interface NewCommit {
  tree: string;
  parents: string[];
  message: string;
  author: Identity;
  committer: Identity;
  /** Signs the commit (a gpgsig header) when given. */
  sign?: CommitSigner;
}

/**
 * `git commit-tree`: a commit object for `tree` on its parents (none for a root commit, two for a merge); returns
 * its id. A commit to sign is written by us instead (signCommitText) and stored with `hash-object -w -t commit`,
 * which checks it as git checks any commit: still one process.
 */
export async function createCommit(gitDir: string, request: NewCommit): Promise<string> {
  const message = request.message.endsWith('\n') ? request.message : `${request.message}\n`;
  if (request.sign) {
    const text = await signedCommitText({ ...request, message }, request.sign);
    return gitText(['hash-object', '-w', '-t', 'commit', '--stdin'], { gitDir, input: text, what: 'writing the signed commit' });
  }
  const parentArgs = request.parents.flatMap((parent) => ['-p', v(parent)]);
  return gitText(['commit-tree', v(request.tree), ...parentArgs], {
    gitDir,
    env: identityEnv(request.author, request.committer),
    input: message,
  });
}

/** Characters git trims from both ends of a name or address (ident.c's crud), besides whitespace and controls. */
const CRUD = new Set(['.', ',', ':', ';', '<', '>', '"', '\\', "'"]);
const isCrud = (c: string) => c <= ' ' || CRUD.has(c);

/** A name or address as git writes it into an ident line: crud trimmed from its ends, line ends and angle brackets dropped. */
function identPart(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isCrud(text[start])) start++;
  while (end > start && isCrud(text[end - 1])) end--;
  return text.slice(start, end).replace(/[\n<>]/g, '');
}

function identLine(who: Identity): string {
  const name = identPart(who.name);
  if (!name) throw new GitError('INVALID_ARGUMENT', `empty ident name (for <${who.email}>) not allowed`);
  return `${name} <${identPart(who.email)}> ${at(who)}`;
}

/**
 * The text of a signed commit, as `git commit -S` writes it: the commit's headers and message (what is signed),
 * with the signature as a `gpgsig` header after the committer (`gpgsig-sha256` in a SHA-256 repository, as git
 * names it there), each of its lines continued by a leading space.
 */
async function signedCommitText(commit: Omit<NewCommit, 'sign'>, sign: CommitSigner): Promise<string> {
  const headers = [`tree ${commit.tree}`, ...commit.parents.map((p) => `parent ${p}`), `author ${identLine(commit.author)}`, `committer ${identLine(commit.committer)}`];
  const payload = `${headers.join('\n')}\n\n${commit.message}`;
  const signature = (await sign(payload)).replace(/\n+$/, '');
  const header = commit.tree.length === 64 ? 'gpgsig-sha256' : 'gpgsig';
  return `${headers.join('\n')}\n${header} ${signature.split('\n').join('\n ')}\n\n${commit.message}`;
}

/** A temporary index file for plumbing that builds a tree (read-tree, update-index, write-tree); removed after `work`. */
async function withTemporaryIndex<T>(work: (env: Record<string, string>) => Promise<T>): Promise<T> {
  const indexFile = path.join(os.tmpdir(), `graft-index-${randomBytes(8).toString('hex')}`);
  try {
    return await work({ GIT_INDEX_FILE: indexFile });
  } finally {
    await rm(indexFile, { force: true });
  }
}

/**
 * One `update-index --index-info` run: removals first (mode 0 removes a path; --force-remove would need a
 * work tree), then the writes. NUL-terminated records: a path can never smuggle in another index line.
 */
async function updateIndex(gitDir: string, env: Record<string, string>, format: ObjectFormat, removals: string[], writes: string[]) {
  const records = [...removals.map((p) => `0 ${zeroOid(format)}\t${p}`), ...writes];
  if (records.length) await runGit(['update-index', '-z', '--index-info'], { gitDir, env, input: records.join('\0') + '\0' });
}

/**
 * The tree of `parent` (none: the empty tree) with file changes made, built without a work tree: a
 * temporary index read from the parent, blobs written with hash-object, write-tree. Returns the tree id.
 */
export async function buildTree(gitDir: string, format: ObjectFormat, parent: string | null, changes: FileChange[]): Promise<string> {
  return withTemporaryIndex(async (env) => {
    if (parent) await runGit(['read-tree', v(parent)], { gitDir, env });
    else await runGit(['read-tree', '--empty'], { gitDir, env });

    const lines: string[] = [];
    const removals: string[] = [];
    const writes = changes.filter((c): c is Extract<FileChange, { op: 'write' }> => c.op === 'write');
    const blobs = await writeBlobs(gitDir, writes.filter((c) => !c.oid).map((c) => c.content ?? Buffer.alloc(0)));
    for (const change of changes) {
      if (change.op === 'delete') {
        removals.push(change.path);
        continue;
      }
      if (change.fromPath && change.fromPath !== change.path) removals.push(change.fromPath);
      const oid = change.oid ?? blobs.shift()!;
      lines.push(`${change.mode ?? '100644'} ${oid}\t${change.path}`);
    }
    await updateIndex(gitDir, env, format, removals, lines);
    return gitText(['write-tree'], { gitDir, env });
  });
}

/**
 * Makes one commit from file changes without a working tree (buildTree, commit-tree), then a
 * compare-and-swap ref update so a concurrent change is never overwritten. Returns the new commit id.
 */
export async function commitChanges(gitDir: string, request: CommitRequest): Promise<string> {
  const tree = await buildTree(gitDir, request.objectFormat, request.parent, request.changes);
  const commit = await createCommit(gitDir, { tree, parents: request.parent ? [request.parent] : [], message: request.message, author: request.author, committer: request.committer, sign: request.sign });
  await updateRef(gitDir, `refs/heads/${request.branch}`, commit, request.expectedOld ?? zeroOid(request.objectFormat));
  return commit;
}

// ---------------------------------------------------------------------------------------------------
// Carrying a change over to a branch tip that moved

/** The id of the empty tree: git knows it without storing it. */
const EMPTY_TREE: Record<ObjectFormat, string> = {
  sha1: '4b825dc642cb6eb9a060e54bf8d69288fbee4904',
  sha256: '6ef19b41225c5369f1c104d45d8d85efa9b057b53b14b4b9b939dd74decc5321',
};

/** One path a change touches: its entry afterwards, or null where the change removed it. */
export interface PathChange {
  path: string;
  entry: { mode: string; oid: string } | null;
}

/**
 * What differs between two trees or commits (null: the empty tree), path by path down to files, renames
 * seen as a removal and an addition: one `git diff-tree -r --raw -z`.
 */
export async function treeChanges(gitDir: string, format: ObjectFormat, from: string | null, to: string | null): Promise<PathChange[]> {
  const out = await gitText(['diff-tree', '-r', '-z', '--raw', '--no-renames', '--no-abbrev', v(from ?? EMPTY_TREE[format]), v(to ?? EMPTY_TREE[format])], {
    gitDir,
    what: 'comparing trees',
  });
  const fields = out.split('\0');
  const changes: PathChange[] = [];
  // Records: ":<old mode> <new mode> <old oid> <new oid> <status>" NUL "<path>" NUL
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const [, newMode, , newOid, status] = fields[i].replace(/^\n?:/, '').split(' ');
    if (!status) break;
    changes.push({ path: fields[i + 1], entry: status === 'D' ? null : { mode: newMode, oid: newOid } });
  }
  return changes;
}

/**
 * The first path of `ours` that `theirs` touched too: the same path, or one inside the other (a file
 * where the other made a directory). Null when the two changes are disjoint.
 */
export function overlappingPath(ours: string[], theirs: string[]): string | null {
  const touched = new Set(theirs);
  const theirDirs = new Set(theirs.flatMap((p) => p.split('/').slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join('/'))));
  for (const p of ours) {
    if (touched.has(p) || theirDirs.has(p)) return p;
    const parts = p.split('/');
    for (let i = 1; i < parts.length; i++) {
      const dir = parts.slice(0, i).join('/');
      if (touched.has(dir)) return dir;
    }
  }
  return null;
}

/**
 * The tree of commit `onto` with `changes` (made elsewhere, on paths `onto` did not touch) applied:
 * a temporary index read from `onto`, one update-index, write-tree. Returns the tree id.
 */
export async function carryChanges(gitDir: string, format: ObjectFormat, onto: string, changes: PathChange[]): Promise<string> {
  return withTemporaryIndex(async (env) => {
    await runGit(['read-tree', v(onto)], { gitDir, env });
    const removals = changes.filter((c) => !c.entry).map((c) => c.path);
    const writes = changes.filter((c) => c.entry).map((c) => `${c.entry!.mode} ${c.entry!.oid}\t${c.path}`);
    await updateIndex(gitDir, env, format, removals, writes);
    return gitText(['write-tree'], { gitDir, env });
  });
}
