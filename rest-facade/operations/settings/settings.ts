import {
  GetApiSettingsDocument,
  GetAttachmentSettingsDocument,
  GetRepositorySettingsDocument,
  GetUiSettingsDocument,
  GetVersionDocument,
} from '../../__generated__/graphql.ts';
import { toGeneralApiSettings, toGeneralAttachmentSettings, toGeneralRepoSettings, toGeneralUiSettings } from '../../convert/settings.ts';
import { defineOperation, ok } from '../../operation.ts';

export const getGeneralAPISettings = defineOperation({
  operationId: 'getGeneralAPISettings',
  document: GetApiSettingsDocument,
  variables: () => ({}),
  reply: ({ settings }) => ok(toGeneralApiSettings(settings.api)),
});

export const getGeneralAttachmentSettings = defineOperation({
  operationId: 'getGeneralAttachmentSettings',
  document: GetAttachmentSettingsDocument,
  variables: () => ({}),
  reply: ({ settings }) => ok(toGeneralAttachmentSettings(settings.attachment)),
});

export const getGeneralRepositorySettings = defineOperation({
  operationId: 'getGeneralRepositorySettings',
  document: GetRepositorySettingsDocument,
  variables: () => ({}),
  reply: ({ settings }) => ok(toGeneralRepoSettings(settings.repository)),
});

export const getGeneralUISettings = defineOperation({
  operationId: 'getGeneralUISettings',
  document: GetUiSettingsDocument,
  variables: () => ({}),
  reply: ({ settings }) => ok(toGeneralUiSettings(settings.ui)),
});

export const getVersion = defineOperation({
  operationId: 'getVersion',
  document: GetVersionDocument,
  variables: () => ({}),
  reply: (data) => ok({ version: data.giteaVersion }),
});
