import { builder } from '../../graphql/builder.ts';
import { lookup } from '../../graphql/errors.ts';
import { enumFromValues, inputFromTable } from '../../graphql/input-fields.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { withOwner } from '../repo/repo.service.ts';
import { UserRef } from '../user/user.graphql.ts';
import * as issues from './issue.service.ts';
import { LabelRef } from '../label/label.graphql.ts';
import { MilestoneRef } from '../milestone/milestone.graphql.ts';
import { CREATE_ISSUE_FIELDS, ISSUE_FILTER_FIELDS, ISSUE_KINDS, ISSUE_LIST_STATES, ISSUE_STATES, UPDATE_ISSUE_FIELDS } from './issue.inputs.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { addAssigneeFields } from './assignees.graphql.ts';
import { registerLockFields } from './lock.graphql.ts';
import { registerPinFields } from './pins.graphql.ts';
import { registerIssueSearch } from './search.graphql.ts';

const IssueStateEnum = enumFromValues('IssueState', ISSUE_STATES);
enumFromValues('IssueStateFilter', ISSUE_LIST_STATES);
enumFromValues('IssueKind', ISSUE_KINDS);
const IssueFilterInput = inputFromTable('IssueFilter', ISSUE_FILTER_FIELDS);

export const IssueRef = builder.objectRef<issues.IssueView>('Issue').implement({
  description: 'An issue of a repository, numbered per repository.',
  fields: (t) => ({
    databaseId: t.int({ resolve: (v) => v.issue.id }),
    number: t.int({ resolve: (v) => v.issue.number }),
    title: t.string({ resolve: (v) => v.issue.title }),
    body: t.string({ resolve: (v) => v.issue.body }),
    ref: t.string({ description: 'The branch or tag the issue is about; empty when none.', resolve: (v) => v.issue.ref }),
    state: t.field({ type: IssueStateEnum, resolve: (v) => (v.issue.isClosed ? 'closed' : 'open') }),
    poster: t.field({ type: UserRef, description: 'Who opened it; the ghost account once that account is deleted.', resolve: (v) => v.issue.poster ?? issues.GHOST }),
    labels: t.field({ type: [LabelRef], resolve: (v) => v.issue.labels.map((l) => l.label).sort((a, b) => a.name.localeCompare(b.name)) }),
    assignees: t.field({ type: [UserRef], resolve: (v) => v.issue.assignees.map((a) => a.user) }),
    milestone: t.field({ type: MilestoneRef, nullable: true, resolve: (v) => v.issue.milestone }),
    commentCount: t.int({ resolve: (v) => v.issue.commentCount }),
    isLocked: t.boolean({ resolve: (v) => v.issue.isLocked }),
    pinOrder: t.int({ description: "Position among the repository's pinned issues; 0 when not pinned.", resolve: (v) => v.issue.pinOrder }),
    isPullRequest: t.boolean({ resolve: (v) => v.issue.isPull }),
    deadline: t.field({ type: 'DateTime', nullable: true, resolve: (v) => v.issue.deadline }),
    createdAt: t.field({ type: 'DateTime', resolve: (v) => v.issue.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (v) => v.issue.updatedAt }),
    closedAt: t.field({ type: 'DateTime', nullable: true, resolve: (v) => v.issue.closedAt }),
    repository: t.field({ type: RepositoryRef, resolve: (v) => v.repo }),
  }),
});

addAssigneeFields(IssueRef);

export const IssueConnection = builder.connectionObject({
  type: IssueRef,
  name: 'IssueConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

builder.objectFields(RepositoryRef, (t) => ({
  issues: t.connection(
    {
      type: IssueRef,
      tokenScope: 'read:issue',
      description: "The repository's issues, newest first; open ones unless the filter says otherwise.",
      complexity: connectionComplexity,
      args: { filter: t.arg({ type: IssueFilterInput }) },
      resolve: async (repo, { filter, ...args }, ctx) => {
        const full = await withOwner(ctx, repo);
        return offsetConnection(args, (window) => issues.listIssues(ctx, full, window, filter ?? {}));
      },
    },
    IssueConnection,
  ),
  openIssueCount: t.int({ description: 'Issues (not pull requests) still open.', resolve: (r) => r.issueCount - r.closedIssueCount }),
  issue: t.field({
    type: IssueRef,
    nullable: true,
    tokenScope: 'read:issue',
    args: { number: t.arg.int({ required: true }) },
    resolve: async (repo, { number }, ctx) =>
      lookup(ctx, async () => issues.getIssue(ctx, await withOwner(ctx, repo), number), () => `issue #${number} does not exist`),
  }),
}));

// ---------------------------------------------------------------------------------------------
// Mutations

const CreateIssueInput = inputFromTable('CreateIssueInput', CREATE_ISSUE_FIELDS);
const UpdateIssueInput = inputFromTable('UpdateIssueInput', UPDATE_ISSUE_FIELDS);

builder.mutationFields((t) => ({
  createIssue: t.field({
    type: IssueRef,
    tokenScope: 'write:issue',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), input: t.arg({ type: CreateIssueInput, required: true }) },
    resolve: (_root, { owner, name, input }, ctx) => issues.createIssue(ctx, owner, name, input),
  }),
  updateIssue: t.field({
    type: IssueRef,
    tokenScope: 'write:issue',
    args: {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      number: t.arg.int({ required: true }),
      input: t.arg({ type: UpdateIssueInput, required: true }),
    },
    resolve: (_root, { owner, name, number, input }, ctx) => issues.updateIssue(ctx, owner, name, number, input),
  }),
  closeIssue: t.field({
    type: IssueRef,
    tokenScope: 'write:issue',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), number: t.arg.int({ required: true }) },
    resolve: (_root, { owner, name, number }, ctx) => issues.setIssueState(ctx, owner, name, number, 'closed'),
  }),
  reopenIssue: t.field({
    type: IssueRef,
    tokenScope: 'write:issue',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), number: t.arg.int({ required: true }) },
    resolve: (_root, { owner, name, number }, ctx) => issues.setIssueState(ctx, owner, name, number, 'open'),
  }),
  setIssueDeadline: t.field({
    type: IssueRef,
    tokenScope: 'write:issue',
    description: 'Sets the deadline, or removes it when `deadline` is null.',
    args: {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      number: t.arg.int({ required: true }),
      deadline: t.arg({ type: 'DateTime' }),
    },
    resolve: (_root, { owner, name, number, deadline }, ctx) => issues.setIssueDeadline(ctx, owner, name, number, deadline ?? null),
  }),
  deleteIssue: t.boolean({
    tokenScope: 'write:issue',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), number: t.arg.int({ required: true }) },
    resolve: async (_root, { owner, name, number }, ctx) => {
      await issues.deleteIssue(ctx, owner, name, number);
      return true;
    },
  }),
}));

// ---------------------------------------------------------------------------------------------
// Subscriptions

export const IssueEventRef = builder.objectRef<issues.IssueEventView>('IssueEvent').implement({
  description: "A change of one of a repository's issues or of a comment on one, named as Gitea's webhook events and actions.",
  fields: (t) => ({
    topic: t.string({ description: 'issues (a change of the issue) or issue_comment (a change of one of its comments).', resolve: (e) => e.topic }),
    action: t.string({
      description: 'For issues: opened, edited, closed, reopened or deleted; for issue_comment: created, edited or deleted.',
      resolve: (e) => e.event.action,
    }),
    number: t.int({ resolve: (e) => e.event.number }),
    actor: t.field({ type: UserRef, nullable: true, resolve: (e, _args, ctx) => ctx.loaders.userById.load(e.event.actorId) }),
    issue: t.field({ type: IssueRef, nullable: true, description: 'The issue as it is now; null once deleted.', resolve: (e) => e.issue }),
  }),
});

builder.subscriptionFields((t) => ({
  issueEvents: t.field({
    type: IssueEventRef,
    description: "Live changes of a repository's issues, for those who read them (checked at every event).",
    tokenScope: 'read:issue',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    subscribe: (_root, { owner, name }, ctx) => issues.issueEvents(ctx, owner, name),
    resolve: (event) => event,
  }),
}));

// ---------------------------------------------------------------------------------------------
// The area's other parts, given the Issue type (they import nothing of this module)

registerPinFields(IssueRef);
registerLockFields(IssueRef);
registerIssueSearch(IssueRef);
