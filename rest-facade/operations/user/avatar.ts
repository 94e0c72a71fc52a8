import { DeleteViewerAvatarDocument, SetViewerAvatarDocument } from '../../__generated__/graphql.ts';
import { defineOperation, noContent } from '../../operation.ts';

export const userUpdateAvatar = defineOperation({
  operationId: 'userUpdateAvatar',
  document: SetViewerAvatarDocument,
  variables: ({ body }) => ({ image: body.image }),
  reply: () => noContent(),
});

export const userDeleteAvatar = defineOperation({
  operationId: 'userDeleteAvatar',
  document: DeleteViewerAvatarDocument,
  variables: () => ({}),
  reply: () => noContent(),
});
