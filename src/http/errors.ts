import type { Response } from 'express';
import type { ErrorKind } from '../errors.ts';

/** Domain error kind → HTTP status: the one mapping, used for every REST response and the auth layer. */
export const STATUS_OF: Record<ErrorKind, number> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  VALIDATION: 422,
  UNSUPPORTED: 415,
  NOT_ALLOWED: 405,
  LOCKED: 423,
  PRECONDITION_FAILED: 412,
  TOO_LARGE: 413,
};

/** Gitea's error body: {"message", "url"}; the url points at the API docs under ROOT_URL (app.locals.rootUrl). */
export function sendError(res: Response, status: number, message: string) {
  if (status === 401 && !res.hasHeader('WWW-Authenticate')) res.setHeader('WWW-Authenticate', 'Basic realm="Graft"');
  const rootUrl = (res.app?.locals.rootUrl as string | undefined) ?? `${res.req.protocol}://${res.req.get('host') ?? 'localhost'}/`;
  res.status(status).json({ message, url: new URL('api/swagger', rootUrl).toString() });
}
