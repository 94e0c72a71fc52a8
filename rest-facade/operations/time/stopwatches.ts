import { CancelStopwatchDocument, StartStopwatchDocument, StopStopwatchDocument, ViewerStopwatchesDocument } from '../../__generated__/graphql.ts';
import { toStopWatch } from '../../convert/stopwatch.ts';
import { defineOperation, list, noContent, type Reply } from '../../operation.ts';

/** Gitea answers starting and stopping a stopwatch with 201 and no body. */
const createdEmpty = (): Reply => ({ status: 201 });

export const issueStartStopWatch = defineOperation({
  operationId: 'issueStartStopWatch',
  document: StartStopwatchDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, number: params.index }),
  reply: () => createdEmpty(),
});

export const issueStopStopWatch = defineOperation({
  operationId: 'issueStopStopWatch',
  document: StopStopwatchDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, number: params.index }),
  reply: () => createdEmpty(),
});

export const issueDeleteStopWatch = defineOperation({
  operationId: 'issueDeleteStopWatch',
  document: CancelStopwatchDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, number: params.index }),
  reply: () => noContent(),
});

export const userGetStopWatches = defineOperation({
  operationId: 'userGetStopWatches',
  document: ViewerStopwatchesDocument,
  paged: true,
  variables: ({ page }) => ({ ...page }),
  reply: ({ viewerStopwatches }) => list(viewerStopwatches, toStopWatch),
});
