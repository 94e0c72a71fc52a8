import type { Request, RequestHandler, Response } from 'express';
import { authenticate, type AuthDeps, type Credentials } from '../auth/authenticate.ts';
import { anonymousViewer, type Viewer } from '../auth/viewer.ts';
import { noCache, type Caches, type CacheView } from '../cache/cache.ts';
import { isDomainError } from '../errors.ts';
import { STATUS_OF, sendError } from './errors.ts';
import { CSRF_HEADER, SESSION_COOKIE, cookieValue, isSafeMethod } from './web-session.ts';

export function credentialsOf(req: Request): Credentials {
  const query = req.query as Record<string, unknown>;
  const first = (v: unknown) => (Array.isArray(v) ? v[0] : v) as string | undefined;
  return {
    authorization: req.headers.authorization,
    queryToken: first(query.token) ?? first(query.access_token),
    otp: first(req.headers['x-gitea-otp']),
    sudo: first(query.sudo) ?? first(req.headers.sudo),
    session: sessionOf(req),
  };
}

/** The web interface's session cookie, with the CSRF token the request echoes (writes must). */
function sessionOf(req: Request): Credentials['session'] {
  const secret = cookieValue(req.headers.cookie, SESSION_COOKIE);
  if (!secret) return null;
  const csrf = req.headers[CSRF_HEADER];
  return { secret, csrf: Array.isArray(csrf) ? csrf[0] : csrf, requireCsrf: !isSafeMethod(req) };
}

/**
 * Authenticates every API request once; bad credentials end it with Gitea's error body. The request's
 * cache view is made here, before its first read (the token), and kept for the rest of it.
 */
export function authenticateRequests(deps: AuthDeps, caches: Caches): RequestHandler {
  return async (req, res, next) => {
    try {
      const cache = await caches.view();
      res.locals.cache = cache;
      const { viewer, warning } = await authenticate({ ...deps, cache }, credentialsOf(req));
      if (warning) res.setHeader('Warning', warning);
      res.locals.viewer = viewer;
      next();
    } catch (err) {
      if (isDomainError(err)) return sendError(res, STATUS_OF[err.kind], err.message);
      next(err);
    }
  };
}

export function viewerOf(res: Response): Viewer {
  return (res.locals.viewer as Viewer | undefined) ?? anonymousViewer;
}

export function cacheOf(res: Response): CacheView {
  return (res.locals.cache as CacheView | undefined) ?? noCache;
}
