import type { FieldTable, InputOf } from '../fields.ts';
import { VISIBILITIES } from './user.rules.ts';

/**
 * What creating and editing an account take, declared once (src/domain/fields.ts): the service's input types
 * are inferred from these tables and the GraphQL input types are built from them.
 */

export const CREATE_USER_FIELDS = {
  login: { kind: 'string', required: true },
  email: { kind: 'string', required: true },
  password: { kind: 'string' },
  fullName: { kind: 'string' },
  loginName: { kind: 'string' },
  sourceId: { kind: 'int' },
  mustChangePassword: { kind: 'boolean' },
  restricted: { kind: 'boolean' },
  visibility: { kind: 'enum', values: VISIBILITIES },
  isAdmin: { kind: 'boolean' },
  createdAt: { kind: 'dateTime' },
} as const satisfies FieldTable;

export type CreateUserInput = InputOf<typeof CREATE_USER_FIELDS>;

export const USER_EDIT_FIELDS = {
  email: { kind: 'string' },
  password: { kind: 'string' },
  fullName: { kind: 'string' },
  loginName: { kind: 'string' },
  sourceId: { kind: 'int' },
  mustChangePassword: { kind: 'boolean' },
  restricted: { kind: 'boolean' },
  visibility: { kind: 'enum', values: VISIBILITIES },
  isAdmin: { kind: 'boolean' },
  isActive: { kind: 'boolean' },
  prohibitLogin: { kind: 'boolean' },
  description: { kind: 'string' },
  website: { kind: 'string' },
  location: { kind: 'string' },
  maxRepoCreation: { kind: 'int' },
  allowGitHook: { kind: 'boolean' },
  allowImportLocal: { kind: 'boolean' },
  allowCreateOrganization: { kind: 'boolean' },
} as const satisfies FieldTable;

export type UpdateUserInput = InputOf<typeof USER_EDIT_FIELDS>;

/**
 * What a person may change of their own profile and settings (the settings page, Gitea's user settings): the
 * public fields and their preferences, no account state.
 */
export const PROFILE_FIELDS = {
  fullName: { kind: 'string' },
  website: { kind: 'string' },
  location: { kind: 'string' },
  description: { kind: 'string' },
  visibility: { kind: 'enum', values: VISIBILITIES },
  language: { kind: 'string' },
  theme: { kind: 'string' },
  diffViewStyle: { kind: 'string', description: 'unified or split; empty is the default (unified).' },
  hideEmail: { kind: 'boolean', description: 'Other accounts see the no-reply address instead of the e-mail address.' },
  hideActivity: { kind: 'boolean', description: 'The activity of the account shows only to itself and to site admins.' },
} as const satisfies FieldTable;

export type ProfileInput = InputOf<typeof PROFILE_FIELDS>;
