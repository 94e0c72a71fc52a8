import {
  AddGpgKeyDocument,
  DeleteGpgKeyDocument,
  GpgKeyDocument,
  GpgKeyVerificationTokenDocument,
  UserGpgKeysDocument,
  VerifyGpgKeyDocument,
  ViewerGpgKeysDocument,
} from '../../__generated__/graphql.ts';
import { toGpgKey } from '../../convert/gpg-key.ts';
import { created, defineOperation, found, list, noContent, ok, textReply } from '../../operation.ts';

export const userCurrentListGPGKeys = defineOperation({
  operationId: 'userCurrentListGPGKeys',
  document: ViewerGpgKeysDocument,
  paged: true,
  variables: ({ page }) => page,
  reply: ({ viewer }) => list(found(viewer).gpgKeys, toGpgKey),
});

export const userListGPGKeys = defineOperation({
  operationId: 'userListGPGKeys',
  document: UserGpgKeysDocument,
  paged: true,
  variables: ({ params, page }) => ({ login: params.username, ...page }),
  reply: ({ user }) => list(found(user).gpgKeys, toGpgKey),
});

export const userCurrentGetGPGKey = defineOperation({
  operationId: 'userCurrentGetGPGKey',
  document: GpgKeyDocument,
  variables: ({ params }) => ({ id: params.id }),
  reply: ({ gpgKey }) => ok(toGpgKey(found(gpgKey))),
});

export const userCurrentPostGPGKey = defineOperation({
  operationId: 'userCurrentPostGPGKey',
  document: AddGpgKeyDocument,
  variables: ({ body }) => ({ input: { armoredPublicKey: body.armored_public_key, armoredSignature: body.armored_signature || null } }),
  reply: ({ addGpgKey }) => created(toGpgKey(addGpgKey)),
});

/** Gitea answers the token as plain text. */
export const getVerificationToken = defineOperation({
  operationId: 'getVerificationToken',
  document: GpgKeyVerificationTokenDocument,
  variables: () => ({}),
  reply: ({ gpgKeyVerificationToken }) => textReply(gpgKeyVerificationToken),
});

/** Gitea answers 200 here, though its document names 201. */
export const userVerifyGPGKey = defineOperation({
  operationId: 'userVerifyGPGKey',
  document: VerifyGpgKeyDocument,
  variables: ({ body }) => ({ input: { keyId: body.key_id, armoredSignature: body.armored_signature } }),
  reply: ({ verifyGpgKey }) => ok(toGpgKey(verifyGpgKey)),
});

export const userCurrentDeleteGPGKey = defineOperation({
  operationId: 'userCurrentDeleteGPGKey',
  document: DeleteGpgKeyDocument,
  variables: ({ params }) => ({ id: params.id }),
  reply: () => noContent(),
});
