import type { FieldTable, InputOf } from '../fields.ts';

/**
 * What changing files takes, declared once (src/domain/fields.ts): the commit options every change shares,
 * and the list of file operations. The service's input types are inferred from these tables and the GraphQL
 * input types are built from them.
 */

/** create: a new file; update: change (and move) an existing one; upload: create or update; rename; delete. */
export const FILE_OPERATIONS = ['create', 'update', 'upload', 'rename', 'delete'] as const;
export type FileOperation = (typeof FILE_OPERATIONS)[number];

export const IDENTITY_FIELDS = { name: { kind: 'string' }, email: { kind: 'string' } } as const satisfies FieldTable;
export type IdentityInput = InputOf<typeof IDENTITY_FIELDS>;

export const COMMIT_DATES_FIELDS = { author: { kind: 'string' }, committer: { kind: 'string' } } as const satisfies FieldTable;

export const COMMIT_OPTION_FIELDS = {
  branch: { kind: 'string', description: 'The branch to commit on (default: the default branch).' },
  newBranch: { kind: 'string', description: 'Commit on this new branch, made from `branch`.' },
  forcePush: { kind: 'boolean', description: 'Replace `newBranch` when it exists.' },
  message: { kind: 'string' },
  signoff: { kind: 'boolean', description: 'Add a Signed-off-by trailer for the committer.' },
  author: { kind: 'input', fields: IDENTITY_FIELDS, description: 'Default: the committer, else the caller.' },
  committer: { kind: 'input', fields: IDENTITY_FIELDS, description: 'Default: the author, else the caller.' },
  dates: { kind: 'input', fields: COMMIT_DATES_FIELDS, description: 'Default: each other, else now.' },
} as const satisfies FieldTable;
export type CommitOptionsInput = InputOf<typeof COMMIT_OPTION_FIELDS>;

export const FILE_OPERATION_FIELDS = {
  operation: { kind: 'enum', values: FILE_OPERATIONS, required: true },
  path: { kind: 'string', required: true },
  content: { kind: 'string', description: 'Base64 bytes (create, update, upload).' },
  sha: { kind: 'string', description: 'The blob id of the current file; required to update or delete, checked whenever given.' },
  fromPath: { kind: 'string', description: 'The current path of a file being moved (update, rename).' },
} as const satisfies FieldTable;
export type FileChangeInput = InputOf<typeof FILE_OPERATION_FIELDS>;

export const CHANGE_FILES_FIELDS = {
  ...COMMIT_OPTION_FIELDS,
  files: { kind: 'input', fields: FILE_OPERATION_FIELDS, list: true, required: true },
} as const satisfies FieldTable;
export type ChangeFilesInput = InputOf<typeof CHANGE_FILES_FIELDS>;

export const APPLY_PATCH_FIELDS = {
  ...COMMIT_OPTION_FIELDS,
  content: { kind: 'string', required: true, description: 'The patch: `git diff` or `git format-patch` output.' },
} as const satisfies FieldTable;
export type ApplyPatchInput = InputOf<typeof APPLY_PATCH_FIELDS>;
