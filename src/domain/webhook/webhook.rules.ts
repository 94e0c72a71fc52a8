import type { EditChanges } from '../../events/topics.ts';
/**
 * Pure rules of webhooks, as Gitea has them (services/webhook, modules/webhook): which hook types, content types
 * and methods are taken, which events a hook chose, and whether a branch matches its filter.
 */

/** The hook types: gitea and gogs send Gitea's payload; the others their service's message (services/). */
export const HOOK_TYPES = ['gitea', 'gogs', 'dingtalk', 'discord', 'msteams', 'slack', 'telegram', 'feishu', 'wechatwork', 'packagist', 'matrix'] as const;
export const CONTENT_TYPES = ['json', 'form'] as const;
export const HTTP_METHODS = ['POST', 'GET', 'PUT', 'PATCH'] as const;

/**
 * The events a hook chooses among (the keys of Gitea's HookEvents), in Gitea's order: the list REST answers is in
 * this order. `pull_request_review` stands for the three review events a delivery names (approved, rejected,
 * comment). Graft has no source yet for package, workflow_run and workflow_job: a hook keeps them
 * chosen, and they never fire.
 */
export const HOOK_EVENTS = [
  'create', 'delete', 'fork', 'push',
  'issues', 'issue_assign', 'issue_label', 'issue_milestone', 'issue_comment',
  'pull_request', 'pull_request_assign', 'pull_request_label', 'pull_request_milestone', 'pull_request_comment',
  'pull_request_review', 'pull_request_sync', 'pull_request_review_request',
  'wiki', 'repository', 'release', 'package', 'status', 'workflow_run', 'workflow_job',
] as const;
export type HookEventName = (typeof HOOK_EVENTS)[number];

/** The event types a delivery names in X-Gitea-Event-Type (Gitea's AllEvents), in Gitea's order. */
export const DELIVERY_EVENT_TYPES = [
  'create', 'delete', 'fork', 'push',
  'issues', 'issue_assign', 'issue_label', 'issue_milestone', 'issue_comment',
  'pull_request', 'pull_request_assign', 'pull_request_label', 'pull_request_milestone', 'pull_request_comment',
  'pull_request_review_approved', 'pull_request_review_rejected', 'pull_request_review_comment',
  'pull_request_sync', 'pull_request_review_request',
  'wiki', 'repository', 'release', 'package', 'status', 'workflow_run', 'workflow_job',
] as const;
export type DeliveryEventType = (typeof DELIVERY_EVENT_TYPES)[number];

/** Gitea's HookEvent modes: only pushes, every event, or the events chosen. */
export const HOOK_EVENT_MODES = ['push_only', 'send_everything', 'choose_events'] as const;
export type HookEventMode = (typeof HOOK_EVENT_MODES)[number];

/** What a hook listens to: a mode, and for choose_events the events chosen (HOOK_EVENTS names, in that order). */
export interface HookEventSelection {
  mode: HookEventMode;
  chosen: HookEventName[];
}

const ISSUE_GROUP: readonly HookEventName[] = ['issue_assign', 'issue_label', 'issue_milestone', 'issue_comment'];
const PULL_GROUP: readonly HookEventName[] = [
  'pull_request_assign', 'pull_request_label', 'pull_request_milestone', 'pull_request_comment', 'pull_request_review', 'pull_request_sync', 'pull_request_review_request',
];

/**
 * The events an API create or edit chooses (Gitea's updateHookEvents in routers/api/v1/utils/hook.go): names
 * compare without case; none at all means push only; `issues` chooses every issue event and `pull_request` every
 * pull request event, while `issues_only` and `pull_request_only` choose the one event of that name. Names Gitea
 * does not know are ignored.
 */
export function chooseEvents(events: readonly string[] | null | undefined): HookEventSelection {
  const names = new Set((events ?? []).map((e) => e.trim().toLowerCase()));
  if (names.size === 0) names.add('push');
  const chosen = new Set<HookEventName>();
  for (const name of HOOK_EVENTS) if (names.has(name) && name !== 'issues' && name !== 'pull_request') chosen.add(name);
  if (names.has('issues_only')) chosen.add('issues');
  if (names.has('pull_request_only')) chosen.add('pull_request');
  if (names.has('issues')) ['issues' as const, ...ISSUE_GROUP].forEach((e) => chosen.add(e));
  if (names.has('pull_request')) ['pull_request' as const, ...PULL_GROUP].forEach((e) => chosen.add(e));
  return { mode: 'choose_events', chosen: HOOK_EVENTS.filter((e) => chosen.has(e)) };
}

/** A selection in one of the three modes: the chosen events count for choose_events only (an empty choice: push only). */
export function selectionOf(mode: HookEventMode, events: readonly string[] | null | undefined): HookEventSelection {
  return mode === 'choose_events' ? chooseEvents(events) : { mode, chosen: [] };
}

/**
 * The events list Gitea's API answers for a hook (Webhook.EventsArray): every delivery type for send_everything,
 * `push` for push_only, the chosen events otherwise.
 */
export function eventsArray(selection: HookEventSelection): string[] {
  if (selection.mode === 'send_everything') return [...DELIVERY_EVENT_TYPES];
  if (selection.mode === 'push_only') return ['push'];
  return [...selection.chosen];
}

/** Whether a hook with this selection gets a delivery of the type (Gitea's Webhook.HasEvent). */
export function hasEvent(selection: HookEventSelection, type: DeliveryEventType): boolean {
  if (selection.mode === 'send_everything') return true;
  if (selection.mode === 'push_only') return type === 'push';
  const key = type.startsWith('pull_request_review_') && type !== 'pull_request_review_request' ? 'pull_request_review' : type;
  return (selection.chosen as string[]).includes(key);
}

/**
 * The X-Gitea-Event header of a delivery type (Gitea's HookEventType.Event): the issue events are `issues`, the pull
 * request events `pull_request`, comments on issues and pull requests `issue_comment`, reviews
 * `pull_request_approved`, `pull_request_rejected` and `pull_request_comment`; the others their own name.
 */
export function headerEvent(type: DeliveryEventType): string {
  switch (type) {
    case 'issues': case 'issue_assign': case 'issue_label': case 'issue_milestone':
      return 'issues';
    case 'pull_request': case 'pull_request_assign': case 'pull_request_label': case 'pull_request_milestone': case 'pull_request_sync': case 'pull_request_review_request':
      return 'pull_request';
    case 'issue_comment': case 'pull_request_comment':
      return 'issue_comment';
    case 'pull_request_review_approved':
      return 'pull_request_approved';
    case 'pull_request_review_rejected':
      return 'pull_request_rejected';
    case 'pull_request_review_comment':
      return 'pull_request_comment';
    default:
      return type;
  }
}

/**
 * A hook row's selection from its stored JSON: `{"mode", "chosen"}`; a bare array (rows written before modes) is
 * the events chosen.
 */
export function parseSelection(stored: string): HookEventSelection {
  const value = JSON.parse(stored) as unknown;
  if (Array.isArray(value)) return { mode: 'choose_events', chosen: HOOK_EVENTS.filter((e) => value.includes(e)) };
  const { mode, chosen } = value as Partial<HookEventSelection>;
  const known = (HOOK_EVENT_MODES as readonly string[]).includes(mode ?? '') ? mode! : 'choose_events';
  return { mode: known, chosen: HOOK_EVENTS.filter((e) => (chosen ?? []).includes(e)) };
}

/** The stored JSON of a selection. */
export const storeSelection = (selection: HookEventSelection): string => JSON.stringify({ mode: selection.mode, chosen: selection.chosen });

/** Go's strconv.ParseBool (Gitea reads a site hook's config.is_system_webhook with it); null for another word. */
export function parseGoBool(value: string): boolean | null {
  if (['1', 't', 'T', 'true', 'TRUE', 'True'].includes(value)) return true;
  if (['0', 'f', 'F', 'false', 'FALSE', 'False'].includes(value)) return false;
  return null;
}

/** Whether a URL is one a hook can deliver to: absolute http or https with a host. */
export function isDeliverableUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/** A glob (`*` within a path segment, `**` across, `?`, `{a,b}` alternatives) as a regular expression; null when it is no glob. */
export function globToRegExp(glob: string): RegExp | null {
  let out = '';
  let depth = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*') {
      if (glob[i + 1] === '*') {
        out += '.*';
        i++;
      } else out += '[^/]*';
    } else if (c === '?') out += '[^/]';
    else if (c === '{') {
      depth++;
      out += '(?:';
    } else if (c === '}') {
      if (depth === 0) return null;
      depth--;
      out += ')';
    } else if (c === ',' && depth > 0) out += '|';
    else if (c === '\\' && i + 1 < glob.length) out += escape(glob[++i]);
    else out += escape(c);
  }
  if (depth !== 0) return null;
  return new RegExp(`^${out}$`);
}

const escape = (c: string) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Whether a branch passes a hook's branch filter (empty or `*`: every branch; a filter that is no glob matches none, as Gitea). */
export function branchMatches(filter: string, branch: string): boolean {
  if (filter === '' || filter === '*') return true;
  const re = globToRegExp(filter);
  return re !== null && re.test(branch);
}

/** What a payload is built from: the event, and who acted (the sender). */
export type PayloadRequest =
  | { kind: 'push'; repoId: number; senderId: number | null; ref: string; before: string; after: string; commits: number }
  | { kind: 'create' | 'delete'; repoId: number; senderId: number | null; ref: string; refType: 'branch' | 'tag'; sha: string }
  /** Gitea's IssuePayload. */
  | { kind: 'issues'; repoId: number; senderId: number; number: number; action: string; changes?: EditChanges }
  /** Gitea's PullRequestPayload: `reviewer` (a login) for a review request (requested_reviewer), `review` for a submitted review. */
  | { kind: 'pull_request'; repoId: number; senderId: number; number: number; action: string; reviewer?: string; review?: { type: string; reviewId: number }; changes?: EditChanges }
  /** Gitea's IssueCommentPayload, for comments on issues and pull requests; `previousBody` for an edit (changes.body.from). */
  | { kind: 'issue_comment'; repoId: number; senderId: number; number: number; commentId: number; action: string; previousBody?: string }
  /** Gitea's ForkPayload: `repoId` is the source (forkee), `forkId` the new fork (repository). */
  | { kind: 'fork'; repoId: number; senderId: number; forkId: number }
  /** Gitea's RepositoryPayload. */
  | { kind: 'repository'; repoId: number; senderId: number | null; action: 'created' | 'deleted' }
  /** Gitea's WikiPayload: `page` is the page's web path (sub_url), `comment` the commit message. */
  | { kind: 'wiki'; repoId: number; senderId: number; action: 'created' | 'edited' | 'deleted'; page: string; comment: string }
  /** Gitea's ReleasePayload (published, updated, deleted). */
  | { kind: 'release'; repoId: number; senderId: number; releaseId: number; action: string }
  /** Gitea's CommitStatusPayload. */
  | { kind: 'status'; repoId: number; senderId: number; sha: string; statusId: number; context: string; state: string; description: string; targetUrl: string };

/**
 * Builds Gitea's payload of an event with the REST converters: the facade provides it at the app's assembly
 * (src/app.ts); declared here, with the pure rules, for the facade to implement, as src/ never imports the facade. Null when what the event names is gone.
 */
export type PayloadBuilder = (request: PayloadRequest) => Promise<Record<string, unknown> | null>;
