/**
 * What the bench sends to each target and how a reply is judged. Shared by the main thread (sequential
 * query-count probe) and the load worker, so it must stay free of server-side imports.
 */

export type TargetKind = 'rest' | 'graphql' | 'floor' | 'contents' | 'commit';

export interface Expected {
  id: number;
  login: string;
  email: string;
  /** For the git reads: the blob or commit id the reply must carry. */
  sha?: string;
}

/** One HTTP request, fully described: the load worker replays it as is. */
export interface RequestSpec {
  kind: TargetKind;
  /** Absolute URL; must be on 127.0.0.1. */
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  expected: Expected;
}

export const VIEWER_QUERY = 'query { viewer { databaseId login fullName email avatarUrl htmlUrl createdAt } }';

/** Refuses anything but plain HTTP on 127.0.0.1: the bench never loads another host. */
export function assertLoopback(url: string): URL {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' || parsed.hostname !== '127.0.0.1') {
    throw new Error(`bench targets must be http://127.0.0.1 (got ${parsed.origin})`);
  }
  return parsed;
}

export function requestSpec(kind: TargetKind, baseUrl: string, token: string, expected: Expected): RequestSpec {
  const headers: Record<string, string> = { accept: 'application/json', authorization: `token ${token}` };
  if (kind === 'graphql') {
    const body = JSON.stringify({ query: VIEWER_QUERY });
    return {
      kind,
      url: assertLoopback(new URL('api/graphql', baseUrl).toString()).toString(),
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      body,
      expected,
    };
  }
  return { kind, url: assertLoopback(new URL('api/v1/user', baseUrl).toString()).toString(), method: 'GET', headers, expected };
}

/** A GET of a repository read (contents of a file, one commit) that must answer with `sha`. */
export function gitReadSpec(kind: 'contents' | 'commit', url: string, token: string, sha: string): RequestSpec {
  return {
    kind,
    url: assertLoopback(url).toString(),
    method: 'GET',
    headers: { accept: 'application/json', authorization: `token ${token}` },
    expected: { id: 0, login: '', email: '', sha },
  };
}

/** Why a reply is wrong, or undefined when it is a 200 with the expected account (or object). */
export function checkReply(spec: RequestSpec, status: number, text: string): string | undefined {
  if (status !== 200) return `status ${status}: ${text.slice(0, 200)}`;
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    return `body is not JSON: ${text.slice(0, 200)}`;
  }
  if (spec.kind === 'contents' || spec.kind === 'commit') {
    return body?.sha === spec.expected.sha ? undefined : `unexpected body: ${text.slice(0, 200)}`;
  }
  const { id, login, email } = spec.expected;
  let user: any;
  let idField: string;
  if (spec.kind === 'graphql') {
    if (body?.errors?.length) return `graphql errors: ${JSON.stringify(body.errors).slice(0, 200)}`;
    user = body?.data?.viewer;
    idField = 'databaseId';
  } else {
    user = body;
    idField = 'id';
  }
  if (!user || user[idField] !== id || user.login !== login || user.email !== email) {
    return `unexpected body: ${text.slice(0, 200)}`;
  }
  return undefined;
}
