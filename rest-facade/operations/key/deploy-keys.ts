import { AddDeployKeyDocument, AddDeployTokenDocument, DeleteDeployKeyDocument, DeployKeyDocument, DeployKeysDocument } from '../../__generated__/graphql.ts';
import { toDeployKey } from '../../convert/deploy-key.ts';
import { created, defineOperation, found, list, noContent, ok } from '../../operation.ts';

export const repoListKeys = defineOperation({
  operationId: 'repoListKeys',
  document: DeployKeysDocument,
  paged: true,
  variables: ({ params, query, page }) => ({
    owner: params.owner,
    name: params.repo,
    filter: { keyId: query.key_id || null, fingerprint: query.fingerprint || null },
    ...page,
  }),
  reply: ({ repository }) => list(found(repository).deployKeys, toDeployKey),
});

export const repoGetKey = defineOperation({
  operationId: 'repoGetKey',
  document: DeployKeyDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, id: params.id }),
  reply: ({ repository }) => ok(toDeployKey(found(found(repository).deployKey))),
});

export const repoCreateKey = defineOperation({
  operationId: 'repoCreateKey',
  document: AddDeployKeyDocument,
  variables: ({ params, body }) => ({
    owner: params.owner,
    name: params.repo,
    input: { title: body.title, key: body.key, readOnly: body.read_only ?? false },
  }),
  reply: ({ addDeployKey }) => created(toDeployKey(addDeployKey)),
});

export const repoCreateDeployToken = defineOperation({
  operationId: 'repoCreateDeployToken',
  document: AddDeployTokenDocument,
  variables: ({ params, body }) => ({
    owner: params.owner,
    name: params.repo,
    input: { title: body.title, readOnly: body.read_only ?? false },
  }),
  reply: ({ addDeployToken }) => created(toDeployKey(addDeployToken)),
});

export const repoDeleteKey = defineOperation({
  operationId: 'repoDeleteKey',
  document: DeleteDeployKeyDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, id: params.id }),
  reply: () => noContent(),
});
