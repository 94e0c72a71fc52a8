import type { RouteObject } from 'react-router';
import { page } from '../../app/lazy-page.ts';

/** Site administration (Gitea's /-/admin pages), for site admins only: AdminLayout shows anyone else not-found. */
export const adminRoutes: RouteObject[] = [
  {
    path: '-/admin',
    lazy: page(() => import('./AdminLayout.tsx')),
    children: [
      { index: true, lazy: page(() => import('./Dashboard.tsx')) },
      { path: 'config', lazy: page(() => import('./Configuration.tsx')) },
      { path: 'users', lazy: page(() => import('./Users.tsx')) },
      { path: 'users/new', lazy: page(() => import('./UserNew.tsx')) },
      { path: 'users/:id/edit', lazy: page(() => import('./UserEdit.tsx')) },
      { path: 'emails', lazy: page(() => import('./Emails.tsx')) },
      { path: 'orgs', lazy: page(() => import('./Organizations.tsx')) },
      { path: 'repos', lazy: page(() => import('./Repositories.tsx')) },
      { path: 'repos/unadopted', lazy: page(() => import('./Unadopted.tsx')) },
      { path: 'cron', lazy: page(() => import('./CronTasks.tsx')) },
      { path: 'badges', lazy: page(() => import('./Badges.tsx')) },
    ],
  },
];
