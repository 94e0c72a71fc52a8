import path from 'node:path';
import { badRequest } from '../../errors.ts';

/**
 * How wiki page names map to files, as Gitea maps them (services/wiki/wiki_path.go). Three forms of a name:
 * - the title people read ("Home Page", "100% Free", "2000-01-02 meeting");
 * - the web path, in URLs and `sub_url` ("Home-Page", "100%25+Free", "2000-01-02+meeting.-"): each segment
 *   query-escaped, spaces written as '-', or, when the title holds a '-' itself (or ends in ".md"), kept as they
 *   are and marked with a ".-" suffix;
 * - the git path, the file in the wiki repository ("Home-Page.md", "100%25 Free.md", "2000-01-02 meeting.-.md"):
 *   the web path with spaces for '+' and "%20", and ".md" added.
 */

export type WebPath = string;

/** Names Gitea's wiki web pages use for themselves: never page names. */
export const RESERVED_WIKI_NAMES = ['_pages', '_new', '_edit', 'raw'];
/** The page shown first, and the one the revisions of an empty name are about. */
export const HOME_PAGE = 'Home';
/** Pages every page shows beside it (WikiPage.sidebar and .footer). */
export const SIDEBAR_PAGE = '_Sidebar';
export const FOOTER_PAGE = '_Footer';

const DASH_MARKER = '.-';
const hasDashMarker = (s: string) => s.endsWith(DASH_MARKER);

/** Go's url.QueryEscape: everything but letters, digits and -_.~ percent-encoded (upper-case hex), spaces as '+'. */
export function queryEscape(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** Go's url.QueryUnescape ('+' is a space) or PathUnescape; null where an escape is malformed. */
function unescape(s: string, plusIsSpace: boolean): string | null {
  const text = plusIsSpace ? s.replace(/\+/g, ' ') : s;
  if (/%(?![0-9a-fA-F]{2})/.test(text)) return null;
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** Gitea's util.PathJoinRelX: joined, backslashes as slashes, cleaned, never leaving the root ('' for the root). */
export function pathJoinRelX(...elements: string[]): string {
  const joined = path.posix.join('/', ...elements.map((e) => e.replace(/\\/g, '/')));
  return joined.replace(/^\/+/, '');
}

function unescapeSegment(s: string): string {
  const text = hasDashMarker(s) ? s.slice(0, -DASH_MARKER.length) : s.replace(/-/g, ' ');
  // A malformed escape is kept as it is: it is only a title to show.
  return unescape(text, true) ?? text;
}

function escapeSegToWeb(s: string, hadDashMarker: boolean): string {
  const text = hadDashMarker || s.includes('-') || s.endsWith('.md') ? s + DASH_MARKER : s.replace(/ /g, '-');
  return queryEscape(text);
}

/** The titles of a web path's segments. */
export function webPathSegments(web: WebPath): string[] {
  return web.split('/').map(unescapeSegment);
}

/** The file of a page. A web path ending in ".md" names its file directly (unescaped). */
export function webPathToGitPath(web: WebPath): string {
  if (web.endsWith('.md')) return pathJoinRelX(unescape(web, false) ?? web);
  return (
    web
      .split('/')
      .map((segment) => escapeSegToWeb(unescapeSegment(segment), hasDashMarker(segment)).replace(/%20/g, ' ').replace(/\+/g, ' '))
      .join('/') + '.md'
  );
}

/** The web path of a file; null for a file that is no page (not ending in ".md"). */
export function gitPathToWebPath(file: string): WebPath | null {
  if (!file.endsWith('.md')) return null;
  return file
    .slice(0, -'.md'.length)
    .split('/')
    .map((segment) => escapeSegToWeb(unescapeSegment(segment), hasDashMarker(segment)))
    .join('/');
}

/** The title a web path shows. */
export function webPathToUserTitle(web: WebPath): string {
  let display = path.posix.basename(web);
  if (display.endsWith('.md')) {
    display = display.slice(0, -'.md'.length);
    display = unescape(display, false) ?? display;
  }
  return unescapeSegment(display);
}

/** A page named in a request's path: cleaned, and slashes kept inside the name (%2F), as Gitea's old wikis did. */
export function webPathFromRequest(raw: string): WebPath {
  return pathJoinRelX(raw).replace(/\//g, '%2F');
}

/** A title given by a user as a web path; "unnamed" when nothing is left of it. */
export function userTitleToWebPath(title: string): WebPath {
  const web = pathJoinRelX(escapeSegToWeb(title.trim(), false));
  return web === '' || web === '.' ? 'unnamed' : web;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Checks a page name given by a user (a title, or a page named in a path). Gitea escapes anything into a file
 * name; Graft refuses what can only be a mistake or an attempt to leave the wiki: an empty name, control
 * characters, "." or ".." as a part of the name, and the names Gitea keeps for its own pages.
 */
export function checkPageName(name: string, what: string): void {
  if (!name.trim()) throw badRequest(`${what}: a page name is required`);
  if (CONTROL.test(name)) throw badRequest(`${what}: a page name may not contain control characters`);
  if (name.split(/[/\\]/).some((part) => part.trim() === '.' || part.trim() === '..')) {
    throw badRequest(`${what}: "." and ".." are not page names`);
  }
}

/** A web path may not name one of the pages Gitea keeps for itself. */
export function checkNotReserved(web: WebPath): void {
  const reserved = webPathSegments(web).find((s) => RESERVED_WIKI_NAMES.includes(s));
  if (reserved !== undefined) throw badRequest(`wiki title is reserved: ${reserved}`);
}

/** Go's %q for the default commit messages: a double-quoted string with Go's escapes (JSON's for the usual ones). */
export const quoted = (s: string) => JSON.stringify(s);
