import type { Badge } from 'gitea-js';
import type { FieldsOf } from '../gitea-js.ts';

/** Gitea's structs.Badge: value fields. */
export const BADGE: FieldsOf<Badge> = {
  description: 'value',
  id: 'value',
  image_url: 'value',
  slug: 'value',
};
