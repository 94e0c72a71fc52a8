import {
  FollowUserDocument,
  UnfollowUserDocument,
  UserFollowersDocument,
  UserFollowingDocument,
  UserIsFollowingDocument,
  ViewerFollowersDocument,
  ViewerFollowingDocument,
  ViewerIsFollowingDocument,
} from '../../__generated__/graphql.ts';
import { toUser } from '../../convert/user.ts';
import { defineOperation, noContent, notFoundReply, paginated } from '../../operation.ts';
import { connectionArgsFor } from '../../pagination.ts';

export const userCurrentListFollowers = defineOperation({
  operationId: 'userCurrentListFollowers',
  document: ViewerFollowersDocument,
  variables: ({ query, config }) => connectionArgsFor(query, config).args,
  reply: ({ viewer }, { query, config }) =>
    paginated(viewer?.followers.nodes.map(toUser) ?? [], connectionArgsFor(query, config).window, viewer?.followers.totalCount ?? 0),
});

export const userCurrentListFollowing = defineOperation({
  operationId: 'userCurrentListFollowing',
  document: ViewerFollowingDocument,
  variables: ({ query, config }) => connectionArgsFor(query, config).args,
  reply: ({ viewer }, { query, config }) =>
    paginated(viewer?.following.nodes.map(toUser) ?? [], connectionArgsFor(query, config).window, viewer?.following.totalCount ?? 0),
});

export const userListFollowers = defineOperation({
  operationId: 'userListFollowers',
  document: UserFollowersDocument,
  variables: ({ params, query, config }) => ({ login: params.username, ...connectionArgsFor(query, config).args }),
  reply: ({ user }, { params, query, config }) =>
    user
      ? paginated(user.followers.nodes.map(toUser), connectionArgsFor(query, config).window, user.followers.totalCount)
      : notFoundReply(`user "${params.username}" does not exist`),
});

export const userListFollowing = defineOperation({
  operationId: 'userListFollowing',
  document: UserFollowingDocument,
  variables: ({ params, query, config }) => ({ login: params.username, ...connectionArgsFor(query, config).args }),
  reply: ({ user }, { params, query, config }) =>
    user
      ? paginated(user.following.nodes.map(toUser), connectionArgsFor(query, config).window, user.following.totalCount)
      : notFoundReply(`user "${params.username}" does not exist`),
});

export const userCurrentCheckFollowing = defineOperation({
  operationId: 'userCurrentCheckFollowing',
  document: ViewerIsFollowingDocument,
  variables: ({ params }) => ({ login: params.username }),
  reply: ({ viewer }, { params }) => (viewer?.isFollowing ? noContent() : notFoundReply(`you do not follow "${params.username}"`)),
});

export const userCheckFollowing = defineOperation({
  operationId: 'userCheckFollowing',
  document: UserIsFollowingDocument,
  variables: ({ params }) => ({ login: params.username, target: params.target }),
  reply: ({ user }, { params }) => {
    if (!user) return notFoundReply(`user "${params.username}" does not exist`);
    return user.isFollowing ? noContent() : notFoundReply(`"${params.username}" does not follow "${params.target}"`);
  },
});

export const userCurrentPutFollow = defineOperation({
  operationId: 'userCurrentPutFollow',
  document: FollowUserDocument,
  variables: ({ params }) => ({ login: params.username }),
  reply: () => noContent(),
});

export const userCurrentDeleteFollow = defineOperation({
  operationId: 'userCurrentDeleteFollow',
  document: UnfollowUserDocument,
  variables: ({ params }) => ({ login: params.username }),
  reply: () => noContent(),
});
