import type { FieldTable, InputOf } from '../fields.ts';

/**
 * What creating and editing a label take, declared once (src/domain/fields.ts): the service's input type is
 * inferred from this table and the GraphQL input type is built from it. Creating needs a name and a color.
 */
export const LABEL_FIELDS = {
  name: { kind: 'string' },
  color: { kind: 'string', description: 'Six (or three) hex digits, with or without a leading #.' },
  description: { kind: 'string' },
  exclusive: { kind: 'boolean', description: 'Among labels of one scope (`scope/name`), an issue carries at most one.' },
  isArchived: { kind: 'boolean' },
} as const satisfies FieldTable;

export type LabelInput = InputOf<typeof LABEL_FIELDS>;

/** The labels a change of an issue's labels names: by id, or by name (the repository's or its organization's). */
export const ISSUE_LABELS_FIELDS = {
  ids: { kind: 'int', list: true, description: 'Label ids.' },
  names: { kind: 'string', list: true, description: 'Label names; a name both the repository and its organization have names both.' },
} as const satisfies FieldTable;

export type IssueLabelsInput = InputOf<typeof ISSUE_LABELS_FIELDS>;
