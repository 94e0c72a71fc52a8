import {
  CreateIssueDocument,
  DeleteIssueDocument,
  RepositoryIssueDocument,
  RepositoryIssuesDocument,
  SetIssueDeadlineDocument,
  UpdateIssueDocument,
} from '../../__generated__/graphql.ts';
import { toIssue, toIssueDeadline } from '../../convert/issue.ts';
import { assigneeLogins } from '../../lenient.ts';
import { created, defineOperation, found, list, noContent, ok } from '../../operation.ts';

/** Gitea's comma-separated query lists; null when the parameter is absent or empty. */
const commaList = (value: string | undefined): string[] | null => (value ? value.split(',') : null);

export const issueListIssues = defineOperation({
  operationId: 'issueListIssues',
  document: RepositoryIssuesDocument,
  paged: true,
  variables: ({ params, query, page }) => ({
    owner: params.owner,
    name: params.repo,
    filter: {
      state: query.state ?? null,
      kind: query.type ?? null,
      labels: commaList(query.labels),
      milestones: commaList(query.milestones),
      query: query.q || null,
      updatedSince: query.since ?? null,
      updatedBefore: query.before ?? null,
      postedBy: query.created_by || null,
      assignedTo: query.assigned_by || null,
      mentioning: query.mentioned_by || null,
    },
    ...page,
  }),
  reply: ({ repository }) => list(found(repository).issues, toIssue),
});

export const issueGetIssue = defineOperation({
  operationId: 'issueGetIssue',
  document: RepositoryIssueDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, number: params.index }),
  reply: ({ repository }) => ok(toIssue(found(found(repository).issue))),
});

export const issueCreateIssue = defineOperation({
  operationId: 'issueCreateIssue',
  document: CreateIssueDocument,
  variables: ({ params, body }) => ({
    owner: params.owner,
    name: params.repo,
    input: {
      title: body.title,
      body: body.body ?? null,
      ref: body.ref ?? null,
      assignees: assigneeLogins(body),
      labels: body.labels ?? null,
      milestone: body.milestone ?? null,
      deadline: body.due_date ?? null,
      closed: body.closed ?? null,
    },
  }),
  reply: ({ createIssue }) => created(toIssue(createIssue)),
});

export const issueEditIssue = defineOperation({
  operationId: 'issueEditIssue',
  document: UpdateIssueDocument,
  variables: ({ params, body }) => ({
    owner: params.owner,
    name: params.repo,
    number: params.index,
    input: {
      title: body.title ?? null,
      body: body.body ?? null,
      ref: body.ref ?? null,
      assignees: assigneeLogins(body),
      milestone: body.milestone ?? null,
      deadline: body.due_date ?? null,
      removeDeadline: body.unset_due_date ?? null,
      state: body.state ?? null,
    },
  }),
  reply: ({ updateIssue }) => created(toIssue(updateIssue)),
});

export const issueEditIssueDeadline = defineOperation({
  operationId: 'issueEditIssueDeadline',
  document: SetIssueDeadlineDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, number: params.index, deadline: body.due_date }),
  reply: ({ setIssueDeadline }) => created(toIssueDeadline(setIssueDeadline.deadline)),
});

export const issueDelete = defineOperation({
  operationId: 'issueDelete',
  document: DeleteIssueDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, number: params.index }),
  reply: () => noContent(),
});
