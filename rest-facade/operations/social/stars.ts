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
import { defineOperation, noContent, notFoundReply, paginated } from '../../operation.ts';
import { connectionArgsFor } from '../../pagination.ts';

export const userCurrentListStarred = defineOperation({
  operationId: 'userCurrentListStarred',
  document: ViewerStarredRepositoriesDocument,
  variables: ({ query, config }) => connectionArgsFor(query, config).args,
  reply: ({ viewer }, { query, config }) => {
    const list = viewer?.starredRepositories;
    return paginated(list?.nodes.map(toRepository) ?? [], connectionArgsFor(query, config).window, list?.totalCount ?? 0);
  },
});

export const userListStarred = defineOperation({
  operationId: 'userListStarred',
  document: UserStarredRepositoriesDocument,
  variables: ({ params, query, config }) => ({ login: params.username, ...connectionArgsFor(query, config).args }),
  reply: ({ user }, { params, query, config }) =>
    user
      ? paginated(user.starredRepositories.nodes.map(toRepository), connectionArgsFor(query, config).window, user.starredRepositories.totalCount)
      : notFoundReply(`user "${params.username}" does not exist`),
});

export const userCurrentCheckStarring = defineOperation({
  operationId: 'userCurrentCheckStarring',
  document: ViewerHasStarredDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: ({ viewer }, { params }) =>
    viewer?.hasStarred ? noContent() : notFoundReply(`you have not starred ${params.owner}/${params.repo}`),
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
  variables: ({ params, query, config }) => ({ owner: params.owner, name: params.repo, ...connectionArgsFor(query, config).args }),
  reply: ({ repository }, { params, query, config }) =>
    repository
      ? paginated(repository.stargazers.nodes.map(toUser), connectionArgsFor(query, config).window, repository.stargazers.totalCount)
      : notFoundReply(`repository ${params.owner}/${params.repo} does not exist`),
});
