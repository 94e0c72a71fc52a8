import { CombinedStatusByRefDocument, CommitStatusesByRefDocument, CommitStatusesByShaDocument, CreateCommitStatusDocument, type CommitStatusSort } from '../../__generated__/graphql.ts';
import { toCombinedStatus } from '../../convert/combined-status.ts';
import { toCommitStatus } from '../../convert/commit-status.ts';
import { created, defineOperation, found, list, ok } from '../../operation.ts';

const SORTS: readonly CommitStatusSort[] = ['oldest', 'recentupdate', 'leastupdate', 'leastindex', 'highestindex'];
const isSort = (value: string): value is CommitStatusSort => (SORTS as readonly string[]).includes(value);

/** Gitea trims `sort` and `state`; an order it does not know is its default order (newest first). */
const filterOf = (query: { sort?: string; state?: string }) => {
  const sort = query.sort?.trim() ?? '';
  return { sort: isSort(sort) ? sort : null, state: query.state?.trim() || null };
};

export const repoCreateStatus = defineOperation({
  operationId: 'repoCreateStatus',
  document: CreateCommitStatusDocument,
  variables: ({ params, body }) => ({
    owner: params.owner,
    name: params.repo,
    sha: params.sha,
    input: { state: body.state ?? '', targetUrl: body.target_url ?? null, description: body.description ?? null, context: body.context ?? null },
  }),
  reply: ({ createCommitStatus }) => created(toCommitStatus(createCommitStatus)),
});

export const repoListStatuses = defineOperation({
  operationId: 'repoListStatuses',
  document: CommitStatusesByShaDocument,
  paged: true,
  variables: ({ params, query, page }) => ({ owner: params.owner, name: params.repo, sha: params.sha, filter: filterOf(query), ...page }),
  reply: ({ repository }) => list(found(repository).commitStatuses, toCommitStatus),
});

export const repoListStatusesByRef = defineOperation({
  operationId: 'repoListStatusesByRef',
  document: CommitStatusesByRefDocument,
  paged: true,
  variables: ({ params, query, page }) => ({ owner: params.owner, name: params.repo, ref: params.ref, filter: filterOf(query), ...page }),
  reply: ({ repository }) => list(found(found(repository).commit).statuses, toCommitStatus),
});

export const repoGetCombinedStatusByRef = defineOperation({
  operationId: 'repoGetCombinedStatusByRef',
  document: CombinedStatusByRefDocument,
  paged: true,
  variables: ({ params, page }) => ({ owner: params.owner, name: params.repo, ref: params.ref, ...page }),
  reply: ({ repository }) => {
    const combined = found(found(repository).commit).combinedStatus;
    return { ...ok(toCombinedStatus(combined)), totalCount: combined.totalCount };
  },
});
