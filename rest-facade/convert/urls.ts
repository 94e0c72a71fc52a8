/**
 * Every link the REST shapes carry is built here: API, web, git and download URLs of a repository, from its
 * API base (`…/api/v1/repos/{owner}/{repo}`) and web page (`…/{owner}/{repo}`).
 *
 * Object ids are not escaped: git writes them in hexadecimal, so there is nothing in them to escape.
 */

/** Each segment escaped, slashes kept: refs/heads/feature/x and docs/a b.md stay paths. */
export const escapePath = (path: string): string => path.split('/').map(encodeURIComponent).join('/');

/** A git object by its type (commit, tree, blob or tag), as /git/{type}s/{sha} answers it. */
export const gitObjectUrl = (apiUrl: string, type: string, oid: string): string => `${apiUrl}/git/${type}s/${oid}`;
export const commitApiUrl = (apiUrl: string, oid: string): string => `${apiUrl}/git/commits/${oid}`;
export const treeApiUrl = (apiUrl: string, oid: string): string => `${apiUrl}/git/trees/${oid}`;
export const blobApiUrl = (apiUrl: string, oid: string): string => `${apiUrl}/git/blobs/${oid}`;
export const tagObjectApiUrl = (apiUrl: string, oid: string): string => `${apiUrl}/git/tags/${oid}`;

/** A ref by its full name (refs/heads/main), as /git/refs/{ref} answers it. */
export const gitRefApiUrl = (apiUrl: string, refName: string): string => `${apiUrl}/git/${escapePath(refName)}`;

/** A commit's web page. */
export const commitHtmlUrl = (htmlUrl: string, oid: string): string => `${htmlUrl}/commit/${oid}`;

/** A file or directory read through the API at a ref. */
export const contentsApiUrl = (apiUrl: string, path: string, ref: string): string =>
  `${apiUrl}/contents/${escapePath(path)}?ref=${encodeURIComponent(ref)}`;

/** How the web pages name a ref in their paths: branch/{name}, tag/{name} or commit/{sha}. */
export const webRef = (refType: 'branch' | 'tag' | 'commit', refName: string): string =>
  `${refType}/${refType === 'commit' ? refName : escapePath(refName)}`;

/** A file's or directory's web page at a ref (see webRef). */
export const srcHtmlUrl = (htmlUrl: string, ref: string, path: string): string => `${htmlUrl}/src/${ref}/${escapePath(path)}`;

/** A file's raw bytes at a ref (see webRef). */
export const rawHtmlUrl = (htmlUrl: string, ref: string, path: string): string => `${htmlUrl}/raw/${ref}/${escapePath(path)}`;

/** An archive of the web pages, by its file name (v1.0.zip, main.tar.gz). */
/** A wiki page's web page: its sub_url (already escaped, as Gitea writes it) under the repository's /wiki. */
export const wikiPageHtmlUrl = (htmlUrl: string, subUrl: string): string => `${htmlUrl}/wiki/${subUrl}`;

export const archiveHtmlUrl = (htmlUrl: string, fileName: string): string => `${htmlUrl}/archive/${encodeURIComponent(fileName)}`;

/** An archive of one commit through the API: the same bytes for as long as the commit exists. */
export const immutableArchiveApiUrl = (apiUrl: string, commitOid: string, format: string): string =>
  `${apiUrl}/archive/${commitOid}.${format}?rev=${commitOid}`;

export const languagesApiUrl = (apiUrl: string): string => `${apiUrl}/languages`;
export const subscriptionApiUrl = (apiUrl: string): string => `${apiUrl}/subscription`;

/** Where Gitea sends those who may not learn about every membership of an organization. */
export const publicMemberApiUrl = (rootUrl: string, org: string, login: string): string =>
  `${rootUrl}api/v1/orgs/${encodeURIComponent(org)}/public_members/${encodeURIComponent(login)}`;

/** An issue through the API, and its web page. */
export const issueApiUrl = (apiUrl: string, number: number): string => `${apiUrl}/issues/${number}`;
export const issueHtmlUrl = (htmlUrl: string, number: number): string => `${htmlUrl}/issues/${number}`;
/** A pull request through the API, and its web page (where .diff and .patch are read too). */
export const pullApiUrl = (apiUrl: string, number: number): string => `${apiUrl}/pulls/${number}`;
export const pullHtmlUrl = (htmlUrl: string, number: number): string => `${htmlUrl}/pulls/${number}`;
/** Where an issue's subscriptions are managed (Gitea's WatchInfo.url for an issue). */
export const issueSubscriptionsApiUrl = (apiUrl: string, number: number): string => `${issueApiUrl(apiUrl, number)}/subscriptions`;

/** A comment on its issue's (or pull request's) web page. */
export const commentHtmlUrl = (issueHtmlUrl: string, id: number): string => `${issueHtmlUrl}#issuecomment-${id}`;

/** The statuses of a commit (a status's `url`, as Gitea links it). */
export const commitStatusesApiUrl = (apiUrl: string, sha: string): string => `${apiUrl}/statuses/${encodeURIComponent(sha)}`;
/** A commit of the repository, and its combined status, as a combined status links them. */
export const commitRefApiUrl = (apiUrl: string, sha: string): string => `${apiUrl}/commits/${encodeURIComponent(sha)}`;
export const combinedStatusApiUrl = (apiUrl: string, sha: string): string => `${commitRefApiUrl(apiUrl, sha)}/status`;
/** An account's SSH key through the API (Gitea links every key under /user/keys), and a repository's deploy key. */
export const publicKeyApiUrl = (rootUrl: string, id: number): string => `${rootUrl}api/v1/user/keys/${id}`;
export const deployKeyApiUrl = (apiUrl: string, id: number): string => `${apiUrl}/keys/${id}`;
