import type { FieldTable, InputOf } from '../fields.ts';

export const CREATE_RELEASE_FIELDS = {
  tagName: { kind: 'string', required: true, description: 'An existing tag, or a new one made from the target.' },
  target: { kind: 'string', description: 'Branch or commit a new tag is made from; default: the default branch.' },
  title: { kind: 'string' },
  note: { kind: 'string', description: 'The release notes (Markdown, stored as written).' },
  isDraft: { kind: 'boolean', description: 'A draft is seen by writers only; its tag is made when it is published.' },
  isPrerelease: { kind: 'boolean' },
  tagMessage: { kind: 'string', description: 'With a message a new tag is annotated; without, lightweight.' },
} as const satisfies FieldTable;

export type CreateReleaseInput = InputOf<typeof CREATE_RELEASE_FIELDS>;

// As in Gitea, empty strings keep what is there; the flags change only when given.
export const UPDATE_RELEASE_FIELDS = {
  tagName: { kind: 'string', description: 'A new tag name; empty keeps it.' },
  target: { kind: 'string', description: 'A new target; empty keeps it.' },
  title: { kind: 'string', description: 'A new title; empty keeps it.' },
  note: { kind: 'string', description: 'New notes; empty keeps them.' },
  isDraft: { kind: 'boolean', description: 'Publishing a draft makes its tag when it does not exist.' },
  isPrerelease: { kind: 'boolean' },
} as const satisfies FieldTable;

export type UpdateReleaseInput = InputOf<typeof UPDATE_RELEASE_FIELDS>;

export interface ReleaseFilter {
  /** Only drafts (true) or no drafts (false); drafts are listed for writers only either way. */
  draft?: boolean | null;
  prerelease?: boolean | null;
  /** Only releases whose title or tag contains this, whatever its case. */
  query?: string | null;
  /** Only releases whose tag matches this pattern, `*` standing for any text (Gitea's tag_filter). */
  tagFilter?: string | null;
}
