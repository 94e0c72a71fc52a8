import type { AnnotatedTag, Branch, PayloadCommit, Reference, Tag } from 'gitea-js';
import type { FieldsOf } from '../gitea-js.ts';

/**
 * For each gitea-js type a test reads, every field it declares and how Gitea's Go struct sends it
 * (value fields always, pointers as null when unset, omitempty fields only when set), one file per area of
 * src/domain. Taken from Gitea's modules/structs; the `FieldsOf` type fails to compile if the client gains or
 * loses a field.
 */

export const PAYLOAD_COMMIT: FieldsOf<PayloadCommit> = {
  added: 'nullable',
  author: 'value',
  committer: 'value',
  id: 'value',
  message: 'value',
  modified: 'nullable',
  removed: 'nullable',
  timestamp: 'value',
  url: 'value',
  verification: 'nullable',
};

export const BRANCH: FieldsOf<Branch> = {
  commit: 'value',
  effective_branch_protection_name: 'value',
  enable_status_check: 'value',
  name: 'value',
  protected: 'value',
  required_approvals: 'value',
  status_check_contexts: 'value',
  user_can_merge: 'value',
  user_can_push: 'value',
};

export const TAG: FieldsOf<Tag> = {
  commit: 'value',
  id: 'value',
  message: 'value',
  name: 'value',
  tarball_url: 'value',
  zipball_url: 'value',
};

export const ANNOTATED_TAG: FieldsOf<AnnotatedTag> = {
  message: 'value',
  object: 'value',
  sha: 'value',
  tag: 'value',
  tagger: 'value',
  url: 'value',
  verification: 'nullable',
};

export const REFERENCE: FieldsOf<Reference> = { object: 'value', ref: 'value', url: 'value' };
