import type { Config } from '../../config/defaults.ts';
import { renderMarkdown } from '../../markup/markdown.ts';

/**
 * The e-mails of issue and pull request events, as Gitea's services/mailer composes them: who gets one, its
 * subject, its threading headers and its body. Pure: the follower (mail.service.ts) reads the rows.
 */

/** What happened, as Gitea names the action in its mail templates (actionToTemplate). */
export type MailAction = 'new' | 'comment' | 'close' | 'reopen' | 'merge' | 'approve' | 'reject' | 'review' | 'assign' | 'review_request';

/** An account that may be mailed: enabled mail (or a mention with onmention), an address, active and allowed to sign in. */
export interface MailRecipient {
  id: number;
  login: string;
  email: string;
  isActive: boolean;
  prohibitLogin: boolean;
  type: string;
  emailNotificationsPreference: string;
}

export function wantsMail(user: MailRecipient, mentioned: boolean, addressed = false): boolean {
  if (user.type !== 'user' || !user.isActive || user.prohibitLogin || !user.email.includes('@')) return false;
  // An account assigned or asked to review is mailed unless it disabled mail (as Gitea: onmention is enough).
  if (user.emailNotificationsPreference === 'enabled' || (addressed && user.emailNotificationsPreference !== 'disabled')) return true;
  return user.emailNotificationsPreference === 'onmention' && mentioned;
}

/** The facts of the issue a mail is about. */
export interface MailIssue {
  owner: string;
  repo: string;
  number: number;
  title: string;
  isPull: boolean;
  /** The issue's page. */
  link: string;
  /** The repository's page. */
  repoLink: string;
}

const fullName = (issue: MailIssue) => `${issue.owner}/${issue.repo}`;

/** "[owner/repo] title (#n)", with "Re: " before it for everything but the opening, and the configured prefix. */
export function mailSubject(issue: MailIssue, action: MailAction, prefix: string): string {
  const subject = `${action === 'new' ? '' : 'Re: '}[${fullName(issue)}] ${issue.title} (#${issue.number})`;
  return prefix ? `${prefix} ${subject}` : subject;
}

/**
 * Gitea's message ids: `<owner/repo/issues/n@domain>` (pulls for pull requests) names the thread; a comment's
 * mail adds `/comment/<id>`, a close, reopen or merge `/close/<ms>` (and so on) with the moment it happened.
 */
export function messageId(issue: MailIssue, domain: string, extra?: { comment?: number; action?: MailAction; at?: Date }): string {
  let tail = '';
  if (extra?.comment !== undefined) tail = `/comment/${extra.comment}`;
  else if (extra?.action && ['close', 'reopen', 'merge', 'assign', 'review_request'].includes(extra.action)) tail = `/${extra.action}/${extra.at?.getTime() ?? 0}`;
  return `<${fullName(issue)}/${issue.isPull ? 'pulls' : 'issues'}/${issue.number}${tail}@${domain}>`;
}

/** The headers of one recipient's copy besides From, To and Subject: threading, list and Gitea's X- headers. */
export function mailHeaders(
  issue: MailIssue, domain: string, ownId: string, sender: string, recipient: { login: string; email: string }, mentioned: boolean, reason?: string,
): Record<string, string> {
  const thread = messageId(issue, domain);
  return {
    'Message-ID': ownId,
    'In-Reply-To': thread,
    References: thread,
    'List-ID': `${fullName(issue)} <${issue.repo}.${issue.owner}.${domain}>`,
    'List-Archive': `<${issue.repoLink}>`,
    'List-Unsubscribe': `<${issue.link}>`,
    'Auto-Submitted': 'auto-generated',
    'X-Auto-Response-Suppress': 'All',
    'X-Mailer': 'Graft',
    'X-Gitea-Reason': reason ?? (mentioned ? 'mention' : issue.isPull ? 'pull' : 'issue'),
    'X-Gitea-Sender': sender,
    'X-Gitea-Recipient': recipient.login,
    'X-Gitea-Recipient-Address': recipient.email,
    'X-Gitea-Repository': issue.repo,
    'X-Gitea-Repository-Path': fullName(issue),
    'X-Gitea-Repository-Link': issue.repoLink,
    'X-Gitea-Issue-ID': String(issue.number),
    'X-Gitea-Issue-Link': issue.link,
  };
}

/** What the body says when the event carries no text of its own (Gitea's "Closed #3." and the like). */
export function defaultContent(action: MailAction, number: number): string {
  const said: Record<MailAction, string> = {
    new: 'Created', comment: 'Commented on', close: 'Closed', reopen: 'Reopened', merge: 'Merged', approve: 'Approved', reject: 'Requested changes on', review: 'Reviewed',
    assign: 'Assigned', review_request: 'Requested to review',
  };
  return `${said[action]} #${number}.`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The text part and the HTML part: the text as written, and the text rendered as Gitea's mails render it (comment
 * mode, links into the issue's repository, sanitised: src/markup), each with the link to the issue.
 */
export function mailBodies(content: string, sender: string, link: string, render: { rootUrl: string; issue: MailIssue; breaks: boolean; maxNesting: number }): { text: string; html: string } {
  const text = `${content}\n\n---\n${sender} wrote this; view it at ${link}\n`;
  const body = renderMarkdown(content, {
    mode: 'comment',
    baseUrl: render.rootUrl,
    repository: { owner: render.issue.owner, name: render.issue.repo },
    breaks: render.breaks,
    maxNesting: render.maxNesting,
  });
  const html = `<!DOCTYPE html>\n<html><body>\n${body}\n<hr>\n<p><a href="${escapeHtml(link)}">View it on Graft</a>.</p>\n</body></html>\n`;
  return { text, html };
}

/** How nodemailer reaches the server: the protocol (Gitea infers it from the port when empty) and its port. */
export function transportOptions(mailer: Config['mailer']) {
  const protocol = mailer.PROTOCOL || (mailer.SMTP_PORT === 465 ? 'smtps' : mailer.SMTP_PORT === 587 ? 'smtp+starttls' : 'smtp');
  const port = mailer.SMTP_PORT || (protocol === 'smtps' ? 465 : protocol === 'smtp+starttls' ? 587 : 25);
  return {
    protocol,
    host: mailer.SMTP_ADDR,
    port,
    secure: protocol === 'smtps',
    requireTLS: protocol === 'smtp+starttls',
    // Gitea's smtp is plain SMTP: no STARTTLS even when the server offers it.
    ignoreTLS: protocol === 'smtp',
    auth: mailer.USER ? { user: mailer.USER, pass: mailer.PASSWD } : undefined,
    tls: { rejectUnauthorized: !mailer.FORCE_TRUST_SERVER_CERT },
  };
}

/** The envelope sender: ENVELOPE_FROM, "<>" for none, or FROM's address. */
export function envelopeFrom(mailer: Config['mailer']): string {
  if (mailer.ENVELOPE_FROM === '<>') return '';
  if (mailer.ENVELOPE_FROM) return mailer.ENVELOPE_FROM;
  return /<([^>]+)>/.exec(mailer.FROM)?.[1] ?? mailer.FROM.trim();
}

/** FROM's address with the actor's name shown, as Gitea's FROM_DISPLAY_NAME_FORMAT does by default. */
export function fromHeader(mailer: Config['mailer'], displayName: string): { name: string; address: string } {
  const address = /<([^>]+)>/.exec(mailer.FROM)?.[1] ?? mailer.FROM.trim();
  return { name: displayName, address };
}
