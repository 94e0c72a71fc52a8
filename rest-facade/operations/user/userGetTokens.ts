import { AccessTokensDocument } from '../../__generated__/graphql.ts';
import { toAccessToken } from '../../convert/token.ts';
import { defineOperation, list } from '../../operation.ts';

export const userGetTokens = defineOperation({
  operationId: 'userGetTokens',
  document: AccessTokensDocument,
  paged: true,
  variables: ({ params, page }) => ({ login: params.username, ...page }),
  reply: ({ accessTokens }) => list(accessTokens, (t) => toAccessToken(t)),
});
