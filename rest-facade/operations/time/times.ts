import {
  AddTrackedTimeDocument,
  DeleteTrackedTimeDocument,
  IssueTrackedTimesDocument,
  RepositoryTrackedTimesDocument,
  ResetTrackedTimesDocument,
  ViewerTrackedTimesDocument,
} from '../../__generated__/graphql.ts';
import { toTrackedTime } from '../../convert/tracked-time.ts';
import { defineOperation, found, list, noContent, ok } from '../../operation.ts';

/** Gitea trims the `user` filter; an empty one filters nothing. */
const userFilter = (user: string | undefined) => user?.trim() || null;

export const issueTrackedTimes = defineOperation({
  operationId: 'issueTrackedTimes',
  document: IssueTrackedTimesDocument,
  paged: true,
  variables: ({ params, query, page }) => ({
    owner: params.owner,
    name: params.repo,
    number: params.index,
    filter: { user: userFilter(query.user), since: query.since ?? null, before: query.before ?? null },
    ...page,
  }),
  reply: ({ repository }) => list(found(found(repository).issue).trackedTimes, toTrackedTime),
});

export const issueAddTime = defineOperation({
  operationId: 'issueAddTime',
  document: AddTrackedTimeDocument,
  variables: ({ params, body }) => ({
    owner: params.owner,
    name: params.repo,
    number: params.index,
    input: { seconds: body.time, createdAt: body.created ?? null, user: body.user_name || null },
  }),
  reply: ({ addTrackedTime }) => ok(toTrackedTime(addTrackedTime)),
});

export const issueDeleteTime = defineOperation({
  operationId: 'issueDeleteTime',
  document: DeleteTrackedTimeDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, number: params.index, id: params.id }),
  reply: () => noContent(),
});

export const issueResetTime = defineOperation({
  operationId: 'issueResetTime',
  document: ResetTrackedTimesDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, number: params.index }),
  reply: () => noContent(),
});

export const repoTrackedTimes = defineOperation({
  operationId: 'repoTrackedTimes',
  document: RepositoryTrackedTimesDocument,
  paged: true,
  variables: ({ params, query, page }) => ({
    owner: params.owner,
    name: params.repo,
    filter: { user: userFilter(query.user), since: query.since ?? null, before: query.before ?? null },
    ...page,
  }),
  reply: ({ repository }) => list(found(repository).trackedTimes, toTrackedTime),
});

export const userTrackedTimes = defineOperation({
  operationId: 'userTrackedTimes',
  document: RepositoryTrackedTimesDocument,
  paged: true,
  variables: ({ params, page }) => ({ owner: params.owner, name: params.repo, filter: { user: params.user }, ...page }),
  reply: ({ repository }) => list(found(repository).trackedTimes, toTrackedTime),
});

export const userCurrentTrackedTimes = defineOperation({
  operationId: 'userCurrentTrackedTimes',
  document: ViewerTrackedTimesDocument,
  paged: true,
  variables: ({ query, page }) => ({ filter: { since: query.since ?? null, before: query.before ?? null }, ...page }),
  reply: ({ viewerTrackedTimes }) => list(viewerTrackedTimes, toTrackedTime),
});
