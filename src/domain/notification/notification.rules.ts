/**
 * Gitea's notification states and subject types, as its API names them in query parameters (`status-types`,
 * `to-status`, `subject-type`) and as rows keep them.
 */
export const NOTIFICATION_STATUSES = ['unread', 'read', 'pinned'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** Subject types rows hold (Gitea's NotifySubjectType); commits and releases are not notified yet. */
export const SUBJECT_TYPES = ['Issue', 'Pull'] as const;

/**
 * Gitea reads lists of states leniently: unknown values are dropped, and an empty list (none sent, or none known)
 * means the defaults; when values were sent but none is known, no state filters at all.
 */
export function statusesFrom(values: readonly string[] | null | undefined, defaults: NotificationStatus[]): NotificationStatus[] | null {
  if (!values || values.length === 0) return defaults;
  const known = values.map((v) => v.toLowerCase()).filter((v): v is NotificationStatus => (NOTIFICATION_STATUSES as readonly string[]).includes(v));
  return known.length > 0 ? [...new Set(known)] : null;
}

/** `to-status`: one of the three states; anything else means `read`, as in Gitea. */
export const targetStatus = (value: string | null | undefined): NotificationStatus =>
  (NOTIFICATION_STATUSES as readonly string[]).includes((value ?? '').toLowerCase()) ? ((value ?? '').toLowerCase() as NotificationStatus) : 'read';

/** `subject-type`: issue, pull (commit and repository are accepted and match nothing yet); unknown values dropped. */
export function subjectTypesFrom(values: readonly string[] | null | undefined): string[] | null {
  if (!values || values.length === 0) return null;
  const map: Record<string, string> = { issue: 'Issue', pull: 'Pull', commit: 'Commit', repository: 'Repository' };
  const known = values.map((v) => map[v.toLowerCase()]).filter((v): v is string => v !== undefined);
  return known.length > 0 ? [...new Set(known)] : null;
}
