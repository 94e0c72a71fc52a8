import type { RequestHandler } from 'express';

/**
 * Repeated slashes in a request path count as one, as Gitea routes them: clients built with a base URL that
 * ends in a slash ask for `//api/v1/user`. The query string is left as it is.
 */
export const collapseSlashes: RequestHandler = (req, _res, next) => {
  const queryAt = req.url.indexOf('?');
  const path = queryAt === -1 ? req.url : req.url.slice(0, queryAt);
  if (path.includes('//')) req.url = path.replace(/\/{2,}/g, '/') + (queryAt === -1 ? '' : req.url.slice(queryAt));
  next();
};
