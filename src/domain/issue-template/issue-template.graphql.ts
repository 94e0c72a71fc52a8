import { readsCode } from '../access/access.graphql.ts';
import { builder } from '../../graphql/builder.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import type { ContactLink, IssueConfig, IssueFormField, IssueTemplate } from './issue-template.rules.ts';
import * as templates from './issue-template.service.ts';

const json = (value: Record<string, unknown> | null) => (value === null ? null : JSON.stringify(value));

const IssueFormFieldRef = builder.objectRef<IssueFormField>('IssueFormField').implement({
  description: "A field of an issue form: its type (markdown, textarea, input, dropdown, checkboxes), id and settings.",
  fields: (t) => ({
    type: t.exposeString('type'),
    id: t.exposeString('id'),
    attributesJson: t.string({ nullable: true, description: 'The attributes as the form gives them, as JSON text; null when it gives none.', resolve: (f) => json(f.attributes) }),
    validationsJson: t.string({ nullable: true, description: 'The validations as the form gives them, as JSON text; null when it gives none.', resolve: (f) => json(f.validations) }),
    visible: t.stringList({ description: 'Where the field shows: form, content.', resolve: (f) => f.visible }),
  }),
});

const IssueTemplateRef = builder.objectRef<IssueTemplate>('IssueTemplate').implement({
  description: 'An issue template of the default branch: a markdown template, or a form (fields).',
  fields: (t) => ({
    fileName: t.exposeString('fileName', { description: 'Its path in the repository.' }),
    name: t.exposeString('name'),
    title: t.exposeString('title'),
    about: t.exposeString('about'),
    labels: t.stringList({ nullable: true, resolve: (tpl) => tpl.labels }),
    assignees: t.stringList({ nullable: true, resolve: (tpl) => tpl.assignees }),
    ref: t.exposeString('ref'),
    content: t.exposeString('content', { description: "A markdown template's text; empty for a form." }),
    fields: t.field({ type: [IssueFormFieldRef], nullable: true, description: "A form's fields; null for a markdown template.", resolve: (tpl) => tpl.fields }),
  }),
});

const TemplateProblemRef = builder.objectRef<templates.TemplateProblem>('IssueTemplateProblem').implement({
  description: 'A file of a template folder that is not a usable template, and why.',
  fields: (t) => ({ fileName: t.exposeString('fileName'), message: t.exposeString('message') }),
});

const IssueTemplatesRef = builder.objectRef<templates.IssueTemplates>('IssueTemplates').implement({
  fields: (t) => ({
    templates: t.field({ type: [IssueTemplateRef], resolve: (r) => r.templates }),
    problems: t.field({ type: [TemplateProblemRef], resolve: (r) => r.problems }),
  }),
});

const ContactLinkRef = builder.objectRef<ContactLink>('IssueConfigContactLink').implement({
  fields: (t) => ({ name: t.exposeString('name'), url: t.exposeString('url'), about: t.exposeString('about') }),
});

const IssueConfigRef = builder.objectRef<IssueConfig>('IssueConfig').implement({
  description: "How new issues are opened: whether without a template, and where else to turn (config.yaml of a template folder).",
  fields: (t) => ({
    blankIssuesEnabled: t.exposeBoolean('blankIssuesEnabled'),
    contactLinks: t.field({ type: [ContactLinkRef], resolve: (c) => c.contactLinks }),
  }),
});

const IssueConfigValidationRef = builder.objectRef<templates.IssueConfigRead>('IssueConfigValidation').implement({
  fields: (t) => ({
    valid: t.boolean({ resolve: (r) => r.error === null }),
    message: t.string({ description: 'Why the configuration does not hold; empty when it does.', resolve: (r) => r.error ?? '' }),
  }),
});

builder.objectFields(RepositoryRef, (t) => ({
  issueTemplates: t.field({
    type: IssueTemplatesRef,
    authScopes: readsCode,
    tokenScope: 'read:repository',
    description: "The issue templates of the default branch's template folders (.gitea/ISSUE_TEMPLATE, .github/ISSUE_TEMPLATE, …).",
    resolve: (repo, _args, ctx) => templates.getIssueTemplates(ctx, repo),
  }),
  issueConfig: t.field({
    type: IssueConfigRef,
    authScopes: readsCode,
    tokenScope: 'read:repository',
    description: 'The issue configuration of the default branch; the default one when there is none or it does not hold.',
    resolve: async (repo, _args, ctx) => (await templates.getIssueConfig(ctx, repo)).config,
  }),
  issueConfigValidation: t.field({
    type: IssueConfigValidationRef,
    authScopes: readsCode,
    tokenScope: 'read:repository',
    description: 'Whether the issue configuration of the default branch holds, and why not.',
    resolve: (repo, _args, ctx) => templates.getIssueConfig(ctx, repo),
  }),
}));
