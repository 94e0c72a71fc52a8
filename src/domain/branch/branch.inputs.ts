import type { FieldTable, InputOf } from '../fields.ts';

/**
 * What creating a branch or a tag takes, declared once (src/domain/fields.ts): the service's input types are
 * inferred from these tables and the GraphQL input types are built from them.
 */

export const CREATE_BRANCH_FIELDS = {
  newBranchName: { kind: 'string', required: true },
  // Deprecated in Gitea in favour of oldRefName; must be an existing branch.
  oldBranchName: { kind: 'string', description: 'An existing branch to start from (use oldRefName).' },
  oldRefName: { kind: 'string', description: 'A branch, tag or commit id to start from; default: the default branch.' },
} as const satisfies FieldTable;

export type CreateBranchInput = InputOf<typeof CREATE_BRANCH_FIELDS>;

export const CREATE_TAG_FIELDS = {
  tagName: { kind: 'string', required: true },
  target: { kind: 'string', description: 'Branch, tag or commit id; default: the default branch.' },
  // The annotated tag's tagger is the viewer.
  message: { kind: 'string', description: 'With a message the tag is annotated; without, lightweight.' },
} as const satisfies FieldTable;

export type CreateTagInput = InputOf<typeof CREATE_TAG_FIELDS>;
