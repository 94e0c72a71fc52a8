import type { FieldTable, InputOf } from '../fields.ts';

/** What rendering a text takes (POST /markdown, /markdown/raw, /markup and the renderMarkdown query). */
export const RENDER_MARKUP_FIELDS = {
  text: { kind: 'string', description: 'The text to render.' },
  mode: { kind: 'string', description: 'markdown (plain GFM, the default), gfm (a document), comment, wiki, or file (rendered by the extension of filePath).' },
  context: {
    kind: 'string',
    description: 'The path the text belongs to, as Gitea takes it: /{owner}/{repo} or /{owner}/{repo}/src/{branch|tag|commit}/{ref}/{directory}. Relative links resolve against it; issue references and SHAs link into its repository.',
  },
  filePath: { kind: 'string', description: 'The path of the file being rendered (file mode: its extension picks the renderer; its directory is where relative links start).' },
  wiki: { kind: 'boolean', description: 'Deprecated by Gitea: the same as mode wiki.' },
} as const satisfies FieldTable;

export type RenderMarkupInput = InputOf<typeof RENDER_MARKUP_FIELDS>;
