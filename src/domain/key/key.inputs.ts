import type { FieldTable, InputOf } from '../fields.ts';

/** An SSH public key to add to an account (REST: CreateKeyOption without read_only). */
export const ADD_PUBLIC_KEY_FIELDS = {
  title: { kind: 'string', required: true, description: 'A name for the key, unique among the account\'s keys (at most 50 characters).' },
  key: { kind: 'string', required: true, description: 'The public key, one line as in authorized_keys: "<algorithm> <base64> [comment]".' },
} as const satisfies FieldTable;

export type AddPublicKeyInput = InputOf<typeof ADD_PUBLIC_KEY_FIELDS>;

/** An SSH public key to add to a repository as deploy key (REST: CreateKeyOption). */
export const ADD_DEPLOY_KEY_FIELDS = {
  title: { kind: 'string', required: true, description: 'A name for the key, unique among the repository\'s deploy keys (at most 50 characters).' },
  key: ADD_PUBLIC_KEY_FIELDS.key,
  readOnly: { kind: 'boolean', description: 'Whether the key may only read (clone and fetch); read-write when left out.' },
} as const satisfies FieldTable;

export type AddDeployKeyInput = InputOf<typeof ADD_DEPLOY_KEY_FIELDS>;

/** A deploy token to add to a repository (REST: CreateDeployKeyTokenOption). */
export const ADD_DEPLOY_TOKEN_FIELDS = {
  title: { kind: 'string', required: true, description: 'A name for the token, unique among the repository\'s deploy keys (at most 50 characters).' },
  readOnly: { kind: 'boolean', description: 'Whether the token may only read (clone and fetch); read-write when left out.' },
} as const satisfies FieldTable;

export type AddDeployTokenInput = InputOf<typeof ADD_DEPLOY_TOKEN_FIELDS>;

/** Which deploy keys of a repository a list shows. */
export const DEPLOY_KEY_FILTER_FIELDS = {
  keyId: { kind: 'int', description: 'Only the deploy key of the public key with this id.' },
  fingerprint: { kind: 'string', description: 'Only the deploy key whose key has this fingerprint (SHA256:…).' },
} as const satisfies FieldTable;

export type DeployKeyFilter = InputOf<typeof DEPLOY_KEY_FILTER_FIELDS>;
