import type { RestIssueConfigFragment, RestIssueConfigValidationFragment, RestIssueTemplateFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';

/** A form field's attributes or validations: the JSON text GraphQL carries, back as the map the form gave. */
const map = (json: string | null | undefined): Record<string, unknown> | null => (json == null ? null : JSON.parse(json));

/** GraphQL IssueTemplate → REST IssueTemplate (Gitea's api.IssueTemplate): what a template does not give is null. */
export function toIssueTemplate(template: RestIssueTemplateFragment): RestSchema<'IssueTemplate'> {
  return {
    name: template.name,
    title: template.title,
    about: template.about,
    labels: template.labels ?? null,
    assignees: template.assignees ?? null,
    ref: template.ref,
    content: template.content,
    body:
      template.fields?.map((field) => ({
        type: field.type,
        id: field.id,
        attributes: map(field.attributesJson),
        validations: map(field.validationsJson),
        visible: field.visible,
      })) ?? null,
    file_name: template.fileName,
  };
}

export function toIssueConfig(config: RestIssueConfigFragment): RestSchema<'IssueConfig'> {
  return {
    blank_issues_enabled: config.blankIssuesEnabled,
    contact_links: config.contactLinks.map((link) => ({ name: link.name, url: link.url, about: link.about })),
  };
}

export function toIssueConfigValidation(validation: RestIssueConfigValidationFragment): RestSchema<'IssueConfigValidation'> {
  return { valid: validation.valid, message: validation.message };
}
