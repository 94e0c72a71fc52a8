import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { IssueCommentRef } from '../comment/comment.graphql.ts';
import { OrganizationRef } from '../org/org.graphql.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { TeamRef } from '../team/team.graphql.ts';
import { UserRef } from '../user/user.graphql.ts';
import * as activity from './activity.service.ts';
import { OP_TYPES, type OpType } from './activity.writer.ts';

const ActivityOpTypeEnum = builder.enumType('ActivityOpType', { values: OP_TYPES, description: "What an activity is (Gitea's op_type)." });
const isOpType = (value: string): value is OpType => (OP_TYPES as readonly string[]).includes(value);

const ActivityRef = builder.objectRef<activity.ActivityView>('Activity').implement({
  description: 'An entry of an activity feed: who did what in which repository, and when.',
  fields: (t) => ({
    databaseId: t.int({ resolve: (v) => v.action.id }),
    opType: t.field({ type: ActivityOpTypeEnum, resolve: (v) => (isOpType(v.action.opType) ? v.action.opType : 'commit_repo') }),
    actor: t.field({ type: UserRef, description: 'Who did it.', resolve: (v) => v.action.actUser }),
    receiverId: t.int({ description: "The account whose feed shows the entry (Gitea's user_id): the feed's account, or the repository's owner in a repository's or a team's feed.", resolve: (v) => v.receiverId }),
    repository: t.field({ type: RepositoryRef, resolve: (v) => v.action.repo }),
    comment: t.field({ type: IssueCommentRef, nullable: true, description: 'The comment it is about (comment_issue, comment_pull); null otherwise or once deleted.', resolve: (v) => v.comment }),
    refName: t.string({ description: 'The full name of the branch or tag it is about, or empty.', resolve: (v) => v.action.refName }),
    content: t.string({
      description: 'Gitea\'s content: "<number>|<title or comment>" for issues and pull requests, the pushed commits as JSON for commit_repo.',
      resolve: (v) => v.action.content,
    }),
    isPrivate: t.boolean({ description: 'Whether the repository was private when it happened.', resolve: (v) => v.action.isPrivate }),
    createdAt: t.field({ type: 'DateTime', resolve: (v) => v.action.createdAt }),
  }),
});

const ActivityConnection = builder.connectionObject({
  type: ActivityRef,
  name: 'ActivityConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

const HeatmapEntryRef = builder.objectRef<activity.HeatmapEntry>('HeatmapEntry').implement({
  description: 'A quarter hour of a contribution heatmap.',
  fields: (t) => ({
    timestamp: t.int({ description: 'Its start, in seconds since the epoch (a multiple of 900).', resolve: (e) => e.timestamp }),
    contributions: t.int({ resolve: (e) => e.contributions }),
  }),
});

const DATE_DESCRIPTION = 'Only the activity of this day (YYYY-MM-DD, UTC); a date that cannot be read is today, as in Gitea.';

builder.objectFields(UserRef, (t) => ({
  activities: t.connection(
    {
      type: ActivityRef,
      description:
        'The feed of the account, newest first: what it did and what happened in the repositories it owns or watches; private activity only for the account itself and site admins.',
      complexity: connectionComplexity,
      args: { date: t.arg.string({ description: DATE_DESCRIPTION }), onlyPerformedBy: t.arg.boolean({ description: 'Only what the account did itself.' }) },
      resolve: (user, { date, onlyPerformedBy, ...page }, ctx) => offsetConnection(page, (window) => activity.userFeed(ctx, user, { date, onlyPerformedBy }, window)),
    },
    ActivityConnection,
  ),
  heatmap: t.field({
    type: [HeatmapEntryRef],
    description: "Contributions of the last year by quarter hour, oldest first, in the repositories the viewer reads (for an organization: all activity in its repositories).",
    resolve: (user, _args, ctx) => activity.heatmap(ctx, user),
  }),
}));

builder.objectFields(OrganizationRef, (t) => ({
  activities: t.connection(
    {
      type: ActivityRef,
      description: 'What happened in the repositories of the organization, newest first; private activity only for its members and site admins.',
      complexity: connectionComplexity,
      args: { date: t.arg.string({ description: DATE_DESCRIPTION }) },
      resolve: (org, { date, ...page }, ctx) => offsetConnection(page, (window) => activity.organizationFeed(ctx, org, { date }, window)),
    },
    ActivityConnection,
  ),
}));

builder.objectFields(TeamRef, (t) => ({
  activities: t.connection(
    {
      type: ActivityRef,
      description: 'What happened in the repositories the team reaches, newest first; private activity only for its members and site admins.',
      complexity: connectionComplexity,
      args: { date: t.arg.string({ description: DATE_DESCRIPTION }) },
      resolve: (team, { date, ...page }, ctx) => offsetConnection(page, (window) => activity.teamFeed(ctx, team, { date }, window)),
    },
    ActivityConnection,
  ),
}));

builder.objectFields(RepositoryRef, (t) => ({
  activities: t.connection(
    {
      type: ActivityRef,
      description: 'What happened in the repository, newest first.',
      complexity: connectionComplexity,
      args: { date: t.arg.string({ description: DATE_DESCRIPTION }) },
      resolve: (repo, { date, ...page }, ctx) => offsetConnection(page, (window) => activity.repositoryFeed(ctx, repo, { date }, window)),
    },
    ActivityConnection,
  ),
}));
