import type { FieldTable, InputOf } from '../fields.ts';

/** Time spent on an issue, added by hand (REST: AddTimeOption). */
export const ADD_TRACKED_TIME_FIELDS = {
  seconds: { kind: 'int', required: true, description: 'The time spent, in seconds: more than zero.' },
  createdAt: { kind: 'dateTime', description: 'When the time was spent; now when left out.' },
  user: {
    kind: 'string',
    description: "Login of the account whose time it is. Honoured for site admins and for the repository's admins; others always track their own.",
  },
} as const satisfies FieldTable;

export type AddTrackedTimeInput = InputOf<typeof ADD_TRACKED_TIME_FIELDS>;

/** Which tracked times a list shows; every filter left out shows all the caller may see. */
export const TRACKED_TIME_FILTER_FIELDS = {
  user: {
    kind: 'string',
    description: "Login of the account whose times to list. Those who may not write to the issues see only their own times, and asking for another's is refused.",
  },
  since: { kind: 'dateTime', description: 'Only times tracked at or after this moment.' },
  before: { kind: 'dateTime', description: 'Only times tracked at or before this moment.' },
} as const satisfies FieldTable;

export type TrackedTimeFilter = InputOf<typeof TRACKED_TIME_FILTER_FIELDS>;

/** The caller's own tracked times: by moment only. */
export const VIEWER_TRACKED_TIME_FILTER_FIELDS = {
  since: TRACKED_TIME_FILTER_FIELDS.since,
  before: TRACKED_TIME_FILTER_FIELDS.before,
} as const satisfies FieldTable;

export type ViewerTrackedTimeFilter = InputOf<typeof VIEWER_TRACKED_TIME_FILTER_FIELDS>;
