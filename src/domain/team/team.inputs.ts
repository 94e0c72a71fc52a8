import type { FieldTable, InputOf } from '../fields.ts';

/**
 * What creating and editing a team take, declared once (src/domain/fields.ts): the service's input type is
 * inferred from these tables and the GraphQL input types are built from them.
 */

export const UNIT_LEVEL_FIELDS = {
  unit: { kind: 'string', required: true },
  level: { kind: 'string', required: true },
} as const satisfies FieldTable;

export const TEAM_FIELDS = {
  name: { kind: 'string' },
  description: { kind: 'string' },
  permission: { kind: 'string', description: 'none, read, write or admin.' },
  units: { kind: 'string', list: true, description: 'Units reached at `permission`.' },
  unitLevels: { kind: 'input', fields: UNIT_LEVEL_FIELDS, list: true, description: 'A level per unit; wins over `units`.' },
  includesAllRepositories: { kind: 'boolean' },
  canCreateOrgRepo: { kind: 'boolean' },
} as const satisfies FieldTable;

export type TeamInput = InputOf<typeof TEAM_FIELDS>;
