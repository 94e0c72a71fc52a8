import {
  CreateTagProtectionDocument,
  DeleteTagProtectionDocument,
  RepositoryTagProtectionDocument,
  RepositoryTagProtectionsDocument,
  UpdateTagProtectionDocument,
} from '../../__generated__/graphql.ts';
import { toTagProtection } from '../../convert/tag-protection.ts';
import { created, defineOperation, found, noContent, ok } from '../../operation.ts';
import { fromSnakeCase } from '../../snake-case.ts';

/** Tag protection rules (/repos/{owner}/{repo}/tag_protections), for the repository's administrators. */

export const repoListTagProtection = defineOperation({
  operationId: 'repoListTagProtection',
  document: RepositoryTagProtectionsDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: ({ repository }) => ok(found(repository).tagProtections.map(toTagProtection)),
});

export const repoGetTagProtection = defineOperation({
  operationId: 'repoGetTagProtection',
  document: RepositoryTagProtectionDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, databaseId: params.id }),
  reply: ({ repository }) => ok(toTagProtection(found(found(repository).tagProtection))),
});

export const repoCreateTagProtection = defineOperation({
  operationId: 'repoCreateTagProtection',
  document: CreateTagProtectionDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, input: fromSnakeCase(body, 'CreateTagProtectionInput', []) }),
  reply: ({ createTagProtection }) => created(toTagProtection(createTagProtection)),
});

export const repoEditTagProtection = defineOperation({
  operationId: 'repoEditTagProtection',
  document: UpdateTagProtectionDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, databaseId: params.id, input: fromSnakeCase(body, 'EditTagProtectionInput', []) }),
  reply: ({ updateTagProtection }) => ok(toTagProtection(updateTagProtection)),
});

export const repoDeleteTagProtection = defineOperation({
  operationId: 'repoDeleteTagProtection',
  document: DeleteTagProtectionDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, databaseId: params.id }),
  reply: () => noContent(),
});
