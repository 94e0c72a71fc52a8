import { createHmac, randomUUID } from 'node:crypto';
import { Agent, buildConnector, interceptors, request, type Dispatcher } from 'undici';
import type { HookTask, Webhook } from '../../db/models.ts';
import { serialWork, type Follower } from '../../events/follower.ts';
import { startQueueWorker, type QueueWorker } from '../../events/queue-worker.ts';
import type { EditChanges, IssueEventBase, PullRequestEvent, PullRequestReviewEvent, PushedRef } from '../../events/topics.ts';
import type { ServiceContext } from '../../services.ts';
import { hostMatcher, resolveAllowed } from './allowed-hosts.ts';
import { loggedAt } from '../../events/reader.ts';
import { selectHooks, type HookSelection } from './hook-selection.ts';
import { hookRequest, type OutgoingRequest } from './services/index.ts';
import { branchMatches, hasEvent, headerEvent, type DeliveryEventType, type PayloadBuilder, type PayloadRequest } from './webhook.rules.ts';

export type { PayloadBuilder, PayloadRequest };
import { hookSelection } from './webhook.service.ts';

/**
 * Webhook deliveries (Gitea's services/webhook): a follower of the bus turns domain events into HookTask rows,
 * one per matching active hook, in one transaction per event, so that an event is either recorded for every
 * hook or for none; a worker sends the rows. A row is claimed by one worker with an atomic UPDATE (claimedAt
 * null, or a claim older than a few attempt timeouts: its worker died), so several instances never send one
 * delivery twice, and rows still pending when an instance stops are sent by the next one to start.
 */

type Deps = Omit<ServiceContext, 'viewer'>;

const ZERO = /^0+$/;
/** Commits a push payload lists at most (Gitea's setting.UI.FeedMaxCommitNum defaults to 5; its webhooks send up to the push's commits). */
const MAX_PUSH_COMMITS = 20;

/** One event for the hooks: the Gitea event type hooks choose by (and X-Gitea-Event-Type), X-Gitea-Event, and the branch (for the filter). */
interface HookEvent {
  choice: DeliveryEventType;
  event: string;
  eventType: string;
  branch: string | null;
  payload: PayloadRequest;
  /** Set for a test delivery: this hook only, active or not. */
  onlyHook?: number;
  /** The payload, when the event carries it (a deletion's, built before the rows went). */
  body?: Record<string, unknown>;
  /** The repository's owner, when the repository is gone (its deletion). */
  ownerId?: number;
}

const wants = (hook: Webhook, e: HookEvent) => (e.onlyHook !== undefined ? hook.id === e.onlyHook : hook.active && hasEvent(hookSelection(hook), e.choice) && (e.branch === null || branchMatches(hook.branchFilter, e.branch)));

/** Writes a delivery of `e` for every hook covering its repository that wants it: one read of the hooks, one transaction. */
async function record(deps: Deps, payloads: PayloadBuilder, e: HookEvent, selection: HookSelection): Promise<number> {
  const hooks = selection.hooksOf(e.payload.repoId).filter((h) => wants(h, e));
  if (hooks.length === 0) return 0;
  const body = e.body ?? (await payloads(e.payload));
  if (!body) return 0;
  const payload = JSON.stringify(body);
  await deps.db.hookTask.createMany({ data: hooks.map((h) => ({ hookId: h.id, uuid: randomUUID(), event: e.event, eventType: e.eventType, payload })) });
  return hooks.length;
}

/** An event of Gitea's type `type`, with the X-Gitea-Event header Gitea sends for it. */
const hookEvent = (type: DeliveryEventType, payload: PayloadRequest, branch: string | null = null): HookEvent => ({ choice: type, event: headerEvent(type), eventType: type, branch, payload });

const branchOf = (ref: string) => (ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : null);
const shortRef = (ref: string) => ref.replace(/^refs\/(heads|tags)\//, '');

/** The hook events of a push: create and delete for refs made and removed, push for every ref that points somewhere. */
function pushEvents(repoId: number, senderId: number | null, changes: PushedRef[]): HookEvent[] {
  return changes.flatMap((c): HookEvent[] => {
    const branch = branchOf(c.ref);
    const refType = branch !== null ? 'branch' : 'tag';
    const out: HookEvent[] = [];
    if (ZERO.test(c.before)) out.push(hookEvent('create', { kind: 'create', repoId, senderId, ref: shortRef(c.ref), refType, sha: c.after }, branch));
    if (ZERO.test(c.after)) {
      out.push(hookEvent('delete', { kind: 'delete', repoId, senderId, ref: shortRef(c.ref), refType, sha: c.before }, branch));
    } else {
      out.push(hookEvent('push', { kind: 'push', repoId, senderId, ref: c.ref, before: c.before, after: c.after, commits: MAX_PUSH_COMMITS }, branch));
    }
    return out;
  });
}

/** Gitea's pull request event types of the pull_request topic's actions; label_updated comes from issue_label (one delivery per change). */
const PULL_ACTION_TYPES: Partial<Record<PullRequestEvent['action'], DeliveryEventType>> = {
  opened: 'pull_request', edited: 'pull_request', closed: 'pull_request', reopened: 'pull_request', merged: 'pull_request',
  assigned: 'pull_request_assign', unassigned: 'pull_request_assign',
  milestoned: 'pull_request_milestone', demilestoned: 'pull_request_milestone',
  synchronized: 'pull_request_sync',
  review_requested: 'pull_request_review_request', review_request_removed: 'pull_request_review_request',
};

/** Gitea's review event types; dismissals and their undoing have no webhook in Gitea. */
const REVIEW_TYPES: Partial<Record<PullRequestReviewEvent['action'], DeliveryEventType>> = {
  approved: 'pull_request_review_approved', rejected: 'pull_request_review_rejected', comment: 'pull_request_review_comment',
};

/** Follows the bus and records deliveries; `onRecorded` wakes the worker. */
export function followWebhookEvents(deps: Deps, payloads: PayloadBuilder, onRecorded: () => void, report: (message: string, err: unknown) => void): Follower {
  const work = serialWork(report);
  const { enqueue, signal, follower } = work;
  /** When the event being taken was logged: hooks made after it get no delivery of it (as in Gitea, which writes deliveries in the request). */
  let takenAt: Date | undefined;
  const follow = <T extends object>(events: AsyncIterable<T>, onEvent: (event: T) => void) =>
    work.follow(events, (event) => {
      takenAt = loggedAt(event);
      onEvent(event);
    });
  const on = (what: string, events: () => HookEvent[] | Promise<HookEvent[]>) => {
    const at = takenAt;
    enqueue(`the webhook deliveries of ${what} were not recorded`, async () => {
      const all = await events();
      // The hooks covering the events' repositories, read once: a push of 200 branches is one read.
      const owners = new Map(all.flatMap((e) => (e.ownerId === undefined ? [] : [[e.payload.repoId, e.ownerId] as const])));
      const hooks = await selectHooks(deps.db, all.map((e) => e.payload.repoId), at, owners);
      let written = 0;
      for (const e of all) written += await record(deps, payloads, e, hooks);
      if (written > 0) onRecorded();
    });
  };
  // An issue event about a pull request is Gitea's pull request event (IssuePayload becomes PullRequestPayload).
  const isPull = async (issueId: number) => (await deps.db.issue.findUnique({ where: { id: issueId }, select: { isPull: true } }))?.isPull ?? false;
  const issueOrPull = async (e: IssueEventBase, issueType: DeliveryEventType, pullType: DeliveryEventType, action: string, changes?: EditChanges): Promise<HookEvent[]> => {
    const about = { repoId: e.repoId, senderId: e.actorId, number: e.number, action, changes };
    return (await isPull(e.issueId)) ? [hookEvent(pullType, { kind: 'pull_request', ...about })] : [hookEvent(issueType, { kind: 'issues', ...about })];
  };

  follow(deps.events.subscribe('repo.push', signal), (p) => on(`a push to repository ${p.repoId}`, () => pushEvents(p.repoId, p.pusherId, p.changes)));
  follow(deps.events.subscribe('repo.branch', signal), (b) => {
    if (b.action !== 'created' && b.action !== 'deleted') return;
    const kind = b.action === 'created' ? 'create' : 'delete';
    on(`branch ${b.branch}`, () => [hookEvent(kind, { kind, repoId: b.repoId, senderId: b.actorId, ref: b.branch, refType: 'branch', sha: b.oid }, b.branch)]);
  });
  follow(deps.events.subscribe('repo.tag', signal), (t) => {
    const kind = t.action === 'created' ? 'create' : 'delete';
    on(`tag ${t.tag}`, () => [hookEvent(kind, { kind, repoId: t.repoId, senderId: t.actorId, ref: t.tag, refType: 'tag', sha: t.commit ?? t.oid })]);
  });
  follow(deps.events.subscribe('repo.created', signal), (r) =>
    on(`repository ${r.repoId}`, () => [hookEvent('repository', { kind: 'repository', repoId: r.repoId, senderId: r.actorId, action: 'created' })]),
  );
  // The repository's own hooks are deleted with it; its owner's and the site's get the payload built before it went.
  follow(deps.events.subscribe('repo.deleted', signal), (r) => {
    const body = r.snapshot;
    if (!body) return;
    on(`repository ${r.repoId}`, () => [
      { ...hookEvent('repository', { kind: 'repository', repoId: r.repoId, senderId: r.actorId ?? null, action: 'deleted' }), body, ownerId: r.ownerId },
    ]);
  });
  follow(deps.events.subscribe('repo.forked', signal), (f) =>
    on(`a fork of repository ${f.repoId}`, () => [hookEvent('fork', { kind: 'fork', repoId: f.repoId, senderId: f.actorId, forkId: f.forkId })]),
  );
  follow(deps.events.subscribe('issues', signal), (i) => {
    if (i.action === 'deleted') {
      // Sent as it was built before the issue went (src/domain/webhook/snapshots.ts); none when no hook listened then.
      const body = i.snapshot;
      if (body) on(`issue ${i.issueId}`, () => [{ ...hookEvent('issues', { kind: 'issues', repoId: i.repoId, senderId: i.actorId, number: i.number, action: i.action }), body }]);
      return;
    }
    on(`issue ${i.issueId}`, () => issueOrPull(i, 'issues', 'pull_request', i.action, i.changes));
  });
  follow(deps.events.subscribe('issue_assign', signal), (i) => on(`issue ${i.issueId}`, () => issueOrPull(i, 'issue_assign', 'pull_request_assign', i.action)));
  follow(deps.events.subscribe('issue_label', signal), (i) => on(`issue ${i.issueId}`, () => issueOrPull(i, 'issue_label', 'pull_request_label', i.action)));
  follow(deps.events.subscribe('issue_milestone', signal), (i) => on(`issue ${i.issueId}`, () => issueOrPull(i, 'issue_milestone', 'pull_request_milestone', i.action)));
  follow(deps.events.subscribe('issue_comment', signal), (c) => {
    // A deletion is sent as it was built before the comment went; none when no hook listened then.
    if (c.action === 'deleted' && !c.snapshot) return;
    on(`comment ${c.commentId}`, async () => {
      const type = (await isPull(c.issueId)) ? 'pull_request_comment' : 'issue_comment';
      const request = { kind: 'issue_comment' as const, repoId: c.repoId, senderId: c.actorId, number: c.number, commentId: c.commentId, action: c.action, previousBody: c.previousBody };
      return [{ ...hookEvent(type, request), body: c.snapshot }];
    });
  });
  follow(deps.events.subscribe('pull_request', signal), (p) => {
    const type = PULL_ACTION_TYPES[p.action];
    if (!type) return;
    const about = { kind: 'pull_request' as const, repoId: p.repoId, senderId: p.actorId, number: p.number };
    if (p.teamId !== undefined) {
      // A team asked for a review: one delivery per member but the pull request's poster, each the requested
      // reviewer (as Gitea); taking a team's request back is delivered to nobody.
      if (p.action !== 'review_requested') return;
      const teamId = p.teamId;
      on(`pull request ${p.pullId}`, async () => {
        const [members, issue] = await Promise.all([
          deps.db.teamMember.findMany({ where: { teamId }, select: { user: { select: { id: true, login: true } } }, orderBy: { userId: 'asc' } }),
          deps.db.issue.findUnique({ where: { id: p.issueId }, select: { posterId: true } }),
        ]);
        return members
          .filter((m) => m.user.id !== issue?.posterId)
          .map((m) => hookEvent(type, { ...about, action: p.action, reviewer: m.user.login }));
      });
      return;
    }
    if ((p.action === 'review_requested' || p.action === 'review_request_removed') && p.reviewerId === undefined) return;
    // Gitea sends a merge as closed (pull_request.merged tells them apart).
    const action = p.action === 'merged' ? 'closed' : p.action;
    on(`pull request ${p.pullId}`, async () => {
      const reviewer = p.reviewerId === undefined ? undefined : (await deps.db.user.findUnique({ where: { id: p.reviewerId }, select: { login: true } }))?.login;
      return [hookEvent(type, { kind: 'pull_request', repoId: p.repoId, senderId: p.actorId, number: p.number, action, reviewer, changes: p.changes })];
    });
  });
  follow(deps.events.subscribe('pull_request_review', signal), (r) => {
    const type = REVIEW_TYPES[r.action];
    if (!type) return;
    on(`review ${r.reviewId}`, () => [hookEvent(type, { kind: 'pull_request', repoId: r.repoId, senderId: r.actorId, number: r.number, action: 'reviewed', review: { type, reviewId: r.reviewId } })]);
  });
  follow(deps.events.subscribe('release', signal), (r) =>
    on(`release ${r.releaseId}`, () => [hookEvent('release', { kind: 'release', repoId: r.repoId, senderId: r.actorId, releaseId: r.releaseId, action: r.action })]),
  );
  follow(deps.events.subscribe('status', signal), (s) =>
    on(`status ${s.statusId}`, () => [
      hookEvent('status', { kind: 'status', repoId: s.repoId, senderId: s.actorId, sha: s.sha, statusId: s.statusId, context: s.context, state: s.state, description: s.description, targetUrl: s.targetUrl }),
    ]),
  );
  follow(deps.events.subscribe('wiki', signal), (w) =>
    on(`wiki page ${w.page} of repository ${w.repoId}`, () => [
      hookEvent('wiki', { kind: 'wiki', repoId: w.repoId, senderId: w.actorId, action: w.action, page: w.page, comment: w.comment }),
    ]),
  );
  follow(deps.events.subscribe('webhook', signal), (w) => {
    // A delivery sent again is a new row: the worker looks for it now.
    if (w.action === 'redelivered') onRecorded();
    // Tests are of repository hooks (Gitea has no test of an account's or the site's hooks).
    if (w.action !== 'test' || w.repoId === null) return;
    const repoId = w.repoId;
    on(`a test of hook ${w.hookId}`, () => [
      { ...hookEvent('push', { kind: 'push', repoId, senderId: w.actorId, ref: w.ref ?? '', before: '', after: '', commits: 1 }), onlyHook: w.hookId },
    ]);
  });
  return follower;
}

// ---------------------------------------------------------------------------------------------
// Sending

/** The headers of a delivery (Gitea's, GitHub's and Gogs' names), its signature of the body with the hook's secret. */
export function deliveryHeaders(hook: Pick<Webhook, 'secret' | 'authorizationHeader' | 'contentType'>, task: { uuid: string; event: string; eventType: string }, body: string): Record<string, string> {
  const signature = hook.secret ? createHmac('sha256', hook.secret).update(body).digest('hex') : '';
  return {
    'content-type': hook.contentType === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
    'user-agent': 'Graft-Webhook',
    'x-gitea-delivery': task.uuid,
    'x-gitea-event': task.event,
    'x-gitea-event-type': task.eventType,
    'x-gitea-signature': signature,
    'x-gogs-delivery': task.uuid,
    'x-gogs-event': task.event,
    'x-gogs-event-type': task.eventType,
    'x-gogs-signature': signature,
    'x-hub-signature': hook.secret ? `sha1=${createHmac('sha1', hook.secret).update(body).digest('hex')}` : '',
    'x-hub-signature-256': signature ? `sha256=${signature}` : '',
    'x-github-delivery': task.uuid,
    'x-github-event': task.event,
    'x-github-event-type': task.eventType,
    ...(hook.authorizationHeader ? { authorization: hook.authorizationHeader } : {}),
  };
}

/**
 * The request a delivery makes with its hook's current settings (method, URL, headers, body), for the delivery log,
 * or why it is not sent. The Authorization header is masked: it is a credential.
 */
export function deliveryRequest(hook: Webhook, task: { uuid: string; event: string; eventType: string; payload: string }) {
  const out = outgoing(hook, task);
  if (typeof out === 'string') return out;
  const headers: Record<string, string> = { ...deliveryHeaders(hook, task, out.body), 'content-type': out.contentType };
  if (headers.authorization) headers.authorization = '******';
  return { method: out.method, url: out.url, headers: Object.entries(headers).map(([name, value]) => ({ name, value })), body: out.method === 'GET' ? '' : out.body };
}

/** The request of a delivery by its hook's type, or why it is not sent (recorded as its answer). */
function outgoing(hook: Webhook, task: { event: string; eventType: string; payload: string }): OutgoingRequest | string {
  try {
    return hookRequest(hook, task) ?? `not sent: a ${hook.type} hook has no message for this ${task.eventType} event`;
  } catch (err) {
    return `not sent: ${(err as Error).message}`;
  }
}

export type DeliveryWorker = QueueWorker;

/**
 * Sends due deliveries: claims a batch with one atomic UPDATE, sends it with undici through a connector that
 * resolves the host and refuses addresses webhook.ALLOWED_HOST_LIST does not allow (every redirect's connection
 * too), and records the answer. A failure (no answer, an answer not 2xx) plans the next attempt after
 * RETRY_BACKOFF seconds, doubled at each attempt, up to MAX_ATTEMPTS.
 */
export function startDeliveryWorker(deps: Deps, report: (message: string, err: unknown) => void): DeliveryWorker {
  const settings = deps.config.webhook;
  const timeoutMs = settings.DELIVER_TIMEOUT * 1000;
  const matcher = hostMatcher(settings.ALLOWED_HOST_LIST);
  const connect = buildConnector({ timeout: timeoutMs, rejectUnauthorized: !settings.SKIP_TLS_VERIFY });
  const agent = new Agent({
    connect: (options, callback) => {
      resolveAllowed(matcher, options.hostname).then(
        (address) => connect({ ...options, hostname: address, servername: options.servername ?? options.hostname.replace(/^\[|\]$/g, '') }, callback),
        (err: Error) => callback(err, null),
      );
    },
  });
  const dispatcher: Dispatcher = agent.compose(interceptors.redirect({ maxRedirections: 5 }));
  const workerId = randomUUID();

  async function sendOne(task: HookTask & { hook: Webhook }): Promise<void> {
    const out = outgoing(task.hook, task);
    if (typeof out === 'string') {
      await deps.db.hookTask.update({ where: { id: task.id }, data: { delivered: true, succeeded: false, responseStatus: null, responseBody: out, deliveredAt: new Date(), claimedAt: null, claimedBy: null } });
      return;
    }
    let status: number | null = null;
    let answer = '';
    try {
      const res = await request(out.url, {
        method: out.method as Dispatcher.HttpMethod,
        headers: { ...deliveryHeaders(task.hook, task, out.body), 'content-type': out.contentType },
        body: out.method === 'GET' ? undefined : out.body,
        dispatcher,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = res.statusCode;
      answer = (await res.body.text()).slice(0, 4096);
    } catch (err) {
      answer = (err as Error).message;
    }
    const succeeded = status !== null && status >= 200 && status < 300;
    const attempts = task.attempts + 1;
    const giveUp = succeeded || attempts >= settings.MAX_ATTEMPTS;
    await deps.db.hookTask.update({
      where: { id: task.id },
      data: giveUp
        ? { attempts, delivered: true, succeeded, responseStatus: status, responseBody: answer, deliveredAt: new Date(), claimedAt: null, claimedBy: null }
        : { attempts, responseStatus: status, responseBody: answer, claimedAt: null, claimedBy: null, nextAttemptAt: new Date(Date.now() + settings.RETRY_BACKOFF * 1000 * 2 ** (attempts - 1)) },
    });
  }

  /** Claims and sends the due deliveries. */
  async function round(stopped: () => boolean): Promise<number> {
    // QUEUE_LENGTH 0: this instance writes deliveries and leaves the sending to the others.
    if (settings.QUEUE_LENGTH <= 0) return 0;
    const now = new Date();
    const stale = new Date(now.getTime() - 3 * timeoutMs - 1000);
    const claimable = { delivered: false, nextAttemptAt: { lte: now }, OR: [{ claimedAt: null }, { claimedAt: { lt: stale } }] };
    const due = await deps.db.hookTask.findMany({ where: claimable, orderBy: { id: 'asc' }, take: settings.QUEUE_LENGTH, select: { id: true } });
    if (due.length === 0 || stopped()) return 0;
    // One UPDATE claims the batch (a row another worker claimed meanwhile no longer matches), stamped with this
    // worker and this round's time, and one read takes back exactly the rows it won, with their hooks.
    const stamp = { claimedAt: now, claimedBy: workerId };
    await deps.db.hookTask.updateMany({ where: { id: { in: due.map((t) => t.id) }, ...claimable }, data: stamp });
    const claimed = await deps.db.hookTask.findMany({ where: stamp, orderBy: { id: 'asc' }, include: { hook: true } });
    await Promise.all(claimed.map((task) => sendOne(task).catch((err) => report(`webhook delivery ${task.id} failed`, err))));
    return claimed.length;
  }

  return startQueueWorker(
    {
      round,
      async nextLookIn() {
        if (settings.QUEUE_LENGTH <= 0) return null;
        const next = await deps.db.hookTask.findFirst({ where: { delivered: false }, orderBy: { nextAttemptAt: 'asc' }, select: { nextAttemptAt: true, claimedAt: true } });
        // Nothing pending: the worker sleeps until a delivery is recorded (wake), instead of looking every second.
        if (!next) return null;
        // Pending rows another instance holds are looked at again now and then (its claim may go stale).
        return next.claimedAt === null ? Math.max(10, Math.min(next.nextAttemptAt.getTime() - Date.now(), 1000)) : 1000;
      },
      close: () => agent.close(),
      what: 'webhook deliveries were not sent',
    },
    report,
  );
}
