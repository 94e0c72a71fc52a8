import type { FieldTable, InputOf } from '../fields.ts';

/** A page to write: Gitea's CreateWikiPageOptions (title, content_base64, message), declared once. */
export const WIKI_PAGE_FIELDS = {
  title: { kind: 'string', description: 'The title of the page; on an edit, empty keeps the name (a new title renames the page).' },
  contentBase64: { kind: 'string', description: 'The content, base64-encoded.' },
  message: { kind: 'string', description: 'The commit message; default: Gitea\'s ("Add …", "Update …").' },
} as const satisfies FieldTable;
export type WikiPageInput = InputOf<typeof WIKI_PAGE_FIELDS>;
