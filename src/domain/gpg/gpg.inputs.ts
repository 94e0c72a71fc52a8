import type { FieldTable, InputOf } from '../fields.ts';

/** A GPG key to add to the caller's account (REST: CreateGPGKeyOption). */
export const ADD_GPG_KEY_FIELDS = {
  armoredPublicKey: { kind: 'string', required: true, description: 'The public key (or keys), ASCII-armored.' },
  armoredSignature: {
    kind: 'string',
    description:
      "An armored detached signature of the account's current verification token (gpgKeyVerificationToken) made with the key: the key is then added as verified, whatever its addresses.",
  },
} as const satisfies FieldTable;

export type AddGpgKeyInput = InputOf<typeof ADD_GPG_KEY_FIELDS>;

/** Proof that the caller holds a key already added (REST: VerifyGPGKeyOption). */
export const VERIFY_GPG_KEY_FIELDS = {
  keyId: { kind: 'string', required: true, description: 'The key id (16 hex digits; leading zeros may be left out).' },
  armoredSignature: { kind: 'string', required: true, description: "An armored detached signature of the account's current verification token, made with the key." },
} as const satisfies FieldTable;

export type VerifyGpgKeyInput = InputOf<typeof VERIFY_GPG_KEY_FIELDS>;
