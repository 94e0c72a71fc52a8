import type { RestDeployKeyFragment } from '../__generated__/graphql.ts';
import { toRepository } from './repository.ts';
import type { RestSchema } from './shape.ts';
import { restTime } from './time.ts';
import { deployKeyApiUrl } from './urls.ts';

/** GraphQL DeployKey → REST DeployKey (Gitea's convert.ToDeployKey): an SSH key (`key_type` ssh; no token), with its repository. */
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
    key_type: 'ssh',
    token: '',
    repository,
  };
}
