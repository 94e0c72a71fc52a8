import type { FieldTable, InputOf } from '../fields.ts';
import { STATUS_SORTS } from './status.rules.ts';

/** A status to report on a commit (REST: CreateStatusOption). Text is kept trimmed, as Gitea keeps it. */
export const CREATE_COMMIT_STATUS_FIELDS = {
  state: {
    kind: 'string',
    required: true,
    description: 'One of pending, success, error, failure, warning or skipped.',
  },
  targetUrl: { kind: 'string', description: 'Where the details are (a build log, a report).' },
  description: { kind: 'string', description: 'A short sentence about the status.' },
  context: { kind: 'string', description: 'What reported the status ("ci/build"); the latest status of each context makes the combined status. Empty when left out.' },
} as const satisfies FieldTable;

export type CreateCommitStatusInput = InputOf<typeof CREATE_COMMIT_STATUS_FIELDS>;

/** Which statuses of a commit a list shows, and in which order. */
export const COMMIT_STATUS_FILTER_FIELDS = {
  state: { kind: 'string', description: 'Only statuses in this state (pending, success, error, failure or warning); another value filters nothing, as in Gitea.' },
  sort: {
    kind: 'enum',
    values: STATUS_SORTS,
    description:
      'newest first by default; oldest, recentupdate, leastupdate, and Gitea\'s leastindex (highest index first) and highestindex (lowest index first).',
  },
} as const satisfies FieldTable;

export type CommitStatusFilter = InputOf<typeof COMMIT_STATUS_FILTER_FIELDS>;
