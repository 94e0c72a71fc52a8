/**
 * What a delivery says, for the chat services (Gitea's services/webhook/general.go and each converter): the
 * stored Gitea payload and its event type become one line of text, a title, a link and the longer details
 * (an issue's body, a comment, the commits of a push). Each service passes its own way of writing links and
 * of escaping text (Slack's `<url|text>`, Markdown, HTML, plain) and shapes the message as its API wants.
 */

/** How a service writes a link and plain text (escaped for its markup). */
export interface Formatter {
  link(url: string, text: string): string;
  text(s: string): string;
}

export const plain: Formatter = { link: (_url, text) => text, text: (s) => s };
export const markdown: Formatter = { link: (url, text) => (url ? `[${text}](${url})` : text), text: (s) => s };
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export const html: Formatter = { link: (url, text) => (url ? `<a href="${escapeHtml(url)}">${escapeHtml(text)}</a>` : escapeHtml(text)), text: escapeHtml };

export const COLORS = { green: 0x2ea44f, red: 0xcb2431, yellow: 0xdbab09, orange: 0xe36209, purple: 0x6f42c1, blue: 0x0366d6, grey: 0x6a737d } as const;

/** The parts of Gitea's payloads the messages read. */
interface User {
  login?: string;
  username?: string;
  html_url?: string;
  avatar_url?: string;
}
interface Repo {
  full_name?: string;
  html_url?: string;
}
interface Commit {
  id: string;
  message: string;
  url: string;
  author?: { name?: string };
}
interface IssueLike {
  number?: number;
  title?: string;
  html_url?: string;
  body?: string;
  merged?: boolean;
  assignees?: User[] | null;
  milestone?: { title?: string } | null;
}
export interface GiteaPayload {
  action?: string;
  ref?: string;
  ref_type?: string;
  compare_url?: string;
  commits?: Commit[] | null;
  total_commits?: number;
  pusher?: User;
  sender?: User;
  repository?: Repo;
  forkee?: Repo;
  number?: number;
  issue?: IssueLike;
  pull_request?: IssueLike;
  is_pull?: boolean;
  comment?: { body?: string; html_url?: string };
  review?: { content?: string };
  release?: { tag_name?: string; name?: string; html_url?: string };
  page?: string;
  sha?: string;
  state?: string;
  context?: string;
  description?: string;
  target_url?: string;
  package?: { name?: string; version?: string; html_url?: string };
}

/** The kinds of message, by Gitea's event types (X-Gitea-Event-Type). */
export type Kind = 'push' | 'create' | 'delete' | 'fork' | 'issue' | 'comment' | 'pull' | 'review' | 'repository' | 'release' | 'wiki' | 'status' | 'package';

const KINDS: Record<string, Kind> = {
  push: 'push',
  create: 'create',
  delete: 'delete',
  fork: 'fork',
  issues: 'issue',
  issue_assign: 'issue',
  issue_label: 'issue',
  issue_milestone: 'issue',
  issue_comment: 'comment',
  // An issue comment on a pull request; a comment of a review is pull_request_review_comment.
  pull_request_comment: 'comment',
  pull_request: 'pull',
  pull_request_assign: 'pull',
  pull_request_label: 'pull',
  pull_request_milestone: 'pull',
  pull_request_sync: 'pull',
  pull_request_review_request: 'pull',
  pull_request_review_approved: 'review',
  pull_request_review_rejected: 'review',
  pull_request_review_comment: 'review',
  pull_request_approved: 'review',
  pull_request_rejected: 'review',
  repository: 'repository',
  release: 'release',
  wiki: 'wiki',
  status: 'status',
  package: 'package',
};

/** The kind of message of a delivery; null for the events the chat services have no message for (workflow runs, ...). */
export const kindOf = (eventType: string, event: string): Kind | null => KINDS[eventType] ?? KINDS[event] ?? null;

export interface Message {
  kind: Kind;
  /** One line saying who did what, where, with the service's links. */
  text: string;
  /** The thing the event is about, plain (`#3 It breaks`, the repository's name for a push). */
  title: string;
  /** The page of that thing. */
  url: string;
  /** Longer text: a body, a comment, one line per commit; empty when there is none. */
  details: string;
  color: number;
  /** Who acted. */
  sender: User;
  repository: Repo;
}

const who = (u: User | undefined) => u?.login ?? u?.username ?? '';
const shortRef = (ref: string) => ref.replace(/^refs\/(heads|tags)\//, '');
const firstLine = (s: string) => s.split('\n')[0];
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The page of a ref: a branch's or a tag's tree. */
function refUrl(repoUrl: string, ref: string, refType?: string): string {
  const tag = ref.startsWith('refs/tags/') || refType === 'tag';
  return `${repoUrl}/src/${tag ? 'tag' : 'branch'}/${shortRef(ref).split('/').map(encodeURIComponent).join('/')}`;
}

const ISSUE_VERBS: Record<string, [string, number]> = {
  opened: ['opened', COLORS.orange],
  closed: ['closed', COLORS.red],
  reopened: ['reopened', COLORS.yellow],
  edited: ['edited', COLORS.yellow],
  assigned: ['assigned', COLORS.green],
  unassigned: ['unassigned', COLORS.yellow],
  label_updated: ['changed the labels of', COLORS.yellow],
  label_cleared: ['removed the labels of', COLORS.yellow],
  synchronized: ['pushed to', COLORS.yellow],
  milestoned: ['set the milestone of', COLORS.yellow],
  demilestoned: ['removed the milestone of', COLORS.yellow],
  review_requested: ['asked for a review of', COLORS.yellow],
  review_request_removed: ['took back the review request of', COLORS.yellow],
  reviewed: ['reviewed', COLORS.yellow],
};

const REVIEW_VERBS: Record<string, [string, number]> = {
  approved: ['approved', COLORS.green],
  rejected: ['asked for changes to', COLORS.red],
  comment: ['commented in a review of', COLORS.grey],
};

/** The message of a delivery, written with `f`; null when the service has nothing to say about it (Gitea skips it). */
export function describe(eventType: string, event: string, p: GiteaPayload, f: Formatter): Message | null {
  const kind = kindOf(eventType, event);
  if (!kind) return null;
  const repository = p.repository ?? {};
  const repoUrl = repository.html_url ?? '';
  const repoName = repository.full_name ?? '';
  const repoLink = f.link(repoUrl, repoName);
  const sender = p.sender ?? p.pusher ?? {};
  const by = f.text(who(sender));
  const base = { kind, sender, repository, details: '', url: repoUrl, title: repoName, color: COLORS.blue };
  const action = p.action ?? '';

  switch (kind) {
    case 'push': {
      const commits = p.commits ?? [];
      const count = p.total_commits ?? commits.length;
      const ref = p.ref ?? '';
      const what = p.compare_url ? f.link(p.compare_url, plural(count, 'commit')) : f.text(plural(count, 'commit'));
      const lines = commits.map((c) => `${f.link(c.url, c.id.slice(0, 7))}: ${f.text(firstLine(c.message))} - ${f.text(c.author?.name ?? '')}`);
      return {
        ...base,
        text: `${f.text(who(p.pusher ?? sender))} pushed ${what} to ${repoLink}:${f.link(refUrl(repoUrl, ref), shortRef(ref))}`,
        details: lines.join('\n'),
        url: p.compare_url || refUrl(repoUrl, ref),
      };
    }
    case 'create':
    case 'delete': {
      const ref = p.ref ?? '';
      const refType = p.ref_type ?? 'branch';
      const made = kind === 'create';
      const refText = made ? f.link(refUrl(repoUrl, ref, refType), shortRef(ref)) : f.text(shortRef(ref));
      return { ...base, text: `${by} ${made ? 'created' : 'deleted'} ${refType} ${refText} in ${repoLink}`, color: made ? COLORS.green : COLORS.red };
    }
    case 'fork': {
      const original = p.forkee ?? {};
      return {
        ...base,
        text: `${repoLink} is a new fork of ${f.link(original.html_url ?? '', original.full_name ?? '')}`,
        color: COLORS.green,
      };
    }
    case 'issue':
    case 'pull': {
      const item = (kind === 'pull' ? p.pull_request : p.issue) ?? {};
      const noun = kind === 'pull' ? 'pull request' : 'issue';
      const merged = kind === 'pull' && action === 'closed' && item.merged;
      const [verb, color] = merged ? ['merged', COLORS.purple] : (ISSUE_VERBS[action] ?? [action, COLORS.yellow]);
      const title = `#${item.number ?? p.number ?? ''} ${item.title ?? ''}`;
      let text = `${by} ${verb} ${noun} ${f.link(item.html_url ?? '', title)} in ${repoLink}`;
      if (action === 'assigned') text += ` to ${(item.assignees ?? []).map((a) => f.link(a.html_url ?? '', who(a))).join(', ')}`;
      if (action === 'milestoned' && item.milestone?.title) text += ` to ${f.text(item.milestone.title)}`;
      const details = action === 'opened' || action === 'edited' ? (item.body ?? '') : action === 'reviewed' ? (p.review?.content ?? '') : '';
      return { ...base, text, title, url: item.html_url ?? repoUrl, details: f.text(details), color };
    }
    case 'comment': {
      const issue = p.issue ?? {};
      const noun = p.is_pull ? 'pull request' : 'issue';
      const title = `#${issue.number ?? ''} ${issue.title ?? ''}`;
      const on = f.link(p.comment?.html_url ?? issue.html_url ?? '', title);
      const verb = action === 'edited' ? 'edited a comment on' : action === 'deleted' ? 'deleted a comment on' : 'commented on';
      return {
        ...base,
        text: `${by} ${verb} ${noun} ${on} in ${repoLink}`,
        title,
        url: p.comment?.html_url ?? issue.html_url ?? repoUrl,
        details: action === 'deleted' ? '' : f.text(p.comment?.body ?? ''),
        color: action === 'deleted' ? COLORS.red : p.is_pull ? COLORS.green : COLORS.orange,
      };
    }
    case 'review': {
      const pull = p.pull_request ?? {};
      const outcome = /approved$/.test(eventType || event) ? 'approved' : /rejected$/.test(eventType || event) ? 'rejected' : 'comment';
      const [verb, color] = REVIEW_VERBS[outcome];
      const title = `#${pull.number ?? p.number ?? ''} ${pull.title ?? ''}`;
      return {
        ...base,
        text: `${by} ${verb} pull request ${f.link(pull.html_url ?? '', title)} in ${repoLink}`,
        title,
        url: pull.html_url ?? repoUrl,
        details: f.text(p.review?.content ?? ''),
        color,
      };
    }
    case 'repository': {
      if (action !== 'created' && action !== 'deleted') return null;
      return { ...base, text: `${by} ${action} repository ${repoLink}`, color: action === 'created' ? COLORS.green : COLORS.red };
    }
    case 'release': {
      const tag = p.release?.tag_name ?? '';
      const url = p.release?.html_url ?? `${repoUrl}/releases/tag/${encodeURIComponent(tag)}`;
      const verbs: Record<string, [string, number]> = { published: ['published', COLORS.green], updated: ['updated', COLORS.yellow], deleted: ['deleted', COLORS.red] };
      const [verb, color] = verbs[action] ?? [action, COLORS.yellow];
      const tagText = action === 'deleted' ? f.text(tag) : f.link(url, tag);
      return { ...base, text: `${by} ${verb} release ${tagText} of ${repoLink}`, title: p.release?.name || tag, url, color };
    }
    case 'wiki': {
      const page = p.page ?? '';
      const url = `${repoUrl}/wiki/${encodeURIComponent(page)}`;
      const verbs: Record<string, [string, number]> = { created: ['created', COLORS.green], edited: ['edited', COLORS.yellow], deleted: ['deleted', COLORS.red] };
      const [verb, color] = verbs[action] ?? [action, COLORS.yellow];
      // A wiki payload's comment is the commit message (text), where an issue comment's is an object.
      const comment: unknown = p.comment;
      const note = action !== 'deleted' && typeof comment === 'string' && comment ? ` (${f.text(comment)})` : '';
      return { ...base, text: `${by} ${verb} wiki page ${action === 'deleted' ? f.text(page) : f.link(url, page)} of ${repoLink}${note}`, title: page, url, color };
    }
    case 'status': {
      const sha = (p.sha ?? '').slice(0, 7);
      const state = p.state ?? '';
      const color = state === 'success' ? COLORS.green : state === 'pending' ? COLORS.yellow : COLORS.red;
      const what = p.target_url ? f.link(p.target_url, p.context ?? '') : f.text(p.context ?? '');
      return {
        ...base,
        text: `Commit ${f.link(`${repoUrl}/commit/${p.sha ?? ''}`, sha)} of ${repoLink}: ${what} is ${f.text(state)}`,
        details: f.text(p.description ?? ''),
        url: p.target_url || `${repoUrl}/commit/${p.sha ?? ''}`,
        color,
      };
    }
    case 'package': {
      const pkg = p.package ?? {};
      const name = `${pkg.name ?? ''} ${pkg.version ?? ''}`.trim();
      const created = action === 'created';
      return {
        ...base,
        text: `${by} ${created ? 'published' : 'deleted'} package ${created ? f.link(pkg.html_url ?? '', name) : f.text(name)}`,
        title: name,
        url: pkg.html_url ?? '',
        color: created ? COLORS.green : COLORS.red,
      };
    }
  }
}

/** The message written with `f`, and its one line in plain text (for a title); null as describe. */
export function describeWithTitle(eventType: string, event: string, p: GiteaPayload, f: Formatter): (Message & { plainText: string }) | null {
  const m = describe(eventType, event, p, f);
  return m && { ...m, plainText: describe(eventType, event, p, plain)!.text };
}
