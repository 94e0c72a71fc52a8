import { DeleteOrganizationAvatarDocument, SetOrganizationAvatarDocument } from '../../__generated__/graphql.ts';
import { defineOperation, noContent } from '../../operation.ts';

export const orgUpdateAvatar = defineOperation({
  operationId: 'orgUpdateAvatar',
  document: SetOrganizationAvatarDocument,
  variables: ({ params, body }) => ({ login: params.org, image: body.image }),
  reply: () => noContent(),
});

export const orgDeleteAvatar = defineOperation({
  operationId: 'orgDeleteAvatar',
  document: DeleteOrganizationAvatarDocument,
  variables: ({ params }) => ({ login: params.org }),
  reply: () => noContent(),
});
