import type { RestCombinedStatusFragment } from '../__generated__/graphql.ts';
import { toCommitStatus } from './commit-status.ts';
import { toRepository } from './repository.ts';
import type { RestSchema } from './shape.ts';
import { combinedStatusApiUrl, commitRefApiUrl } from './urls.ts';

/**
 * GraphQL CombinedStatus → REST CombinedStatus (Gitea's convert.ToCombinedStatus): the combined state, the page
 * of latest statuses asked for, how many contexts there are in all, the repository, and the links of the commit
 * and of this combined status.
 */
export function toCombinedStatus(combined: RestCombinedStatusFragment): RestSchema<'CombinedStatus'> {
  const repository = toRepository(combined.repository);
  return {
    state: combined.state,
    sha: combined.sha,
    total_count: combined.totalCount,
    statuses: combined.statuses.nodes.map(toCommitStatus),
    repository,
    commit_url: commitRefApiUrl(combined.repository.apiUrl, combined.sha),
    url: combinedStatusApiUrl(combined.repository.apiUrl, combined.sha),
  };
}
