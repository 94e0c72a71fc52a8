import { GetUiSettingsDocument } from '../../__generated__/graphql.ts';
import { defineOperation, ok } from '../../operation.ts';

export const getGeneralUISettings = defineOperation({
  operationId: 'getGeneralUISettings',
  document: GetUiSettingsDocument,
  variables: () => ({}),
  reply: ({ settings: { ui } }) =>
    ok({ allowed_reactions: ui.allowedReactions, custom_emojis: ui.customEmojis, default_theme: ui.defaultTheme }),
});
