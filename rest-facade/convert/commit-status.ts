import type { RestCommitStatusFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';
import { restTime } from './time.ts';
import { commitStatusesApiUrl } from './urls.ts';
import { toUser } from './user.ts';

/**
 * GraphQL CommitStatus → REST CommitStatus (Gitea's convert.ToCommitStatus): its `id` is its index among the
 * statuses of its commit, its `url` lists them; a status whose creator's account is gone has no creator.
 */
export function toCommitStatus(status: RestCommitStatusFragment): RestSchema<'CommitStatus'> {
  return {
    id: status.index,
    status: status.state,
    target_url: status.targetUrl,
    description: status.description,
    url: commitStatusesApiUrl(status.repository.apiUrl, status.sha),
    context: status.context,
    creator: status.creator ? toUser(status.creator) : null,
    created_at: restTime(status.createdAt),
    updated_at: restTime(status.updatedAt),
  };
}
