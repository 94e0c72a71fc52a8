import { createHmac, randomUUID } from 'node:crypto';
import { Agent, buildConnector, interceptors, request, type Dispatcher } from 'undici';
import type { Webhook } from '../../db/models.ts';
import { serialWork, type Follower } from '../../events/follower.ts';
import type { PushedRef } from '../../events/topics.ts';
import type { ServiceContext } from '../../services.ts';
import { hostMatcher, resolveAllowed } from './allowed-hosts.ts';
import { selectHooks, type HookSelection } from './hook-selection.ts';
import { branchMatches, type PayloadBuilder, type PayloadRequest } from './webhook.rules.ts';

export type { PayloadBuilder, PayloadRequest };
import { hookEvents } from './webhook.service.ts';

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

/** One event for the hooks: the Gitea event name hooks choose by, the name sent in the headers, and the branch (for the filter). */
interface HookEvent {
  choice: string;
  event: string;
  eventType: string;
  branch: string | null;
  payload: PayloadRequest;
  /** Set for a test delivery: this hook only, active or not. */
  onlyHook?: number;
}

const wants = (hook: Webhook, e: HookEvent) => (e.onlyHook !== undefined ? hook.id === e.onlyHook : hook.active && hookEvents(hook).includes(e.choice) && (e.branch === null || branchMatches(hook.branchFilter, e.branch)));

/** Writes a delivery of `e` for every hook covering its repository that wants it: one read of the hooks, one transaction. */
async function record(deps: Deps, payloads: PayloadBuilder, e: HookEvent, selection: HookSelection): Promise<number> {
  const hooks = selection.hooksOf(e.payload.repoId).filter((h) => wants(h, e));
  if (hooks.length === 0) return 0;
  const body = await payloads(e.payload);
  if (!body) return 0;
  const payload = JSON.stringify(body);
  await deps.db.hookTask.createMany({ data: hooks.map((h) => ({ hookId: h.id, uuid: randomUUID(), event: e.event, eventType: e.eventType, payload })) });
  return hooks.length;
}

const branchOf = (ref: string) => (ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : null);
const shortRef = (ref: string) => ref.replace(/^refs\/(heads|tags)\//, '');

/** The hook events of a push: create and delete for refs made and removed, push for every ref that points somewhere. */
function pushEvents(repoId: number, senderId: number | null, changes: PushedRef[]): HookEvent[] {
  return changes.flatMap((c): HookEvent[] => {
    const branch = branchOf(c.ref);
    const refType = branch !== null ? 'branch' : 'tag';
    const out: HookEvent[] = [];
    if (ZERO.test(c.before)) out.push({ choice: 'create', event: 'create', eventType: 'create', branch, payload: { kind: 'create', repoId, senderId, ref: shortRef(c.ref), refType, sha: c.after } });
    if (ZERO.test(c.after)) {
      out.push({ choice: 'delete', event: 'delete', eventType: 'delete', branch, payload: { kind: 'delete', repoId, senderId, ref: shortRef(c.ref), refType, sha: c.before } });
    } else {
      out.push({ choice: 'push', event: 'push', eventType: 'push', branch, payload: { kind: 'push', repoId, senderId, ref: c.ref, before: c.before, after: c.after, commits: MAX_PUSH_COMMITS } });
    }
    return out;
  });
}

/** Follows the bus and records deliveries; `onRecorded` wakes the worker. */
export function followWebhookEvents(deps: Deps, payloads: PayloadBuilder, onRecorded: () => void, report: (message: string, err: unknown) => void): Follower {
  const { enqueue, follow, signal, follower } = serialWork(report);
  const on = (what: string, events: () => HookEvent[]) =>
    enqueue(`the webhook deliveries of ${what} were not recorded`, async () => {
      const all = events();
      // The hooks covering the events' repositories, read once: a push of 200 branches is one read.
      const hooks = await selectHooks(deps.db, all.map((e) => e.payload.repoId));
      let written = 0;
      for (const e of all) written += await record(deps, payloads, e, hooks);
      if (written > 0) onRecorded();
    });
  follow(deps.events.subscribe('repo.push', signal), (p) => on(`a push to repository ${p.repoId}`, () => pushEvents(p.repoId, p.pusherId, p.changes)));
  follow(deps.events.subscribe('repo.branch', signal), (b) => {
    if (b.action !== 'created' && b.action !== 'deleted') return;
    const kind = b.action === 'created' ? 'create' : 'delete';
    on(`branch ${b.branch}`, () => [{ choice: kind, event: kind, eventType: kind, branch: b.branch, payload: { kind, repoId: b.repoId, senderId: b.actorId, ref: b.branch, refType: 'branch', sha: b.oid } }]);
  });
  follow(deps.events.subscribe('repo.tag', signal), (t) => {
    const kind = t.action === 'created' ? 'create' : 'delete';
    on(`tag ${t.tag}`, () => [{ choice: kind, event: kind, eventType: kind, branch: null, payload: { kind, repoId: t.repoId, senderId: t.actorId, ref: t.tag, refType: 'tag', sha: t.commit ?? t.oid } }]);
  });
  follow(deps.events.subscribe('issues', signal), (i) =>
    on(`issue ${i.issueId}`, () => [{ choice: 'issues', event: 'issues', eventType: 'issues', branch: null, payload: { kind: 'issues', repoId: i.repoId, senderId: i.actorId, number: i.number, action: i.action } }]),
  );
  follow(deps.events.subscribe('issue_comment', signal), (c) =>
    on(`comment ${c.commentId}`, () => [
      { choice: 'issue_comment', event: 'issue_comment', eventType: 'issue_comment', branch: null, payload: { kind: 'issue_comment', repoId: c.repoId, senderId: c.actorId, number: c.number, commentId: c.commentId, action: c.action } },
    ]),
  );
  follow(deps.events.subscribe('webhook', signal), (w) => {
    if (w.action !== 'test') return;
    on(`a test of hook ${w.hookId}`, () => [
      { choice: 'push', event: 'push', eventType: 'push', branch: null, onlyHook: w.hookId, payload: { kind: 'push', repoId: w.repoId, senderId: w.actorId, ref: w.ref ?? '', before: '', after: '', commits: 1 } },
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

export interface DeliveryWorker {
  /** Looks for due deliveries now (new rows were written). */
  wake(): void;
  /** Resolves once no attempt is running and none is due. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Sends due deliveries: claims each with one atomic UPDATE, sends it with undici through a connector that
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
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  async function sendOne(taskId: number): Promise<void> {
    const task = await deps.db.hookTask.findUnique({ where: { id: taskId }, include: { hook: true } });
    if (!task) return;
    const body = task.hook.contentType === 'form' ? new URLSearchParams({ payload: task.payload }).toString() : task.payload;
    let status: number | null = null;
    let answer = '';
    try {
      const res = await request(task.hook.url, {
        method: task.hook.httpMethod as Dispatcher.HttpMethod,
        headers: deliveryHeaders(task.hook, task, body),
        body: task.hook.httpMethod === 'GET' ? undefined : body,
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

  /** Claims and sends the due deliveries, until none is due; then sleeps until the next planned attempt. */
  async function pass(): Promise<void> {
    // QUEUE_LENGTH 0: this instance writes deliveries and leaves the sending to the others.
    if (settings.QUEUE_LENGTH <= 0) return;
    do {
      again = false;
      const now = new Date();
      const stale = new Date(now.getTime() - 3 * timeoutMs - 1000);
      const due = await deps.db.hookTask.findMany({
        where: { delivered: false, nextAttemptAt: { lte: now }, OR: [{ claimedAt: null }, { claimedAt: { lt: stale } }] },
        orderBy: { id: 'asc' },
        take: settings.QUEUE_LENGTH,
        select: { id: true, claimedAt: true },
      });
      const claimed: number[] = [];
      for (const t of due) {
        if (stopped) break;
        const { count } = await deps.db.hookTask.updateMany({
          where: { id: t.id, delivered: false, claimedAt: t.claimedAt },
          data: { claimedAt: new Date(), claimedBy: workerId },
        });
        if (count === 1) claimed.push(t.id);
      }
      await Promise.all(claimed.map((id) => sendOne(id).catch((err) => report(`webhook delivery ${id} failed`, err))));
      if (claimed.length > 0 && !stopped) again = true;
    } while (again && !stopped);
    if (stopped) return;
    const next = await deps.db.hookTask.findFirst({ where: { delivered: false }, orderBy: { nextAttemptAt: 'asc' }, select: { nextAttemptAt: true, claimedAt: true } });
    clearTimeout(timer);
    // Nothing pending: the worker sleeps until a delivery is recorded (wake), instead of looking every second.
    if (!next) return;
    // Pending rows another instance holds are looked at again now and then (its claim may go stale).
    const wait = next.claimedAt === null ? Math.max(10, Math.min(next.nextAttemptAt.getTime() - Date.now(), 1000)) : 1000;
    timer = setTimeout(wake, wait);
  }

  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((err) => report('webhook deliveries were not sent', err))
      .finally(() => {
        running = null;
        if (again) wake();
      });
  }

  wake();
  return {
    wake,
    async idle() {
      while (running) await running;
    },
    // An app may be stopped twice (a test stops it, then its kit does): the second stop has nothing to close.
    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      while (running) await running;
      await agent.close();
    },
  };
}
