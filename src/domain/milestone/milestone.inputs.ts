import type { FieldTable, InputOf } from '../fields.ts';

/** The states a milestone is in; lists filter by them, or take both (`all`). */
export const MILESTONE_STATES = ['open', 'closed'] as const;
export type MilestoneState = (typeof MILESTONE_STATES)[number];
export const MILESTONE_STATE_FILTERS = ['open', 'closed', 'all'] as const;
export type MilestoneStateFilter = (typeof MILESTONE_STATE_FILTERS)[number];

export const CREATE_MILESTONE_FIELDS = {
  title: { kind: 'string', required: true },
  description: { kind: 'string' },
  deadline: { kind: 'dateTime', description: 'When the milestone is due; none when left out.' },
  state: { kind: 'enum', values: MILESTONE_STATES, description: 'Default: open.' },
} as const satisfies FieldTable;

export type CreateMilestoneInput = InputOf<typeof CREATE_MILESTONE_FIELDS>;

// As in Gitea, an edit cannot remove a deadline: a deadline left out keeps the one there is.
export const UPDATE_MILESTONE_FIELDS = {
  title: { kind: 'string', description: 'A new title; an empty one keeps the title.' },
  description: { kind: 'string' },
  deadline: { kind: 'dateTime', description: 'A new deadline; left out, the deadline stays.' },
  state: { kind: 'enum', values: MILESTONE_STATES, description: 'Closing sets closedAt, reopening clears it.' },
} as const satisfies FieldTable;

export type UpdateMilestoneInput = InputOf<typeof UPDATE_MILESTONE_FIELDS>;
