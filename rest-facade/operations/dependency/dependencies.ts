import {
  AddIssueDependencyDocument,
  IssueBlockedDocument,
  IssueBlockersDocument,
  RemoveIssueDependencyDocument,
  type IssueLocator,
} from '../../__generated__/graphql.ts';
import { toIssue } from '../../convert/issue.ts';
import { created, defineOperation, found, list, ok, type RequestBody } from '../../operation.ts';

/**
 * Dependencies of an issue (/issues/{index}/dependencies: the issues that block it) and the issues it blocks
 * (/issues/{index}/blocks). Gitea types the path's index as a string: digits name an issue, anything else
 * names none (0). The body (IssueMeta) names the other issue; without owner and repo, in the path's repository.
 */

const MAX_NUMBER = 2 ** 31 - 1;

function number(index: string): number {
  const value = /^\d+$/.test(index) ? Number(index) : 0;
  return value <= MAX_NUMBER ? value : 0;
}

type PathParams = { owner: string; repo: string; index: string };

const inPath = (params: PathParams): IssueLocator => ({ owner: params.owner, name: params.repo, number: number(params.index) });

function inBody(params: PathParams, body: RequestBody<'issueCreateIssueDependencies'>): IssueLocator {
  const index = body?.index ?? 0;
  return {
    owner: body?.owner || params.owner,
    name: body?.repo || params.repo,
    number: Number.isSafeInteger(index) && index >= 0 && index <= MAX_NUMBER ? index : 0,
  };
}

export const issueListIssueDependencies = defineOperation({
  operationId: 'issueListIssueDependencies',
  document: IssueBlockersDocument,
  paged: true,
  variables: ({ params, page }) => ({ owner: params.owner, name: params.repo, number: number(params.index), ...page }),
  reply: ({ repository }) => list(found(found(repository).issue).blockedBy, toIssue),
});

export const issueCreateIssueDependencies = defineOperation({
  operationId: 'issueCreateIssueDependencies',
  document: AddIssueDependencyDocument,
  variables: ({ params, body }) => ({ issue: inPath(params), blocker: inBody(params, body) }),
  reply: ({ addIssueDependency }) => created(toIssue(addIssueDependency.issue)),
});

export const issueRemoveIssueDependencies = defineOperation({
  operationId: 'issueRemoveIssueDependencies',
  document: RemoveIssueDependencyDocument,
  variables: ({ params, body }) => ({ issue: inPath(params), blocker: inBody(params, body) }),
  reply: ({ removeIssueDependency }) => ok(toIssue(removeIssueDependency.issue)),
});

export const issueListBlocks = defineOperation({
  operationId: 'issueListBlocks',
  document: IssueBlockedDocument,
  paged: true,
  variables: ({ params, page }) => ({ owner: params.owner, name: params.repo, number: number(params.index), ...page }),
  reply: ({ repository }) => list(found(found(repository).issue).blocks, toIssue),
});

export const issueCreateIssueBlocking = defineOperation({
  operationId: 'issueCreateIssueBlocking',
  document: AddIssueDependencyDocument,
  variables: ({ params, body }) => ({ issue: inBody(params, body), blocker: inPath(params) }),
  reply: ({ addIssueDependency }) => created(toIssue(addIssueDependency.blocker)),
});

export const issueRemoveIssueBlocking = defineOperation({
  operationId: 'issueRemoveIssueBlocking',
  document: RemoveIssueDependencyDocument,
  variables: ({ params, body }) => ({ issue: inBody(params, body), blocker: inPath(params) }),
  reply: ({ removeIssueDependency }) => ok(toIssue(removeIssueDependency.blocker)),
});
