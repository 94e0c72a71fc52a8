import {
  MoveIssuePinDocument,
  PinIssueDocument,
  RepositoryNewPinAllowedDocument,
  RepositoryPinnedIssuesDocument,
  UnpinIssueDocument,
} from '../../__generated__/graphql.ts';
import { toIssue, toNewPinAllowed } from '../../convert/issue.ts';
import { defineOperation, found, noContent, ok } from '../../operation.ts';

/** Pinned issues: Gitea lists them all at once (no paging); a repository pins at most ISSUE_MAX_PINNED. */
export const repoListPinnedIssues = defineOperation({
  operationId: 'repoListPinnedIssues',
  document: RepositoryPinnedIssuesDocument,
  variables: ({ params, config }) => ({ owner: params.owner, name: params.repo, first: config.repository.ISSUE_MAX_PINNED }),
  reply: ({ repository }) => ok(found(repository).pinnedIssues.nodes.map(toIssue)),
});

export const repoNewPinAllowed = defineOperation({
  operationId: 'repoNewPinAllowed',
  document: RepositoryNewPinAllowedDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: ({ repository }) => ok(toNewPinAllowed(found(repository).newPinAllowed)),
});

export const pinIssue = defineOperation({
  operationId: 'pinIssue',
  document: PinIssueDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, number: params.index }),
  reply: () => noContent(),
});

export const unpinIssue = defineOperation({
  operationId: 'unpinIssue',
  document: UnpinIssueDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, number: params.index }),
  reply: () => noContent(),
});

export const moveIssuePin = defineOperation({
  operationId: 'moveIssuePin',
  document: MoveIssuePinDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, number: params.index, position: params.position }),
  reply: () => noContent(),
});
