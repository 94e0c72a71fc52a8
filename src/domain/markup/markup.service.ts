import path from 'node:path';
import { parseMarkdown, type MarkdownMode, type MarkdownOptions, type MarkdownRepository } from '../../markup/markdown.ts';
import { invalid, tooLarge } from '../../errors.ts';
import type { Config } from '../../config/defaults.ts';
import type { ServiceContext } from '../../services.ts';
import { visibleAccountsWhere } from '../access/access.service.ts';
import type { RenderMarkupInput } from './markup.inputs.ts';

/** The modes a render takes, as Gitea names them; file picks its renderer by the file's extension. */
const MODES = ['markdown', 'gfm', 'comment', 'wiki', 'file'] as const;
type Mode = (typeof MODES)[number];

/**
 * At most this many different accounts of one text are looked up to link its @mentions (one statement per 500):
 * the mentions past them stay text.
 */
export const MAX_LOOKED_UP_MENTIONS = 1000;
const MENTIONS_PER_STATEMENT = 500;

/** A text rendered to safe HTML, with the context the call gives (Gitea's POST /markup and /markdown). */
export async function renderMarkup(ctx: ServiceContext, input: RenderMarkupInput, rootUrl: string): Promise<string> {
  const text = input.text ?? '';
  checkSize(ctx.config, text);
  const mode = modeOf(input);
  if (mode === 'file') checkRenderable(ctx.config, input.filePath ?? '');
  const options = optionsFor(ctx.config, mode === 'file' ? 'gfm' : mode, { context: input.context, filePath: input.filePath, rootUrl });
  const parsed = parseMarkdown(text, options);
  const mentionable = await mentionableAmong(ctx, parsed.mentions.slice(0, MAX_LOOKED_UP_MENTIONS));
  return parsed.toHtml((name) => mentionable.has(name));
}

/** The render options of a text of a repository's issues, pull requests or comments (comment mode). */
export function commentOptions(config: Config, repository: MarkdownRepository, rootUrl: string): MarkdownOptions {
  return { ...optionsFor(config, 'comment', { rootUrl }), repository };
}

/** The render options of a document of a repository: a release's notes (gfm), a wiki page (wiki: links into the wiki). */
export function documentOptions(config: Config, repository: MarkdownRepository, rootUrl: string, mode: 'gfm' | 'wiki'): MarkdownOptions {
  return { ...optionsFor(config, mode, { rootUrl }), repository };
}

function checkSize(config: Config, text: string) {
  const bytes = Buffer.byteLength(text);
  if (bytes > config.markdown.MAX_SIZE) {
    throw tooLarge(`the text to render is ${bytes} bytes, more than the ${config.markdown.MAX_SIZE} this server renders (markdown.MAX_SIZE)`);
  }
}

function modeOf(input: RenderMarkupInput): Mode {
  if (input.wiki) return 'wiki';
  const mode = input.mode || 'markdown';
  if (!(MODES as readonly string[]).includes(mode)) throw invalid(`Unknown mode: ${mode}`);
  return mode as Mode;
}

/** Gitea renders in file mode only the extensions it has a renderer for; Graft has Markdown's. */
function checkRenderable(config: Config, filePath: string) {
  const ext = path.posix.extname(filePath).toLowerCase();
  if (!ext) throw invalid(`path '${filePath}' does not have an extension`);
  if (!config.markdown.FILE_EXTENSIONS.map((e) => e.toLowerCase()).includes(ext)) throw invalid(`Unsupported render extension: ${ext}`);
}

interface Where {
  context?: string | null;
  filePath?: string | null;
  rootUrl: string;
}

/**
 * The options of a render: the line breaks of its mode, and where its links point. A context of the form
 * /{owner}/{repo}/src/{branch|tag|commit}/{ref}/{dir} gives the repository, the ref (the file's directory
 * taken off its end) and the directory; another context under /{owner}/{repo} gives the repository for
 * references, and relative links resolve against the context's URL, as Gitea resolves them.
 */
function optionsFor(config: Config, mode: MarkdownMode, where: Where): MarkdownOptions {
  const breaks = mode === 'comment' ? config.markdown.ENABLE_HARD_LINE_BREAK_IN_COMMENTS : config.markdown.ENABLE_HARD_LINE_BREAK_IN_DOCUMENTS;
  const options: MarkdownOptions = { mode, baseUrl: where.rootUrl, breaks, maxNesting: config.markdown.MAX_NESTING };
  const context = contextPath(where.context ?? '', where.rootUrl);
  if (!context) return options;
  const fields = context.split('/');
  if (fields.length >= 2 && fields[0] && fields[1]) options.repository = { owner: fields[0], name: fields[1] };
  const fileDir = where.filePath ? path.posix.dirname(where.filePath) : '.';
  if (fields.length >= 5 && fields[2] === 'src' && ['branch', 'tag', 'commit'].includes(fields[3])) {
    let ref = fields.slice(3).join('/');
    if (fileDir !== '.' && ref.endsWith(`/${fileDir}`)) ref = ref.slice(0, -fileDir.length - 1);
    options.ref = ref;
    options.treePath = fileDir === '.' ? null : fileDir;
  } else {
    options.base = new URL(context, where.rootUrl).href;
  }
  return options;
}

/** The context without the server's sub-path and its leading slash (Gitea strips AppSubURL the same way). */
function contextPath(context: string, rootUrl: string): string {
  const subPath = new URL(rootUrl).pathname.replace(/\/+$/, '');
  let value = context.trim();
  if (subPath && value.startsWith(`${subPath}/`)) value = value.slice(subPath.length);
  return value.replace(/^\/+/, '');
}

/** The lower-cased names among `names` of accounts the caller sees: their mentions become links. */
export async function mentionableAmong(ctx: ServiceContext, names: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < names.length; i += MENTIONS_PER_STATEMENT) {
    const chunk = names.slice(i, i + MENTIONS_PER_STATEMENT);
    const rows = await ctx.db.user.findMany({ where: { AND: [{ lowerLogin: { in: chunk } }, visibleAccountsWhere(ctx.viewer)] }, select: { lowerLogin: true } });
    for (const row of rows) found.add(row.lowerLogin);
  }
  return found;
}
