import { SearchIssuesDocument, type IssueKind, type IssueSearchSort, type IssueStateFilter } from '../../__generated__/graphql.ts';
import { toIssue } from '../../convert/issue.ts';
import { knownOr } from '../../lenient.ts';
import { defineOperation, list } from '../../operation.ts';

/** Gitea's comma-separated query lists; null when the parameter is absent or empty. */
const commaList = (value: string | undefined): string[] | null => (value ? value.split(',') : null);

/** issues or pulls; anything else finds both. */
const kindOf = (type: string | undefined): IssueKind | null => (type === 'issues' ? 'issues' : type === 'pulls' ? 'pulls' : null);

const STATES: IssueStateFilter[] = ['open', 'closed', 'all'];
const SORTS: IssueSearchSort[] = ['newest', 'oldest', 'recentupdate', 'leastupdate', 'mostcomment', 'leastcomment', 'nearduedate', 'farduedate', 'recentclose'];

/** Gitea reads `state`, `type` and `sort` leniently: an unknown state is open, an unknown type both, an unknown sort newest. */
export const issueSearchIssues = defineOperation({
  operationId: 'issueSearchIssues',
  document: SearchIssuesDocument,
  paged: true,
  variables: ({ query, page }) => ({
    filter: {
      state: knownOr<IssueStateFilter>(query.state, STATES, 'open') ?? null,
      kind: kindOf(query.type),
      labels: commaList(query.labels),
      milestones: commaList(query.milestones),
      query: query.q || null,
      updatedSince: query.since ?? null,
      updatedBefore: query.before ?? null,
      assignedToViewer: query.assigned ?? null,
      postedByViewer: query.created ?? null,
      mentioningViewer: query.mentioned ?? null,
      reviewRequestedOfViewer: query.review_requested ?? null,
      reviewedByViewer: query.reviewed ?? null,
      owner: query.owner || null,
      team: query.team || null,
      postedBy: query.created_by || null,
      priorityRepositoryId: query.priority_repo_id || null,
      sort: knownOr<IssueSearchSort>(query.sort, SORTS, 'newest') ?? null,
    },
    ...page,
  }),
  reply: ({ searchIssues }) => list(searchIssues, toIssue),
});
