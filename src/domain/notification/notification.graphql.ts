import { requireUser } from '../../auth/viewer.ts';
import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { notificationTopic, type NotificationEvent } from '../../events/topics.ts';
import { forbidden } from '../../errors.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { UserRef } from '../user/user.graphql.ts';
import * as notifications from './notification.service.ts';

const NotificationRef = builder.objectRef<notifications.NotificationThread>('Notification').implement({
  description: 'A notification thread of the signed-in account: one per issue or pull request it follows.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    apiUrl: t.string({ description: 'The thread through the REST API.', resolve: (n, _args, ctx) => `${ctx.rootUrl}api/v1/notifications/threads/${n.id}` }),
    status: t.exposeString('status', { description: 'unread, read or pinned.' }),
    unread: t.boolean({ resolve: (n) => n.status === 'unread' }),
    pinned: t.boolean({ resolve: (n) => n.status === 'pinned' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When the thread was last brought back (or made).' }),
    // Gitea shows the repository of a thread to a token with the notification scope alone.
    repository: t.field({ type: RepositoryRef, readScopeGranted: true, resolve: (n) => n.repo }),
    subjectType: t.exposeString('subjectType', { description: 'Issue or Pull.' }),
    subjectNumber: t.int({ resolve: (n) => n.issue.number }),
    subjectTitle: t.string({ resolve: (n) => n.issue.title }),
    subjectState: t.string({
      description: 'open, closed or merged.',
      resolve: (n) => (n.issue.pull?.hasMerged ? 'merged' : n.issue.isClosed ? 'closed' : 'open'),
    }),
    latestCommentId: t.int({ nullable: true, description: 'The comment that last brought the thread back, when a comment did.', resolve: (n) => n.commentId }),
  }),
});

/** The connection's own `before` is a cursor: the time filters are named updatedSince and updatedBefore here. */
const filterOf = (args: { all?: boolean | null; statusTypes?: string[] | null; subjectTypes?: string[] | null; updatedSince?: Date | null; updatedBefore?: Date | null }): notifications.NotificationFilter => ({
  all: args.all,
  statusTypes: args.statusTypes,
  subjectTypes: args.subjectTypes,
  since: args.updatedSince,
  before: args.updatedBefore,
});

const NotificationConnection = builder.connectionObject({
  type: NotificationRef,
  name: 'NotificationConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});


builder.objectFields(UserRef, (t) => ({
  notifications: t.connection(
    {
      type: NotificationRef,
      description: "The account's notification threads, newest activity first; only the signed-in account's own.",
      tokenScope: 'read:notification',
      complexity: connectionComplexity,
      args: {
        all: t.arg.boolean({ description: 'Every state (otherwise `statusTypes`).' }),
        statusTypes: t.arg.stringList({ description: 'unread, read, pinned; unread and pinned by default.' }),
        subjectTypes: t.arg.stringList({ description: 'issue, pull, commit, repository.' }),
        updatedSince: t.arg({ type: 'DateTime', description: 'Only threads updated at or after this time.' }),
        updatedBefore: t.arg({ type: 'DateTime', description: 'Only threads updated at or before this time.' }),
      },
      resolve: (user, args, ctx) => {
        if (ctx.viewer.user?.id !== user.id) throw forbidden('only the account itself reads its notifications');
        return offsetConnection(args, (window) => notifications.listNotifications(ctx, filterOf(args), window));
      },
    },
    NotificationConnection,
  ),
}));

builder.objectFields(RepositoryRef, (t) => ({
  viewerNotifications: t.connection(
    {
      type: NotificationRef,
      description: "The signed-in account's notification threads of this repository, newest activity first.",
      tokenScope: 'read:notification',
      complexity: connectionComplexity,
      args: {
        all: t.arg.boolean(),
        statusTypes: t.arg.stringList(),
        subjectTypes: t.arg.stringList(),
        updatedSince: t.arg({ type: 'DateTime' }),
        updatedBefore: t.arg({ type: 'DateTime' }),
      },
      resolve: (repo, args, ctx) =>
        offsetConnection(args, (window) => notifications.listNotifications(ctx, filterOf(args), window, { id: repo.id })),
    },
    NotificationConnection,
  ),
}));

builder.queryFields((t) => ({
  notifications: t.connection(
    {
      type: NotificationRef,
      description:
        "The signed-in account's notification threads (of one repository when `owner` and `name` are given: 404 when the caller does not read it), newest activity first. Needs the notification scope only.",
      tokenScope: 'read:notification',
      complexity: connectionComplexity,
      args: {
        owner: t.arg.string(),
        name: t.arg.string(),
        all: t.arg.boolean({ description: 'Every state (otherwise `statusTypes`).' }),
        statusTypes: t.arg.stringList({ description: 'unread, read, pinned; unread and pinned by default.' }),
        subjectTypes: t.arg.stringList({ description: 'issue, pull, commit, repository.' }),
        updatedSince: t.arg({ type: 'DateTime', description: 'Only threads updated at or after this time.' }),
        updatedBefore: t.arg({ type: 'DateTime', description: 'Only threads updated at or before this time.' }),
      },
      resolve: (_root, args, ctx) =>
        offsetConnection(args, (window) =>
          notifications.listNotifications(ctx, filterOf(args), window, args.owner && args.name ? { owner: args.owner, name: args.name } : undefined),
        ),
    },
    NotificationConnection,
  ),
  notificationThread: t.field({
    type: NotificationRef,
    description: 'One notification thread by id: 403 when it is another account\'s (site administrators may read it), 404 when it does not exist.',
    tokenScope: 'read:notification',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, { id }, ctx) => notifications.getNotification(ctx, id),
  }),
  unreadNotificationCount: t.int({
    description: "The signed-in account's unread notification threads.",
    tokenScope: 'read:notification',
    resolve: (_root, _args, ctx) => notifications.countUnread(ctx),
  }),
}));

builder.mutationFields((t) => ({
  markNotification: t.field({
    type: NotificationRef,
    description: 'Marks one of the caller\'s threads read, unread or pinned (`toStatus`, read by default).',
    tokenScope: 'write:notification',
    args: { id: t.arg.int({ required: true }), toStatus: t.arg.string() },
    resolve: (_root, { id, toStatus }, ctx) => notifications.markNotification(ctx, id, toStatus),
  }),
  markNotifications: t.field({
    type: [NotificationRef],
    description:
      "Sets the state (`toStatus`, read by default) of the caller's threads (of one repository when `owner` and `name` are given) in `statusTypes` (unread by default; every state with `all`) updated up to `lastReadAt`; answers the threads changed.",
    tokenScope: 'write:notification',
    args: {
      owner: t.arg.string(),
      name: t.arg.string(),
      lastReadAt: t.arg({ type: 'DateTime' }),
      all: t.arg.boolean(),
      statusTypes: t.arg.stringList(),
      toStatus: t.arg.string(),
    },
    resolve: (_root, { owner, name, ...request }, ctx) =>
      notifications.markNotifications(ctx, request, owner && name ? { owner, name } : undefined),
  }),
}));

const NotificationEventKind = builder.enumType('NotificationEventKind', { values: ['NEW', 'UPDATED', 'STATUS_CHANGED'] as const });

const NotificationEventRef = builder.objectRef<NotificationEvent>('NotificationEvent').implement({
  description: "A change of the signed-in account's notification threads: a new thread, a thread back to unread, or states it set.",
  fields: (t) => ({
    kind: t.field({ type: NotificationEventKind, resolve: (e) => e.kind }),
    threadIds: t.intList({ resolve: (e) => e.threadIds }),
    unreadCount: t.exposeInt('unreadCount', { description: 'Unread threads after the change.' }),
  }),
});

builder.subscriptionFields((t) => ({
  notificationEvents: t.field({
    type: NotificationEventRef,
    description: "Live changes of the signed-in account's notification threads, from any instance.",
    authScopes: { $all: { signedIn: true, token: 'read:notification' } },
    subscribe: (_root, _args, ctx) => ctx.events.subscribe(notificationTopic(requireUser(ctx.viewer).id)),
    resolve: (event) => event,
  }),
}));
