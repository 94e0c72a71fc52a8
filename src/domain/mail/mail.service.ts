import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Prisma } from '../../db/models.ts';
import { serialWork, type Follower } from '../../events/follower.ts';
import { startQueueWorker, type QueueWorker } from '../../events/queue-worker.ts';
import type { ServiceContext } from '../../services.ts';
import { issueRecipients, type NotifyRequest } from '../notification/notification.service.ts';
import { mentionedLogins } from '../subscription/subscription.rules.ts';
import {
  defaultContent, envelopeFrom, fromHeader, mailBodies, mailHeaders, mailSubject, messageId, transportOptions, wantsMail, type MailAction, type MailIssue,
} from './mail.rules.ts';

/**
 * E-mail of issue and pull request events (Gitea's services/mailer): a follower of the bus writes one MailTask row
 * per recipient (the accounts the notification threads go to, src/domain/notification, filtered by their
 * email_notifications_preference), and a worker sends the rows. A row is claimed by one worker with an atomic
 * UPDATE, as webhook deliveries are (src/domain/webhook/delivery.ts), so several instances never send a mail
 * twice and rows still pending when an instance stops are sent by the next one to look.
 */

type Deps = Omit<ServiceContext, 'viewer'>;

/** One event to mail about: what happened, to which issue, by whom, and where its text comes from. */
interface MailRequest extends NotifyRequest {
  action: MailAction;
  reviewId?: number;
  /** The accounts addressed (an assignee, a reviewer asked): they alone get it, unless they disabled mail. */
  to?: number[];
}

const domainOf = (rootUrl: string) => new URL(rootUrl).hostname;

/** Writes the mails of one event: the recipients, the issue and the text read once, all rows in one statement. */
async function record(deps: Deps, rootUrl: string, request: MailRequest): Promise<number> {
  const found = request.to ? { recipients: request.to.filter((id) => id !== request.actorId) } : await issueRecipients(deps, request);
  if (!found || found.recipients.length === 0) return 0;
  const row = await deps.db.issue.findUnique({
    where: { id: request.issueId },
    select: { number: true, title: true, body: true, isPull: true, updatedAt: true, repo: { select: { name: true, owner: { select: { login: true } } } } },
  });
  const actor = await deps.db.user.findUnique({ where: { id: request.actorId }, select: { login: true, fullName: true } });
  if (!row || !actor) return 0;
  const repoLink = `${rootUrl}${row.repo.owner.login}/${row.repo.name}`;
  const issue: MailIssue = {
    owner: row.repo.owner.login, repo: row.repo.name, number: row.number, title: row.title, isPull: row.isPull,
    link: `${repoLink}/${row.isPull ? 'pulls' : 'issues'}/${row.number}`, repoLink,
  };
  const { content, commentId } = await contentOf(deps, request, row);
  const domain = domainOf(rootUrl);
  const ownId = messageId(issue, domain, { comment: commentId, action: request.action, at: request.to ? new Date() : row.updatedAt });
  const mentioned = new Set(mentionedLogins(content));
  const users = await deps.db.user.findMany({
    where: { id: { in: found.recipients } },
    select: { id: true, login: true, lowerLogin: true, email: true, isActive: true, prohibitLogin: true, type: true, emailNotificationsPreference: true },
  });
  const subject = mailSubject(issue, request.action, deps.config.mailer.SUBJECT_PREFIX);
  const link = commentId !== undefined ? `${issue.link}#issuecomment-${commentId}` : issue.link;
  const markdown = deps.config.markdown;
  const { text, html } = mailBodies(content || defaultContent(request.action, issue.number), actor.fullName || actor.login, link, {
    rootUrl, issue, breaks: markdown.ENABLE_HARD_LINE_BREAK_IN_COMMENTS, maxNesting: markdown.MAX_NESTING,
  });
  const data: Prisma.MailTaskCreateManyInput[] = users
    .filter((u) => wantsMail(u, mentioned.has(u.lowerLogin), request.to !== undefined))
    .map((u) => ({
      userId: u.id,
      recipient: u.email,
      subject,
      messageId: ownId,
      headers: JSON.stringify({
        ...mailHeaders(issue, domain, ownId, actor.login, u, mentioned.has(u.lowerLogin), request.to ? REASONS[request.action] : undefined),
        'X-Graft-From-Name': actor.fullName || actor.login,
      }),
      text,
      html,
    }));
  return insertOnce(deps, data);
}

/**
 * Writes the rows; with several instances following the same events, the second to write a mail (the same
 * Message-ID for the same account) is refused by the unique index, and the rows it has not written yet are
 * written one by one.
 */
async function insertOnce(deps: Deps, data: Prisma.MailTaskCreateManyInput[]): Promise<number> {
  if (data.length === 0) return 0;
  try {
    return (await deps.db.mailTask.createMany({ data })).count;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  let written = 0;
  for (const one of data) {
    try {
      await deps.db.mailTask.create({ data: one });
      written++;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  return written;
}

/** The text of the event: the issue's body when opened, the comment's, the review's; empty for the others. */
async function contentOf(deps: Deps, request: MailRequest, issue: { body: string }): Promise<{ content: string; commentId?: number }> {
  if (request.action === 'new') return { content: issue.body };
  if (request.commentId) {
    const comment = await deps.db.comment.findUnique({ where: { id: request.commentId }, select: { id: true, body: true } });
    return { content: comment?.body ?? '', commentId: comment?.id };
  }
  if (request.reviewId !== undefined) {
    const comment = await deps.db.comment.findFirst({ where: { reviewId: request.reviewId, type: 'review' }, select: { id: true, body: true } });
    return { content: comment?.body ?? '', commentId: comment?.id };
  }
  return { content: '' };
}

const REVIEW_ACTIONS: Record<string, MailAction> = { approved: 'approve', rejected: 'reject', comment: 'review' };
/** X-Gitea-Reason of the mails addressed to one account. */
const REASONS: Partial<Record<MailAction, string>> = { assign: 'assign', review_request: 'review_request' };

/**
 * Follows the bus and records mails, for the events Gitea mails about: issues and pull requests opened, closed,
 * reopened and merged, comments, reviews submitted, and, to the account concerned alone, an assignment and a
 * request to review. `onRecorded` wakes the worker.
 */
export function followMailEvents(deps: Deps, rootUrl: () => string, onRecorded: () => void, report: (message: string, err: unknown) => void): Follower {
  const { enqueue, follow, signal, follower } = serialWork(report);
  const queue = (request: MailRequest) =>
    enqueue(`the e-mails of issue ${request.issueId} were not recorded`, async () => {
      if ((await record(deps, rootUrl(), request)) > 0) onRecorded();
    });
  const LIFECYCLE: Record<string, MailAction> = { opened: 'new', closed: 'close', reopened: 'reopen', merged: 'merge' };
  follow(deps.events.subscribe('issues', signal), (e) => {
    if (LIFECYCLE[e.action]) queue({ issueId: e.issueId, actorId: e.actorId, action: LIFECYCLE[e.action] });
  });
  follow(deps.events.subscribe('pull_request', signal), (e) => {
    if (LIFECYCLE[e.action]) queue({ issueId: e.issueId, actorId: e.actorId, action: LIFECYCLE[e.action] });
    if (e.action === 'assigned' && e.assigneeId !== undefined) queue({ issueId: e.issueId, actorId: e.actorId, action: 'assign', to: [e.assigneeId] });
    if (e.action === 'review_requested' && e.reviewerId !== undefined) queue({ issueId: e.issueId, actorId: e.actorId, action: 'review_request', to: [e.reviewerId] });
    // A team asked: its members but the pull request's poster (as Gitea).
    if (e.action === 'review_requested' && e.teamId !== undefined) {
      const teamId = e.teamId;
      enqueue(`the e-mails of issue ${e.issueId} were not recorded`, async () => {
        const [members, issue] = await Promise.all([
          deps.db.teamMember.findMany({ where: { teamId }, select: { userId: true } }),
          deps.db.issue.findUnique({ where: { id: e.issueId }, select: { posterId: true } }),
        ]);
        const to = members.map((m) => m.userId).filter((id) => id !== issue?.posterId);
        if ((await record(deps, rootUrl(), { issueId: e.issueId, actorId: e.actorId, action: 'review_request', to })) > 0) onRecorded();
      });
    }
  });
  follow(deps.events.subscribe('issue_assign', signal), (e) => {
    if (e.action === 'assigned') queue({ issueId: e.issueId, actorId: e.actorId, action: 'assign', to: [e.assigneeId] });
  });
  follow(deps.events.subscribe('issue_comment', signal), (e) => {
    if (e.action === 'created') queue({ issueId: e.issueId, actorId: e.actorId, commentId: e.commentId, action: 'comment' });
  });
  follow(deps.events.subscribe('pull_request_review', signal), (e) => {
    if (REVIEW_ACTIONS[e.action]) queue({ issueId: e.issueId, actorId: e.actorId, reviewId: e.reviewId, action: REVIEW_ACTIONS[e.action] });
  });
  return follower;
}

// ---------------------------------------------------------------------------------------------
// Sending

export type MailWorker = QueueWorker;

/** Mails a worker claims at a time. */
const BATCH = 100;
/** Seconds an attempt may take before its claim counts as abandoned (its instance died). */
const STALE_CLAIM = 120;

/**
 * Sends due mails through SMTP with nodemailer (or logs them: PROTOCOL dummy), one message per recipient. A
 * failure (the server refused or could not be reached) plans the next attempt after RETRY_BACKOFF seconds,
 * doubled at each attempt, up to MAX_ATTEMPTS.
 */
export function startMailWorker(deps: Deps, report: (message: string, err: unknown) => void): MailWorker {
  const mailer = deps.config.mailer;
  const options = transportOptions(mailer);
  const transport =
    options.protocol === 'dummy'
      ? nodemailer.createTransport({ jsonTransport: true })
      : nodemailer.createTransport({
          host: options.host, port: options.port, secure: options.secure, requireTLS: options.requireTLS, ignoreTLS: options.ignoreTLS, auth: options.auth, tls: options.tls,
          connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000,
        });
  const workerId = randomUUID();

  async function sendOne(id: number): Promise<void> {
    const task = await deps.db.mailTask.findUnique({ where: { id } });
    if (!task) return;
    const { 'X-Graft-From-Name': fromName, ...headers } = JSON.parse(task.headers) as Record<string, string>;
    let error = '';
    try {
      const info = await transport.sendMail({
        from: fromHeader(mailer, fromName ?? ''),
        to: task.recipient,
        envelope: { from: envelopeFrom(mailer), to: [task.recipient] },
        subject: task.subject,
        messageId: headers['Message-ID'],
        headers: Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'Message-ID')),
        text: task.text,
        ...(mailer.SEND_AS_PLAIN_TEXT || !task.html ? {} : { html: task.html }),
      });
      if (options.protocol === 'dummy') console.info(JSON.stringify({ mail: { to: task.recipient, subject: task.subject, messageId: headers['Message-ID'] }, message: info.message }));
    } catch (err) {
      error = (err as Error).message || String(err);
    }
    const attempts = task.attempts + 1;
    const giveUp = !error || attempts >= mailer.MAX_ATTEMPTS;
    await deps.db.mailTask.update({
      where: { id: task.id },
      data: giveUp
        ? { attempts, done: true, sent: !error, lastError: error, sentAt: error ? null : new Date(), claimedAt: null, claimedBy: null }
        : { attempts, lastError: error, claimedAt: null, claimedBy: null, nextAttemptAt: new Date(Date.now() + mailer.RETRY_BACKOFF * 1000 * 2 ** (attempts - 1)) },
    });
  }

  /** Claims and sends the due mails. */
  async function round(stopped: () => boolean): Promise<number> {
    const now = new Date();
    const stale = new Date(now.getTime() - STALE_CLAIM * 1000);
    const due = await deps.db.mailTask.findMany({
      where: { done: false, nextAttemptAt: { lte: now }, OR: [{ claimedAt: null }, { claimedAt: { lt: stale } }] },
      orderBy: { id: 'asc' },
      take: BATCH,
      select: { id: true, claimedAt: true },
    });
    let claimed = 0;
    // One at a time, each claimed just before it is sent: a forge's notifications need no pool of connections.
    for (const t of due) {
      if (stopped()) break;
      const { count } = await deps.db.mailTask.updateMany({ where: { id: t.id, done: false, claimedAt: t.claimedAt }, data: { claimedAt: new Date(), claimedBy: workerId } });
      if (count !== 1) continue;
      claimed++;
      await sendOne(t.id).catch((err) => report(`mail ${t.id} was not sent`, err));
    }
    return claimed;
  }

  return startQueueWorker(
    {
      round,
      async nextLookIn() {
        const next = await deps.db.mailTask.findFirst({ where: { done: false }, orderBy: { nextAttemptAt: 'asc' }, select: { nextAttemptAt: true, claimedAt: true } });
        // Nothing pending: the worker sleeps until a mail is recorded (wake).
        if (!next) return null;
        // A mail another instance holds is looked at again now and then (its claim may go stale).
        return next.claimedAt === null ? Math.max(10, Math.min(next.nextAttemptAt.getTime() - Date.now(), 1000)) : 1000;
      },
      close: () => transport.close(),
      what: 'mails were not sent',
    },
    report,
  );
}
