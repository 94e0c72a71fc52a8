import type { RouteObject } from 'react-router';
import { Shell } from './Shell.tsx';
import { NotFound } from '../components/Status.tsx';
import { page } from './lazy-page.ts';
import { repositorySettingsRoutes } from '../pages/repo/settings/routes.ts';

/** The routes of the repository areas (pages/repo/<area>/routes.ts), inside the repository's frame. */
const repositoryRoutes: RouteObject[] = [
  ...repositorySettingsRoutes,
];

/** The routes of the site's other areas (pages/<area>/routes.ts): explore, settings, admin, profiles, … */
const siteRoutes: RouteObject[] = [
];


/**
 * Every page of the web interface, by URL. The URLs are Gitea's, so links people share keep working. More
 * specific paths win over the repository and account catch-alls (react-router ranks them).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Shell,
    children: [
      { index: true, lazy: page(() => import('../pages/home/Home.tsx')) },
      { path: 'user/login', lazy: page(() => import('../pages/sign-in/SignIn.tsx')) },
      ...siteRoutes,
      {
        // A repository's pages: each area (code, issues, …) lists its own routes under the repository's frame.
        path: ':owner/:repo',
        lazy: page(() => import('../pages/repo/RepoLayout.tsx')),
        children: [...repositoryRoutes, { path: '*', Component: NotFound }],
      },
      { path: '*', Component: NotFound },
    ],
  },
];
