import {
  CreateRepositoryDocument,
  DeleteRepositoryDocument,
  OrganizationRepositoriesDocument,
  RepositoryByIdDocument,
  RepositoryByNameDocument,
  RepositoryLanguagesDocument,
  RepositorySearchDocument,
  UpdateRepositoryDocument,
  ViewerReachableRepositoriesDocument,
} from '../../__generated__/graphql.ts';
import { toLanguageStatistics, toRepository } from '../../convert/repository.ts';
import { created, defineOperation, found, list, noContent, ok, searchResults } from '../../operation.ts';
import { createRepositoryInput, updateRepositoryInput } from './inputs.ts';

export const repoGet = defineOperation({
  operationId: 'repoGet',
  document: RepositoryByNameDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: ({ repository }) => ok(toRepository(found(repository))),
});

export const repoGetByID = defineOperation({
  operationId: 'repoGetByID',
  document: RepositoryByIdDocument,
  variables: ({ params }) => ({ id: params.id }),
  reply: ({ repositoryById }) => ok(toRepository(found(repositoryById))),
});

export const createCurrentUserRepo = defineOperation({
  operationId: 'createCurrentUserRepo',
  document: CreateRepositoryDocument,
  variables: ({ body }) => ({ input: createRepositoryInput(body) }),
  reply: ({ createRepository }) => created(toRepository(createRepository)),
});

export const adminCreateRepo = defineOperation({
  operationId: 'adminCreateRepo',
  document: CreateRepositoryDocument,
  variables: ({ params, body }) => ({ owner: params.username, input: createRepositoryInput(body) }),
  reply: ({ createRepository }) => created(toRepository(createRepository)),
});

export const createOrgRepo = defineOperation({
  operationId: 'createOrgRepo',
  document: CreateRepositoryDocument,
  variables: ({ params, body }) => ({ owner: params.org, input: createRepositoryInput(body) }),
  reply: ({ createRepository }) => created(toRepository(createRepository)),
});

/** The older path of the same creation (Gitea keeps /org/{org}/repos beside /orgs/{org}/repos). */
export const createOrgRepoDeprecated = defineOperation({
  operationId: 'createOrgRepoDeprecated',
  document: CreateRepositoryDocument,
  variables: ({ params, body }) => ({ owner: params.org, input: createRepositoryInput(body) }),
  reply: ({ createRepository }) => created(toRepository(createRepository)),
});

export const repoEdit = defineOperation({
  operationId: 'repoEdit',
  document: UpdateRepositoryDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, input: updateRepositoryInput(body) }),
  reply: ({ updateRepository }) => ok(toRepository(updateRepository)),
});

export const repoDelete = defineOperation({
  operationId: 'repoDelete',
  document: DeleteRepositoryDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: () => noContent(),
});

/** Gitea's repository search: {ok, data} with X-Total-Count. */
export const repoSearch = defineOperation({
  operationId: 'repoSearch',
  document: RepositorySearchDocument,
  paged: true,
  variables: ({ query, page }) => ({
    query: query.q,
    topicOnly: query.topic,
    includeDescription: query.includeDesc,
    ownerId: query.uid,
    // Gitea: is_private filters; private=false leaves private repositories out (default: include them).
    isPrivate: query.is_private ?? (query.private === false ? false : undefined),
    isArchived: query.archived,
    isTemplate: query.template,
    mode: query.mode,
    sort: query.sort,
    order: query.order,
    ...page,
  }),
  reply: ({ repositories }) => searchResults(repositories, toRepository),
});

export const userListRepos = defineOperation({
  operationId: 'userListRepos',
  document: RepositorySearchDocument,
  paged: true,
  variables: ({ params, page }) => ({ ownerLogin: params.username, ...page }),
  reply: ({ repositories }) => list(repositories, toRepository),
});

/** Gitea's "my repositories": every repository the caller reaches, not only those it owns, by name. */
export const userCurrentListRepos = defineOperation({
  operationId: 'userCurrentListRepos',
  document: ViewerReachableRepositoriesDocument,
  paged: true,
  variables: ({ page }) => page,
  reply: ({ viewer }) => list(found(viewer).repositories, toRepository),
});

export const orgListRepos = defineOperation({
  operationId: 'orgListRepos',
  document: OrganizationRepositoriesDocument,
  paged: true,
  variables: ({ params, page }) => ({ login: params.org, ...page }),
  reply: ({ organization }) => list(found(organization).repositories, toRepository),
});

export const repoGetLanguages = defineOperation({
  operationId: 'repoGetLanguages',
  document: RepositoryLanguagesDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: ({ repository }) => ok(toLanguageStatistics(found(repository).languages)),
});
