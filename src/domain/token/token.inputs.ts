import type { FieldTable, InputOf } from '../fields.ts';

/**
 * What creating an access token takes, declared once (src/domain/fields.ts): the service's input type is
 * inferred from this table and the GraphQL input type is built from it.
 */
export const CREATE_ACCESS_TOKEN_FIELDS = {
  name: { kind: 'string', required: true },
  scopes: { kind: 'string', list: true, required: true },
  expiresAt: { kind: 'dateTime' },
} as const satisfies FieldTable;

export type CreateAccessTokenInput = InputOf<typeof CREATE_ACCESS_TOKEN_FIELDS>;
