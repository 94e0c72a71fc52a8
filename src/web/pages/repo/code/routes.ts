import type { RouteObject } from 'react-router';
import { page } from '../../../app/lazy-page.ts';
import { prefetch } from '../../../app/prefetch.ts';
import { CodeHomeDocument } from '../../../__generated__/pages/repo/code/code-home.ts';
import { repositoryName } from '../repository-name.ts';
import { README_NAMES } from './paths.ts';

/** The code pages of a repository, at Gitea's URLs (inside the repository frame). */
export const codeRoutes: RouteObject[] = [
  {
    index: true,
    lazy: page(() => import('./RepoHome.tsx')),
    loader: ({ params }) => prefetch(CodeHomeDocument, { ...repositoryName(params), readmes: README_NAMES }),
  },
  { path: 'src/branch/*', lazy: page(() => import('./CodeView.tsx')) },
  { path: 'src/tag/*', lazy: page(() => import('./CodeView.tsx')) },
  { path: 'src/commit/*', lazy: page(() => import('./CodeView.tsx')) },
  { path: 'commits/branch/*', lazy: page(() => import('./Commits.tsx')) },
  { path: 'commit/:sha', lazy: page(() => import('./CommitView.tsx')) },
  { path: 'compare', lazy: page(() => import('./Compare.tsx')) },
  { path: 'compare/*', lazy: page(() => import('./Compare.tsx')) },
  { path: 'branches', lazy: page(() => import('./Branches.tsx')) },
  { path: 'tags', lazy: page(() => import('./Tags.tsx')) },
];
