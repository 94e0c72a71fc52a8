import type { IssueConfig, IssueConfigContactLink, IssueConfigValidation, IssueFormField, IssueTemplate } from 'gitea-js';
import type { FieldsOf } from '../gitea-js.ts';

/**
 * The issue-template area's gitea-js types and how Gitea's Go structs send them (see gitea-js-fields/issue.ts):
 * nil slices and maps are null, `visible` is omitempty.
 */

export const ISSUE_TEMPLATE: FieldsOf<IssueTemplate> = {
  about: 'value',
  assignees: 'nullable',
  body: 'nullable',
  content: 'value',
  file_name: 'value',
  labels: 'nullable',
  name: 'value',
  ref: 'value',
  title: 'value',
};

export const ISSUE_FORM_FIELD: FieldsOf<IssueFormField> = {
  attributes: 'nullable',
  id: 'value',
  type: 'value',
  validations: 'nullable',
  visible: 'omitempty',
};

export const ISSUE_CONFIG: FieldsOf<IssueConfig> = { blank_issues_enabled: 'value', contact_links: 'value' };
export const ISSUE_CONFIG_CONTACT_LINK: FieldsOf<IssueConfigContactLink> = { about: 'value', name: 'value', url: 'value' };
export const ISSUE_CONFIG_VALIDATION: FieldsOf<IssueConfigValidation> = { message: 'value', valid: 'value' };
