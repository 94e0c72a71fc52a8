import type { RestDeployKeyFragment } from '../__generated__/graphql.ts';
import { toRepository } from './repository.ts';
import type { RestSchema } from './shape.ts';
import { restTime } from './time.ts';
import { deployKeyApiUrl } from './urls.ts';

/**
 * GraphQL DeployKey → REST DeployKey (Gitea's convert.ToDeployKey), with its repository: an SSH key (`key_type` ssh) or a
 * deploy token (`key_type` token: no key; its secret in `token` in the answer that created it, empty in every other).
 */
export function toDeployKey(key: RestDeployKeyFragment): RestSchema<'DeployKey'> {
  const repository = toRepository(key.repository);
  return {
    id: key.databaseId,
    key_id: key.keyId,
    key: key.key,
    url: deployKeyApiUrl(key.repository.apiUrl, key.databaseId),
    title: key.title,
    fingerprint: key.fingerprint,
    created_at: restTime(key.createdAt),
    read_only: key.readOnly,
    key_type: key.keyType === 'token' ? 'token' : 'ssh',
    token: key.token ?? '',
    repository,
  };
}
