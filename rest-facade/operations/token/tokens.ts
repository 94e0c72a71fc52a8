import {
  AccessTokensDocument,
  CreateAccessTokenDocument,
  CurrentAccessTokenDocument,
  DeleteAccessTokenDocument,
  DeleteCurrentAccessTokenDocument,
} from '../../__generated__/graphql.ts';
import { toAccessToken, toCurrentAccessToken } from '../../convert/token.ts';
import { created, defineOperation, list, noContent, ok } from '../../operation.ts';

export const userGetTokens = defineOperation({
  operationId: 'userGetTokens',
  document: AccessTokensDocument,
  paged: true,
  variables: ({ params, page }) => ({ login: params.username, ...page }),
  reply: ({ accessTokens }) => list(accessTokens, (t) => toAccessToken(t)),
});

export const userCreateToken = defineOperation({
  operationId: 'userCreateToken',
  document: CreateAccessTokenDocument,
  variables: ({ params, body }) => ({
    login: params.username,
    input: { name: body.name, scopes: body.scopes ?? [], expiresAt: body.expires_at },
  }),
  reply: ({ createAccessToken }) => created(toAccessToken(createAccessToken.accessToken, createAccessToken.secret)),
});

export const userDeleteAccessToken = defineOperation({
  operationId: 'userDeleteAccessToken',
  document: DeleteAccessTokenDocument,
  variables: ({ params }) => ({ login: params.username, idOrName: params.token }),
  reply: () => noContent(),
});

export const getCurrentToken = defineOperation({
  operationId: 'getCurrentToken',
  document: CurrentAccessTokenDocument,
  variables: () => ({}),
  reply: ({ currentAccessToken }) => ok(toCurrentAccessToken(currentAccessToken)),
});

export const deleteCurrentToken = defineOperation({
  operationId: 'deleteCurrentToken',
  document: DeleteCurrentAccessTokenDocument,
  variables: () => ({}),
  reply: () => noContent(),
});
