import type { RestAccessTokenFragment, RestCurrentAccessTokenFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';
import { restTime, timeOrNull, timeOrZero } from './time.ts';

/** GraphQL AccessToken → REST AccessToken; `sha1` carries the secret only when it was just created. */
export function toAccessToken(token: RestAccessTokenFragment, secret = ''): RestSchema<'AccessToken'> {
  return {
    id: token.databaseId,
    name: token.name,
    sha1: secret,
    token_last_eight: token.tokenLastEight,
    scopes: token.scopes,
    created_at: restTime(token.createdAt),
    last_used_at: timeOrZero(token.lastUsedAt),
    expires_at: timeOrNull(token.expiresAt),
  };
}

/** GraphQL AccessToken → REST CurrentAccessToken: the token of the request, with the account it acts for. */
export function toCurrentAccessToken(token: RestCurrentAccessTokenFragment): RestSchema<'CurrentAccessToken'> {
  return {
    id: token.databaseId,
    name: token.name,
    scopes: token.scopes,
    created_at: restTime(token.createdAt),
    last_used_at: timeOrZero(token.lastUsedAt),
    user: token.owner ? { id: token.owner.databaseId, login: token.owner.login } : undefined,
  };
}
