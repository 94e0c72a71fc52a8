import type { RouteObject } from 'react-router';
import { Shell } from './Shell.tsx';
import { NotFound } from '../components/Status.tsx';
import { page } from './lazy-page.ts';
import { prefetch } from './prefetch.ts';
import { ShellViewerDocument } from '../__generated__/app/shell.ts';
import { RepositoryHeaderDocument } from '../__generated__/pages/repo/repo.ts';
import { repositoryName } from '../pages/repo/repository-name.ts';
import { settingsRoutes } from '../pages/settings/routes.ts';
import { adminRoutes } from '../pages/admin/routes.ts';
import { notificationRoutes } from '../pages/notifications/routes.ts';
import { exploreRoutes } from '../pages/explore/routes.ts';
import { profileRoutes } from '../pages/profile/routes.ts';
import { codeRoutes } from '../pages/repo/code/routes.ts';
import { issueRoutes } from '../pages/repo/issues/routes.ts';
import { pullRoutes } from '../pages/repo/pulls/routes.ts';
import { releaseRoutes } from '../pages/repo/releases/routes.ts';
import { wikiRoutes } from '../pages/repo/wiki/routes.ts';
import { repositorySettingsRoutes } from '../pages/repo/settings/routes.ts';

/** The routes of the repository areas (pages/repo/<area>/routes.ts), inside the repository's frame. */
const repositoryRoutes: RouteObject[] = [
  ...codeRoutes,
  ...issueRoutes,
  ...releaseRoutes,
  ...wikiRoutes,
  ...pullRoutes,
  ...repositorySettingsRoutes,
];

/** The routes of the site's other areas (pages/<area>/routes.ts): explore, settings, admin, profiles, … */
const siteRoutes: RouteObject[] = [
  ...settingsRoutes,
  ...adminRoutes,
  ...notificationRoutes,
  ...exploreRoutes,
  ...profileRoutes,
];

/**
 * Every page of the web interface, by URL. The URLs are Gitea's, so links people share keep working. More
 * specific paths win over the repository and account catch-alls (react-router ranks them).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Shell,
    loader: () => prefetch(ShellViewerDocument, {}),
    children: [
      { index: true, lazy: page(() => import('../pages/home/Home.tsx')) },
      { path: 'user/login', lazy: page(() => import('../pages/sign-in/SignIn.tsx')) },
      { path: 'login/oauth/authorize', lazy: page(() => import('../pages/oauth2/Authorize.tsx')) },
      ...siteRoutes,
      {
        // A repository's pages: each area (code, issues, …) lists its own routes under the repository's frame.
        path: ':owner/:repo',
        lazy: page(() => import('../pages/repo/RepoLayout.tsx')),
        loader: ({ params }) => prefetch(RepositoryHeaderDocument, repositoryName(params)),
        children: [...repositoryRoutes, { path: '*', Component: NotFound }],
      },
      { path: '*', Component: NotFound },
    ],
  },
];
