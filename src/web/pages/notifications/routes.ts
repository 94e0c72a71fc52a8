import type { RouteObject } from 'react-router';
import { page } from '../../app/lazy-page.ts';

/** The signed-in account's notification threads (Gitea's /notifications), and the dashboard's "New repository". */
export const notificationRoutes: RouteObject[] = [
  { path: 'notifications', lazy: page(() => import('./Notifications.tsx')) },
  { path: 'repo/create', lazy: page(() => import('../repo-create/RepoCreate.tsx')) },
];
