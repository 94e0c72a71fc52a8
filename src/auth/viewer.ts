import type { User } from '../db/models.ts';
import { forbidden, unauthenticated } from '../errors.ts';
import { grants, type ScopeCategory, type ScopeLevel, type TokenGrant } from './scopes.ts';

/** Who is calling, and with what reach. Built once per request by authenticate(). */
export interface Viewer {
  /** The effective user: the sudo target when a site admin uses sudo. */
  user: User | null;
  method: 'anonymous' | 'password' | 'token';
  /** The token's grant; null when no token restricts the caller (password or anonymous). */
  grant: TokenGrant | null;
  /** The site admin behind a sudo request. */
  sudoBy?: User;
  /** Id of the token used, if any. */
  tokenId?: number;
  /** The OAuth2 grant the token was issued for, when an OAuth2 application made the request. */
  oauth2GrantId?: number;
  /** The web interface session the browser signed in with (its cookie), if any. */
  session?: { id: number; csrfToken: string };
  /**
   * What is built goes to third parties (webhook payloads): accounts show their no-reply e-mail address, as
   * Gitea's payloads do, whatever the viewer could see.
   */
  forThirdParties?: boolean;
}

export const anonymousViewer: Viewer = Object.freeze({ user: null, method: 'anonymous', grant: null }) as Viewer;

export function isSiteAdmin(viewer: Viewer): boolean {
  return !!viewer.user?.isAdmin && !viewer.grant?.publicOnly;
}

/** A public-only token reaches public resources only. */
export function isPublicOnly(viewer: Viewer): boolean {
  return !!viewer.grant?.publicOnly;
}

export function allowsScope(viewer: Viewer, category: ScopeCategory, level: ScopeLevel): boolean {
  return viewer.grant === null || grants(viewer.grant, category, level);
}

export function requireUser(viewer: Viewer): User {
  if (!viewer.user) throw unauthenticated();
  return viewer.user;
}

export function requireSiteAdmin(viewer: Viewer): User {
  const user = requireUser(viewer);
  if (!isSiteAdmin(viewer)) throw forbidden('you must be a site administrator');
  return user;
}

/** The caller themselves or a site admin. */
export function requireSelfOrAdmin(viewer: Viewer, target: User): User {
  const user = requireUser(viewer);
  if (user.id !== target.id && !isSiteAdmin(viewer)) throw forbidden('you may only do this for your own account');
  return user;
}

/** Accounts that may not sign in, by any credential: not activated, or prohibited. */
export function checkCanSignIn(user: User) {
  if (!user.isActive) throw forbidden('this account is not activated');
  if (user.prohibitLogin) throw forbidden('this account is not allowed to sign in');
}
