import { CreateAccessTokenDocument } from '../../__generated__/graphql.ts';
import { toAccessToken } from '../../convert/token.ts';
import { created, defineOperation } from '../../operation.ts';

export const userCreateToken = defineOperation({
  operationId: 'userCreateToken',
  document: CreateAccessTokenDocument,
  variables: ({ params, body }) => ({
    login: params.username,
    input: { name: body.name, scopes: body.scopes ?? [], expiresAt: body.expires_at },
  }),
  reply: ({ createAccessToken }) => created(toAccessToken(createAccessToken.accessToken, createAccessToken.secret)),
});
