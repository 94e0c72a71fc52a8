/**
 * What the bench sends to each target and how a reply is judged. Shared by the main thread (sequential
 * counting probe) and the load worker, so it must stay free of server-side imports.
 */

/** A value the reply must hold at a JSON path (e.g. ['data', 'repository', 'databaseId'] or ['length']). */
export interface Expectation {
  path: (string | number)[];
  equals: unknown;
}

/** One HTTP request, fully described: the load worker replays it as is. */
export interface RequestSpec {
  /** Absolute URL; must be on 127.0.0.1. */
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  expect: Expectation[];
  /** The status a good reply has (200 unless said). */
  status?: number;
  /** For a reply that is not JSON (rendered HTML): a piece of text it must hold, instead of `expect`. */
  contains?: string;
}

/** Refuses anything but plain HTTP on 127.0.0.1: the bench never loads another host. */
export function assertLoopback(url: string): URL {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' || parsed.hostname !== '127.0.0.1') {
    throw new Error(`bench targets must be http://127.0.0.1 (got ${parsed.origin})`);
  }
  return parsed;
}

/** A GET with a token (REST, or the floor). */
export function getSpec(url: string, token: string, expect: Expectation[]): RequestSpec {
  return { url: assertLoopback(url).toString(), method: 'GET', headers: { accept: 'application/json', authorization: `token ${token}` }, expect };
}

/** A JSON POST with a token that creates something each time (REST writes), answered with `status`. */
export function postSpec(url: string, token: string, payload: unknown, status: number, expect: Expectation[]): RequestSpec {
  const body = JSON.stringify(payload);
  return {
    url: assertLoopback(url).toString(),
    method: 'POST',
    headers: { accept: 'application/json', authorization: `token ${token}`, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
    body,
    expect,
    status,
  };
}

/** A GraphQL POST with a token. */
export function graphqlSpec(url: string, token: string, query: string, variables: Record<string, unknown>, expect: Expectation[]): RequestSpec {
  const body = JSON.stringify({ query, variables });
  return {
    url: assertLoopback(url).toString(),
    method: 'POST',
    headers: {
      accept: 'application/json',
      authorization: `token ${token}`,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
    },
    body,
    expect,
  };
}

function at(value: unknown, path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || current === undefined) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/** Why a reply is wrong, or undefined when it is a 200 holding every expected value. */
export function checkReply(spec: RequestSpec, status: number, text: string): string | undefined {
  if (status !== (spec.status ?? 200)) return `status ${status}: ${text.slice(0, 200)}`;
  if (spec.contains !== undefined) return text.includes(spec.contains) ? undefined : `reply does not hold ${JSON.stringify(spec.contains)}: ${text.slice(0, 200)}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `body is not JSON: ${text.slice(0, 200)}`;
  }
  const errors = (body as { errors?: unknown[] } | null)?.errors;
  if (Array.isArray(errors) && errors.length) return `graphql errors: ${JSON.stringify(errors).slice(0, 200)}`;
  for (const { path, equals } of spec.expect) {
    const actual = at(body, path);
    if (actual !== equals) return `${path.join('.')} is ${JSON.stringify(actual)}, expected ${JSON.stringify(equals)}: ${text.slice(0, 200)}`;
  }
  return undefined;
}
