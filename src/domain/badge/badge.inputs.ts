import type { FieldTable, InputOf } from '../fields.ts';

/** A badge site administrators create (Gitea has no API for it: its admin pages make them). */
export const CREATE_BADGE_FIELDS = {
  slug: { kind: 'string', required: true, description: 'The name badges are awarded by: letters, digits, "-", "_" and "." (at most 255 characters), unique.' },
  description: { kind: 'string', description: 'What the badge stands for (at most 255 characters).' },
  imageUrl: { kind: 'string', description: 'An http(s) URL of its picture; empty for none.' },
} as const satisfies FieldTable;

export type CreateBadgeInput = InputOf<typeof CREATE_BADGE_FIELDS>;
