import type { Issue, IssueDeadline } from 'gitea-js';
import type { FieldsOf } from '../gitea-js.ts';

/**
 * For each gitea-js type a test reads, every field it declares and how Gitea's Go struct sends it
 * (value fields always, pointers as null when unset, omitempty fields only when set), one file per area of
 * src/domain. Taken from Gitea's modules/structs; the `FieldsOf` type fails to compile if the client gains or
 * loses a field.
 */

export const ISSUE: FieldsOf<Issue> = {
  assets: 'value',
  assignee: 'nullable',
  // A Go nil slice when nobody is assigned; Graft sends the empty list.
  assignees: 'nullable',
  body: 'value',
  closed_at: 'nullable',
  comments: 'value',
  created_at: 'value',
  due_date: 'nullable',
  html_url: 'value',
  id: 'value',
  is_locked: 'value',
  labels: 'value',
  milestone: 'nullable',
  number: 'value',
  original_author: 'value',
  original_author_id: 'value',
  pin_order: 'value',
  pull_request: 'nullable',
  ref: 'value',
  repository: 'nullable',
  state: 'value',
  title: 'value',
  updated_at: 'value',
  url: 'value',
  user: 'value',
};

export const ISSUE_DEADLINE: FieldsOf<IssueDeadline> = { due_date: 'nullable' };
