import {
  AddPublicKeyDocument,
  DeletePublicKeyDocument,
  PublicKeyDocument,
  UserPublicKeysDocument,
  ViewerPublicKeysDocument,
} from '../../__generated__/graphql.ts';
import { toPublicKey } from '../../convert/public-key.ts';
import { created, defineOperation, found, list, noContent, ok } from '../../operation.ts';

/** Gitea's `GET /user/keys?fingerprint=` looks the fingerprint up across the site; without one, the caller's keys. */
export const userCurrentListKeys = defineOperation({
  operationId: 'userCurrentListKeys',
  document: ViewerPublicKeysDocument,
  paged: true,
  variables: ({ query, page }) => ({ byFingerprint: !!query.fingerprint, fingerprint: query.fingerprint ?? '', ...page }),
  reply: ({ viewer, publicKeysByFingerprint }, { rootUrl }) =>
    list(publicKeysByFingerprint ?? found(viewer).publicKeys, (k) => toPublicKey(k, rootUrl)),
});

export const userListKeys = defineOperation({
  operationId: 'userListKeys',
  document: UserPublicKeysDocument,
  paged: true,
  variables: ({ params, query, page }) => ({ login: params.username, fingerprint: query.fingerprint || null, ...page }),
  reply: ({ user }, { rootUrl }) => list(found(user).publicKeys, (k) => toPublicKey(k, rootUrl)),
});

export const userCurrentGetKey = defineOperation({
  operationId: 'userCurrentGetKey',
  document: PublicKeyDocument,
  variables: ({ params }) => ({ id: params.id }),
  reply: ({ publicKey }, { rootUrl }) => ok(toPublicKey(found(publicKey), rootUrl)),
});

export const userCurrentPostKey = defineOperation({
  operationId: 'userCurrentPostKey',
  document: AddPublicKeyDocument,
  variables: ({ body }) => ({ login: null, input: { title: body.title, key: body.key } }),
  reply: ({ addPublicKey }, { rootUrl }) => created(toPublicKey(addPublicKey, rootUrl)),
});

export const userCurrentDeleteKey = defineOperation({
  operationId: 'userCurrentDeleteKey',
  document: DeletePublicKeyDocument,
  variables: ({ params }) => ({ login: null, id: params.id }),
  reply: () => noContent(),
});

export const adminCreatePublicKey = defineOperation({
  operationId: 'adminCreatePublicKey',
  document: AddPublicKeyDocument,
  variables: ({ params, body }) => ({ login: params.username, input: { title: body.title, key: body.key } }),
  reply: ({ addPublicKey }, { rootUrl }) => created(toPublicKey(addPublicKey, rootUrl)),
});

export const adminDeleteUserPublicKey = defineOperation({
  operationId: 'adminDeleteUserPublicKey',
  document: DeletePublicKeyDocument,
  variables: ({ params }) => ({ login: params.username, id: params.id }),
  reply: () => noContent(),
});
