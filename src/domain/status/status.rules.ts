/**
 * Pure rules of commit statuses, as Gitea states them (modules/commitstatus): the states a status may take, and
 * how the latest status of each context combine into the state of the commit.
 */

/** The states of one status, in Gitea's words. */
export const STATUS_STATES = ['pending', 'success', 'error', 'failure', 'warning', 'skipped'] as const;
export type StatusState = (typeof STATUS_STATES)[number];

/** The states a combined status takes (Gitea's CombinedStatusState). */
export type CombinedState = 'pending' | 'success' | 'failure';

export const isStatusState = (value: string): value is StatusState => (STATUS_STATES as readonly string[]).includes(value);

/**
 * The combined state of a commit from the latest status of each of its contexts, as Gitea's
 * CommitStatusStates.Combine decides it (after GitHub's combined status): `failure` when any is an error or a
 * failure; `success` when every one is a success, a warning or skipped; otherwise (one pending, or none at all)
 * `pending`. `counts` tells how many latest statuses are in each state.
 */
export function combineStates(counts: Partial<Record<string, number>>): CombinedState {
  const count = (state: string) => counts[state] ?? 0;
  if (count('error') > 0 || count('failure') > 0) return 'failure';
  const total = Object.values(counts).reduce<number>((sum, n) => sum + (n ?? 0), 0);
  const passed = count('success') + count('warning') + count('skipped');
  return total > 0 && passed === total ? 'success' : 'pending';
}

/** The orders a list of statuses may take (Gitea's `sort`), each with a final tie-break on insertion. */
export const STATUS_SORTS = ['newest', 'oldest', 'recentupdate', 'leastupdate', 'leastindex', 'highestindex'] as const;
export type StatusSort = (typeof STATUS_SORTS)[number];

/** Column and direction of each order. Gitea's "leastindex" puts the highest index first and "highestindex" the lowest: kept as Gitea has them. */
export const SORT_ORDER: Record<StatusSort, { column: 'createdAt' | 'updatedAt' | 'index'; direction: 'asc' | 'desc' }> = {
  newest: { column: 'createdAt', direction: 'desc' },
  oldest: { column: 'createdAt', direction: 'asc' },
  recentupdate: { column: 'updatedAt', direction: 'desc' },
  leastupdate: { column: 'updatedAt', direction: 'asc' },
  leastindex: { column: 'index', direction: 'desc' },
  highestindex: { column: 'index', direction: 'asc' },
};
