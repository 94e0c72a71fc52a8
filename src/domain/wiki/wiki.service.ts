import { requireUser } from '../../auth/viewer.ts';
import type { User } from '../../db/models.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { commitTree, lookupPath, readBlobData, treeEntries, type PathEntry } from '../../git/contents.ts';
import { GitError } from '../../git/errors.ts';
import { countCommits, logCommits } from '../../git/log.ts';
import type { Commit } from '../../git/objects.ts';
import { queuedOnRef } from '../../git/ref-queue.ts';
import { exists, resolveCommit, updateRef, zeroOid, type ObjectFormat } from '../../git/repo.ts';
import { ensureWikiRepository, headBranch } from '../../git/wiki.ts';
import { buildTree, createCommit, type FileChange, type Identity } from '../../git/write.ts';
import type { Page, PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { repositoryPermission, satisfies, type Need } from '../access/access.service.ts';
import { toDomainError } from '../git-errors.ts';
import type { RepositoryWithOwner } from '../repo/repo.service.ts';
import { wikiRepositoryPath } from '../repo/storage.ts';
import { getWritableRepository } from '../repo/writable.ts';
import type { WikiPageInput } from './wiki.inputs.ts';
import {
  checkNotReserved,
  checkPageName,
  FOOTER_PAGE,
  gitPathToWebPath,
  quoted,
  SIDEBAR_PAGE,
  userTitleToWebPath,
  webPathFromRequest,
  webPathToGitPath,
  webPathToUserTitle,
  type WebPath,
} from './wiki.rules.ts';

/**
 * Wikis, as Gitea keeps them: a bare repository of its own (`<id>.wiki.git` beside the repository's), created by
 * the first page written, one Markdown file per page at its root. Pages are read from the wiki's branch (the one
 * its HEAD names) and written as commits made without a work tree, landed on the branch by compare-and-swap:
 * writers of this instance take turns on the ref, and one that loses to a push starts over on the new tip, so
 * no page written meanwhile is lost.
 */

export const WIKI_READ: Need = { unit: 'repo.wiki', level: 'read' };
export const WIKI_WRITE: Need = { unit: 'repo.wiki', level: 'write' };
/** The branch of a new wiki: the default branch of new repositories (Gitea's DefaultWikiBranch follows it). */
export const NEW_WIKI_BRANCH = 'main';
/** Lost compare-and-swaps (to pushes or other instances) before a write gives up with 409. */
const MAX_ATTEMPTS = 10;

/** A wiki with pages: its repository, and the commit its branch points at. */
export interface WikiView {
  repo: RepositoryWithOwner;
  gitDir: string;
  branch: string;
  commit: string;
  tree: string;
}

/** A page of a wiki: its web path (the name in URLs), its file and blob. */
export interface WikiPageView {
  wiki: WikiView;
  webPath: WebPath;
  gitPath: string;
  oid: string;
  size: number;
}

/** Whether the viewer may read the wiki of a repository whose wiki is switched on. */
export async function canReadWiki(ctx: ServiceContext, repo: RepositoryWithOwner): Promise<boolean> {
  return repo.hasWiki && satisfies(await repositoryPermission(ctx, repo), WIKI_READ);
}

/** The wiki of a repository as it is now; null while it has no page (no repository yet, or an empty branch). */
export async function openWiki(ctx: ServiceContext, repo: RepositoryWithOwner): Promise<WikiView | null> {
  const gitDir = wikiRepositoryPath(ctx.config, repo.id);
  if (!(await exists(gitDir))) return null;
  const branch = (await headBranch(gitDir)) ?? NEW_WIKI_BRANCH;
  const commit = await resolveCommit(gitDir, `refs/heads/${branch}`);
  const tree = commit ? await commitTree(gitDir, commit) : null;
  return commit && tree ? { repo, gitDir, branch, commit, tree } : null;
}

const pageOf = (wiki: WikiView, entry: PathEntry, webPath: WebPath): WikiPageView => ({ wiki, webPath, gitPath: entry.path, oid: entry.oid, size: 0 });

/** The pages of a wiki: the Markdown files at its root, in tree order. One tree read, no process. */
export async function listPages(wiki: WikiView, window: PageWindow): Promise<Page<WikiPageView>> {
  const entries = (await treeEntries(wiki.gitDir, wiki.tree)) ?? [];
  const pages: WikiPageView[] = [];
  for (const entry of entries) {
    if (entry.type !== 'blob') continue;
    const webPath = gitPathToWebPath(entry.name);
    if (webPath !== null) pages.push(pageOf(wiki, { ...entry, path: entry.name }, webPath));
  }
  return { items: pages.slice(window.offset, window.offset + window.limit), totalCount: pages.length };
}

/** The file of a page: its git path, or (as Gitea still finds pages written before it escaped names) the path unescaped. */
async function findFile(gitDir: string, tree: string, webPath: WebPath): Promise<PathEntry | null> {
  const gitPath = webPathToGitPath(webPath);
  const candidates = [gitPath];
  try {
    const unescaped = decodeURIComponent(gitPath.replace(/\+/g, ' '));
    if (unescaped && unescaped !== gitPath) candidates.push(unescaped);
  } catch {
    // Not escaped text: only the git path is looked for.
  }
  for (const candidate of candidates) {
    const found = await lookupPath(gitDir, tree, candidate);
    if (found.kind === 'found' && found.entry.type === 'blob') return found.entry;
  }
  return null;
}

/** A page by the name a request gives (its web path, or its title); null when there is none. */
export async function findPage(wiki: WikiView, name: string): Promise<WikiPageView | null> {
  checkPageName(name, 'page name');
  const webPath = webPathFromRequest(name);
  const entry = await findFile(wiki.gitDir, wiki.tree, webPath);
  return entry ? pageOf(wiki, entry, webPath) : null;
}

export const pageTitle = (page: WikiPageView) => webPathToUserTitle(page.webPath);

/** A page's content, base64; empty above the API's blob size limit, as Gitea answers. */
export async function pageContent(ctx: ServiceContext, page: WikiPageView): Promise<string> {
  const data = await readBlobData(page.wiki.gitDir, page.oid);
  if (!data || data.length > ctx.config.api.DEFAULT_MAX_BLOB_SIZE) return '';
  return data.toString('base64');
}

/** The content of the wiki's sidebar or footer page, base64 ('' when there is none). */
export async function sidePageContent(ctx: ServiceContext, wiki: WikiView, which: 'sidebar' | 'footer'): Promise<string> {
  const entry = await findFile(wiki.gitDir, wiki.tree, which === 'sidebar' ? SIDEBAR_PAGE : FOOTER_PAGE);
  return entry ? pageContent(ctx, pageOf(wiki, entry, '')) : '';
}

/** How many commits changed the page's file: one `git rev-list --count`. */
export function pageCommitCount(page: WikiPageView): Promise<number> {
  return countCommits(page.wiki.gitDir, { revisions: [page.wiki.commit], path: page.gitPath });
}

/** The commits that changed the page's file, newest first: one `git log` for the page of them, one count. */
export async function pageRevisions(page: WikiPageView, window: PageWindow): Promise<Page<Commit>> {
  const selection = { revisions: [page.wiki.commit], path: page.gitPath };
  const [items, totalCount] = await Promise.all([
    logCommits(page.wiki.gitDir, selection, { skip: window.offset, limit: window.limit }),
    countCommits(page.wiki.gitDir, selection),
  ]);
  return { items, totalCount };
}

// ---------------------------------------------------------------------------------------------
// Writing

export interface WikiWriteResult {
  repo: RepositoryWithOwner;
  /** The page written (null after a delete). */
  page: WikiPageView | null;
}

/** Content given as base64: Gitea decodes it strictly (standard alphabet, padded) and answers 400 otherwise. */
function decodeContent(text: string | null | undefined): Buffer {
  const raw = (text ?? '').replace(/[\r\n]/g, '');
  if (raw.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(raw)) throw badRequest('content_base64: invalid base64 encoding of content');
  return Buffer.from(raw, 'base64');
}

/** The wiki a write acts on: the repository writable (wiki unit), its wiki switched on, created if need be. */
async function writableWiki(ctx: ServiceContext, owner: string, name: string) {
  const viewer = requireUser(ctx.viewer);
  const { repo } = await getWritableRepository(ctx, owner, name, WIKI_WRITE);
  if (!repo.hasWiki) throw notFound(`repository ${owner}/${name} has no wiki`);
  const gitDir = wikiRepositoryPath(ctx.config, repo.id);
  return { viewer, repo, gitDir };
}

/** Who a wiki commit is by: the caller, as Gitea signs it (full name, else login, and the account's email). */
function identityOf(viewer: User): Identity {
  return { name: viewer.fullName || viewer.login, email: viewer.email, date: new Date(), timezone: '+0000' };
}

/** What one write does to the tree it finds: the changes, or an error (missing page, taken name). */
type Plan = (tree: string | null) => Promise<FileChange[]>;

/**
 * Commits the changes `plan` makes to the wiki's branch: planned on the tip as it is, committed, and the
 * branch moved by compare-and-swap; a lost swap (a push landed meanwhile) plans again on the new tip.
 */
async function commitToWiki(ctx: ServiceContext, w: { viewer: User; repo: RepositoryWithOwner; gitDir: string }, message: string, plan: Plan): Promise<WikiView> {
  const format = w.repo.objectFormat as ObjectFormat;
  await ensureWikiRepository(w.gitDir, { objectFormat: format, defaultBranch: NEW_WIKI_BRANCH });
  const branch = (await headBranch(w.gitDir)) ?? NEW_WIKI_BRANCH;
  const ref = `refs/heads/${branch}`;
  const who = identityOf(w.viewer);
  return queuedOnRef(w.gitDir, ref, async () => {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const head = await resolveCommit(w.gitDir, ref);
      const tree = head ? await commitTree(w.gitDir, head) : null;
      const changes = await plan(tree);
      const newTree = await buildTree(w.gitDir, format, head, changes);
      const commit = await createCommit(w.gitDir, { tree: newTree, parents: head ? [head] : [], message, author: who, committer: who });
      try {
        await updateRef(w.gitDir, ref, commit, head ?? zeroOid(format));
      } catch (err) {
        if (err instanceof GitError && err.code === 'CONFLICT') continue;
        throw err;
      }
      return { repo: w.repo, gitDir: w.gitDir, branch, commit, tree: newTree };
    }
    throw conflict('the wiki kept changing while the page was being written; try again');
  });
}

const fileAt = async (gitDir: string, tree: string | null, webPath: WebPath) => (tree ? findFile(gitDir, tree, webPath) : null);

/** The written page as the wiki now holds it. */
async function written(wiki: WikiView, webPath: WebPath): Promise<WikiPageView> {
  const entry = await findFile(wiki.gitDir, wiki.tree, webPath);
  if (!entry) throw new Error(`wiki page ${webPath} vanished right after it was written`);
  return pageOf(wiki, entry, webPath);
}

/** Creates a page (Gitea: 400 for an empty title, a reserved name or a page that exists). */
export async function createPage(ctx: ServiceContext, owner: string, name: string, input: WikiPageInput): Promise<WikiWriteResult> {
  const title = input.title ?? '';
  if (!title.trim()) throw badRequest('title: a page title is required');
  checkPageName(title, 'title');
  const webPath = userTitleToWebPath(title);
  checkNotReserved(webPath);
  const content = decodeContent(input.contentBase64);
  const w = await writableWiki(ctx, owner, name);
  const message = input.message || `Add ${quoted(title)}`;
  try {
    const wiki = await commitToWiki(ctx, w, message, async (tree) => {
      const existing = await fileAt(w.gitDir, tree, webPath);
      if (existing) throw badRequest(`wiki page already exists: ${existing.path}`);
      return [{ op: 'write', path: webPathToGitPath(webPath), content }];
    });
    const page = await written(wiki, webPath);
    await ctx.events.publish('wiki', { action: 'created', repoId: w.repo.id, actorId: w.viewer.id, page: webPath, comment: message });
    return { repo: w.repo, page };
  } catch (err) {
    throw toDomainError(err);
  }
}

/**
 * Edits a page: new content, and with a title another name (the file moves in the same commit). A missing page
 * is 404; a new name taken by another page is 400, as creating it would be.
 */
export async function updatePage(ctx: ServiceContext, owner: string, name: string, pageName: string, input: WikiPageInput): Promise<WikiWriteResult> {
  checkPageName(pageName, 'page name');
  const oldPath = webPathFromRequest(pageName);
  const title = input.title?.trim() ? input.title : null;
  if (title !== null) checkPageName(title, 'title');
  const newPath = title === null ? oldPath : userTitleToWebPath(title);
  checkNotReserved(newPath);
  const content = decodeContent(input.contentBase64);
  const w = await writableWiki(ctx, owner, name);
  const message = input.message || `Update ${quoted(newPath)}`;
  try {
    const wiki = await commitToWiki(ctx, w, message, async (tree) => {
      const current = await fileAt(w.gitDir, tree, oldPath);
      if (!current) throw notFound(`wiki page "${pageName}" does not exist`);
      const target = webPathToGitPath(newPath);
      if (newPath !== oldPath) {
        const taken = await fileAt(w.gitDir, tree, newPath);
        if (taken && taken.path !== current.path) throw badRequest(`wiki page already exists: ${taken.path}`);
      }
      return [{ op: 'write', path: target, content, fromPath: current.path }];
    });
    const page = await written(wiki, newPath);
    await ctx.events.publish('wiki', { action: 'edited', repoId: w.repo.id, actorId: w.viewer.id, page: newPath, comment: message });
    return { repo: w.repo, page };
  } catch (err) {
    throw toDomainError(err);
  }
}

/** Deletes a page (404 when there is none), with Gitea's message. */
export async function deletePage(ctx: ServiceContext, owner: string, name: string, pageName: string): Promise<WikiWriteResult> {
  checkPageName(pageName, 'page name');
  const webPath = webPathFromRequest(pageName);
  const w = await writableWiki(ctx, owner, name);
  if (!(await exists(w.gitDir))) throw notFound(`wiki page "${pageName}" does not exist`);
  const message = `Delete page ${quoted(webPath)}`;
  try {
    await commitToWiki(ctx, w, message, async (tree) => {
      const current = await fileAt(w.gitDir, tree, webPath);
      if (!current) throw notFound(`wiki page "${pageName}" does not exist`);
      return [{ op: 'delete', path: current.path }];
    });
    await ctx.events.publish('wiki', { action: 'deleted', repoId: w.repo.id, actorId: w.viewer.id, page: webPath, comment: message });
    return { repo: w.repo, page: null };
  } catch (err) {
    throw toDomainError(err);
  }
}
