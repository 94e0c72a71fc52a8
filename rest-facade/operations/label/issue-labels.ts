import {
  AddIssueLabelsDocument,
  ClearIssueLabelsDocument,
  IssueLabelsDocument,
  RemoveIssueLabelDocument,
  ReplaceIssueLabelsDocument,
  type IssueLabelsInput,
} from '../../__generated__/graphql.ts';
import { badRequest } from '../../../src/errors.ts';
import { toLabel } from '../../convert/label.ts';
import { defineOperation, found, noContent, ok, type RequestBody } from '../../operation.ts';

/**
 * The labels of one issue (/repos/{owner}/{repo}/issues/{index}/labels). Gitea's body names labels by id
 * (numbers) or by name (strings), never both in one request: that, and an item that is neither, are REST's
 * own rules (400, in Gitea's words); GraphQL takes ids and names as typed lists.
 */
function labelsOf(body: RequestBody<'issueAddLabel'>): IssueLabelsInput {
  const items: unknown[] = body?.labels ?? [];
  const ids = items.filter((item): item is number => typeof item === 'number');
  const names = items.filter((item): item is string => typeof item === 'string');
  if (ids.length + names.length !== items.length || !ids.every(Number.isSafeInteger)) throw badRequest('a label must be an integer or a string');
  if (ids.length > 0 && names.length > 0) throw badRequest('labels should be an array of strings or integers');
  return { ids, names };
}

export const issueGetLabels = defineOperation({
  operationId: 'issueGetLabels',
  document: IssueLabelsDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, number: params.index }),
  reply: ({ repository }) => ok(found(found(repository).issue).labels.map(toLabel)),
});

export const issueAddLabel = defineOperation({
  operationId: 'issueAddLabel',
  document: AddIssueLabelsDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, number: params.index, labels: labelsOf(body) }),
  reply: ({ addIssueLabels }) => ok(addIssueLabels.map(toLabel)),
});

export const issueReplaceLabels = defineOperation({
  operationId: 'issueReplaceLabels',
  document: ReplaceIssueLabelsDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, number: params.index, labels: labelsOf(body) }),
  reply: ({ replaceIssueLabels }) => ok(replaceIssueLabels.map(toLabel)),
});

export const issueRemoveLabel = defineOperation({
  operationId: 'issueRemoveLabel',
  document: RemoveIssueLabelDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, number: params.index, id: params.id }),
  reply: () => noContent(),
});

export const issueClearLabels = defineOperation({
  operationId: 'issueClearLabels',
  document: ClearIssueLabelsDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, number: params.index }),
  reply: () => noContent(),
});
