import { badRequest, invalid } from '../../errors.ts';
import { checkMaxLength, isAccountEmail, runeLength } from '../formats.ts';

/** Names that would collide with Graft's own routes. */
const RESERVED_NAMES = new Set([
  '.', '..', '-', 'admin', 'api', 'assets', 'attachments', 'avatar', 'avatars', 'captcha', 'commits', 'debug',
  'error', 'explore', 'favicon.ico', 'ghost', 'issues', 'login', 'manifest.json', 'metrics', 'milestones', 'new',
  'notifications', 'org', 'pulls', 'raw', 'repo', 'repo-avatars', 'robots.txt', 'search', 'serviceworker.js',
  'ssh_info', 'swagger.v1.json', 'user', 'v2', 'gitea-actions', 'graphql',
]);
const RESERVED_SUFFIXES = ['.keys', '.gpg', '.rss', '.atom', '.png', '.git', '.wiki'];
const USERNAME = /^[A-Za-z0-9](?:[A-Za-z0-9_.-]{0,38}[A-Za-z0-9])?$/;
export const MIN_PASSWORD_LENGTH = 8;
export const VISIBILITIES = ['public', 'limited', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export function checkUsername(login: string): void {
  if (!USERNAME.test(login) || /[-_.]{2}/.test(login)) {
    throw invalid(`username "${login}" is invalid: use letters, digits, '-', '_' and '.', starting and ending with a letter or digit`);
  }
  const lower = login.toLowerCase();
  if (RESERVED_NAMES.has(lower) || RESERVED_SUFFIXES.some((s) => lower.endsWith(s))) {
    throw invalid(`username "${login}" is reserved`);
  }
}

/** Whether `email` may be an account's address (Gitea's rule, at most 254 characters). */
export function isValidAccountEmail(email: string): boolean {
  return runeLength(email) <= 254 && isAccountEmail(email);
}

export function checkEmail(email: string): void {
  if (!isValidAccountEmail(email)) throw invalid(`e-mail address "${email}" is invalid`);
}

/** A password shorter than the minimum is a 400, as in Gitea. */
export function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw badRequest(`password is too short: at least ${MIN_PASSWORD_LENGTH} characters are required`);
  }
}

export function checkVisibility(value: string): Visibility {
  if (!(VISIBILITIES as readonly string[]).includes(value)) {
    throw invalid(`visibility must be one of ${VISIBILITIES.join(', ')}`);
  }
  return value as Visibility;
}

/**
 * Gitea's email_notifications_preference values Graft follows: every issue and pull request e-mail, only those
 * that mention the account, or none (Gitea's andyourown, mails of one's own actions too, is not offered).
 */
export const EMAIL_PREFERENCES = ['enabled', 'onmention', 'disabled'] as const;
export type EmailPreference = (typeof EMAIL_PREFERENCES)[number];

/** The layouts of a diff the web interface offers; empty is the default (unified). */
export const DIFF_VIEW_STYLES = ['', 'unified', 'split'] as const;

/** Gitea's columns: a theme of at most 30 characters, a language tag of at most 5, a known diff layout. */
export function checkSettings(input: { theme?: string | null; language?: string | null; diffViewStyle?: string | null }): void {
  checkMaxLength(input.theme, 30, 'theme');
  checkMaxLength(input.language, 5, 'language');
  if (input.diffViewStyle != null && !(DIFF_VIEW_STYLES as readonly string[]).includes(input.diffViewStyle)) {
    throw invalid('diff_view_style must be unified or split');
  }
}
