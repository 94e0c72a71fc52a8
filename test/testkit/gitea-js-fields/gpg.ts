import type { GPGKey, GPGKeyEmail, PayloadCommitVerification, PayloadUser } from 'gitea-js';
import type { FieldsOf } from '../gitea-js.ts';

/**
 * For each gitea-js type a test reads, every field it declares and how Gitea's Go struct sends it
 * (value fields always, pointers as null when unset, omitempty fields only when set), one file per area of
 * src/domain. Taken from Gitea's modules/structs; the `FieldsOf` type fails to compile if the client gains or
 * loses a field.
 */

export const GPG_KEY: FieldsOf<GPGKey> = {
  can_certify: 'value',
  can_encrypt_comms: 'value',
  can_encrypt_storage: 'value',
  can_sign: 'value',
  created_at: 'value',
  emails: 'value',
  expires_at: 'value',
  id: 'value',
  key_id: 'value',
  primary_key_id: 'value',
  public_key: 'value',
  subkeys: 'value',
  verified: 'value',
};

export const GPG_KEY_EMAIL: FieldsOf<GPGKeyEmail> = { email: 'value', verified: 'value' };

export const PAYLOAD_COMMIT_VERIFICATION: FieldsOf<PayloadCommitVerification> = {
  payload: 'value',
  reason: 'value',
  signature: 'value',
  // A pointer: null unless the signature is verified.
  signer: 'nullable',
  verified: 'value',
};

export const PAYLOAD_USER: FieldsOf<PayloadUser> = { email: 'value', name: 'value', username: 'value' };
