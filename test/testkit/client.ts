import http from 'node:http';
import { createClient, type Client } from 'graphql-ws';
import { HTTP_METHODS, loadOpenApiDocument } from '../../rest-facade/openapi.ts';
import WebSocket from 'ws';
import { ADMIN } from './server.ts';
import { fractionalTimes } from './times.ts';

/** How a test call authenticates: nothing, basic (password or token), a token header, or the query string. */
export type Auth =
  | undefined
  | { basic: [string, string]; otp?: string }
  | { token: string; scheme?: 'token' | 'Bearer' }
  | { queryToken: string; param?: 'token' | 'access_token' };

export const adminAuth: Auth = { basic: [ADMIN.login, ADMIN.password] };

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

function applyAuth(url: URL, headers: Record<string, string>, auth: Auth) {
  if (!auth) return;
  if ('basic' in auth) {
    headers.authorization = `Basic ${Buffer.from(auth.basic.join(':')).toString('base64')}`;
    if (auth.otp) headers['x-gitea-otp'] = auth.otp;
  } else if ('token' in auth) {
    headers.authorization = `${auth.scheme ?? 'token'} ${auth.token}`;
  } else {
    url.searchParams.set(auth.param ?? 'token', auth.queryToken);
  }
}

/**
 * The operations documented to answer 205 Reset Content with a body (Gitea's notification marks), as method and
 * path pattern. fetch drops the body of a 205 (a null-body status of the Fetch standard), so the client sends
 * these with node:http, and reads what Gitea's clients outside browsers read.
 */
let resetContentRoutes: { method: string; pattern: RegExp }[] | undefined;
function answersResetContent(method: string, pathname: string): boolean {
  resetContentRoutes ??= Object.entries(loadOpenApiDocument().paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((m) => item[m]?.responses?.['205']).map((m) => ({
      method: m.toUpperCase(),
      pattern: new RegExp(`^/api/v1${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    })),
  );
  return resetContentRoutes.some((r) => r.method === method && r.pattern.test(pathname));
}

/** One request with node:http: status, headers and text. */
function nodeRequest(url: URL, method: string, headers: Record<string, string>, body: string | undefined): Promise<{ status: number; headers: Headers; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        const out = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : v);
        resolve({ status: res.statusCode ?? 0, headers: out, text });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * A fetch-based REST client for one server; the base URL may be read at each call (for a server that starts
 * later). Every JSON answer it reads is checked for times with a fraction of a second, which Gitea never
 * writes: any REST test that meets one fails.
 */
export function restClient(baseUrl: string | (() => string)) {
  async function request<T = any>(
    method: string,
    path: string,
    options: { auth?: Auth; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const url = new URL(`api/v1${path}`, typeof baseUrl === 'string' ? baseUrl : baseUrl());
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    applyAuth(url, headers, options.auth);
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    } else if (body !== undefined) headers['content-type'] ??= 'application/json';
    const res = answersResetContent(method, url.pathname)
      ? await nodeRequest(url, method, headers, body)
      : await fetch(url, { method, headers, body }).then(async (r) => ({ status: r.status, headers: r.headers, text: await r.text() }));
    const text = res.text;
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    const fractional = fractionalTimes(parsed);
    if (fractional.length) throw new Error(`${method} ${path} answered times with fractions of a second: ${fractional.join(', ')}`);
    return { status: res.status, headers: res.headers, body: parsed as T };
  }
  return {
    request,
    get: <T = any>(path: string, auth?: Auth) => request<T>('GET', path, { auth }),
    post: <T = any>(path: string, body: unknown, auth?: Auth) => request<T>('POST', path, { body, auth }),
    patch: <T = any>(path: string, body: unknown, auth?: Auth) => request<T>('PATCH', path, { body, auth }),
    put: <T = any>(path: string, body: unknown, auth?: Auth) => request<T>('PUT', path, { body, auth }),
    delete: <T = any>(path: string, auth?: Auth) => request<T>('DELETE', path, { auth }),
  };
}
export type RestClient = ReturnType<typeof restClient>;

export interface GraphQLResult<T = any> {
  status: number;
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** POSTs a GraphQL operation to /api/graphql over HTTP. */
export async function graphql<T = any>(baseUrl: string, query: string, variables?: Record<string, unknown>, auth?: Auth): Promise<GraphQLResult<T>> {
  const url = new URL('api/graphql', baseUrl);
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  applyAuth(url, headers, auth);
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  const text = await res.text();
  try {
    return { status: res.status, ...JSON.parse(text) };
  } catch {
    return { status: res.status, errors: [{ message: text }] };
  }
}

/** A graphql-ws client on /api/graphql, authenticated through connection parameters. */
export function wsClient(baseUrl: string, authorization?: string): Client {
  const url = new URL('api/graphql', baseUrl);
  url.protocol = 'ws:';
  return createClient({
    url: url.toString(),
    webSocketImpl: WebSocket,
    connectionParams: authorization ? { authorization } : {},
    retryAttempts: 0,
    lazy: false,
  });
}
