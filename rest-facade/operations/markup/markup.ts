import { RenderMarkupDocument } from '../../__generated__/graphql.ts';
import { defineOperation, textReply } from '../../operation.ts';

const HTML = 'text/html; charset=utf-8';

/** Gitea reads these bodies into Go structs, whose JSON names match whatever their case: Text, text and TEXT alike. */
function member<T>(body: object | undefined, name: string): T | undefined {
  if (!body) return undefined;
  const lower = name.toLowerCase();
  const exact = (body as Record<string, unknown>)[name];
  if (exact !== undefined) return exact as T;
  const key = Object.keys(body).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : ((body as Record<string, unknown>)[key] as T);
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** POST /markdown renders the forge's links in comment, gfm and wiki modes only: any other mode is plain Markdown. */
const MARKDOWN_MODES = new Set(['comment', 'gfm', 'wiki']);

export const renderMarkdown = defineOperation({
  operationId: 'renderMarkdown',
  document: RenderMarkupDocument,
  variables: ({ body }) => {
    const mode = text(member(body, 'Mode')) ?? '';
    return {
      input: {
        text: text(member(body, 'Text')),
        mode: MARKDOWN_MODES.has(mode) ? mode : 'markdown',
        context: text(member(body, 'Context')),
        wiki: member<unknown>(body, 'Wiki') === true,
      },
    };
  },
  reply: (data) => textReply(data.renderMarkdown, HTML),
});

export const renderMarkdownRaw = defineOperation({
  operationId: 'renderMarkdownRaw',
  document: RenderMarkupDocument,
  variables: ({ body }) => ({ input: { text: body, mode: 'markdown' } }),
  reply: (data) => textReply(data.renderMarkdown, HTML),
});

export const renderMarkup = defineOperation({
  operationId: 'renderMarkup',
  document: RenderMarkupDocument,
  variables: ({ body }) => ({
    input: {
      text: text(member(body, 'Text')),
      mode: text(member(body, 'Mode')),
      context: text(member(body, 'Context')),
      filePath: text(member(body, 'FilePath')),
      wiki: member<unknown>(body, 'Wiki') === true,
    },
  }),
  reply: (data) => textReply(data.renderMarkdown, HTML),
});
