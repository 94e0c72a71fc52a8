import type { RouteObject } from 'react-router';
import { page } from '../../app/lazy-page.ts';

/** An account's profile at /:owner (react-router ranks /:owner/:repo and the fixed paths above it). */
export const profileRoutes: RouteObject[] = [{ path: ':owner', lazy: page(() => import('./Profile.tsx')) }];
