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

export const UPDATE_BRANCH_FIELDS = {
  newCommitId: { kind: 'string', required: true, description: 'The commit (or any branch, tag or commit id naming one) the branch moves to.' },
  oldCommitId: { kind: 'string', description: 'The commit the branch must be at now; otherwise the move is refused (CONFLICT).' },
  force: { kind: 'boolean', description: 'Move it even when the new commit does not descend from the current one.' },
} as const satisfies FieldTable;

export type UpdateBranchInput = InputOf<typeof UPDATE_BRANCH_FIELDS>;
