import { UpdateViewerSettingsDocument, ViewerSettingsDocument } from '../../__generated__/graphql.ts';
import { toUserSettings } from '../../convert/user-settings.ts';
import { defineOperation, found, ok } from '../../operation.ts';

export const getUserSettings = defineOperation({
  operationId: 'getUserSettings',
  document: ViewerSettingsDocument,
  variables: () => ({}),
  reply: ({ viewer }) => ok(toUserSettings(found(viewer))),
});

export const updateUserSettings = defineOperation({
  operationId: 'updateUserSettings',
  document: UpdateViewerSettingsDocument,
  variables: ({ body }) => ({
    input: {
      fullName: body.full_name,
      website: body.website,
      description: body.description,
      location: body.location,
      language: body.language,
      theme: body.theme,
      diffViewStyle: body.diff_view_style,
      hideEmail: body.hide_email,
      hideActivity: body.hide_activity,
    },
  }),
  reply: ({ updateViewerProfile }) => ok(toUserSettings(updateViewerProfile)),
});
