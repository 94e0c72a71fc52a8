import type {
  RestChangeFilesFragment,
  RestContentCommitFragment,
  RestContentEntryFragment,
  RestLastCommitFragment,
  RestRepositoryUrlsFragment,
} from '../__generated__/graphql.ts';
import { NOT_SIGNED } from './commit.ts';
import type { RestSchema } from './shape.ts';
import { restTime, ZERO_TIME } from './time.ts';
import { blobApiUrl, commitApiUrl, commitHtmlUrl, contentsApiUrl, rawHtmlUrl, srcHtmlUrl, treeApiUrl, webRef } from './urls.ts';

/** An entry as the GraphQL documents select it; optional parts depend on what the operation asked for. */
export type EntryData = RestContentEntryFragment & {
  content?: string | null;
  lfs?: { oid: string; size: number } | null;
  lastCommit?: RestLastCommitFragment | null;
};

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

/** GraphQL ContentEntry → Gitea ContentsResponse, with the API, web, git and download links. */
export function toContentsResponse(
  entry: EntryData,
  at: RefContext,
  facts: CommitFacts = { metadata: true, message: false },
): RestSchema<'ContentsResponse'> {
  const self = contentsApiUrl(at.apiUrl, entry.path, at.ref);
  const ref = webRef(at.refType, at.refName);
  const isBlob = entry.type === 'file' || entry.type === 'symlink';
  const html = entry.type === 'submodule' ? null : srcHtmlUrl(at.htmlUrl, ref, entry.path);
  const git = entry.type === 'submodule' ? null : blobApiUrl(at.apiUrl, entry.oid);
  const last = entry.lastCommit;
  const content = entry.type === 'file' && entry.content != null ? entry.content : null;
  return {
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
    download_url: isBlob ? rawHtmlUrl(at.htmlUrl, ref, entry.path) : null,
    submodule_git_url: entry.type === 'submodule' ? entry.submoduleUrl : null,
    _links: { self, git, html },
    lfs_oid: entry.lfs?.oid ?? null,
    lfs_size: entry.lfs?.size ?? null,
  };
}

/** The commit of a file operation, as Gitea's FileCommitResponse (dates in UTC). */
export function toFileCommit(commit: RestContentCommitFragment, repo: RestRepositoryUrlsFragment): RestSchema<'FileCommitResponse'> {
  const person = (p: { name: string; email: string; date: string }) => ({ name: p.name, email: p.email, date: restTime(p.date, { utc: true }) });
  return {
    url: commitApiUrl(repo.apiUrl, commit.oid),
    sha: commit.oid,
    created: restTime(commit.committer.date, { utc: true }),
    html_url: commitHtmlUrl(repo.htmlUrl, commit.oid),
    author: person(commit.author),
    committer: person(commit.committer),
    // Gitea dates neither the parents nor the tree here: their created is the zero time.
    parents: commit.parentOids.map((sha) => ({ url: commitApiUrl(repo.apiUrl, sha), sha, created: ZERO_TIME })),
    message: commit.message,
    tree: { url: treeApiUrl(repo.apiUrl, commit.treeOid), sha: commit.treeOid, created: ZERO_TIME },
  };
}

/** Gitea's FilesResponse, whose files are null where the change deleted one (its document does not say so). */
type FilesResponse = Omit<RestSchema<'FilesResponse'>, 'files'> & { files: (RestSchema<'ContentsResponse'> | null)[] };

/** The files and commit of a change, as Gitea's FilesResponse; commits made through the API are not signed. */
export function toFilesResponse(change: RestChangeFilesFragment): FilesResponse {
  const at: RefContext = { ...change.repository, ref: change.branch, refName: change.branch, refType: 'branch' };
  return {
    files: change.files.map((f) => (f ? toContentsResponse(f, at) : null)),
    commit: toFileCommit(change.commit, change.repository),
    verification: NOT_SIGNED,
  };
}

/** One file of a change (or none, for deletions and patches), as Gitea's FileResponse. */
export function toFileResponse(change: RestChangeFilesFragment, index: number | null): RestSchema<'FileResponse'> {
  const all = toFilesResponse(change);
  return { content: index === null ? null : (all.files[index] ?? null), commit: all.commit, verification: all.verification };
}

/** Gitea's contents-ext reply: a file's entry, or a directory's entries. */
export function toContentsExtResponse(
  read: { entry: EntryData; entries: EntryData[] | null },
  at: RefContext,
  facts: CommitFacts,
): RestSchema<'ContentsExtResponse'> {
  if (read.entries) return { file_contents: null, dir_contents: read.entries.map((e) => toContentsResponse(e, at, facts)) };
  return { file_contents: toContentsResponse(read.entry, at, facts), dir_contents: null };
}
