import { IssueTimelineDocument } from '../../__generated__/graphql.ts';
import { toTimelineComment } from '../../convert/comment.ts';
import { defineOperation, found, list } from '../../operation.ts';

export const issueGetCommentsAndTimeline = defineOperation({
  operationId: 'issueGetCommentsAndTimeline',
  document: IssueTimelineDocument,
  paged: true,
  variables: ({ params, query, page }) => ({
    owner: params.owner,
    name: params.repo,
    number: params.index,
    filter: { updatedSince: query.since ?? null, updatedBefore: query.before ?? null },
    ...page,
  }),
  reply: ({ repository }) => list(found(found(repository).issue).timeline, toTimelineComment),
});
