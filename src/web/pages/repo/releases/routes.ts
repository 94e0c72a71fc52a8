import type { RouteObject } from 'react-router';
import { page } from '../../../app/lazy-page.ts';

/** A repository's releases, at Gitea's URLs. */
export const releaseRoutes: RouteObject[] = [
  { path: 'releases', lazy: page(() => import('./Releases.tsx')) },
  { path: 'releases/tag/:tag', lazy: page(() => import('./ReleasePage.tsx')) },
  { path: 'releases/new', lazy: page(() => import('./NewRelease.tsx')) },
  { path: 'releases/edit/:tag', lazy: page(() => import('./EditRelease.tsx')) },
];
