import type { RestGitignoreTemplateFragment, RestLabelTemplateFragment, RestLicenseTemplateEntryFragment, RestLicenseTemplateFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';

export function toGitignoreTemplateInfo(t: RestGitignoreTemplateFragment): RestSchema<'GitignoreTemplateInfo'> {
  return { name: t.name, source: t.source };
}

/** Gitea names a license by its SPDX id in both key and name. */
export function toLicenseTemplateEntry(l: RestLicenseTemplateEntryFragment): RestSchema<'LicensesTemplateListEntry'> {
  return { key: l.key, name: l.key, url: l.apiUrl };
}

const IMPLEMENTATION =
  'Create a text file (typically named LICENSE or LICENSE.txt) in the root of your source code and copy the text of the license into the file';

export function toLicenseTemplateInfo(l: RestLicenseTemplateFragment): RestSchema<'LicenseTemplateInfo'> {
  return { key: l.key, name: l.key, url: l.apiUrl, body: l.body, implementation: IMPLEMENTATION };
}

export function toLabelTemplate(l: RestLabelTemplateFragment): RestSchema<'LabelTemplate'> {
  return { name: l.name, color: l.color, description: l.description, exclusive: l.exclusive };
}
