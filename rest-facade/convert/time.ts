/** Gitea writes absent times as the zero time; clients parse it, so "never" keeps that shape. */
export const ZERO_TIME = '0001-01-01T00:00:00Z';

export function timeOrZero(value: string | null | undefined): string {
  return value ?? ZERO_TIME;
}
