import type { RestGpgKeyFragment, RestGpgSubkeyFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';
import { restTime, timeOrZero } from './time.ts';

/** A key's own fields; a subkey lists no addresses and no subkeys (empty lists). */
function keyFields(key: RestGpgSubkeyFragment): RestSchema<'GPGKey'> {
  return {
    id: key.databaseId,
    primary_key_id: key.primaryKeyId,
    key_id: key.keyId,
    public_key: key.publicKey,
    emails: [],
    subkeys: [],
    can_sign: key.canSign,
    can_encrypt_comms: key.canEncryptComms,
    can_encrypt_storage: key.canEncryptStorage,
    can_certify: key.canCertify,
    verified: key.verified,
    created_at: restTime(key.createdAt),
    expires_at: timeOrZero(key.expiresAt),
  };
}

/** GraphQL GpgKey → Gitea's GPGKey (convert.ToGPGKey): a key that never expires shows the zero time, as in Gitea. */
export function toGpgKey(key: RestGpgKeyFragment): RestSchema<'GPGKey'> {
  return { ...keyFields(key), emails: key.emails.map((e) => ({ email: e.email, verified: e.verified })), subkeys: key.subkeys.map(keyFields) };
}
