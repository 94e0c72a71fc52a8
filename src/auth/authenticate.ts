import { timingSafeEqual } from 'node:crypto';
import type { Config } from '../config/defaults.ts';
import { findSession } from '../domain/session/session.service.ts';
import type { Db } from '../db/client.ts';
import type { User } from '../db/models.ts';
import { forbidden, notFound, unauthenticated } from '../errors.ts';
import { checkCredentials, findUserByLogin } from '../domain/user/user.service.ts';
import { findTokenBySecret } from '../domain/token/token.service.ts';
import { parseScopes, type TokenGrant } from './scopes.ts';
import { looksLikeToken } from './token-secret.ts';
import { verifyTotp } from './totp.ts';
import type { CacheView } from '../cache/cache.ts';
import type { PasswordCache } from './password-cache.ts';
import { anonymousViewer, checkCanSignIn, type Viewer } from './viewer.ts';

/** The credential-bearing parts of a request, whatever the transport (REST, GraphQL, git, websocket). */
export interface Credentials {
  authorization?: string | null;
  /** The deprecated `token` / `access_token` query parameter. */
  queryToken?: string | null;
  /** The X-Gitea-OTP header. */
  otp?: string | null;
  /** The `sudo` query parameter or `Sudo` header. */
  sudo?: string | null;
  /**
   * A web interface session (its cookie), used when no other credential comes. `csrf` is the token the page
   * echoed; `requireCsrf` says whether this request must echo it (writes, and every websocket connection).
   */
  session?: { secret: string; csrf?: string | null; requireCsrf: boolean; live?: boolean } | null;
}

export interface Authentication {
  viewer: Viewer;
  /** A Warning header value to send back, for deprecated credential forms. */
  warning?: string;
}

export const QUERY_TOKEN_WARNING = '299 Graft "token and access_token API authentication is deprecated; send the token in the Authorization header"';

/** Resolves credentials to a viewer, or throws UNAUTHENTICATED / FORBIDDEN / NOT_FOUND (sudo target). */
export interface AuthDeps {
  db: Db;
  config: Config;
  /** The request's view of the app's caches (tokens and accounts); one-off tools do without. */
  cache?: CacheView;
  /** Passwords already verified (the app has one; one-off tools do without). */
  passwordCache?: PasswordCache;
}

export async function authenticate(deps: AuthDeps, credentials: Credentials): Promise<Authentication> {
  let warning: string | undefined;
  let viewer = anonymousViewer;
  const header = credentials.authorization?.trim();

  if (header) {
    const [scheme, ...rest] = header.split(/\s+/);
    const value = rest.join(' ');
    switch (scheme.toLowerCase()) {
      case 'token':
      case 'bearer':
        viewer = await viewerForToken(deps, value);
        break;
      case 'basic':
        viewer = await viewerForBasic(deps, value, credentials.otp);
        break;
      default:
        throw unauthenticated(`unsupported authorization scheme "${scheme}"`);
    }
  } else if (credentials.queryToken) {
    if (deps.config.security.DISABLE_QUERY_AUTH_TOKEN) {
      throw unauthenticated('tokens in the query string are disabled on this server: send it in the Authorization header');
    }
    viewer = await viewerForToken(deps, credentials.queryToken);
    warning = QUERY_TOKEN_WARNING;
  } else if (credentials.session) {
    viewer = await viewerForSession(deps, credentials.session);
  }

  if (credentials.sudo) viewer = await sudo(deps, viewer, credentials.sudo);
  return { viewer, warning };
}

async function viewerForToken(deps: AuthDeps, secret: string): Promise<Viewer> {
  const token = secret ? await findTokenBySecret(deps, secret.trim()) : null;
  if (!token) throw unauthenticated('the access token is not valid');
  if (token.expiresAt && token.expiresAt.getTime() <= Date.now()) throw unauthenticated('the access token has expired');
  checkCanSignIn(token.user);
  const viewer: Viewer = { user: token.user, method: 'token', grant: grantOf(token), tokenId: token.id };
  if (token.oauth2GrantId !== null) viewer.oauth2GrantId = token.oauth2GrantId;
  return viewer;
}

/** Grants parsed once per token row (cached rows are shared by the requests that use the token). */
const grants = new WeakMap<object, TokenGrant>();
function grantOf(token: { scopes: string }): TokenGrant {
  let grant = grants.get(token);
  if (!grant) grants.set(token, (grant = Object.freeze(parseScopes(token.scopes.split(','))) as TokenGrant));
  return grant;
}

/** Basic credentials as login and password; null when malformed. */
function basicPair(encoded: string): { login: string; password: string } | null {
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Git clients put a token where the password (or, with x-oauth-basic, the user name) goes. */
function tokenOfPair({ login, password }: { login: string; password: string }): string | null {
  if (looksLikeToken(password)) return password;
  if (looksLikeToken(login) && (password === '' || password === 'x-oauth-basic')) return login;
  return null;
}

/** The token a request's basic credentials carry, where git clients put one (for deploy tokens: src/http/git.ts). */
export function tokenInBasicCredentials(credentials: Credentials): string | null {
  const [scheme, ...rest] = (credentials.authorization?.trim() ?? '').split(/\s+/);
  if (scheme.toLowerCase() !== 'basic') return null;
  const pair = basicPair(rest.join(' '));
  return pair && tokenOfPair(pair);
}

async function viewerForBasic(deps: AuthDeps, encoded: string, otp: string | null | undefined): Promise<Viewer> {
  const pair = basicPair(encoded);
  if (!pair) throw unauthenticated('malformed basic credentials');
  const { login, password } = pair;
  const token = tokenOfPair(pair);
  if (token) return viewerForToken(deps, token);

  const user = await checkCredentials(deps, login, password, deps.passwordCache);
  if (!user) throw unauthenticated('wrong user name or password');
  checkCanSignIn(user);
  if (user.totpSecret) {
    if (!otp) throw unauthenticated('this account uses two-factor authentication: send the passcode in the X-Gitea-OTP header, or use an access token');
    if (!verifyTotp(user.totpSecret, otp.trim())) throw unauthenticated('the two-factor passcode is not valid or has expired');
  }
  return { user, method: 'password', grant: null };
}

/**
 * A session cookie signs its browser in as with a password. An unknown or expired one is no credential (the
 * page offers to sign in again); a write that does not echo the session's CSRF token is refused, so another
 * site cannot make the browser write with its cookie.
 */
async function viewerForSession(deps: AuthDeps, session: NonNullable<Credentials['session']>): Promise<Viewer> {
  const row = await findSession(deps.db, session.secret);
  // Over HTTP an ended session is no credential (the page offers to sign in); a live connection with one fails,
  // so that its subscriptions end.
  if (!row) {
    if (session.live) throw unauthenticated('the session has ended: sign in again');
    return anonymousViewer;
  }
  if (session.requireCsrf && !sameSecret(session.csrf ?? '', row.csrfToken)) throw forbidden('CSRF token missing or invalid: reload the page');
  checkCanSignIn(row.user);
  return { user: row.user, method: 'password', grant: null, session: { id: row.id, csrfToken: row.csrfToken } };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}


async function sudo(deps: { db: Db }, viewer: Viewer, login: string): Promise<Viewer> {
  if (!viewer.user?.isAdmin || viewer.grant?.publicOnly) throw forbidden('only site administrators may use sudo');
  const target = await findUserByLogin(deps, login);
  if (!target) throw notFound(`user "${login}" does not exist`);
  return { ...viewer, user: target, sudoBy: viewer.user };
}
