/**
 * Pure rules of webhooks, as Gitea has them (services/webhook, modules/webhook): which hook types, content types
 * and methods are taken, which events a hook chose, and whether a branch matches its filter.
 */

/** The hook types Graft delivers. Gitea also takes chat services' types (slack, discord, ...): Graft refuses them (422). */
export const HOOK_TYPES = ['gitea', 'gogs'] as const;
/** The types Gitea's API knows but Graft does not deliver yet. */
export const UNSUPPORTED_HOOK_TYPES = ['dingtalk', 'discord', 'msteams', 'slack', 'telegram', 'feishu', 'wechatwork', 'packagist', 'matrix'];
export const CONTENT_TYPES = ['json', 'form'] as const;
export const HTTP_METHODS = ['POST', 'GET', 'PUT', 'PATCH'] as const;

/**
 * Gitea's event names a hook may choose, in Gitea's order (HookEvents): the list REST answers is in this order.
 * Names not listed are ignored, as Gitea ignores them.
 */
export const HOOK_EVENTS = [
  'create', 'delete', 'fork', 'push',
  'issues', 'issue_assign', 'issue_label', 'issue_milestone', 'issue_comment',
  'pull_request', 'pull_request_assign', 'pull_request_label', 'pull_request_milestone', 'pull_request_comment',
  'pull_request_review', 'pull_request_sync', 'pull_request_review_request',
  'wiki', 'repository', 'release', 'package', 'status', 'workflow_run', 'workflow_job',
] as const;

/** The events a create or edit chose: known names, each once, in Gitea's order; none at all means push only. */
export function normalizeEvents(events: readonly string[] | null | undefined): string[] {
  const chosen = new Set((events ?? []).map((e) => e.trim()));
  const known = HOOK_EVENTS.filter((e) => chosen.has(e));
  return events && events.length > 0 ? known : ['push'];
}

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
  | { kind: 'issues'; repoId: number; senderId: number; number: number; action: string }
  | { kind: 'issue_comment'; repoId: number; senderId: number; number: number; commentId: number; action: string };

/**
 * Builds Gitea's payload of an event with the REST converters: the facade provides it at the app's assembly
 * (src/app.ts); declared here, with the pure rules, for the facade to implement, as src/ never imports the facade. Null when what the event names is gone.
 */
export type PayloadBuilder = (request: PayloadRequest) => Promise<Record<string, unknown> | null>;
