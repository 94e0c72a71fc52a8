import type { GitignoreTemplateInfo, LabelTemplate, LicensesTemplateListEntry, LicenseTemplateInfo } from 'gitea-js';
import type { FieldsOf } from '../gitea-js.ts';

/** The template shapes as Gitea's structs send them (see label.ts for the legend): every field a value. */

export const GITIGNORE_TEMPLATE_INFO: FieldsOf<GitignoreTemplateInfo> = { name: 'value', source: 'value' };

export const LICENSES_TEMPLATE_LIST_ENTRY: FieldsOf<LicensesTemplateListEntry> = { key: 'value', name: 'value', url: 'value' };

export const LICENSE_TEMPLATE_INFO: FieldsOf<LicenseTemplateInfo> = { body: 'value', implementation: 'value', key: 'value', name: 'value', url: 'value' };

export const LABEL_TEMPLATE: FieldsOf<LabelTemplate> = { color: 'value', description: 'value', exclusive: 'value', name: 'value' };
