/**
 * Every topic of the event bus and the payload it carries: the one place event types are declared. The bus
 * (bus.ts) is typed by this map, so publishing a topic that is not listed here, or with another payload, does
 * not compile, and subscribers get the payload's type without a cast.
 *
 * Areas add their topics here, with their payload. Issues, pull requests and the areas after them name
 * theirs after Gitea's webhook events (`issues`, `issue_comment`, `pull_request`, `release`, …).
 * Payloads travel between instances as JSON (REDIS_URL): plain data only, ids rather than rows.
 */
export interface EventTopics {
  'user.created': AccountEvent;
  'user.updated': AccountEvent;
  'user.deleted': AccountEvent;
  /** A token was deleted: caches forget it. */
  'token.revoked': { tokenHash: string };
  /** Web sessions ended (sign-out, a password change): websocket connections signed in with them check again. */
  'session.ended': { userId: number };
  /** Events about one account, for its owner's live subscription (viewerEvents): one topic per account. */
  [viewer: `viewer.${number}`]: ViewerEvent;
  /** Changes of one account's notification threads, for its live subscription (notificationEvents). */
  [notification: `notification.${number}`]: NotificationEvent;
  'repo.created': RepositoryCreatedEvent;
  'repo.updated': { repoId: number };
  'repo.deleted': { repoId: number; ownerId: number; actorId?: number; snapshot?: HookSnapshot };
  /** A repository was forked: `repoId` is the source. */
  'repo.forked': { repoId: number; forkId: number; actorId: number };
  /** Refs moved, by a git push or an API write that commits (contents, patches, merge-upstream). */
  'repo.push': { repoId: number; pusherId: number | null; changes: PushedRef[] };
  'repo.branch': BranchEvent;
  'repo.tag': TagEvent;
  'repo.transfer.started': { repoId: number; recipientId: number; actorId: number };
  'repo.transfer.rejected': { repoId: number; recipientId: number; actorId: number | null };
  'repo.transferred': { repoId: number; fromOwnerId: number; toOwnerId: number; actorId: number | null };
  /** An issue was opened, edited (title, body, ref), closed, reopened or deleted (Gitea's `issues` webhook event). */
  issues: IssuesEvent;
  /** Accounts were assigned to an issue or unassigned from it (Gitea's `issue_assign`): one event per account. */
  issue_assign: IssueAssignEvent;
  /** An issue was put in a milestone or taken out of it (Gitea's `issue_milestone`). */
  issue_milestone: IssueMilestoneEvent;
  /** Labels were put on an issue or taken off it (Gitea's `issue_label`): one event per request that changed them. */
  issue_label: IssueLabelEvent;
  /** An issue was made to depend on another (blocked by it) or no longer to; Gitea has no webhook for it. */
  issue_dependency: IssueDependencyEvent;
  /**
   * A file was attached to an issue or a comment, renamed or removed. Gitea has no webhook event of its own for
   * it: it reports the change as an edit of the issue (`issues`) or of the comment (`issue_comment`).
   */
  issue_attachment: IssueAttachmentEvent;
  /**
   * Time was tracked on an issue or taken off it, or a stopwatch on it started, stopped or was discarded. Gitea
   * has no webhook event for these; Graft names the topic after the issue events above.
   */
  issue_time: IssueTimeEvent;
  /** A reaction was added to an issue or one of its comments, or taken off. */
  reaction: ReactionEvent;
  /** A comment on an issue was created, edited or deleted (Gitea's `issue_comment` webhook event). */
  issue_comment: IssueCommentEvent;
  /** An issue was pinned, unpinned or moved among the pinned ones (Gitea has no webhook event for pins). */
  issue_pin: IssuePinEvent;
  /** An issue was locked or unlocked (Gitea has no webhook event for locks). */
  issue_lock: IssueLockEvent;
  /**
   * A release was published (created public, a draft published, a tag-only entry made a release), edited while
   * public, or deleted (Gitea's `release` webhook event and its actions). Drafts publish nothing until published.
   */
  release: ReleaseEvent;
  /** A status was reported on a commit of a repository (Gitea's `status` webhook event). */
  status: CommitStatusEvent;
  /**
   * A pull request was opened, edited (title, body, base, allow_maintainer_edit), synchronized (its head moved),
   * closed, reopened, assigned or unassigned, put in or out of a milestone, its labels changed, a review was
   * requested or the request taken back, or merged (Gitea's `pull_request` webhook event and its actions; Gitea
   * sends a merge as closed with merged set).
   */
  pull_request: PullRequestEvent;
  /**
   * A pull request was scheduled to merge when its checks succeed, the schedule was cancelled, or the background
   * job merged it (auto-merge; Gitea has no webhook event for these: the merge itself is also `pull_request` merged).
   */
  pull_request_auto_merge: PullRequestAutoMergeEvent;
  /** The background check of a pull request's mergeability finished (Gitea has no webhook event for it). */
  pull_request_check: PullRequestCheckEvent;
  /**
   * A review of a pull request was submitted (approved, rejected, comment) or dismissed (Gitea's
   * `pull_request_review_*` webhook events), or undismissed (Gitea has no webhook event for it).
   */
  pull_request_review: PullRequestReviewEvent;
  /** A line comment of a review was published, with its review or as a reply in a submitted one (Gitea's `pull_request_review_comment`). */
  pull_request_review_comment: PullRequestReviewCommentEvent;
  /** A repository webhook was created, edited or deleted, a test delivery of a push was asked for, or a delivery was sent again (src/domain/webhook). */
  webhook: WebhookEvent;
  /** A wiki page was created, edited (or renamed) or deleted (Gitea's `wiki` webhook event). */
  wiki: WikiEvent;
}

/**
 * Whether a topic's events go to the event log (src/events/outbox.ts) for the background work to follow. Those
 * only live subscriptions and caches hear (an account's viewer and notification events, revoked tokens, account
 * changes the password cache forgets) are not logged: they are about now, not work to be done.
 */
export function isLogged(topic: string): boolean {
  return !(topic.startsWith('viewer.') || topic.startsWith('notification.') || topic.startsWith('user.') || topic === 'token.revoked' || topic === 'session.ended');
}

/** Gitea's `wiki` webhook payload, by ids: the page is its web path (`sub_url`), the comment the commit message. */
export interface WikiEvent {
  action: 'created' | 'edited' | 'deleted';
  repoId: number;
  actorId: number;
  page: string;
  comment: string;
}

export interface WebhookEvent {
  action: 'created' | 'edited' | 'deleted' | 'test' | 'redelivered';
  hookId: number;
  /** The hook's repository; null for a hook of an account or of the site. */
  repoId: number | null;
  actorId: number;
  /** For a test: the branch, tag or commit whose last commit the test push carries. */
  ref?: string;
}

/** Reviews (src/domain/review): a review of a pull request, by ids. */
export interface PullRequestReviewEvent extends IssueEventBase {
  action: 'approved' | 'rejected' | 'comment' | 'dismissed' | 'undismissed';
  pullId: number;
  reviewId: number;
}

export interface PullRequestReviewCommentEvent extends IssueEventBase {
  pullId: number;
  reviewId: number;
  commentId: number;
}

/** Gitea's `status` webhook payload, by ids: the commit, the status as it was created, the repository and the sender. */
export interface CommitStatusEvent {
  actorId: number;
  repoId: number;
  /** The full id of the commit the status is on. */
  sha: string;
  /** The status's row id, and its number among the statuses of that commit (what the API shows as its id). */
  statusId: number;
  index: number;
  context: string;
  state: string;
  description: string;
  targetUrl: string;
}

export interface PullRequestEvent extends IssueEventBase {
  action: 'opened' | 'edited' | 'synchronized' | 'closed' | 'reopened' | 'assigned' | 'unassigned' | 'milestoned' | 'demilestoned' | 'label_updated'
    | 'review_requested' | 'review_request_removed' | 'merged';
  pullId: number;
  /** For review_requested and review_request_removed: the account or the team asked. */
  reviewerId?: number;
  teamId?: number;
  /** For assigned and unassigned. */
  assigneeId?: number;
  /** For milestoned and demilestoned. */
  milestoneId?: number;
  /** For an edit of one field: its value before. */
  changes?: EditChanges;
}

/** Auto-merge (src/domain/pull/auto-merge.service.ts): `actorId` acted; `doerId` scheduled the merge (and merges it). */
export interface PullRequestAutoMergeEvent extends IssueEventBase {
  action: 'scheduled' | 'cancelled' | 'merged';
  pullId: number;
  doerId: number;
}

export interface PullRequestCheckEvent {
  repoId: number;
  pullId: number;
  number: number;
  /** checking, mergeable, conflict or empty (Gitea's PullRequestStatus). */
  status: string;
}

export interface IssuePinEvent extends IssueEventBase {
  action: 'pinned' | 'unpinned' | 'moved';
  /** The issue's position among the pinned ones now; 0 once unpinned. */
  position: number;
}

export interface IssueLockEvent extends IssueEventBase {
  action: 'locked' | 'unlocked';
  /** The reason given for a lock (one of repository.ISSUE_LOCK_REASONS, or empty). */
  reason: string;
}

/** What every issue event names: who acted, on which issue of which repository. */
export interface IssueEventBase {
  actorId: number;
  repoId: number;
  issueId: number;
  number: number;
}

export interface IssuesEvent extends IssueEventBase {
  action: 'opened' | 'edited' | 'closed' | 'reopened' | 'deleted';
  /** For an edit: what one field was before it (Gitea sends one edit per changed field, with `changes`). */
  changes?: EditChanges;
  /** For a deletion: the webhook payload, built before the rows went (src/domain/webhook/snapshots.ts). */
  snapshot?: HookSnapshot;
}

/** The value of a field before an edit (Gitea's ChangesPayload): one field per event. */
export type EditChanges = { title: string } | { body: string } | { ref: string };

/** A webhook payload built at the time of the event, as plain JSON. */
export type HookSnapshot = Record<string, unknown>;

export interface IssueAssignEvent extends IssueEventBase {
  action: 'assigned' | 'unassigned';
  assigneeId: number;
}

export interface IssueMilestoneEvent extends IssueEventBase {
  action: 'milestoned' | 'demilestoned';
  /** The milestone the issue is now in (milestoned) or left (demilestoned). */
  milestoneId: number;
}

export interface IssueLabelEvent extends IssueEventBase {
  /** Gitea's actions: label_cleared when the request took every label off, label_updated otherwise. */
  action: 'label_updated' | 'label_cleared';
  /** Ids of the labels put on, and of those taken off (an exclusive scope's older label among them). */
  added: number[];
  removed: number[];
}

/** About the blocked issue (issueId, number, repoId), and the issue that blocks it. */
export interface IssueDependencyEvent extends IssueEventBase {
  action: 'added' | 'removed';
  blockerId: number;
  blockerRepoId: number;
  blockerNumber: number;
}

export interface ReleaseEvent {
  action: 'published' | 'updated' | 'deleted';
  repoId: number;
  releaseId: number;
  actorId: number;
  tagName: string;
  title: string;
}

export interface IssueAttachmentEvent extends IssueEventBase {
  action: 'uploaded' | 'renamed' | 'deleted';
  /** The comment the file belongs to; null when it is attached to the issue itself. */
  commentId: number | null;
  attachmentId: number;
  uuid: string;
  /** The file's name (after a rename: the new one). */
  name: string;
}

export interface IssueTimeEvent extends IssueEventBase {
  action: 'added' | 'deleted' | 'reset' | 'stopwatch_started' | 'stopwatch_stopped' | 'stopwatch_cancelled';
  /** Whose time or stopwatch it is (the actor, unless an admin added time for someone else). */
  userId: number;
  /** Seconds added (added, stopwatch_stopped) or taken off (deleted, reset); 0 when a stopwatch starts or is discarded. */
  seconds: number;
  /** The tracked time added or deleted; absent for a reset and for a stopwatch that starts or is discarded. */
  trackedTimeId?: number;
}

export interface ReactionEvent extends IssueEventBase {
  action: 'added' | 'removed';
  /** The comment reacted to; null for the issue itself. */
  commentId: number | null;
  /** The reaction (one of ui.REACTIONS). */
  content: string;
}

export interface IssueCommentEvent extends IssueEventBase {
  action: 'created' | 'edited' | 'deleted';
  commentId: number;
  /** For an edit: the body before it. */
  previousBody?: string;
  /** For a deletion: the webhook payload, built before the comment went. */
  snapshot?: HookSnapshot;
}

export interface AccountEvent {
  userId: number;
}

export interface RepositoryCreatedEvent {
  repoId: number;
  ownerId: number;
  actorId: number;
  /** Set when the repository is a fork: its source. */
  forkOf?: number;
}

export interface ViewerEvent {
  kind: 'ACCESS_TOKEN_CREATED' | 'ACCESS_TOKEN_DELETED';
  tokenId: number;
  tokenName: string;
  occurredAt: string;
}

/** The topic of one account's viewer events. */
export const viewerTopic = (userId: number) => `viewer.${userId}` as const;

/** One ref a push updated; `before` or `after` is the zero id when the ref was created or deleted. */
export interface PushedRef {
  ref: string;
  before: string;
  after: string;
}

/** A branch changed through the API (pushes are repo.push). */
export interface BranchEvent {
  repoId: number;
  action: 'created' | 'deleted' | 'renamed' | 'updated';
  branch: string;
  /** The old name, when renamed. */
  from?: string;
  oid: string;
  /** The commit the branch was at before, when moved (updated). */
  previousOid?: string;
  actorId: number | null;
}

/** A tag changed through the API (pushes are repo.push). */
export interface TagEvent {
  repoId: number;
  action: 'created' | 'deleted';
  tag: string;
  /** The tag's object: the commit for a lightweight tag, the tag object for an annotated one. */
  oid: string;
  /** The commit a created tag points at. */
  commit?: string;
  actorId: number | null;
}

/** A notification thread of one account changed: new, back to unread, or its state set by the account (src/domain/notification). */
export interface NotificationEvent {
  kind: 'NEW' | 'UPDATED' | 'STATUS_CHANGED';
  /** The threads concerned (several when many were marked at once). */
  threadIds: number[];
  /** The account's unread threads after the change. */
  unreadCount: number;
}

/** The topic of one account's notification events. */
export const notificationTopic = (userId: number) => `notification.${userId}` as const;
