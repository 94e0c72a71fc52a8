import { RepositoryCompareDocument } from '../../__generated__/graphql.ts';
import { toCompare } from '../../convert/commit.ts';
import { defineOperation, found, ok, textReply, type Reply } from '../../operation.ts';
import { commitOptions } from './commits.ts';

/** The most commits one comparison lists (total_commits still counts them all). */
const MAX_COMPARE_COMMITS = 250;

/** "base...head" (from the merge base) or "base..head" (direct); null when it is neither. */
export function parseBaseHead(basehead: string): { base: string; head: string; direct: boolean } | null {
  const direct = !basehead.includes('...');
  const separator = direct ? '..' : '...';
  const at = basehead.indexOf(separator);
  if (at <= 0 || at + separator.length >= basehead.length) return null;
  return { base: basehead.slice(0, at), head: basehead.slice(at + separator.length), direct };
}

export const repoCompareDiff = defineOperation({
  operationId: 'repoCompareDiff',
  document: RepositoryCompareDocument,
  variables: ({ params, query }) => {
    // An unparsable basehead is sent as an invalid revision pair, which the service refuses (422).
    const parsed = parseBaseHead(params.basehead) ?? { base: params.basehead, head: '', direct: false };
    return {
      owner: params.owner,
      name: params.repo,
      base: parsed.base,
      head: parsed.head,
      direct: parsed.direct,
      first: MAX_COMPARE_COMMITS,
      json: !query.output,
      diff: query.output === 'diff',
      patch: query.output === 'patch',
      // Gitea always computes stats for a comparison.
      ...commitOptions({ ...query, stat: true }),
    };
  },
  reply: ({ repository }, { query }): Reply => {
    const repo = found(repository);
    const comparison = repo.compare;
    if (query.output === 'diff') return textReply(comparison.diff ?? '');
    if (query.output === 'patch') return textReply(comparison.patch ?? '');
    return ok(toCompare(comparison.commits!, repo));
  },
});
