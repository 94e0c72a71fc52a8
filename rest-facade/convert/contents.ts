import type { RestChangeFilesFragment, RestContentCommitFragment } from '../__generated__/graphql.ts';
import type { components } from '../__generated__/openapi.ts';
import { restTime, ZERO_TIME } from './time.ts';

type ContentsResponse = components['schemas']['ContentsResponse'];
type FileCommitResponse = components['schemas']['FileCommitResponse'];

/** An entry as the GraphQL documents select it; optional parts depend on what the operation asked for. */
export interface EntryData {
  name: string;
  path: string;
  oid: string;
  type: 'file' | 'dir' | 'symlink' | 'submodule';
  mode: string;
  size: number;
  target: string | null;
  submoduleUrl: string | null;
  content?: string | null;
  lfs?: { oid: string; size: number } | null;
  lastCommit?: { oid: string; message?: string; author: { date: string }; committer: { date: string } } | null;
}

/** Where the entry was read: the repository's URLs and the ref (as asked, short name, kind). */
export interface RefContext {
  apiUrl: string;
  htmlUrl: string;
  ref: string;
  refName: string;
  refType: 'branch' | 'tag' | 'commit';
}

/** Which commit facts to show (Gitea shows sha and dates by default, the message only on request). */
export interface CommitFacts {
  metadata: boolean;
  message: boolean;
}

const escapeSegments = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** GraphQL ContentEntry → Gitea ContentsResponse, with the API, web, git and download links. */
export function toContentsResponse(entry: EntryData, at: RefContext, facts: CommitFacts = { metadata: true, message: false }): ContentsResponse {
  const self = `${at.apiUrl}/contents/${escapeSegments(entry.path)}?ref=${encodeURIComponent(at.ref)}`;
  const webRef = `${at.refType}/${at.refType === 'commit' ? at.refName : escapeSegments(at.refName)}`;
  const isBlob = entry.type === 'file' || entry.type === 'symlink';
  const html = entry.type === 'submodule' ? null : `${at.htmlUrl}/src/${webRef}/${escapeSegments(entry.path)}`;
  const git = entry.type === 'submodule' ? null : `${at.apiUrl}/git/blobs/${entry.oid}`;
  const last = entry.lastCommit;
  const content = entry.type === 'file' && entry.content != null ? entry.content : null;
  const response: Record<string, unknown> = {
    name: entry.name,
    path: entry.path,
    sha: entry.oid,
    last_commit_sha: last && facts.metadata ? last.oid : null,
    last_committer_date: last && facts.metadata ? restTime(last.committer.date) : null,
    last_author_date: last && facts.metadata ? restTime(last.author.date) : null,
    last_commit_message: last && facts.message && last.message !== undefined ? last.message : null,
    type: entry.type,
    mode: entry.mode,
    size: entry.size,
    encoding: content !== null ? 'base64' : null,
    content,
    target: entry.type === 'symlink' ? entry.target : null,
    url: self,
    html_url: html,
    git_url: git,
    download_url: isBlob ? `${at.htmlUrl}/raw/${webRef}/${escapeSegments(entry.path)}` : null,
    submodule_git_url: entry.type === 'submodule' ? entry.submoduleUrl : null,
    _links: { self, git, html },
    lfs_oid: entry.lfs?.oid ?? null,
    lfs_size: entry.lfs?.size ?? null,
  };
  return response as ContentsResponse;
}

/** The commit of a file operation, as Gitea's FileCommitResponse (dates in UTC). */
export function toFileCommit(commit: RestContentCommitFragment, repo: { apiUrl: string; htmlUrl: string }): FileCommitResponse {
  const person = (p: { name: string; email: string; date: string }) => ({ name: p.name, email: p.email, date: restTime(p.date, { utc: true }) });
  return {
    url: `${repo.apiUrl}/git/commits/${commit.oid}`,
    sha: commit.oid,
    created: restTime(commit.committer.date, { utc: true }),
    html_url: `${repo.htmlUrl}/commit/${commit.oid}`,
    author: person(commit.author),
    committer: person(commit.committer),
    // Gitea dates neither the parents nor the tree here: their created is the zero time.
    parents: commit.parentOids.map((sha) => ({ url: `${repo.apiUrl}/git/commits/${sha}`, sha, created: ZERO_TIME })),
    message: commit.message,
    tree: { url: `${repo.apiUrl}/git/trees/${commit.treeOid}`, sha: commit.treeOid, created: ZERO_TIME },
  } as FileCommitResponse;
}

/** Commits made through the API are not signed. */
export const UNSIGNED = { verified: false, reason: 'gpg.error.not_signed_commit', signature: '', signer: null, payload: '' };

/** The files and commit of a change, as Gitea's FilesResponse. */
export function toFilesResponse(change: RestChangeFilesFragment) {
  const at: RefContext = { ...change.repository, ref: change.branch, refName: change.branch, refType: 'branch' };
  return {
    files: change.files.map((f) => (f ? toContentsResponse(f, at) : null)),
    commit: toFileCommit(change.commit, change.repository),
    verification: UNSIGNED,
  };
}

/** One file of a change (or none, for deletions and patches), as Gitea's FileResponse. */
export function toFileResponse(change: RestChangeFilesFragment, index: number | null) {
  const all = toFilesResponse(change);
  return { content: index === null ? null : (all.files[index] ?? null), commit: all.commit, verification: all.verification };
}
