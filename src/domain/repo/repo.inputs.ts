import type { Repository } from '../../db/models.ts';
import type { FieldSpec, FieldTable, InputOf } from '../fields.ts';
import { OBJECT_FORMATS } from './repo.rules.ts';

/**
 * What creating and editing a repository take, declared once (src/domain/fields.ts): the service's input types
 * are inferred from these tables and the GraphQL input types are built from them.
 */

export const CREATE_REPOSITORY_FIELDS = {
  name: { kind: 'string', required: true },
  description: { kind: 'string' },
  private: { kind: 'boolean' },
  autoInit: { kind: 'boolean' },
  defaultBranch: { kind: 'string' },
  objectFormat: { kind: 'enum', values: OBJECT_FORMATS },
  readme: { kind: 'string' },
  gitignores: { kind: 'string' },
  license: { kind: 'string' },
  template: { kind: 'boolean' },
  issueLabels: { kind: 'string' },
  trustModel: { kind: 'string' },
} as const satisfies FieldTable;

export type CreateRepositoryInput = InputOf<typeof CREATE_REPOSITORY_FIELDS>;

export const INTERNAL_TRACKER_FIELDS = {
  enableTimeTracker: { kind: 'boolean' },
  allowOnlyContributorsToTrackTime: { kind: 'boolean' },
  enableIssueDependencies: { kind: 'boolean' },
} as const satisfies FieldTable;

export const EXTERNAL_TRACKER_FIELDS = {
  url: { kind: 'string', required: true },
  format: { kind: 'string' },
  style: { kind: 'string' },
  regexpPattern: { kind: 'string' },
} as const satisfies FieldTable;

export const EXTERNAL_WIKI_FIELDS = { url: { kind: 'string', required: true } } as const satisfies FieldTable;

type BooleanColumn = { [K in keyof Repository]: Repository[K] extends boolean ? K : never }[keyof Repository];
type StringColumn = { [K in keyof Repository]: Repository[K] extends string ? K : never }[keyof Repository];

/** A setting kept as is in a column of the repository row. */
type StoredSetting = (FieldSpec & { kind: 'boolean'; column: BooleanColumn }) | (FieldSpec & { kind: 'string'; column: StringColumn });

/**
 * The settings an edit may change. Those with a `column` are stored as given; the others have rules of their
 * own in updateRepository (renames, archiving, the default branch, the trackers, and mirror settings, which
 * are refused: no repository is a mirror).
 */
export const REPOSITORY_EDIT_FIELDS = {
  name: { kind: 'string' },
  description: { kind: 'string', column: 'description' },
  website: { kind: 'string', column: 'website' },
  private: { kind: 'boolean', column: 'isPrivate' },
  template: { kind: 'boolean', column: 'isTemplate' },
  archived: { kind: 'boolean' },
  defaultBranch: { kind: 'string' },
  hasCode: { kind: 'boolean', column: 'hasCode' },
  hasIssues: { kind: 'boolean', column: 'hasIssues' },
  hasWiki: { kind: 'boolean', column: 'hasWiki' },
  hasPullRequests: { kind: 'boolean', column: 'hasPullRequests' },
  hasProjects: { kind: 'boolean', column: 'hasProjects' },
  hasReleases: { kind: 'boolean', column: 'hasReleases' },
  hasPackages: { kind: 'boolean', column: 'hasPackages' },
  hasActions: { kind: 'boolean', column: 'hasActions' },
  ignoreWhitespaceConflicts: { kind: 'boolean', column: 'ignoreWhitespaceConflicts' },
  allowMergeCommits: { kind: 'boolean', column: 'allowMergeCommits' },
  allowRebase: { kind: 'boolean', column: 'allowRebase' },
  allowRebaseExplicit: { kind: 'boolean', column: 'allowRebaseExplicit' },
  allowSquashMerge: { kind: 'boolean', column: 'allowSquashMerge' },
  allowFastForwardOnlyMerge: { kind: 'boolean', column: 'allowFastForwardOnlyMerge' },
  allowRebaseUpdate: { kind: 'boolean', column: 'allowRebaseUpdate' },
  allowManualMerge: { kind: 'boolean', column: 'allowManualMerge' },
  autodetectManualMerge: { kind: 'boolean', column: 'autodetectManualMerge' },
  defaultDeleteBranchAfterMerge: { kind: 'boolean', column: 'defaultDeleteBranchAfterMerge' },
  defaultMergeStyle: { kind: 'string', column: 'defaultMergeStyle' },
  defaultAllowMaintainerEdit: { kind: 'boolean', column: 'defaultAllowMaintainerEdit' },
  projectsMode: { kind: 'string', column: 'projectsMode' },
  mirrorInterval: { kind: 'string' },
  enablePrune: { kind: 'boolean' },
  mirrorCredentials: { kind: 'boolean', description: 'Set when mirror credentials were given (refused: not a mirror).' },
  internalTracker: { kind: 'input', fields: INTERNAL_TRACKER_FIELDS },
  externalTracker: { kind: 'input', fields: EXTERNAL_TRACKER_FIELDS },
  externalWiki: { kind: 'input', fields: EXTERNAL_WIKI_FIELDS },
} as const satisfies { [name: string]: FieldSpec | StoredSetting };

export type UpdateRepositoryInput = InputOf<typeof REPOSITORY_EDIT_FIELDS>;

/** The edit fields stored as given, each with its column. */
export const STORED_SETTINGS = Object.entries(REPOSITORY_EDIT_FIELDS).flatMap(([field, spec]) =>
  'column' in spec ? [{ field: field as keyof UpdateRepositoryInput, column: spec.column }] : [],
);
