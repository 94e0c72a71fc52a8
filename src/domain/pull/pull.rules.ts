import type { Prisma } from '../../db/models.ts';
import type { PULL_SORTS } from './pull.inputs.ts';

/**
 * The head of a pull request as a request names it: `branch` (of the base repository), or `owner:branch` (of
 * that owner's fork). Gitea also takes `owner/repo:branch`; the repository part only names the fork again.
 */
export function parseHead(head: string): { owner: string | null; branch: string } {
  const colon = head.indexOf(':');
  if (colon < 0) return { owner: null, branch: head };
  const owner = head.slice(0, colon).split('/')[0];
  return { owner, branch: head.slice(colon + 1) };
}

/** A pull request from a branch into the same branch of the same repository is refused. */
export const sameBranchRefused = (baseRepoId: number, baseBranch: string, headRepoId: number, headBranch: string) =>
  baseRepoId === headRepoId && baseBranch === headBranch;

/** Gitea's sort orders of pull request lists (its applySorts), each ending on the id so that pages are stable. */
export function pullOrder(sort: (typeof PULL_SORTS)[number] | null): Prisma.IssueOrderByWithRelationInput[] {
  switch (sort) {
    case 'oldest':
      return [{ createdAt: 'asc' }, { id: 'asc' }];
    case 'recentupdate':
      return [{ updatedAt: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }];
    case 'leastupdate':
      return [{ updatedAt: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }];
    case 'recentclose':
      return [{ closedAt: { sort: 'desc', nulls: 'last' } }, { createdAt: 'desc' }, { id: 'desc' }];
    case 'mostcomment':
      return [{ commentCount: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }];
    case 'leastcomment':
      return [{ commentCount: 'asc' }, { createdAt: 'desc' }, { id: 'desc' }];
    default:
      // newest, and priority: Gitea orders by its issues' priority column first, which nothing sets through the API.
      return [{ createdAt: 'desc' }, { id: 'desc' }];
  }
}
