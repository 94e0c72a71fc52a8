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
import { checked, defineOperation, found, list, noContent } from '../../operation.ts';

export const userCurrentListFollowers = defineOperation({
  operationId: 'userCurrentListFollowers',
  document: ViewerFollowersDocument,
  paged: true,
  variables: ({ page }) => page,
  reply: ({ viewer }) => list(found(viewer).followers, toUser),
});

export const userCurrentListFollowing = defineOperation({
  operationId: 'userCurrentListFollowing',
  document: ViewerFollowingDocument,
  paged: true,
  variables: ({ page }) => page,
  reply: ({ viewer }) => list(found(viewer).following, toUser),
});

export const userListFollowers = defineOperation({
  operationId: 'userListFollowers',
  document: UserFollowersDocument,
  paged: true,
  variables: ({ params, page }) => ({ login: params.username, ...page }),
  reply: ({ user }) => list(found(user).followers, toUser),
});

export const userListFollowing = defineOperation({
  operationId: 'userListFollowing',
  document: UserFollowingDocument,
  paged: true,
  variables: ({ params, page }) => ({ login: params.username, ...page }),
  reply: ({ user }) => list(found(user).following, toUser),
});

export const userCurrentCheckFollowing = defineOperation({
  operationId: 'userCurrentCheckFollowing',
  document: ViewerIsFollowingDocument,
  variables: ({ params }) => ({ login: params.username }),
  reply: ({ viewer }) => checked(found(viewer).isFollowing),
});

export const userCheckFollowing = defineOperation({
  operationId: 'userCheckFollowing',
  document: UserIsFollowingDocument,
  variables: ({ params }) => ({ login: params.username, target: params.target }),
  reply: ({ user }) => checked(found(user).isFollowing),
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
