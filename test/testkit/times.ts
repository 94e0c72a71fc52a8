/** An RFC 3339 time with a fraction of a second: what Gitea never writes, and Graft must not either. */
const FRACTIONAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d+(Z|[+-]\d{2}:\d{2})$/i;

/** Every string in a JSON value that is a time with a fraction of a second, with where it is ("[0].owner.created"). */
export function fractionalTimes(value: unknown, at = ''): string[] {
  if (typeof value === 'string') return FRACTIONAL_TIME.test(value) ? [`${at || '(body)'} = ${value}`] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => fractionalTimes(item, `${at}[${i}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => fractionalTimes(item, at ? `${at}.${key}` : key));
  }
  return [];
}
