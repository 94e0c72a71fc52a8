import type { FieldTable, InputOf } from '../fields.ts';

export const ISSUE_STATES = ['open', 'closed'] as const;

/**
 * What opening and editing an issue take, declared once (src/domain/fields.ts). Labels, milestone, assignees
 * and the deadline are honoured only for those who may write to the issues; others get the issue without them,
 * as Gitea does.
 */
export const CREATE_ISSUE_FIELDS = {
  title: { kind: 'string', required: true },
  body: { kind: 'string' },
  ref: { kind: 'string', description: 'The branch or tag the issue is about.' },
  assignees: { kind: 'string', list: true, description: 'Logins of the accounts to assign.' },
  labels: { kind: 'int', list: true, description: 'Ids of labels of the repository or of its organization; another id is refused (VALIDATION).' },
  milestone: { kind: 'int', description: "Id of one of the repository's milestones; another id is ignored." },
  deadline: { kind: 'dateTime' },
  closed: { kind: 'boolean', description: 'Open the issue already closed.' },
} as const satisfies FieldTable;

export type CreateIssueInput = InputOf<typeof CREATE_ISSUE_FIELDS>;

export const UPDATE_ISSUE_FIELDS = {
  title: { kind: 'string' },
  body: { kind: 'string' },
  ref: { kind: 'string' },
  assignees: { kind: 'string', list: true, description: 'The complete list of assignees (logins); an empty list clears them.' },
  milestone: { kind: 'int', description: 'A milestone id; 0 removes the milestone.' },
  deadline: { kind: 'dateTime' },
  removeDeadline: { kind: 'boolean' },
  state: { kind: 'enum', values: ISSUE_STATES },
} as const satisfies FieldTable;

export type UpdateIssueInput = InputOf<typeof UPDATE_ISSUE_FIELDS>;

export const ISSUE_LIST_STATES = ['open', 'closed', 'all'] as const;
export const ISSUE_KINDS = ['issues', 'pulls'] as const;

/** Which issues a list shows; every filter left out shows all (the state: open ones). */
export const ISSUE_FILTER_FIELDS = {
  state: { kind: 'enum', values: ISSUE_LIST_STATES, description: 'Default: open.' },
  kind: { kind: 'enum', values: ISSUE_KINDS, description: 'Issues or pull requests; default both.' },
  labels: { kind: 'string', list: true, description: 'Label names: only issues with all of them; names no label has are ignored.' },
  milestones: { kind: 'string', list: true, description: 'Milestone titles or ids: issues in any of them; unknown ones are ignored.' },
  query: { kind: 'string', description: 'Text the title or the body contains.' },
  updatedSince: { kind: 'dateTime' },
  updatedBefore: { kind: 'dateTime' },
  postedBy: { kind: 'string', description: 'Login of the poster.' },
  assignedTo: { kind: 'string', description: 'Login of an assignee.' },
  mentioning: { kind: 'string', description: 'Login mentioned as @login in the body.' },
} as const satisfies FieldTable;

export type IssueFilter = InputOf<typeof ISSUE_FILTER_FIELDS>;
