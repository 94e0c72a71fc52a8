import { GetAttachmentSettingsDocument } from '../../__generated__/graphql.ts';
import { defineOperation, ok } from '../../operation.ts';

export const getGeneralAttachmentSettings = defineOperation({
  operationId: 'getGeneralAttachmentSettings',
  document: GetAttachmentSettingsDocument,
  variables: () => ({}),
  reply: ({ settings: { attachment } }) =>
    ok({
      enabled: attachment.enabled,
      allowed_types: attachment.allowedTypes,
      max_size: attachment.maxSizeMegabytes,
      max_files: attachment.maxFiles,
    }),
});
