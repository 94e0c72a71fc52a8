import { parseFromFilesSync } from 'editorconfig';
import type { Repository } from '../../db/models.ts';
import { badRequest, notFound } from '../../errors.ts';
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
import type { Commit } from '../../git/objects.ts';
import { isWellFormedRefName } from '../../git/refs.ts';
import { readCommit, resolveCommit } from '../../git/repo.ts';
import type { ServiceContext } from '../../services.ts';
import { repositoryPath } from '../repo/storage.ts';
import { normalizePath } from './contents.rules.ts';

/**
 * Reading repository contents: the file or directory at a path on a ref (resolved as Gitea resolves refs),
 * what each entry holds (content, link target, submodule URL, LFS pointer), the last commit of each path,
 * and what an archive download holds. Changing files is file-changes.service.ts.
 */

export type ContentType = 'file' | 'dir' | 'symlink' | 'submodule';
export type RefType = 'branch' | 'tag' | 'commit';

/** One entry of a tree as the contents API shows it; content and commit data are read on demand. */
export interface ContentItem {
  /** The repository (the caller may read it) and its directory. */
  repo: Repository;
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

/** Where entries were read: the repository, the commit, and the blob size above which content is not sent. */
type ReadAt = Pick<ContentItem, 'repo' | 'gitDir' | 'commit' | 'maxBlobSize'>;

function itemOf(at: ReadAt, entry: PathEntry, size: number, listed: boolean): ContentItem {
  const type = typeOfMode(entry.mode);
  return {
    ...at,
    name: entry.name,
    path: entry.path,
    oid: entry.oid,
    mode: entry.mode,
    type,
    size: type === 'file' || type === 'symlink' ? size : 0,
    listed,
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
      const root: ContentItem = { repo, gitDir, commit: '', name: '', path: '', oid: '', mode: '040000', type: 'dir', size: 0, listed: false, maxBlobSize };
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
  const at: ReadAt = { repo, gitDir, commit: resolved.commit, maxBlobSize };
  const entry = itemOf(at, found.entry, sizes.get(found.entry.oid) ?? 0, false);
  const entries = children ? childEntries.map((e) => itemOf(at, e, sizes.get(e.oid) ?? 0, true)) : null;
  return { ref: asked || resolved.name, refName: resolved.name, refType: resolved.type, commitOid: resolved.commit, path, entry, entries };
}

export interface FilesResult {
  ref: string;
  refName: string;
  refType: RefType;
  commitOid: string;
  /** One per path read, in the order asked; null where nothing is (or the path is not a valid tree path). */
  files: (ContentItem | null)[];
}

const base64Length = (bytes: number) => 4 * Math.ceil(bytes / 3);

/**
 * Several paths on one ref (default: the default branch), each as its own entry (a directory is its entry,
 * not its listing). As Gitea does, at most DEFAULT_PAGING_NUM paths are read and the list stops before the
 * file whose content would take the reply past DEFAULT_MAX_RESPONSE_SIZE; a path that cannot be read is null.
 * Trees, sizes and contents come from the batch reader, so the number of paths spawns no more git processes.
 */
export async function getFiles(
  ctx: Pick<ServiceContext, 'config'>,
  repo: Repository,
  args: { paths: readonly string[]; ref?: string | null },
): Promise<FilesResult> {
  const gitDir = repositoryPath(ctx.config, repo.id);
  const { DEFAULT_MAX_BLOB_SIZE: maxBlobSize, DEFAULT_PAGING_NUM: pageSize, DEFAULT_MAX_RESPONSE_SIZE: maxResponse } = ctx.config.api;
  const asked = args.ref?.trim() || '';
  const resolved = await resolveRef(gitDir, asked || `refs/heads/${repo.defaultBranch}`);
  if (!resolved) throw notFound(asked ? `the ref "${asked}" does not exist` : repo.isEmpty ? 'the repository is empty' : `the branch "${repo.defaultBranch}" does not exist`);
  const tree = await commitTree(gitDir, resolved.commit);
  if (!tree) throw notFound(`the ref "${resolved.name}" does not name a commit`);

  const cleanOrNull = (raw: string) => {
    try {
      return normalizePath(raw, { allowRoot: true });
    } catch {
      return null;
    }
  };
  const paths = args.paths.slice(0, pageSize).map(cleanOrNull);
  const found = await Promise.all(paths.map(async (p) => (p === null ? null : lookupPath(gitDir, tree, p))));
  const entries = found.map((f) => (f?.kind === 'found' ? f.entry : null));
  const sizes = await objectSizes(gitDir, entries.filter((e): e is PathEntry => !!e && e.type === 'blob').map((e) => e.oid));
  const at: ReadAt = { repo, gitDir, commit: resolved.commit, maxBlobSize };
  const files: (ContentItem | null)[] = [];
  let replySize = 0;
  for (const entry of entries) {
    const item = entry && itemOf(at, entry, sizes.get(entry.oid) ?? 0, false);
    if (item?.type === 'file' && item.size <= maxBlobSize) replySize += base64Length(item.size);
    if (replySize > maxResponse) break;
    files.push(item);
  }
  return { ref: asked || resolved.name, refName: resolved.name, refType: resolved.type, commitOid: resolved.commit, files };
}

/** The properties an .editorconfig gives a file, as Gitea reports them (the standard ones; false and unset are left out). */
export interface EditorconfigDefinition {
  charset: string | null;
  indentStyle: string | null;
  indentSize: string | null;
  tabWidth: number | null;
  endOfLine: string | null;
  trimTrailingWhitespace: boolean;
  insertFinalNewline: boolean;
}

/**
 * What the repository's root .editorconfig (on `ref`, default: the default branch) defines for `path`; the
 * path need not exist. Null when the commit has no .editorconfig. Sections are matched by the editorconfig
 * package, on a virtual tree: nothing is read from disk.
 */
export async function editorconfigFor(
  ctx: Pick<ServiceContext, 'config'>,
  repo: Repository,
  args: { path: string; ref?: string | null },
): Promise<EditorconfigDefinition | null> {
  const gitDir = repositoryPath(ctx.config, repo.id);
  const path = normalizePath(args.path, { allowRoot: false });
  const asked = args.ref?.trim() || '';
  const resolved = await resolveRef(gitDir, asked || `refs/heads/${repo.defaultBranch}`);
  if (!resolved) return null;
  const tree = await commitTree(gitDir, resolved.commit);
  const found = tree ? await lookupPath(gitDir, tree, '.editorconfig') : null;
  if (found?.kind !== 'found' || found.entry.type !== 'blob') return null;
  const contents = await readBlobData(gitDir, found.entry.oid);
  if (!contents) return null;
  const props = parseFromFilesSync(`/repo/${path}`, [{ name: '/repo/.editorconfig', contents }], { root: '/repo', unset: true });
  const text = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));
  const tabWidth = Number(props.tab_width);
  return {
    charset: text(props.charset),
    indentStyle: text(props.indent_style),
    indentSize: text(props.indent_size),
    tabWidth: Number.isInteger(tabWidth) && tabWidth > 0 ? tabWidth : null,
    endOfLine: text(props.end_of_line),
    trimTrailingWhitespace: props.trim_trailing_whitespace === true,
    insertFinalNewline: props.insert_final_newline === true,
  };
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

/** Entries at `paths` in `commit`, for the response (null where nothing is). */
export async function itemsAt(ctx: Pick<ServiceContext, 'config'>, repo: Repository, commit: string, paths: (string | null)[]): Promise<(ContentItem | null)[]> {
  const gitDir = repositoryPath(ctx.config, repo.id);
  const tree = await commitTree(gitDir, commit);
  if (!tree) return paths.map(() => null);
  const found = await Promise.all(paths.map(async (p) => (p === null ? null : lookupPath(gitDir, tree, p))));
  const entries = found.map((f) => (f?.kind === 'found' ? f.entry : null));
  const sizes = await objectSizes(gitDir, entries.filter((e): e is PathEntry => !!e && e.type === 'blob').map((e) => e.oid));
  const at: ReadAt = { repo, gitDir, commit, maxBlobSize: ctx.config.api.DEFAULT_MAX_BLOB_SIZE };
  return entries.map((e) => (e ? itemOf(at, e, sizes.get(e.oid) ?? 0, false) : null));
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
