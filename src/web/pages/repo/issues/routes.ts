import type { RouteObject } from 'react-router';
import { page } from '../../../app/lazy-page.ts';

/** The issues area of a repository: Gitea's paths. */
export const issueRoutes: RouteObject[] = [
  { path: 'issues', lazy: page(() => import('./IssueList.tsx')) },
  { path: 'issues/new', lazy: page(() => import('./NewIssue.tsx')) },
  { path: 'issues/:index', lazy: page(() => import('./IssueView.tsx')) },
  { path: 'labels', lazy: page(() => import('./Labels.tsx')) },
  { path: 'milestones', lazy: page(() => import('./Milestones.tsx')) },
];
