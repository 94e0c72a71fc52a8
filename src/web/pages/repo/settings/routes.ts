import type { RouteObject } from 'react-router';
import { page } from '../../../app/lazy-page.ts';

/** A repository's settings (Gitea's URLs), for its administrators: options, collaborators, branch rules, webhooks. */
export const repositorySettingsRoutes: RouteObject[] = [
  {
    path: 'settings',
    lazy: page(() => import('./SettingsLayout.tsx')),
    children: [
      { index: true, lazy: page(() => import('./Options.tsx')) },
      { path: 'collaboration', lazy: page(() => import('./Collaborators.tsx')) },
      { path: 'branches', lazy: page(() => import('./Branches.tsx')) },
      { path: 'branches/edit', lazy: page(() => import('./BranchRuleEdit.tsx')) },
      { path: 'hooks', lazy: page(() => import('./Hooks.tsx')) },
      { path: 'hooks/new', lazy: page(() => import('./HookEdit.tsx')) },
      { path: 'hooks/:id', lazy: page(() => import('./HookEdit.tsx')) },
    ],
  },
];
