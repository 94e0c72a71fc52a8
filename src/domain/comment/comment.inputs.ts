import type { FieldTable, InputOf } from '../fields.ts';

/** What writing a comment takes: its text (Markdown), not empty. */
export const COMMENT_FIELDS = {
  body: { kind: 'string', required: true, description: 'The text, in Markdown; `#12` and `owner/repo#12` reference issues.' },
} as const satisfies FieldTable;

export type CommentInput = InputOf<typeof COMMENT_FIELDS>;

/** Which comments (or timeline events) a list shows, by the time of their last change; left out, all. */
export const COMMENT_FILTER_FIELDS = {
  updatedSince: { kind: 'dateTime', description: 'Only those changed at or after this time.' },
  updatedBefore: { kind: 'dateTime', description: 'Only those changed at or before this time.' },
} as const satisfies FieldTable;

export type CommentFilter = InputOf<typeof COMMENT_FILTER_FIELDS>;
