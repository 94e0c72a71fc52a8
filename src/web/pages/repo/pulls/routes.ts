import type { RouteObject } from 'react-router';
import { page } from '../../../app/lazy-page.ts';

/** The pull request pages, inside the repository's frame (Gitea's URLs). */
export const pullRoutes: RouteObject[] = [
  { path: 'pulls', lazy: page(() => import('./PullList.tsx')) },
  { path: 'pulls/new', lazy: page(() => import('./NewPull.tsx')) },
  { path: 'pulls/:index', lazy: page(() => import('./Conversation.tsx')) },
  { path: 'pulls/:index/files', lazy: page(() => import('./Files.tsx')) },
  { path: 'pulls/:index/commits', lazy: page(() => import('./Commits.tsx')) },
];
