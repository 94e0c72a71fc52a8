/**
 * Every time a REST answer carries goes through restTime: RFC 3339 with whole seconds, as Gitea writes them
 * (its database keeps Unix seconds, git keeps seconds and an offset). Clients parse these strictly, so no
 * fraction ever reaches them, whatever the source (GraphQL's DateTime writes milliseconds).
 */

/** Gitea writes absent times as the zero time; clients parse it, so "never" keeps that shape. */
export const ZERO_TIME = '0001-01-01T00:00:00Z';

/** Date, time with seconds, an optional fraction, and the offset (Z or ±hh:mm). */
const RFC3339 = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * A time as Gitea writes it: whole seconds, the offset kept (git's own, for commit dates), or moved to UTC
 * with `{ utc: true }` where Gitea converts (the dates of file-change answers and annotated taggers).
 */
export function restTime(value: string, options: { utc?: boolean } = {}): string {
  const match = RFC3339.exec(value);
  if (match && !options.utc) return `${match[1]}${match[2].toUpperCase()}`;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new TypeError(`not a date-time: ${value}`);
  // Whole seconds, the fraction cut off rather than rounded: Gitea keeps whole Unix seconds.
  return date.toISOString().replace(/\.\d+Z$/, 'Z');
}

/** A time that may be absent: the zero time stands for "never", as in Gitea. */
export function timeOrZero(value: string | null | undefined): string {
  return value == null ? ZERO_TIME : restTime(value);
}

/** A time that may be absent where Gitea sends null for it (e.g. a token that never expires). */
export function timeOrNull(value: string | null | undefined): string | null {
  return value == null ? null : restTime(value);
}
