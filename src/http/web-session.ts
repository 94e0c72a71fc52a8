import type { Request, Response } from 'express';

/** The session's secret: HttpOnly, so no script of the page can read it. */
export const SESSION_COOKIE = 'graft_session';
/** The session's CSRF token: readable by the page, which echoes it in X-CSRF-Token with every write. */
export const CSRF_COOKIE = 'graft_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** One cookie's value from a Cookie header; undefined when absent. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** What the sign-in and sign-out mutations do to the browser's cookies. */
export interface BrowserCookies {
  /**
   * Whether the request is one a page of another site cannot send without the server's consent: a JSON body
   * (its CORS preflight is not answered with credentials) or the CSRF header. Only such a request may sign in,
   * so another site cannot sign a browser into an account of its choosing with a plain form.
   */
  readonly preflighted: boolean;
  startSession(secret: string, csrfToken: string, expiresAt: Date, remember: boolean): void;
  endSession(): void;
}

/**
 * The cookies of one HTTP response. SameSite=Lax keeps them off other sites' writes; Secure when the
 * public URL is https. A session the person did not ask to keep has no Max-Age: it ends with the browser.
 */
export function browserCookies(res: Response, secure: boolean): BrowserCookies {
  const attributes = (maxAge: number | null, httpOnly: boolean) =>
    ['Path=/', 'SameSite=Lax', ...(httpOnly ? ['HttpOnly'] : []), ...(secure ? ['Secure'] : []), ...(maxAge === null ? [] : [`Max-Age=${maxAge}`])].join('; ');
  const type = String(res.req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  return {
    preflighted: type === 'application/json' || type === 'application/graphql-response+json' || res.req.headers[CSRF_HEADER] !== undefined,
    startSession(secret, csrfToken, expiresAt, remember) {
      const maxAge = remember ? Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)) : null;
      res.append('Set-Cookie', `${SESSION_COOKIE}=${secret}; ${attributes(maxAge, true)}`);
      res.append('Set-Cookie', `${CSRF_COOKIE}=${csrfToken}; ${attributes(maxAge, false)}`);
    },
    endSession() {
      res.append('Set-Cookie', `${SESSION_COOKIE}=; ${attributes(0, true)}`);
      res.append('Set-Cookie', `${CSRF_COOKIE}=; ${attributes(0, false)}`);
    },
  };
}

/** Requests that change nothing need no CSRF token. */
export function isSafeMethod(req: Request): boolean {
  return req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS';
}
