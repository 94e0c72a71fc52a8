import { requireUser } from '../../auth/viewer.ts';
import type { Repository, User } from '../../db/models.ts';
import { badRequest, conflict, forbidden, invalid, notFound } from '../../errors.ts';
import { applyPatchToTree } from '../../git/apply.ts';
import { ARCHIVE_FORMATS, type ArchiveFormat } from '../../git/archive.ts';
import { readObject } from '../../git/cat-file.ts';
import {
  commitTree,
  lastCommitsForPaths,
  lookupPath,
  objectSizes,
  parseGitmodules,
  parseLfsPointer,
  readBlobData,
  treeEntries,
  type PathEntry,
} from '../../git/contents.ts';
import { GitError } from '../../git/errors.ts';
import { parseCommit, type Commit } from '../../git/objects.ts';
import { branchNames, isValidRefShortName, isWellFormedRefName } from '../../git/refs.ts';
import { readCommit, resolveCommit, updateRef, zeroOid, type ObjectFormat } from '../../git/repo.ts';
import { cleanPath, commitChanges, createCommit, type FileChange, type Identity } from '../../git/write.ts';
import type { ServiceContext } from '../../services.ts';
import { toDomainError } from '../git-errors.ts';
import { CODE_READ, CODE_WRITE } from '../access/access.service.ts';
import { getRepository, recordPush, type RepositoryWithOwner } from '../repo/repo.service.ts';
import { repositoryPath } from '../repo/storage.ts';

/**
 * Repository contents: reading files and directories at a ref, changing files through commits made
 * without a work tree, applying patches, and resolving archive downloads. Rules follow Gitea's
 * contents API: write access to change, 404 for a missing branch or file, 422 for invalid paths,
 * existing files on create and stale blob ids, 409 when the branch keeps moving underneath.
 */

export type ContentType = 'file' | 'dir' | 'symlink' | 'submodule';
export type RefType = 'branch' | 'tag' | 'commit';

/** One entry of a tree as the contents API shows it; content and commit data are read on demand. */
export interface ContentItem {
  gitDir: string;
  /** The commit the entry was read from. */
  commit: string;
  name: string;
  path: string;
  oid: string;
  mode: string;
  type: ContentType;
  size: number;
  /** Part of a directory listing: file content is never read for these. */
  listed: boolean;
  maxBlobSize: number;
}

export interface ContentsResult {
  /** The ref as asked for (or the default branch), its short name, its kind, and the commit it names (null: empty repository). */
  ref: string;
  refName: string;
  refType: RefType;
  commitOid: string | null;
  /** The path after a ref was taken from its front (raw downloads). */
  path: string;
  entry: ContentItem;
  /** The entries of a directory; null for anything else. */
  entries: ContentItem[] | null;
}

export interface ResolvedRef {
  name: string;
  type: RefType;
  commit: string;
}

const TYPE_OF_MODE: Record<string, ContentType> = { '040000': 'dir', '160000': 'submodule', '120000': 'symlink' };
const typeOfMode = (mode: string): ContentType => TYPE_OF_MODE[mode] ?? 'file';

/**
 * A tree path from a request: relative, no empty or '.' parts, never '..', '.git' (in any case), control
 * characters or a leading '/'. '' is the root, where allowed.
 */
export function normalizePath(raw: string, options: { allowRoot: boolean; what?: string }): string {
  const what = options.what ?? 'path';
  if (raw.startsWith('/') || raw.startsWith('\\')) throw invalid(`${what} "${raw}" must be relative to the repository root`);
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(raw)) throw invalid(`${what} may not contain control characters`);
  const parts = raw.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.length === 0) {
    if (options.allowRoot) return '';
    throw invalid(`${what} is required`);
  }
  if (parts.some((p) => p.toLowerCase() === '.git')) throw invalid(`${what} "${raw}" may not contain a ".git" component`);
  try {
    return cleanPath(parts.join('/'));
  } catch (err) {
    if (err instanceof GitError) throw invalid(`${what} "${raw}" is invalid: it may not contain ".." components`);
    throw err;
  }
}

/** A branch, a tag or a commit id (full or abbreviated), in that order, as Gitea resolves a `ref`. */
export async function resolveRef(gitDir: string, ref: string): Promise<ResolvedRef | null> {
  if (ref.startsWith('refs/heads/') || ref.startsWith('refs/tags/')) {
    const type: RefType = ref.startsWith('refs/heads/') ? 'branch' : 'tag';
    const name = ref.slice(type === 'branch' ? 11 : 10);
    if (!isWellFormedRefName(name)) return null;
    const commit = await resolveCommit(gitDir, ref);
    return commit ? { name, type, commit } : null;
  }
  if (isWellFormedRefName(ref)) {
    for (const type of ['branch', 'tag'] as const) {
      const commit = await resolveCommit(gitDir, `refs/${type === 'branch' ? 'heads' : 'tags'}/${ref}`);
      if (commit) return { name: ref, type, commit };
    }
  }
  if (/^[0-9a-f]{7,64}$/i.test(ref)) {
    const commit = await resolveCommit(gitDir, ref.toLowerCase());
    if (commit) return { name: commit, type: 'commit', commit };
  }
  return null;
}

/**
 * Raw downloads name the ref in front of the path ("{ref}/{filepath}"): the shortest leading part that is
 * a branch, else a tag, else a full commit id; without any, the whole is a path on the default branch.
 */
async function refFromPath(gitDir: string, repo: Repository, path: string): Promise<{ ref: ResolvedRef | null; path: string }> {
  const parts = path.split('/');
  for (const type of ['branch', 'tag'] as const) {
    for (let i = 1; i <= parts.length; i++) {
      const name = parts.slice(0, i).join('/');
      if (!isWellFormedRefName(name)) continue;
      const commit = await resolveCommit(gitDir, `refs/${type === 'branch' ? 'heads' : 'tags'}/${name}`);
      if (commit) return { ref: { name, type, commit }, path: parts.slice(i).join('/') };
    }
  }
  const fullLength = repo.objectFormat === 'sha256' ? 64 : 40;
  if (parts[0].length === fullLength && /^[0-9a-f]+$/i.test(parts[0])) {
    const commit = await resolveCommit(gitDir, parts[0].toLowerCase());
    if (commit) return { ref: { name: commit, type: 'commit', commit }, path: parts.slice(1).join('/') };
  }
  return { ref: await resolveRef(gitDir, `refs/heads/${repo.defaultBranch}`), path };
}

function itemOf(gitDir: string, commit: string, entry: PathEntry, size: number, listed: boolean, maxBlobSize: number): ContentItem {
  const type = typeOfMode(entry.mode);
  return {
    gitDir,
    commit,
    name: entry.name,
    path: entry.path,
    oid: entry.oid,
    mode: entry.mode,
    type,
    size: type === 'file' || type === 'symlink' ? size : 0,
    listed,
    maxBlobSize,
  };
}

/**
 * The entry at `path` on `ref` (default: the default branch) and, for a directory, its entries. One
 * process at most (blob sizes); trees are read through the batch reader. `refInPath`: raw-download style,
 * the ref may lead the path.
 */
export async function getContents(
  ctx: Pick<ServiceContext, 'config'>,
  repo: Repository,
  args: { path?: string | null; ref?: string | null; refInPath?: boolean | null },
): Promise<ContentsResult> {
  const gitDir = repositoryPath(ctx.config, repo.id);
  const maxBlobSize = ctx.config.api.DEFAULT_MAX_BLOB_SIZE;
  let path = normalizePath(args.path ?? '', { allowRoot: true });
  const asked = args.ref?.trim() || '';
  let resolved: ResolvedRef | null;
  if (asked) resolved = await resolveRef(gitDir, asked);
  else if (args.refInPath && path) ({ ref: resolved, path } = await refFromPath(gitDir, repo, path));
  else resolved = await resolveRef(gitDir, `refs/heads/${repo.defaultBranch}`);

  if (!resolved) {
    if (!asked && path === '' && repo.isEmpty) {
      const root: ContentItem = { gitDir, commit: '', name: '', path: '', oid: '', mode: '040000', type: 'dir', size: 0, listed: false, maxBlobSize };
      return { ref: repo.defaultBranch, refName: repo.defaultBranch, refType: 'branch', commitOid: null, path, entry: root, entries: [] };
    }
    throw notFound(asked ? `the ref "${asked}" does not exist` : repo.isEmpty ? 'the repository is empty' : `the branch "${repo.defaultBranch}" does not exist`);
  }
  const tree = await commitTree(gitDir, resolved.commit);
  if (!tree) throw notFound(`the ref "${resolved.name}" does not name a commit`);
  const found = await lookupPath(gitDir, tree, path);
  if (found.kind !== 'found') throw notFound(`"${path}" does not exist at ${resolved.type} ${resolved.name}`);

  const children = found.entry.type === 'tree' ? await treeEntries(gitDir, found.entry.oid) : null;
  const childEntries = (children ?? []).map((e) => ({ ...e, path: path ? `${path}/${e.name}` : e.name }));
  const blobs = [found.entry, ...childEntries].filter((e) => e.type === 'blob').map((e) => e.oid);
  const sizes = await objectSizes(gitDir, blobs);
  const entry = itemOf(gitDir, resolved.commit, found.entry, sizes.get(found.entry.oid) ?? 0, false, maxBlobSize);
  const entries = children ? childEntries.map((e) => itemOf(gitDir, resolved!.commit, e, sizes.get(e.oid) ?? 0, true, maxBlobSize)) : null;
  return { ref: asked || resolved.name, refName: resolved.name, refType: resolved.type, commitOid: resolved.commit, path, entry, entries };
}

/** Base64 of a file's bytes; null for other entries, listing entries and files above the blob size limit. */
export async function contentOf(item: ContentItem): Promise<string | null> {
  if (item.type !== 'file' || item.listed || item.size > item.maxBlobSize) return null;
  return (await readBlobData(item.gitDir, item.oid))?.toString('base64') ?? null;
}

export async function symlinkTargetOf(item: ContentItem): Promise<string | null> {
  if (item.type !== 'symlink') return null;
  const data = await readBlobData(item.gitDir, item.oid);
  return data ? data.subarray(0, 1024).toString('utf8') : null;
}

export async function submoduleUrlOf(item: ContentItem): Promise<string | null> {
  if (item.type !== 'submodule') return null;
  const obj = await readObject(item.gitDir, `${item.commit}:.gitmodules`);
  if (!obj || obj.type !== 'blob') return null;
  return parseGitmodules(obj.data.toString('utf8')).get(item.path) ?? null;
}

export async function lfsPointerOf(item: ContentItem): Promise<{ oid: string; size: number } | null> {
  if (item.type !== 'file' || item.size > 1024) return null;
  const data = await readBlobData(item.gitDir, item.oid);
  return data ? parseLfsPointer(data) : null;
}

/** The last commit that changed each path (as of `commit`), one `git log` walk for all of them. */
export async function lastCommitsOf(gitDir: string, commit: string, paths: string[]): Promise<Map<string, Commit>> {
  const oids = await lastCommitsForPaths(gitDir, commit, paths);
  const commits = new Map<string, Commit>();
  const parsed = new Map<string, Commit | null>();
  for (const [path, oid] of oids) {
    if (!parsed.has(oid)) parsed.set(oid, await readCommit(gitDir, oid));
    const c = parsed.get(oid);
    if (c) commits.set(path, c);
  }
  return commits;
}

// ---------------------------------------------------------------------------------------------------
// Changing files

export type FileOperation = 'create' | 'update' | 'upload' | 'rename' | 'delete';

export interface IdentityInput {
  name?: string | null;
  email?: string | null;
}

export interface CommitOptionsInput {
  branch?: string | null;
  newBranch?: string | null;
  forcePush?: boolean | null;
  message?: string | null;
  signoff?: boolean | null;
  author?: IdentityInput | null;
  committer?: IdentityInput | null;
  dates?: { author?: string | null; committer?: string | null } | null;
}

export interface FileChangeInput {
  operation: FileOperation;
  path: string;
  /** Base64. */
  content?: string | null;
  sha?: string | null;
  fromPath?: string | null;
}

export interface ChangeFilesInput extends CommitOptionsInput {
  files: FileChangeInput[];
}

export interface ChangeResult {
  repository: RepositoryWithOwner;
  branch: string;
  commit: Commit;
  /** The contents at each changed path after the commit; null where a file was deleted. */
  files: (ContentItem | null)[];
}

interface PreparedFile {
  operation: FileOperation;
  path: string;
  fromPath: string;
  content: Buffer | null;
  sha: string | null;
}

const OPERATIONS: FileOperation[] = ['create', 'update', 'upload', 'rename', 'delete'];
const MAX_ATTEMPTS = 5;

function decodeBase64(text: string, path: string): Buffer {
  // Line breaks are allowed (as Go's decoder skips them); anything else must be strict, padded base64.
  const compact = text.replace(/[\r\n]/g, '');
  if (compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) throw invalid(`the content of "${path}" is not valid base64`);
  return Buffer.from(compact, 'base64');
}

function prepareFiles(files: FileChangeInput[]): PreparedFile[] {
  if (files.length === 0) throw invalid('files: at least one file operation is required');
  const prepared = files.map((file): PreparedFile => {
    if (!OPERATIONS.includes(file.operation)) throw invalid(`operation must be one of ${OPERATIONS.join(', ')}`);
    const path = normalizePath(file.path ?? '', { allowRoot: false });
    const fromPath = file.fromPath ? normalizePath(file.fromPath, { allowRoot: false, what: 'from_path' }) : path;
    if (file.operation === 'rename' && fromPath === path) throw invalid(`rename of "${path}" needs a from_path other than the path`);
    const writes = file.operation !== 'delete' && file.operation !== 'rename';
    const sha = file.sha?.trim().toLowerCase() || null;
    if (sha && !/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(sha)) throw invalid(`sha "${file.sha}" is not an object id`);
    return { operation: file.operation, path, fromPath, content: writes ? decodeBase64(file.content ?? '', path) : null, sha };
  });
  const targets = prepared.filter((f) => f.operation !== 'delete').map((f) => f.path);
  const touched = [...prepared.map((f) => f.path), ...prepared.filter((f) => f.fromPath !== f.path).map((f) => f.fromPath)];
  const duplicate = touched.find((p, i) => touched.indexOf(p) !== i);
  if (duplicate) throw invalid(`"${duplicate}" appears in more than one file operation`);
  const nested = targets.find((p) => targets.some((q) => q.startsWith(`${p}/`)));
  if (nested) throw invalid(`"${nested}" cannot be both a file and a directory`);
  return prepared;
}

/** ISO 8601 / RFC 3339 date-time → the instant and its UTC offset (+hhmm) as git records it. */
function parseDate(text: string, field: string): { date: Date; timezone: string } {
  const match = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(text.trim());
  const date = new Date(text.trim());
  if (!match || Number.isNaN(date.getTime())) throw invalid(`${field} must be an RFC 3339 date-time`);
  const zone = match[3];
  const timezone = !zone || zone.toUpperCase() === 'Z' ? '+0000' : zone.replace(':', '');
  return { date, timezone };
}

/** Author and committer: each field from its own identity, else the other one, else the caller. */
function identities(viewer: User, input: CommitOptionsInput): { author: Identity; committer: Identity } {
  const pick = (own: IdentityInput | null | undefined, other: IdentityInput | null | undefined) => ({
    name: own?.name?.trim() || other?.name?.trim() || viewer.fullName || viewer.login,
    email: own?.email?.trim() || other?.email?.trim() || viewer.email,
  });
  const author: Identity = pick(input.author, input.committer);
  const committer: Identity = pick(input.committer, input.author);
  const authorDate = input.dates?.author ? parseDate(input.dates.author, 'dates.author') : null;
  const committerDate = input.dates?.committer ? parseDate(input.dates.committer, 'dates.committer') : null;
  const now = { date: new Date(), timezone: '+0000' };
  Object.assign(author, authorDate ?? committerDate ?? now);
  Object.assign(committer, committerDate ?? authorDate ?? now);
  for (const who of [author, committer]) {
    if (/[<>\n]/.test(who.name) || /[<>\n]/.test(who.email)) throw invalid('author and committer names and emails may not contain <, > or line breaks');
  }
  return { author, committer };
}

function defaultMessage(files: PreparedFile[]): string {
  const list = (ops: FileOperation[]) => files.filter((f) => ops.includes(f.operation)).map((f) => f.path);
  const lines: string[] = [];
  if (list(['create']).length) lines.push(`Add ${list(['create']).join(', ')}`);
  if (list(['update', 'upload', 'rename']).length) lines.push(`Update ${list(['update', 'upload', 'rename']).join(', ')}`);
  if (list(['delete']).length) lines.push(`Delete ${list(['delete']).join(', ')}`);
  return lines.join('\n');
}

function finalMessage(message: string, signoff: boolean | null | undefined, committer: Identity): string {
  return signoff ? `${message}\n\nSigned-off-by: ${committer.name} <${committer.email}>` : message;
}

interface Target {
  gitDir: string;
  repo: RepositoryWithOwner;
  viewer: User;
  base: string;
  target: string;
}

/** Write access, not archived, valid branch names. */
async function writableTarget(ctx: ServiceContext, owner: string, name: string, input: CommitOptionsInput): Promise<Target> {
  const viewer = requireUser(ctx.viewer);
  const { repo } = await getRepository(ctx, owner, name, CODE_WRITE);
  if (repo.isArchived) throw forbidden('this repository is archived: it is read-only');
  const base = input.branch?.trim() || repo.defaultBranch;
  const target = input.newBranch?.trim() || base;
  // No branch can have a name that is not well formed (main~1, main:x): such a base does not exist.
  if (!isWellFormedRefName(base)) throw notFound(`branch "${base}" does not exist`);
  if (target !== base && !isValidRefShortName(target)) throw invalid(`"${target}" is not a valid branch name`);
  return { gitDir: repositoryPath(ctx.config, repo.id), repo, viewer, base, target };
}

/** The commit a branch points at, or null. */
const branchHead = (gitDir: string, branch: string) => resolveCommit(gitDir, `refs/heads/${branch}`);

/**
 * The ref update a commit onto `target` needs: the current value of `target` when committing onto the
 * base branch itself, else zero (the new branch must not exist), or its current value with force_push.
 */
async function expectedTargetValue(t: Target, head: string | null, forcePush: boolean | null | undefined, format: ObjectFormat): Promise<string> {
  if (t.target === t.base) return head ?? zeroOid(format);
  const existing = await branchHead(t.gitDir, t.target);
  if (existing && !forcePush) throw invalid(`branch "${t.target}" already exists`);
  return existing ?? zeroOid(format);
}

/** Checks every file against the tree of `head` and turns it into the change commitChanges makes. */
async function planChanges(gitDir: string, head: string | null, files: PreparedFile[]): Promise<FileChange[]> {
  const tree = head ? await commitTree(gitDir, head) : null;
  const lookup = async (path: string) => (tree ? lookupPath(gitDir, tree, path) : ({ kind: 'missing' } as const));
  const changes: FileChange[] = [];
  for (const file of files) {
    let mode: '100644' | '100755' = '100644';
    let existingOid: string | undefined;
    if (file.operation !== 'create') {
      const from = await lookup(file.fromPath);
      if (from.kind !== 'found') {
        if (file.operation !== 'upload') throw notFound(`file "${file.fromPath}" does not exist`);
        if (file.sha) throw invalid(`sha does not match: "${file.fromPath}" does not exist`);
      } else {
        if (from.entry.type === 'tree') throw invalid(`"${file.fromPath}" is a directory, not a file`);
        if (from.entry.type === 'commit') throw invalid(`"${file.fromPath}" is a submodule, not a file`);
        if (file.sha && file.sha !== from.entry.oid) {
          throw invalid(`sha does not match the current "${file.fromPath}" [given: ${file.sha}, current: ${from.entry.oid}]`);
        }
        if (!file.sha && (file.operation === 'update' || file.operation === 'delete')) {
          throw invalid(`sha of the current "${file.fromPath}" is required to ${file.operation} it`);
        }
        if (from.entry.mode === '100755') mode = '100755';
        existingOid = from.entry.oid;
      }
    }
    if (file.operation === 'delete') {
      changes.push({ op: 'delete', path: file.path });
      continue;
    }
    const at = await lookup(file.path);
    if (at.kind === 'blocked') throw invalid(`a file exists where you are trying to create a subdirectory [path: ${at.at.path}]`);
    if (at.kind === 'found') {
      if (at.entry.type === 'tree') throw invalid(`a directory exists where you are trying to create a file [path: ${file.path}]`);
      if (at.entry.mode === '120000') throw invalid(`a symbolic link exists at "${file.path}"`);
      if (at.entry.type === 'commit') throw invalid(`a submodule exists at "${file.path}"`);
      if (file.operation === 'create' || file.fromPath !== file.path) throw invalid(`file "${file.path}" already exists`);
    }
    const fromPath = file.fromPath !== file.path ? file.fromPath : undefined;
    if (file.operation === 'rename') changes.push({ op: 'write', path: file.path, oid: existingOid, mode, fromPath });
    else changes.push({ op: 'write', path: file.path, content: file.content ?? Buffer.alloc(0), mode, fromPath });
  }
  return changes;
}

/** Entries at `paths` in `commit`, for the response (null where nothing is). */
async function itemsAt(ctx: Pick<ServiceContext, 'config'>, gitDir: string, commit: string, paths: (string | null)[]): Promise<(ContentItem | null)[]> {
  const tree = await commitTree(gitDir, commit);
  if (!tree) return paths.map(() => null);
  const found = await Promise.all(paths.map(async (p) => (p === null ? null : lookupPath(gitDir, tree, p))));
  const entries = found.map((f) => (f?.kind === 'found' ? f.entry : null));
  const sizes = await objectSizes(gitDir, entries.filter((e): e is PathEntry => !!e && e.type === 'blob').map((e) => e.oid));
  return entries.map((e) => (e ? itemOf(gitDir, commit, e, sizes.get(e.oid) ?? 0, false, ctx.config.api.DEFAULT_MAX_BLOB_SIZE) : null));
}

async function finish(ctx: ServiceContext, t: Target, before: string, after: string, paths: (string | null)[]): Promise<ChangeResult> {
  await recordPush(ctx, t.repo, [{ ref: `refs/heads/${t.target}`, before, after }], t.viewer);
  const repository = (await getRepository(ctx, t.repo.owner.login, t.repo.name, CODE_READ)).repo;
  const commitObj = await readObject(t.gitDir, after);
  if (!commitObj) throw new Error(`commit ${after} vanished`);
  return { repository, branch: t.target, commit: parseCommit(commitObj.oid, commitObj.data), files: await itemsAt(ctx, t.gitDir, after, paths) };
}

/**
 * Creates, updates, renames and deletes files in one commit on `branch` (or on `newBranch`, made from
 * it). The ref moves by compare-and-swap: when another change lands first, the checks run again on the
 * new head (so a stale `sha` fails) and the commit is rebuilt; after several lost races, 409.
 */
export async function changeFiles(ctx: ServiceContext, owner: string, name: string, input: ChangeFilesInput): Promise<ChangeResult> {
  const t = await writableTarget(ctx, owner, name, input);
  const files = prepareFiles(input.files);
  const { author, committer } = identities(t.viewer, input);
  const message = finalMessage(input.message?.trim() || defaultMessage(files), input.signoff, committer);
  const format = t.repo.objectFormat as ObjectFormat;

  for (let attempt = 1; ; attempt++) {
    const head = await branchHead(t.gitDir, t.base);
    if (!head) {
      const empty = (await branchNames(t.gitDir)).length === 0;
      if (!empty) throw notFound(`branch "${t.base}" does not exist`);
    }
    const expectedOld = await expectedTargetValue(t, head, input.forcePush, format);
    const changes = await planChanges(t.gitDir, head, files);
    try {
      const commit = await commitChanges(t.gitDir, {
        objectFormat: format,
        branch: t.target,
        parent: head,
        changes,
        message,
        author,
        committer,
        expectedOld,
      });
      return await finish(ctx, t, expectedOld, commit, files.map((f) => (f.operation === 'delete' ? null : f.path)));
    } catch (err) {
      if (err instanceof GitError && err.code === 'CONFLICT') {
        if (attempt < MAX_ATTEMPTS) continue;
        throw conflict(`branch "${t.target}" kept changing while the files were being committed; try again`);
      }
      throw toDomainError(err);
    }
  }
}

export interface ApplyPatchInput extends CommitOptionsInput {
  /** The patch text (`git diff` / `git format-patch` output). */
  content: string;
}

/** Applies a patch to `branch` (or a new branch made from it) as one commit. */
export async function applyDiffPatch(ctx: ServiceContext, owner: string, name: string, input: ApplyPatchInput): Promise<ChangeResult> {
  const t = await writableTarget(ctx, owner, name, input);
  if (!input.content?.trim()) throw invalid('content: a patch is required');
  const { author, committer } = identities(t.viewer, input);
  const message = finalMessage(input.message?.trim() || 'apply-patch', input.signoff, committer);
  const format = t.repo.objectFormat as ObjectFormat;
  const patch = Buffer.from(input.content.endsWith('\n') ? input.content : `${input.content}\n`, 'utf8');

  for (let attempt = 1; ; attempt++) {
    const head = await branchHead(t.gitDir, t.base);
    if (!head) throw notFound(`branch "${t.base}" does not exist`);
    const expectedOld = await expectedTargetValue(t, head, input.forcePush, format);
    try {
      const tree = await applyPatchToTree(t.gitDir, head, patch);
      const commit = await createCommit(t.gitDir, { tree, parents: head ? [head] : [], message, author, committer });
      await updateRef(t.gitDir, `refs/heads/${t.target}`, commit, expectedOld);
      return await finish(ctx, t, expectedOld, commit, []);
    } catch (err) {
      if (err instanceof GitError && err.code === 'CONFLICT' && /changed meanwhile/.test(err.message)) {
        if (attempt < MAX_ATTEMPTS) continue;
        throw conflict(`branch "${t.target}" kept changing while the patch was being applied; try again`);
      }
      throw toDomainError(err);
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Archives

export interface ArchiveTarget {
  commitOid: string;
  format: ArchiveFormat;
  /** <repo>-<ref>.<format>, as Gitea names downloads. */
  fileName: string;
  /** Directory every file of a tar.gz or zip sits in. */
  prefix: string;
  paths: string[];
}

/** "<ref>.tar.gz|.zip|.bundle" → the commit to archive; unknown formats 400, unknown refs and paths 404. */
export async function archiveTarget(ctx: Pick<ServiceContext, 'config'>, repo: Repository, archive: string, paths: string[] | null | undefined): Promise<ArchiveTarget> {
  const format = ARCHIVE_FORMATS.find((f) => archive.endsWith(`.${f}`));
  if (!format) throw badRequest(`unknown archive format: ${archive} (use <ref>.tar.gz, <ref>.zip or <ref>.bundle)`);
  const refName = archive.slice(0, -(format.length + 1));
  const gitDir = repositoryPath(ctx.config, repo.id);
  const resolved = refName ? await resolveRef(gitDir, refName) : null;
  if (!resolved) throw notFound(`unrecognized repository reference: ${refName}`);
  const subpaths = format === 'bundle' ? [] : [...new Set((paths ?? []).map((p) => normalizePath(p, { allowRoot: true, what: 'path' })))];
  if (subpaths.length) {
    const tree = await commitTree(gitDir, resolved.commit);
    for (const p of subpaths.filter(Boolean)) {
      if (!tree || (await lookupPath(gitDir, tree, p)).kind !== 'found') throw notFound(`"${p}" does not exist at ${refName}`);
    }
  }
  return {
    commitOid: resolved.commit,
    format,
    fileName: `${repo.name}-${refName.replace(/\//g, '-')}.${format}`,
    prefix: `${repo.name.toLowerCase()}/`,
    paths: subpaths.filter(Boolean),
  };
}
