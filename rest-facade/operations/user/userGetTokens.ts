import { AccessTokensDocument } from '../../__generated__/graphql.ts';
import { toAccessToken } from '../../convert/token.ts';
import { defineOperation, paginated } from '../../operation.ts';
import { connectionArgsFor } from '../../pagination.ts';

export const userGetTokens = defineOperation({
  operationId: 'userGetTokens',
  document: AccessTokensDocument,
  variables: ({ params, query, config }) => ({ login: params.username, ...connectionArgsFor(query, config).args }),
  reply: ({ accessTokens }, { query, config }) =>
    paginated(accessTokens.nodes.map((t) => toAccessToken(t)), connectionArgsFor(query, config).window, accessTokens.totalCount),
});
