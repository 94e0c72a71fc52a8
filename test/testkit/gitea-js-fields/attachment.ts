import type { Attachment } from 'gitea-js';
import type { FieldsOf } from '../gitea-js.ts';

/**
 * For each gitea-js type a test reads, every field it declares and how Gitea's Go struct sends it
 * (value fields always, pointers as null when unset, omitempty fields only when set), one file per area of
 * src/domain. Taken from Gitea's modules/structs; the `FieldsOf` type fails to compile if the client gains or
 * loses a field.
 */

export const ATTACHMENT: FieldsOf<Attachment> = {
  browser_download_url: 'value',
  created_at: 'value',
  download_count: 'value',
  id: 'value',
  name: 'value',
  size: 'value',
  uuid: 'value',
};
