import {
  CreateLabelDocument,
  DeleteLabelDocument,
  OrganizationLabelDocument,
  OrganizationLabelsDocument,
  RepositoryLabelDocument,
  RepositoryLabelsDocument,
  UpdateLabelDocument,
  type LabelInput,
} from '../../__generated__/graphql.ts';
import { toLabel } from '../../convert/label.ts';
import { created, defineOperation, found, list, noContent, ok, type RequestBody } from '../../operation.ts';
import { fromSnakeCase } from '../../snake-case.ts';

/**
 * Labels of a repository (/repos/{owner}/{repo}/labels) and of an organization (/orgs/{org}/labels): the same
 * mutations serve both, a repository's labels named by `repository`.
 */

const labelInput = (body: RequestBody<'issueEditLabel'>): LabelInput => fromSnakeCase(body, 'LabelInput', []);

export const issueListLabels = defineOperation({
  operationId: 'issueListLabels',
  document: RepositoryLabelsDocument,
  paged: true,
  variables: ({ params, page }) => ({ owner: params.owner, name: params.repo, ...page }),
  reply: ({ repository }) => list(found(repository).labels, toLabel),
});

export const issueGetLabel = defineOperation({
  operationId: 'issueGetLabel',
  document: RepositoryLabelDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, id: params.id }),
  reply: ({ repository }) => ok(toLabel(found(found(repository).label))),
});

export const issueCreateLabel = defineOperation({
  operationId: 'issueCreateLabel',
  document: CreateLabelDocument,
  variables: ({ params, body }) => ({ owner: params.owner, repository: params.repo, input: labelInput(body) }),
  reply: ({ createLabel }) => created(toLabel(createLabel)),
});

export const issueEditLabel = defineOperation({
  operationId: 'issueEditLabel',
  document: UpdateLabelDocument,
  variables: ({ params, body }) => ({ owner: params.owner, repository: params.repo, id: params.id, input: labelInput(body) }),
  reply: ({ updateLabel }) => ok(toLabel(updateLabel)),
});

export const issueDeleteLabel = defineOperation({
  operationId: 'issueDeleteLabel',
  document: DeleteLabelDocument,
  variables: ({ params }) => ({ owner: params.owner, repository: params.repo, id: params.id }),
  reply: () => noContent(),
});

export const orgListLabels = defineOperation({
  operationId: 'orgListLabels',
  document: OrganizationLabelsDocument,
  paged: true,
  variables: ({ params, page }) => ({ login: params.org, ...page }),
  reply: ({ organization }) => list(found(organization).labels, toLabel),
});

export const orgGetLabel = defineOperation({
  operationId: 'orgGetLabel',
  document: OrganizationLabelDocument,
  variables: ({ params }) => ({ login: params.org, id: params.id }),
  reply: ({ organization }) => ok(toLabel(found(found(organization).label))),
});

export const orgCreateLabel = defineOperation({
  operationId: 'orgCreateLabel',
  document: CreateLabelDocument,
  variables: ({ params, body }) => ({ owner: params.org, input: labelInput(body) }),
  reply: ({ createLabel }) => created(toLabel(createLabel)),
});

export const orgEditLabel = defineOperation({
  operationId: 'orgEditLabel',
  document: UpdateLabelDocument,
  variables: ({ params, body }) => ({ owner: params.org, id: params.id, input: labelInput(body) }),
  reply: ({ updateLabel }) => ok(toLabel(updateLabel)),
});

export const orgDeleteLabel = defineOperation({
  operationId: 'orgDeleteLabel',
  document: DeleteLabelDocument,
  variables: ({ params }) => ({ owner: params.org, id: params.id }),
  reply: () => noContent(),
});
