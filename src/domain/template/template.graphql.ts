import { readsCode } from '../access/access.graphql.ts';
import { notFound } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';
import { inputFromTable } from '../../graphql/input-fields.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { generateRepository } from './generate.service.ts';
import { GENERATE_REPOSITORY_FIELDS } from './template.inputs.ts';
import type { LabelSetEntry } from './label-sets.ts';
import * as templates from './template.service.ts';

const GitignoreTemplateRef = builder.objectRef<{ name: string; source: string }>('GitignoreTemplate').implement({
  description: 'A gitignore template a repository may start with.',
  fields: (t) => ({ name: t.exposeString('name'), source: t.exposeString('source', { description: 'Its text.' }) }),
});

const LicenseTemplateRef = builder.objectRef<templates.LicenseEntry>('LicenseTemplate').implement({
  description: 'A license of the SPDX list a repository may start with.',
  fields: (t) => ({
    key: t.exposeString('key', { description: 'Its SPDX id.' }),
    title: t.exposeString('title', { description: 'Its full name.' }),
    osiApproved: t.exposeBoolean('osiApproved'),
    apiUrl: t.string({ resolve: (l, _args, ctx) => `${ctx.rootUrl}api/v1/licenses/${encodeURIComponent(l.key)}` }),
    body: t.string({ description: 'Its text, placeholders (<year>, <copyright holders>, …) unfilled.', resolve: (l) => templates.licenseText(l.key) ?? '' }),
  }),
});

const LabelTemplateRef = builder.objectRef<LabelSetEntry>('LabelTemplate').implement({
  description: 'A label of a label set.',
  fields: (t) => ({
    name: t.exposeString('name'),
    color: t.exposeString('color', { description: 'Six hex digits, without "#".' }),
    description: t.exposeString('description'),
    exclusive: t.exposeBoolean('exclusive'),
    priority: t.string({ nullable: true, resolve: (l) => l.priority ?? null }),
  }),
});

builder.queryFields((t) => ({
  gitignoreTemplates: t.stringList({ description: 'The names of the gitignore templates.', resolve: () => templates.gitignoreNames() }),
  gitignoreTemplate: t.field({
    type: GitignoreTemplateRef,
    args: { name: t.arg.string({ required: true }) },
    resolve: (_root, { name }) => {
      const source = templates.gitignoreSource(name);
      if (source === null) throw notFound(`gitignore template "${name}" does not exist`);
      return { name, source };
    },
  }),
  licenseTemplates: t.field({ type: [LicenseTemplateRef], description: 'The licenses of the SPDX list.', resolve: () => templates.licenseList() }),
  licenseTemplate: t.field({
    type: LicenseTemplateRef,
    args: { key: t.arg.string({ required: true }) },
    resolve: (_root, { key }) => templates.licenseEntry(key) ?? Promise.reject(notFound(`license template "${key}" does not exist`)),
  }),
  labelTemplates: t.stringList({ description: 'The names of the label sets.', resolve: () => templates.labelSetNames() }),
  labelTemplate: t.field({
    type: [LabelTemplateRef],
    description: 'The labels of a label set.',
    args: { name: t.arg.string({ required: true }) },
    resolve: (_root, { name }) => templates.labelSet(name) ?? Promise.reject(notFound(`label template "${name}" does not exist`)),
  }),
}));

builder.objectFields(RepositoryRef, (t) => ({
  licenses: t.stringList({
    authScopes: readsCode,
    tokenScope: 'read:repository',
    description: "The SPDX ids of the license file at the root of the default branch; empty when there is none or it is no known license.",
    resolve: (repo, _args, ctx) => templates.repositoryLicenses(ctx, repo),
  }),
}));

const GenerateRepositoryInput = inputFromTable('GenerateRepositoryInput', GENERATE_REPOSITORY_FIELDS);

builder.mutationFields((t) => ({
  generateRepository: t.field({
    type: RepositoryRef,
    description:
      'Makes a repository from the template repository templateOwner/templateName, copying the parts the input asks for ' +
      '(git content as one new commit with .gitea/template variables expanded, topics, labels, webhooks, branch protections).',
    tokenScope: 'write:repository',
    args: {
      templateOwner: t.arg.string({ required: true }),
      templateName: t.arg.string({ required: true }),
      input: t.arg({ type: GenerateRepositoryInput, required: true }),
    },
    resolve: (_root, { templateOwner, templateName, input }, ctx) => generateRepository(ctx, ctx.rootUrl, templateOwner, templateName, input),
  }),
}));
