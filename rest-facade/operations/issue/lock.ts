import { LockIssueDocument, UnlockIssueDocument } from '../../__generated__/graphql.ts';
import { defineOperation, noContent } from '../../operation.ts';

export const issueLockIssue = defineOperation({
  operationId: 'issueLockIssue',
  document: LockIssueDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, number: params.index, reason: body?.lock_reason ?? null }),
  reply: () => noContent(),
});

export const issueUnlockIssue = defineOperation({
  operationId: 'issueUnlockIssue',
  document: UnlockIssueDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, number: params.index }),
  reply: () => noContent(),
});
