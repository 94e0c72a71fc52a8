import {
  RepositorySubscribersDocument,
  RepositoryViewerSubscriptionDocument,
  UnwatchRepositoryDocument,
  UserWatchedRepositoriesDocument,
  ViewerWatchedRepositoriesDocument,
  WatchRepositoryDocument,
  type RestWatchInfoFragment,
} from '../../__generated__/graphql.ts';
import type { components } from '../../__generated__/openapi.ts';
import { toRepository } from '../../convert/repository.ts';
import { restTime } from '../../convert/time.ts';
import { toUser } from '../../convert/user.ts';
import { defineOperation, noContent, notFoundReply, ok, paginated } from '../../operation.ts';
import { connectionArgsFor } from '../../pagination.ts';

/** GraphQL RepositorySubscription → Gitea's WatchInfo. */
function toWatchInfo(watch: RestWatchInfoFragment): components['schemas']['WatchInfo'] {
  return {
    subscribed: watch.subscribed,
    ignored: watch.ignored,
    reason: null,
    created_at: restTime(watch.createdAt),
    url: `${watch.repository.apiUrl}/subscription`,
    repository_url: watch.repository.apiUrl,
  };
}

export const userCurrentCheckSubscription = defineOperation({
  operationId: 'userCurrentCheckSubscription',
  document: RepositoryViewerSubscriptionDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: ({ repository }, { params }) => {
    if (!repository) return notFoundReply(`repository ${params.owner}/${params.repo} does not exist`);
    if (!repository.viewerSubscription) return notFoundReply(`you are not watching ${params.owner}/${params.repo}`);
    return ok(toWatchInfo(repository.viewerSubscription));
  },
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
  variables: ({ params, query, config }) => ({ owner: params.owner, name: params.repo, ...connectionArgsFor(query, config).args }),
  reply: ({ repository }, { params, query, config }) =>
    repository
      ? paginated(repository.subscribers.nodes.map(toUser), connectionArgsFor(query, config).window, repository.subscribers.totalCount)
      : notFoundReply(`repository ${params.owner}/${params.repo} does not exist`),
});

export const userCurrentListSubscriptions = defineOperation({
  operationId: 'userCurrentListSubscriptions',
  document: ViewerWatchedRepositoriesDocument,
  variables: ({ query, config }) => connectionArgsFor(query, config).args,
  reply: ({ viewer }, { query, config }) => {
    const list = viewer?.watchedRepositories;
    return paginated(list?.nodes.map(toRepository) ?? [], connectionArgsFor(query, config).window, list?.totalCount ?? 0);
  },
});

export const userListSubscriptions = defineOperation({
  operationId: 'userListSubscriptions',
  document: UserWatchedRepositoriesDocument,
  variables: ({ params, query, config }) => ({ login: params.username, ...connectionArgsFor(query, config).args }),
  reply: ({ user }, { params, query, config }) =>
    user
      ? paginated(user.watchedRepositories.nodes.map(toRepository), connectionArgsFor(query, config).window, user.watchedRepositories.totalCount)
      : notFoundReply(`user "${params.username}" does not exist`),
});
