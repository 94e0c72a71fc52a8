import type { RouteObject } from 'react-router';
import { page } from '../../app/lazy-page.ts';

/** Gitea's explore pages: repositories, people and organizations the viewer may see. */
export const exploreRoutes: RouteObject[] = [
  { path: 'explore', lazy: page(() => import('./ExploreRepositories.tsx')) },
  { path: 'explore/repos', lazy: page(() => import('./ExploreRepositories.tsx')) },
  { path: 'explore/users', lazy: page(() => import('./ExploreUsers.tsx')) },
  { path: 'explore/organizations', lazy: page(() => import('./ExploreOrganizations.tsx')) },
];
