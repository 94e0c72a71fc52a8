import type { FieldTable, InputOf } from '../fields.ts';

/** What editing an attachment changes: its name alone (an empty or missing name keeps it, as Gitea does). */
export const UPDATE_ATTACHMENT_FIELDS = {
  name: { kind: 'string', description: 'The new file name; its extension must be among the allowed types.' },
} as const satisfies FieldTable;

export type UpdateAttachmentInput = InputOf<typeof UPDATE_ATTACHMENT_FIELDS>;
