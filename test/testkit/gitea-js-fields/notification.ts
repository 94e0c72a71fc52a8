import type { NotificationSubject, NotificationThread } from 'gitea-js';
import type { FieldsOf } from '../gitea-js.ts';

/** Gitea's structs.NotificationThread and NotificationSubject: every field a value (see label.ts). */
export const NOTIFICATION_THREAD: FieldsOf<NotificationThread> = {
  id: 'value',
  pinned: 'value',
  repository: 'value',
  subject: 'value',
  unread: 'value',
  updated_at: 'value',
  url: 'value',
};

export const NOTIFICATION_SUBJECT: FieldsOf<NotificationSubject> = {
  html_url: 'value',
  latest_comment_html_url: 'value',
  latest_comment_url: 'value',
  state: 'value',
  title: 'value',
  type: 'value',
  url: 'value',
};
