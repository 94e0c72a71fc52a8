/**
 * Syntax highlighting with shiki, loaded only by the file view (a chunk of its own): the JavaScript regex
 * engine (no WebAssembly: the Content-Security-Policy forbids compiling it), both GitHub themes at once (the
 * dark colours ride in --shiki-dark, picked by CSS), and one language module per file type.
 */
import { createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import type { GrammarState, ThemedToken } from 'shiki/core';

type LangModule = () => Promise<{ default: unknown }>;
const LANGS: Record<string, LangModule> = {
  typescript: () => import('shiki/langs/typescript.mjs'),
  tsx: () => import('shiki/langs/tsx.mjs'),
  javascript: () => import('shiki/langs/javascript.mjs'),
  jsx: () => import('shiki/langs/jsx.mjs'),
  json: () => import('shiki/langs/json.mjs'),
  markdown: () => import('shiki/langs/markdown.mjs'),
  css: () => import('shiki/langs/css.mjs'),
  scss: () => import('shiki/langs/scss.mjs'),
  html: () => import('shiki/langs/html.mjs'),
  python: () => import('shiki/langs/python.mjs'),
  ruby: () => import('shiki/langs/ruby.mjs'),
  go: () => import('shiki/langs/go.mjs'),
  rust: () => import('shiki/langs/rust.mjs'),
  java: () => import('shiki/langs/java.mjs'),
  kotlin: () => import('shiki/langs/kotlin.mjs'),
  c: () => import('shiki/langs/c.mjs'),
  cpp: () => import('shiki/langs/cpp.mjs'),
  csharp: () => import('shiki/langs/csharp.mjs'),
  shellscript: () => import('shiki/langs/shellscript.mjs'),
  yaml: () => import('shiki/langs/yaml.mjs'),
  toml: () => import('shiki/langs/toml.mjs'),
  sql: () => import('shiki/langs/sql.mjs'),
  xml: () => import('shiki/langs/xml.mjs'),
  php: () => import('shiki/langs/php.mjs'),
  swift: () => import('shiki/langs/swift.mjs'),
  graphql: () => import('shiki/langs/graphql.mjs'),
  docker: () => import('shiki/langs/docker.mjs'),
  make: () => import('shiki/langs/make.mjs'),
  diff: () => import('shiki/langs/diff.mjs'),
  ini: () => import('shiki/langs/ini.mjs'),
  lua: () => import('shiki/langs/lua.mjs'),
  prisma: () => import('shiki/langs/prisma.mjs'),
};

/** github-light's orange is too pale on white (3.6:1); a darker one reads (WCAG AA, 4.5:1). */
const LEGIBLE = { 'github-light': { '#e36209': '#b35309', '#E36209': '#b35309' } };

let highlighter: Promise<HighlighterCore> | undefined;

function load(): Promise<HighlighterCore> {
  return (highlighter ??= createHighlighterCore({
    themes: [import('shiki/themes/github-light.mjs'), import('shiki/themes/github-dark.mjs')],
    langs: [],
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  }));
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const styleOf = (style: Record<string, string> | undefined) =>
  style ? Object.entries(style).map(([k, v]) => `${k}:${v}`).join(';').replace(/"/g, '') : '';
const lineHtml = (tokens: ThemedToken[]) => tokens.map((t) => `<span style="${styleOf(t.htmlStyle as Record<string, string>)}">${escapeHtml(t.content)}</span>`).join('');

/**
 * Highlights `chunks` (groups of lines) one after the other, handing each chunk's HTML to `apply`, and yields
 * to the browser between chunks, so a long file stays responsive while its colours arrive. The grammar's state
 * carries from one chunk to the next. Stops when `cancelled()` says so.
 */
export async function highlightChunks(chunks: string[][], lang: string, apply: (index: number, html: string) => void, cancelled: () => boolean): Promise<void> {
  const load_ = LANGS[lang];
  if (!load_) return;
  const h = await load();
  if (!h.getLoadedLanguages().includes(lang)) await h.loadLanguage((await load_()).default as Parameters<HighlighterCore['loadLanguage']>[0]);
  let grammarState: GrammarState | undefined;
  for (let i = 0; i < chunks.length; i++) {
    if (cancelled()) return;
    const result = h.codeToTokens(chunks[i].join('\n'), { lang, themes: { light: 'github-light', dark: 'github-dark' },
      grammarState,
      colorReplacements: LEGIBLE,
    });
    grammarState = result.grammarState;
    apply(i, result.tokens.map(lineHtml).join('\n'));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
