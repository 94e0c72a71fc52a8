import {
  RepositoryStargazersDocument,
  StarRepositoryDocument,
  UnstarRepositoryDocument,
  UserStarredRepositoriesDocument,
  ViewerHasStarredDocument,
  ViewerStarredRepositoriesDocument,
} from '../../__generated__/graphql.ts';
import { toRepository } from '../../convert/repository.ts';
import { toUser } from '../../convert/user.ts';
import { checked, defineOperation, found, list, noContent } from '../../operation.ts';

export const userCurrentListStarred = defineOperation({
  operationId: 'userCurrentListStarred',
  document: ViewerStarredRepositoriesDocument,
  paged: true,
  variables: ({ page }) => page,
  reply: ({ viewer }) => list(found(viewer).starredRepositories, toRepository),
});

export const userListStarred = defineOperation({
  operationId: 'userListStarred',
  document: UserStarredRepositoriesDocument,
  paged: true,
  variables: ({ params, page }) => ({ login: params.username, ...page }),
  reply: ({ user }) => list(found(user).starredRepositories, toRepository),
});

export const userCurrentCheckStarring = defineOperation({
  operationId: 'userCurrentCheckStarring',
  document: ViewerHasStarredDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: ({ viewer }) => checked(found(viewer).hasStarred),
});

export const userCurrentPutStar = defineOperation({
  operationId: 'userCurrentPutStar',
  document: StarRepositoryDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: () => noContent(),
});

export const userCurrentDeleteStar = defineOperation({
  operationId: 'userCurrentDeleteStar',
  document: UnstarRepositoryDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: () => noContent(),
});

export const repoListStargazers = defineOperation({
  operationId: 'repoListStargazers',
  document: RepositoryStargazersDocument,
  paged: true,
  variables: ({ params, page }) => ({ owner: params.owner, name: params.repo, ...page }),
  reply: ({ repository }) => list(found(repository).stargazers, toUser),
});
