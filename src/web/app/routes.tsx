import type { RouteObject } from 'react-router';
import { Shell } from './Shell.tsx';
import { NotFound } from '../components/Status.tsx';

/** A page module's default export, loaded when its route is first visited: each page is a chunk of its own. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

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
      { path: '*', Component: NotFound },
    ],
  },
];
