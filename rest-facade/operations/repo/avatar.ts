import { DeleteRepositoryAvatarDocument, SetRepositoryAvatarDocument } from '../../__generated__/graphql.ts';
import { defineOperation, noContent } from '../../operation.ts';

export const repoUpdateAvatar = defineOperation({
  operationId: 'repoUpdateAvatar',
  document: SetRepositoryAvatarDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, image: body.image }),
  reply: () => noContent(),
});

export const repoDeleteAvatar = defineOperation({
  operationId: 'repoDeleteAvatar',
  document: DeleteRepositoryAvatarDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: () => noContent(),
});
