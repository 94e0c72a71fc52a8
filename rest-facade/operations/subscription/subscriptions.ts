import {
  IssueSubscribersDocument,
  IssueViewerSubscriptionDocument,
  SubscribeToIssueDocument,
  UnsubscribeFromIssueDocument,
} from '../../__generated__/graphql.ts';
import { toIssueWatchInfo } from '../../convert/issue-watch.ts';
import { toUser } from '../../convert/user.ts';
import { defineOperation, found, list, ok, type Reply } from '../../operation.ts';

/** Gitea answers a subscription change with 201 and no body, and one that changes nothing with 200. */
const changedOrNot = (change: { changed: boolean }): Reply => ({ status: change.changed ? 201 : 200 });

export const issueSubscriptions = defineOperation({
  operationId: 'issueSubscriptions',
  document: IssueSubscribersDocument,
  paged: true,
  variables: ({ params, page }) => ({ owner: params.owner, name: params.repo, number: params.index, ...page }),
  reply: ({ repository }) => list(found(found(repository).issue).subscribers, toUser),
});

export const issueCheckSubscription = defineOperation({
  operationId: 'issueCheckSubscription',
  document: IssueViewerSubscriptionDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, number: params.index }),
  reply: ({ repository }) => ok(toIssueWatchInfo(found(found(repository).issue))),
});

export const issueAddSubscription = defineOperation({
  operationId: 'issueAddSubscription',
  document: SubscribeToIssueDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, number: params.index, login: params.user }),
  reply: ({ subscribeToIssue }) => changedOrNot(subscribeToIssue),
});

export const issueDeleteSubscription = defineOperation({
  operationId: 'issueDeleteSubscription',
  document: UnsubscribeFromIssueDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, number: params.index, login: params.user }),
  reply: ({ unsubscribeFromIssue }) => changedOrNot(unsubscribeFromIssue),
});
