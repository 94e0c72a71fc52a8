import MarkdownIt from 'markdown-it';
import type { MarkdownIt as Parser, Token } from 'markdown-it';
import { full as emoji } from 'markdown-it-emoji';
import taskLists from 'markdown-it-task-lists';
import { resolveUrl, sanitizeHtml, type LinkBases } from './sanitize.ts';

/**
 * Markdown to safe HTML, for every part of Graft that shows a user's text (the /markdown and /markup operations,
 * the bodyHtml of issues, pull requests and comments). CPU only: it reads nothing, so a list renders without a
 * statement per item; the one lookup it needs (which mentioned accounts exist) is the caller's, batched
 * (`mentions` names them before `toHtml` renders).
 *
 * Modes, as Gitea's: `markdown` is plain GFM (tables, task lists, autolinks, strikethrough) without the forge's
 * links; `gfm` (a document, a file) and `comment` (issues, pull requests, comments) add emoji shortcodes,
 * @mentions, issue references and commit SHAs; `comment` turns single newlines into line breaks; `wiki` resolves
 * relative links to the repository's wiki pages.
 */
export type MarkdownMode = 'markdown' | 'gfm' | 'comment' | 'wiki';

export interface MarkdownRepository {
  owner: string;
  name: string;
  defaultBranch?: string | null;
}

export interface MarkdownOptions {
  mode: MarkdownMode;
  /** The repository the text belongs to: #1 and SHAs link into it, relative links and images resolve in it. */
  repository?: MarkdownRepository | null;
  /** The ref relative links resolve against: `branch/<name>`, `tag/<name>`, `commit/<sha>`, or a branch name. */
  ref?: string | null;
  /** The directory of the file being rendered, in the repository at `ref` (relative links start there). */
  treePath?: string | null;
  /** Without a ref: the absolute URL relative links resolve against (Gitea's render context). */
  base?: string | null;
  /** The server's root URL (ROOT_URL, ending with /): every link the renderer makes is absolute under it. */
  baseUrl: string;
  /** Single newlines as line breaks (Gitea's [markdown] ENABLE_HARD_LINE_BREAK_IN_COMMENTS / _IN_DOCUMENTS). */
  breaks?: boolean;
  /** Levels of nested blocks and inlines past which markdown-it stops nesting (the rest of that branch is cut). */
  maxNesting?: number;
}

export interface ParsedMarkdown {
  /** The accounts the text @mentions (lower-cased, once each): the caller says which of them may be linked. */
  mentions: string[];
  /** The safe HTML; a mention is linked when `mentionable` says so (all of them when it is left out). */
  toHtml(mentionable?: (lowerName: string) => boolean): string;
}

const DEFAULT_MAX_NESTING = 50;
/** markdown-it's token class (it exports only its type): the links made below are tokens like the parser's. */
const PROBE = new MarkdownIt();
const TOKEN = new PROBE.core.State('', PROBE, {}).Token;
type TokenClass = typeof TOKEN;
const instances = new Map<string, Parser>();

/** One parser per configuration, made once: building one compiles its rules (linkify's patterns, emoji's list). */
function parserFor(breaks: boolean, forge: boolean, maxNesting: number): Parser {
  const key = `${breaks}:${forge}:${maxNesting}`;
  let md = instances.get(key);
  if (md) return md;
  // Raw HTML is allowed as GitHub and Gitea allow it: the sanitizer keeps only the safe part of the output.
  md = new MarkdownIt('default', { html: true, xhtmlOut: true, linkify: true, breaks, maxNesting }).use(taskLists);
  if (forge) {
    md.use(emoji);
    md.renderer.rules.emoji = (tokens, idx) => {
      const token = tokens[idx];
      return `<span class="emoji" aria-label="${md!.utils.escapeHtml(token.markup)}">${token.content}</span>`;
    };
  }
  // GFM links bare addresses only when they start with www. (example.com stays text; www.example.com is a link).
  md.linkify.set({ fuzzyLink: true, fuzzyEmail: true });
  const match = md.linkify.match.bind(md.linkify);
  // markdown-it asks test() and then match() of the same text: the second answer is the first one's.
  let last: { text: string; found: ReturnType<typeof match> } | null = null;
  md.linkify.match = (text: string) => {
    if (last?.text === text) return last.found;
    const kept = match(text)?.filter((m) => m.schema !== '' || /^www\./i.test(m.raw) || m.url.startsWith('mailto:'));
    last = { text, found: kept?.length ? kept : null };
    return last.found;
  };
  md.linkify.test = (text: string) => md!.linkify.match(text) !== null;
  // Markdown's own links and images: http(s), mailto and relative ones only (no javascript:, data:, //host).
  md.validateLink = (url: string) => {
    const value = url.trim().toLowerCase();
    if (value.startsWith('//')) return false;
    return !/^[a-z][a-z0-9+.-]*:/.test(value) || /^(https?|mailto):/.test(value);
  };
  instances.set(key, md);
  return md;
}

/** The URLs relative links and images resolve against, from the repository, ref and directory of the text. */
export function linkBases(options: MarkdownOptions): LinkBases | null {
  const root = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  const repo = options.repository;
  if (!repo) return options.base ? { link: withSlash(options.base), media: withSlash(options.base) } : null;
  const repoUrl = `${root}${escapeSegments(repo.owner)}/${escapeSegments(repo.name)}/`;
  if (options.mode === 'wiki') return { link: `${repoUrl}wiki/`, media: `${repoUrl}wiki/raw/` };
  if (!options.ref && options.base) return { link: withSlash(options.base), media: withSlash(options.base) };
  const refPath = refPathOf(options.ref, repo.defaultBranch);
  if (!refPath) return { link: repoUrl, media: repoUrl };
  const dir = options.treePath && options.treePath !== '.' ? `${escapeSegments(options.treePath.replace(/^\/+|\/+$/g, ''))}/` : '';
  return {
    link: `${repoUrl}src/${refPath}/${dir}`,
    media: `${repoUrl}media/${refPath}/${dir}`,
    linkRoot: `${repoUrl}src/${refPath}/`,
    mediaRoot: `${repoUrl}media/${refPath}/`,
  };
}

function refPathOf(ref: string | null | undefined, defaultBranch: string | null | undefined): string | null {
  if (ref) {
    const kind = /^(branch|tag|commit)\/(.+)$/.exec(ref);
    return kind ? `${kind[1]}/${escapeSegments(kind[2])}` : `branch/${escapeSegments(ref)}`;
  }
  return defaultBranch ? `branch/${escapeSegments(defaultBranch)}` : null;
}

const escapeSegments = (path: string) => path.split('/').map(encodeURIComponent).join('/');
const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/**
 * @mentions, issue references (#1, owner/repo#1) and commit SHAs, where Gitea finds them: after a space, an
 * opening bracket or the start of a text, and before a space, a closing bracket, the end, or punctuation that
 * ends a sentence.
 */
const REFERENCE =
  /(?<=^|[\s([])(?:@([A-Za-z0-9_](?:[-\w.]*[A-Za-z0-9_])?)|(?:([\w.-]+)\/([\w.-]+))?#(\d+)|([0-9a-f]{7,40}))(?=$|[\s)\]]|[.,:;?!](?:\s|$))/g;

/** Gitea shows the first 10 characters of a linked commit SHA. */
const SHORT_SHA = 10;

export function parseMarkdown(text: string, options: MarkdownOptions): ParsedMarkdown {
  const forge = options.mode !== 'markdown';
  const md = parserFor(!!options.breaks, forge, options.maxNesting ?? DEFAULT_MAX_NESTING);
  const tokens = md.parse(text, {});
  boundRawHtml(tokens);
  const mentions = new Set<string>();
  if (forge) {
    forEachPlainText(tokens, (token) => {
      for (const m of token.content.matchAll(REFERENCE)) if (m[1]) mentions.add(m[1].toLowerCase());
    });
  }
  return {
    mentions: [...mentions],
    toHtml(mentionable) {
      if (forge) linkReferences(tokens, options, mentionable ?? (() => true));
      const bases = linkBases(options);
      if (bases) resolveLinks(tokens, bases);
      const html = md.renderer.render(tokens, md.options, {});
      // markdown-it's output is safe by construction (text and attributes escaped, links checked by
      // validateLink): only raw HTML needs the sanitizer, which costs more than the rendering itself.
      return holdsRawHtml(tokens) ? sanitizeHtml(html, bases) : html;
    },
  };
}

/** parseMarkdown and toHtml at once, linking every mention (for callers that do not check the accounts). */
export function renderMarkdown(text: string, options: MarkdownOptions): string {
  return parseMarkdown(text, options).toHtml();
}

/**
 * At most this many tags of raw HTML in a text; the raw HTML past them is shown as text. The HTML parser under
 * the sanitizer takes time that grows with the square of the depth of open elements (100,000 unclosed <div>s
 * take 17 s; 10,000, a tenth of a second), and only raw HTML opens elements without a bound (Markdown's own
 * nest at most maxNesting deep): counting its `<`s bounds the depth, however its tags are spelled.
 */
export const MAX_RAW_HTML_TAGS = 10_000;

function boundRawHtml(tokens: Token[]) {
  let tags = 0;
  const bound = (token: Token) => {
    if (token.type !== 'html_block' && token.type !== 'html_inline') return;
    if (tags > MAX_RAW_HTML_TAGS) {
      token.type = 'text';
      return;
    }
    for (let i = token.content.indexOf('<'); i !== -1; i = token.content.indexOf('<', i + 1)) tags++;
    if (tags > MAX_RAW_HTML_TAGS) token.type = 'text';
  };
  for (const token of tokens) {
    bound(token);
    if (token.type === 'inline' && token.children) token.children.forEach(bound);
  }
}

/** The checkboxes markdown-it-task-lists writes (as raw HTML tokens): known, so no reason to sanitize. */
const TASK_CHECKBOXES = new Set([
  '<input class="task-list-item-checkbox" disabled="" type="checkbox">',
  '<input class="task-list-item-checkbox" checked="" disabled="" type="checkbox">',
]);

function holdsRawHtml(tokens: Token[]): boolean {
  const raw = (token: Token) => (token.type === 'html_block' || token.type === 'html_inline') && !TASK_CHECKBOXES.has(token.content);
  return tokens.some((token) => raw(token) || (token.type === 'inline' && !!token.children?.some(raw)));
}

/** Markdown's relative links and images, resolved (raw HTML's are resolved by the sanitizer). */
function resolveLinks(tokens: Token[], bases: LinkBases) {
  const resolve = (token: Token) => {
    const target: [string, string, string | undefined] | null =
      token.type === 'link_open' ? ['href', bases.link, bases.linkRoot] : token.type === 'image' ? ['src', bases.media, bases.mediaRoot] : null;
    if (!target) return;
    const [name, base, root] = target;
    const value = token.attrGet(name);
    if (typeof value !== 'string') return;
    const url = resolveUrl(value, base, root);
    if (url === null) token.attrs = token.attrs!.filter(([n]) => n !== name);
    else if (url !== value) token.attrSet(name, url);
  };
  for (const token of tokens) if (token.type === 'inline' && token.children) token.children.forEach(resolve);
}

/** The text tokens outside links (a reference inside a link's text stays text). Code spans are tokens of their own. */
function forEachPlainText(tokens: Token[], visit: (token: Token, index: number, siblings: Token[]) => void) {
  for (const block of tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    let inLink = 0;
    const children = block.children;
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if (child.type === 'link_open') inLink++;
      else if (child.type === 'link_close') inLink--;
      else if (child.type === 'text' && inLink === 0) visit(child, i, children);
    }
  }
}

function linkReferences(tokens: Token[], options: MarkdownOptions, mentionable: (lowerName: string) => boolean) {
  const root = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  const repo = options.repository;
  const repoUrl = repo ? `${root}${escapeSegments(repo.owner)}/${escapeSegments(repo.name)}/` : null;
  const replacements: { children: Token[]; index: number; tokens: Token[] }[] = [];
  const TokenClass = TOKEN;

  forEachPlainText(tokens, (token, index, children) => {
    const content = token.content;
    const out: Token[] = [];
    let last = 0;
    for (const m of content.matchAll(REFERENCE)) {
      const [whole, mention, refOwner, refRepo, number, sha] = m;
      let href: string | null = null;
      let className = '';
      let code = false;
      let label = whole;
      if (mention) {
        if (mentionable(mention.toLowerCase())) [href, className] = [`${root}${encodeURIComponent(mention)}`, 'mention'];
      } else if (number && refOwner && refRepo) {
        [href, className] = [`${root}${encodeURIComponent(refOwner)}/${encodeURIComponent(refRepo)}/issues/${number}`, 'ref-issue'];
      } else if (number && repoUrl) {
        [href, className] = [`${repoUrl}issues/${number}`, 'ref-issue'];
      } else if (sha && repoUrl && /\d/.test(sha) && /[a-f]/.test(sha)) {
        // Gitea links a SHA only when the commit exists; without a lookup per SHA, words of hex letters alone
        // (deadbeef, facade) and plain numbers are left as text.
        [href, className, code, label] = [`${repoUrl}commit/${sha}`, 'commit', true, sha.slice(0, SHORT_SHA)];
      }
      if (!href) continue;
      const start = m.index!;
      if (start > last) out.push(textToken(TokenClass, content.slice(last, start)));
      const open = new TokenClass('link_open', 'a', 1);
      open.attrs = [['href', href], ['class', className]];
      out.push(open);
      if (code) {
        const inner = new TokenClass('code_inline', 'code', 0);
        inner.content = label;
        out.push(inner);
      } else {
        out.push(textToken(TokenClass, label));
      }
      out.push(new TokenClass('link_close', 'a', -1));
      last = start + whole.length;
    }
    if (out.length === 0) return;
    if (last < content.length) out.push(textToken(TokenClass, content.slice(last)));
    replacements.push({ children, index, tokens: out });
  });
  // Spliced from the last to the first, so the indexes of the earlier ones still hold.
  for (const r of replacements.reverse()) r.children.splice(r.index, 1, ...r.tokens);
}

function textToken(TokenClass: TokenClass, content: string): Token {
  const token = new TokenClass('text', '', 0);
  token.content = content;
  return token;
}
