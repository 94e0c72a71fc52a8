import type { RestAccessTokenFragment } from '../__generated__/graphql.ts';
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
