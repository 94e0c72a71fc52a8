import type { FieldTable, InputOf } from '../fields.ts';

/** One issue of any repository: its repository's owner and name, and its number there. */
export const ISSUE_LOCATOR_FIELDS = {
  owner: { kind: 'string', required: true, description: "Login of the owner of the issue's repository." },
  name: { kind: 'string', required: true, description: "Name of the issue's repository." },
  number: { kind: 'int', required: true },
} as const satisfies FieldTable;

export type IssueLocator = InputOf<typeof ISSUE_LOCATOR_FIELDS>;
