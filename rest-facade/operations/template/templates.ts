import {
  GenerateRepositoryDocument,
  GitignoreTemplateDocument,
  GitignoreTemplatesDocument,
  LabelTemplateDocument,
  LabelTemplatesDocument,
  LicenseTemplateDocument,
  LicenseTemplatesDocument,
  RepositoryLicensesDocument,
} from '../../__generated__/graphql.ts';
import { toRepository } from '../../convert/repository.ts';
import { toGitignoreTemplateInfo, toLabelTemplate, toLicenseTemplateEntry, toLicenseTemplateInfo } from '../../convert/template.ts';
import { created, defineOperation, found, ok } from '../../operation.ts';
import { fromSnakeCase } from '../../snake-case.ts';

export const listGitignoresTemplates = defineOperation({
  operationId: 'listGitignoresTemplates',
  document: GitignoreTemplatesDocument,
  variables: () => ({}),
  reply: ({ gitignoreTemplates }) => ok(gitignoreTemplates),
});

export const getGitignoreTemplateInfo = defineOperation({
  operationId: 'getGitignoreTemplateInfo',
  document: GitignoreTemplateDocument,
  variables: ({ params }) => ({ name: params.name }),
  reply: ({ gitignoreTemplate }) => ok(toGitignoreTemplateInfo(gitignoreTemplate)),
});

export const listLicenseTemplates = defineOperation({
  operationId: 'listLicenseTemplates',
  document: LicenseTemplatesDocument,
  variables: () => ({}),
  reply: ({ licenseTemplates }) => ok(licenseTemplates.map(toLicenseTemplateEntry)),
});

export const getLicenseTemplateInfo = defineOperation({
  operationId: 'getLicenseTemplateInfo',
  document: LicenseTemplateDocument,
  variables: ({ params }) => ({ key: params.name }),
  reply: ({ licenseTemplate }) => ok(toLicenseTemplateInfo(licenseTemplate)),
});

export const listLabelTemplates = defineOperation({
  operationId: 'listLabelTemplates',
  document: LabelTemplatesDocument,
  variables: () => ({}),
  reply: ({ labelTemplates }) => ok(labelTemplates),
});

export const getLabelTemplateInfo = defineOperation({
  operationId: 'getLabelTemplateInfo',
  document: LabelTemplateDocument,
  variables: ({ params }) => ({ name: params.name }),
  reply: ({ labelTemplate }) => ok(labelTemplate.map(toLabelTemplate)),
});

export const repoGetLicenses = defineOperation({
  operationId: 'repoGetLicenses',
  document: RepositoryLicensesDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: ({ repository }) => ok(found(repository).licenses),
});

export const generateRepo = defineOperation({
  operationId: 'generateRepo',
  document: GenerateRepositoryDocument,
  variables: ({ params, body }) => ({
    templateOwner: params.template_owner,
    templateName: params.template_repo,
    input: fromSnakeCase(body, 'GenerateRepositoryInput', []),
  }),
  reply: ({ generateRepository }) => created(toRepository(generateRepository)),
});
