import type { RouteObject } from 'react-router';
import { page } from '../../../app/lazy-page.ts';

/**
 * A repository's wiki, at Gitea's URLs: /wiki (Home, or ?action=_pages / ?action=_new), /wiki/_pages,
 * /wiki/_new, /wiki/:page (?action=_edit) and /wiki/:page/_edit.
 */
export const wikiRoutes: RouteObject[] = [
  { path: 'wiki', lazy: page(() => import('./WikiPage.tsx')) },
  { path: 'wiki/_pages', lazy: page(() => import('./WikiPages.tsx')) },
  { path: 'wiki/_new', lazy: page(() => import('./WikiEdit.tsx')) },
  { path: 'wiki/:page', lazy: page(() => import('./WikiPage.tsx')) },
  { path: 'wiki/:page/_edit', lazy: page(() => import('./WikiEdit.tsx')) },
];
