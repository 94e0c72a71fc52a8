import type { FieldTable, InputOf } from '../fields.ts';
import { REVIEW_STATES } from './review.rules.ts';

/** A line comment of a review: a file of the pull request's diff and a line on one of its sides. */
export const REVIEW_COMMENT_FIELDS = {
  path: { kind: 'string', required: true, description: 'The file, as the diff names it (after the change).' },
  body: { kind: 'string', required: true },
  newLine: { kind: 'int', description: "A line of the new side of the file's diff (0 or left out: see oldLine)." },
  oldLine: { kind: 'int', description: 'A line of the old side of the diff; wins over newLine when both are given.' },
} as const satisfies FieldTable;

export type ReviewCommentInput = InputOf<typeof REVIEW_COMMENT_FIELDS>;

/** A review to write (REST: CreatePullReviewOptions). */
export const CREATE_REVIEW_FIELDS = {
  event: { kind: 'enum', values: REVIEW_STATES, description: 'APPROVED, REQUEST_CHANGES or COMMENT submit the review; anything else (or nothing) keeps it pending.' },
  body: { kind: 'string' },
  commitId: { kind: 'string', description: "The commit reviewed; default: the pull request's head." },
  comments: { kind: 'input', list: true, fields: REVIEW_COMMENT_FIELDS },
} as const satisfies FieldTable;

export type CreateReviewInput = InputOf<typeof CREATE_REVIEW_FIELDS>;

/** Submitting a pending review (REST: SubmitPullReviewOptions). */
export const SUBMIT_REVIEW_FIELDS = {
  event: { kind: 'enum', values: REVIEW_STATES, description: 'APPROVED, REQUEST_CHANGES or COMMENT; anything else is refused (the review would stay pending).' },
  body: { kind: 'string' },
} as const satisfies FieldTable;

export type SubmitReviewInput = InputOf<typeof SUBMIT_REVIEW_FIELDS>;

/** Accounts (by login or e-mail address) and teams (by name, of the owning organization) asked to review. */
export const REVIEW_REQUEST_FIELDS = {
  reviewers: { kind: 'string', list: true },
  teamReviewers: { kind: 'string', list: true },
} as const satisfies FieldTable;

export type ReviewRequestInput = InputOf<typeof REVIEW_REQUEST_FIELDS>;
