import type { OAuth2Application } from 'gitea-js';
import type { FieldsOf } from '../gitea-js.ts';

/** Gitea's structs.OAuth2Application: every field always sent (client_secret empty except when just made). */
export const OAUTH2_APPLICATION: FieldsOf<OAuth2Application> = {
  client_id: 'value',
  client_secret: 'value',
  confidential_client: 'value',
  created: 'value',
  id: 'value',
  name: 'value',
  redirect_uris: 'value',
  skip_secondary_authorization: 'value',
};
