import type { RouteObject } from 'react-router';
import { page } from '../../app/lazy-page.ts';

/** Personal settings, at Gitea's URLs, inside one frame with a side navigation. */
export const settingsRoutes: RouteObject[] = [
  {
    path: 'user/settings',
    lazy: page(() => import('./SettingsLayout.tsx')),
    children: [
      { index: true, lazy: page(() => import('./Profile.tsx')) },
      { path: 'account', lazy: page(() => import('./Account.tsx')) },
      { path: 'emails', lazy: page(() => import('./Emails.tsx')) },
      { path: 'applications', lazy: page(() => import('./Applications.tsx')) },
      { path: 'keys', lazy: page(() => import('./Keys.tsx')) },
      { path: 'blocked_users', lazy: page(() => import('./Blocks.tsx')) },
      { path: 'security', lazy: page(() => import('./Security.tsx')) },
    ],
  },
];
