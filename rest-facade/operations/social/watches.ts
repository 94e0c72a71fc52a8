import {
  RepositorySubscribersDocument,
  RepositoryViewerSubscriptionDocument,
  UnwatchRepositoryDocument,
  UserWatchedRepositoriesDocument,
  ViewerWatchedRepositoriesDocument,
  WatchRepositoryDocument,
} from '../../__generated__/graphql.ts';
import { toRepository } from '../../convert/repository.ts';
import { toUser } from '../../convert/user.ts';
import { toWatchInfo } from '../../convert/watch.ts';
import { confirmed, defineOperation, found, list, noContent, ok } from '../../operation.ts';

export const userCurrentCheckSubscription = defineOperation({
  operationId: 'userCurrentCheckSubscription',
  document: RepositoryViewerSubscriptionDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: ({ repository }) => ok(toWatchInfo(confirmed(found(repository).viewerSubscription))),
});

export const userCurrentPutSubscription = defineOperation({
  operationId: 'userCurrentPutSubscription',
  document: WatchRepositoryDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: ({ watchRepository }) => ok(toWatchInfo(watchRepository)),
});

export const userCurrentDeleteSubscription = defineOperation({
  operationId: 'userCurrentDeleteSubscription',
  document: UnwatchRepositoryDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: () => noContent(),
});

export const repoListSubscribers = defineOperation({
  operationId: 'repoListSubscribers',
  document: RepositorySubscribersDocument,
  paged: true,
  variables: ({ params, page }) => ({ owner: params.owner, name: params.repo, ...page }),
  reply: ({ repository }) => list(found(repository).subscribers, toUser),
});

export const userCurrentListSubscriptions = defineOperation({
  operationId: 'userCurrentListSubscriptions',
  document: ViewerWatchedRepositoriesDocument,
  paged: true,
  variables: ({ page }) => page,
  reply: ({ viewer }) => list(found(viewer).watchedRepositories, toRepository),
});

export const userListSubscriptions = defineOperation({
  operationId: 'userListSubscriptions',
  document: UserWatchedRepositoriesDocument,
  paged: true,
  variables: ({ params, page }) => ({ login: params.username, ...page }),
  reply: ({ user }) => list(found(user).watchedRepositories, toRepository),
});
