import {
  MarkNotificationDocument,
  MarkNotificationsDocument,
  NotificationThreadDocument,
  NotificationsDocument,
  UnreadNotificationCountDocument,
} from '../../__generated__/graphql.ts';
import { toNotificationThread } from '../../convert/notification.ts';
import { defineOperation, list, ok, type Reply } from '../../operation.ts';

/** Gitea reads `all` of the mark-read calls as Go's ParseBool does: anything else is false. */
const formBool = (value: string | undefined) => ['1', 't', 'T', 'true', 'TRUE', 'True'].includes(value ?? '');

/**
 * Gitea reads a thread's id as a 64-bit integer and takes anything else as 0, which no thread has: such an id
 * (or one beyond any row id) finds nothing, a 404.
 */
const threadId = (id: string) => (/^[0-9]+$/.test(id) && Number(id) <= 2147483647 ? Number(id) : 0);

/** Gitea answers a change of threads with 205 Reset Content, and the threads changed. */
const resetContent = (body: unknown): Reply => ({ status: 205, body });

const listFilter = (query: { all?: boolean; 'status-types'?: string[]; 'subject-type'?: string[]; since?: string; before?: string }) => ({
  all: query.all ?? null,
  statusTypes: query['status-types'] ?? null,
  subjectTypes: query['subject-type'] ?? null,
  updatedSince: query.since ?? null,
  updatedBefore: query.before ?? null,
});

export const notifyGetList = defineOperation({
  operationId: 'notifyGetList',
  document: NotificationsDocument,
  paged: true,
  variables: ({ query, page }) => ({ ...listFilter(query), ...page }),
  reply: ({ notifications }) => list(notifications, toNotificationThread),
});

export const notifyGetRepoList = defineOperation({
  operationId: 'notifyGetRepoList',
  document: NotificationsDocument,
  paged: true,
  variables: ({ params, query, page }) => ({ owner: params.owner, name: params.repo, ...listFilter(query), ...page }),
  reply: ({ notifications }) => list(notifications, toNotificationThread),
});

export const notifyNewAvailable = defineOperation({
  operationId: 'notifyNewAvailable',
  document: UnreadNotificationCountDocument,
  variables: () => ({}),
  reply: ({ unreadNotificationCount }) => ok({ new: unreadNotificationCount }),
});

export const notifyGetThread = defineOperation({
  operationId: 'notifyGetThread',
  document: NotificationThreadDocument,
  variables: ({ params }) => ({ id: threadId(params.id) }),
  reply: ({ notificationThread }) => ok(toNotificationThread(notificationThread)),
});

export const notifyReadThread = defineOperation({
  operationId: 'notifyReadThread',
  document: MarkNotificationDocument,
  variables: ({ params, query }) => ({ id: threadId(params.id), toStatus: query['to-status'] ?? null }),
  reply: ({ markNotification }) => resetContent(toNotificationThread(markNotification)),
});

export const notifyReadList = defineOperation({
  operationId: 'notifyReadList',
  document: MarkNotificationsDocument,
  variables: ({ query }) => ({
    lastReadAt: query.last_read_at ?? null,
    all: formBool(query.all),
    statusTypes: query['status-types'] ?? null,
    toStatus: query['to-status'] ?? null,
  }),
  reply: ({ markNotifications }) => resetContent(markNotifications.map(toNotificationThread)),
});

export const notifyReadRepoList = defineOperation({
  operationId: 'notifyReadRepoList',
  document: MarkNotificationsDocument,
  variables: ({ params, query }) => ({
    owner: params.owner,
    name: params.repo,
    lastReadAt: query.last_read_at ?? null,
    all: formBool(query.all),
    statusTypes: query['status-types'] ?? null,
    toStatus: query['to-status'] ?? null,
  }),
  reply: ({ markNotifications }) => resetContent(markNotifications.map(toNotificationThread)),
});
