import type { RestPublicKeyFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';
import { restTime } from './time.ts';
import { publicKeyApiUrl } from './urls.ts';
import { toUser } from './user.ts';

/**
 * GraphQL PublicKey → REST PublicKey (Gitea's convert.ToPublicKey). Its kind (`key_type`: user or deploy), the
 * read-only flag and the owning account are added for the key's owner and site admins only, as Gitea's
 * appendPrivateInformation does; others get the key, its title and fingerprint, and the zero values.
 */
export function toPublicKey(key: RestPublicKeyFragment, rootUrl: string): RestSchema<'PublicKey'> {
  const manages = key.viewerCanManage;
  return {
    id: key.databaseId,
    key: key.key,
    url: publicKeyApiUrl(rootUrl, key.databaseId),
    title: key.title,
    fingerprint: key.fingerprint,
    created_at: restTime(key.createdAt),
    last_used_at: restTime(key.updatedAt),
    key_type: manages ? (key.kind === 'DEPLOY' ? 'deploy' : 'user') : '',
    read_only: manages && key.readOnly,
    user: manages && key.owner ? toUser(key.owner) : null,
  };
}
