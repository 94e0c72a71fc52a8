import type { FieldTable, InputOf } from '../fields.ts';
import { VISIBILITIES } from '../user/user.rules.ts';

/**
 * What creating and editing an organization take, declared once (src/domain/fields.ts): the service's input
 * type is inferred from this table and the GraphQL input type is built from it.
 */
export const ORGANIZATION_FIELDS = {
  fullName: { kind: 'string' },
  email: { kind: 'string' },
  description: { kind: 'string' },
  website: { kind: 'string' },
  location: { kind: 'string' },
  visibility: { kind: 'enum', values: VISIBILITIES },
  repoAdminChangeTeamAccess: { kind: 'boolean' },
} as const satisfies FieldTable;

export type OrganizationInput = InputOf<typeof ORGANIZATION_FIELDS>;
