import type { RestOAuth2ApplicationFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';
import { restTime } from './time.ts';

/** GraphQL OAuth2Application → REST OAuth2Application; `client_secret` carries the secret only when it was just made. */
export function toOAuth2Application(app: RestOAuth2ApplicationFragment, secret = ''): RestSchema<'OAuth2Application'> {
  return {
    id: app.databaseId,
    name: app.name,
    client_id: app.clientId,
    client_secret: secret,
    confidential_client: app.confidentialClient,
    skip_secondary_authorization: app.skipSecondaryAuthorization,
    redirect_uris: app.redirectUris,
    created: restTime(app.createdAt),
  };
}
