import type { FieldTable, InputOf } from '../fields.ts';

/** What registering (or replacing the settings of) an OAuth2 application takes, declared once (src/domain/fields.ts). */
export const OAUTH2_APPLICATION_FIELDS = {
  name: { kind: 'string', required: true },
  redirectUris: { kind: 'string', list: true, required: true },
  confidentialClient: { kind: 'boolean' },
  skipSecondaryAuthorization: { kind: 'boolean' },
} as const satisfies FieldTable;

export type OAuth2ApplicationInput = InputOf<typeof OAUTH2_APPLICATION_FIELDS>;

/** An authorization request's parameters, as the client put them in the authorization URL (RFC 6749 4.1.1, RFC 7636 4.3). */
export const AUTHORIZATION_REQUEST_FIELDS = {
  clientId: { kind: 'string', required: true },
  redirectUri: { kind: 'string', required: true },
  responseType: { kind: 'string' },
  state: { kind: 'string' },
  scope: { kind: 'string' },
  nonce: { kind: 'string' },
  codeChallenge: { kind: 'string' },
  codeChallengeMethod: { kind: 'string' },
} as const satisfies FieldTable;

export type AuthorizationRequest = InputOf<typeof AUTHORIZATION_REQUEST_FIELDS>;
