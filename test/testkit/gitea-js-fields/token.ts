import type { AccessToken } from 'gitea-js';
import type { FieldsOf } from '../gitea-js.ts';

/**
 * For each gitea-js type a test reads, every field it declares and how Gitea's Go struct sends it
 * (value fields always, pointers as null when unset, omitempty fields only when set), one file per area of
 * src/domain. Taken from Gitea's modules/structs; the `FieldsOf` type fails to compile if the client gains or
 * loses a field.
 */

export const ACCESS_TOKEN: FieldsOf<AccessToken> = {
  id: 'value',
  name: 'value',
  scopes: 'value',
  sha1: 'value',
  token_last_eight: 'value',
};
