import {
  AddIssueAssigneesDocument,
  IssueCanBeAssignedDocument,
  RemoveIssueAssigneesDocument,
  RepositoryAssigneesDocument,
  RepositoryCanBeAssignedDocument,
} from '../../__generated__/graphql.ts';
import { toIssue } from '../../convert/issue.ts';
import { toUser } from '../../convert/user.ts';
import { checked, created, defineOperation, found, ok } from '../../operation.ts';

/** Gitea answers every assignable person in one list, without pages. */
const ALL_ASSIGNEES = 1000;

export const repoGetAssignees = defineOperation({
  operationId: 'repoGetAssignees',
  document: RepositoryAssigneesDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, first: ALL_ASSIGNEES }),
  reply: ({ repository }) => ok(found(repository).assignees.nodes.map(toUser)),
});

export const repoCheckAssignee = defineOperation({
  operationId: 'repoCheckAssignee',
  document: RepositoryCanBeAssignedDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, login: params.assignee }),
  reply: ({ repository }) => checked(found(repository).canBeAssigned),
});

export const issueCheckAssignee = defineOperation({
  operationId: 'issueCheckAssignee',
  document: IssueCanBeAssignedDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, number: params.index, login: params.assignee }),
  reply: ({ repository }) => checked(found(found(repository).issue).canBeAssigned),
});

export const issueAddAssignees = defineOperation({
  operationId: 'issueAddAssignees',
  document: AddIssueAssigneesDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, number: params.index, logins: body?.assignees ?? [] }),
  reply: ({ addIssueAssignees }) => created(toIssue(addIssueAssignees)),
});

export const issueRemoveAssignees = defineOperation({
  operationId: 'issueRemoveAssignees',
  document: RemoveIssueAssigneesDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, number: params.index, logins: body?.assignees ?? [] }),
  reply: ({ removeIssueAssignees }) => ok(toIssue(removeIssueAssignees)),
});
