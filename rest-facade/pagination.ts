import { offsetToCursor } from '@pothos/plugin-relay';
import type { Request, Response } from 'express';
import type { Config } from '../src/config/defaults.ts';
import { windowFromPage, type PageWindow } from '../src/pagination.ts';

/** REST page/limit → GraphQL connection arguments over the same offsets, and the window they stand for. */
export function pageFor(query: { page?: number; limit?: number }, config: Config) {
  const window = windowFromPage(query.page, query.limit, config.api);
  return { window, args: { first: window.limit, after: window.offset > 0 ? offsetToCursor(window.offset - 1) : null } };
}

/** X-Total-Count and RFC 8288 Link headers (next, prev, first, last), as Gitea sends them. */
export function setPaginationHeaders(req: Request, res: Response, window: PageWindow, totalCount: number, rootUrl: string) {
  res.setHeader('X-Total-Count', String(totalCount));
  const page = Math.floor(window.offset / window.limit) + 1;
  const lastPage = Math.max(1, Math.ceil(totalCount / window.limit));
  const base = new URL(req.originalUrl, rootUrl);
  const link = (p: number, rel: string) => {
    base.searchParams.set('page', String(p));
    base.searchParams.set('limit', String(window.limit));
    return `<${base.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page < lastPage) links.push(link(page + 1, 'next'), link(lastPage, 'last'));
  if (page > 1) links.push(link(1, 'first'), link(page - 1, 'prev'));
  if (links.length) res.setHeader('Link', links.join(','));
}

/** Gitea's older page headers that some lists still send beside X-Total-Count (pull request commits and files). */
export function pageCountHeaders(window: PageWindow, totalCount: number): Record<string, string> {
  const page = Math.floor(window.offset / window.limit) + 1;
  const pageCount = Math.ceil(totalCount / window.limit);
  return { 'X-Page': String(page), 'X-PerPage': String(window.limit), 'X-PageCount': String(pageCount), 'X-HasMore': String(page < pageCount) };
}
