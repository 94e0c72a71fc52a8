import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { parseScopes, scopeNames } from '../../auth/scopes.ts';
import { newTokenSecret, tokenDigest } from '../../auth/token-secret.ts';
import { requireUser } from '../../auth/viewer.ts';
import type { Config } from '../../config/defaults.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { OAuth2Application, OAuth2Grant, User } from '../../db/models.ts';
import { badRequest, notFound } from '../../errors.ts';
import { pageFrom, type Page, type PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import type { AuthorizationRequest, OAuth2ApplicationInput } from './oauth2.inputs.ts';
import { SIGNING_ALGORITHM, signingKey } from './oauth2.keys.ts';
import { accountAvatarUrl } from '../user/avatar.service.ts';

/** Seconds an authorization code may wait for its exchange (RFC 6749 4.1.2 advises at most ten minutes). */
export const CODE_LIFETIME = 600;

/** The OpenID Connect scopes; other requested scopes may be token scopes (ENABLE_ADDITIONAL_GRANT_SCOPES). */
export const OIDC_SCOPES = ['openid', 'profile', 'email', 'groups'];

/** Client secrets and codes are 256 random bits, so a fast digest (the access tokens') makes a stolen table useless. */
const digest = tokenDigest;

function sameDigest(secret: string, expected: string): boolean {
  const a = Buffer.from(digest(secret), 'hex');
  const b = Buffer.from(expected, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export const redirectUrisOf = (app: OAuth2Application): string[] => JSON.parse(app.redirectUris) as string[];

// ---------------------------------------------------------------------------------------------------------------
// Applications (the account's own; another account's answers 404 as if it did not exist)

function checkApplicationInput(input: OAuth2ApplicationInput): { name: string; redirectUris: string[] } {
  const name = input.name.trim();
  if (!name) throw badRequest('the application needs a name');
  const redirectUris = [...new Set(input.redirectUris.map((u) => u.trim()).filter(Boolean))];
  if (redirectUris.length === 0) throw badRequest('the application needs at least one redirect URI');
  for (const uri of redirectUris) {
    let parsed: URL;
    try {
      parsed = new URL(uri);
    } catch {
      throw badRequest(`redirect URI "${uri}" is not an absolute URL`);
    }
    // RFC 6749 3.1.2: an absolute URI without a fragment. Script schemes could run in the consenting browser.
    if (parsed.hash || uri.includes('#')) throw badRequest(`redirect URI "${uri}" may not have a fragment`);
    if (['javascript:', 'data:', 'vbscript:', 'file:'].includes(parsed.protocol)) throw badRequest(`redirect URI "${uri}" has a scheme that is not allowed`);
  }
  return { name, redirectUris };
}

const newClientSecret = () => `gto_${randomBytes(32).toString('hex')}`;

export async function createApplication(ctx: ServiceContext, input: OAuth2ApplicationInput): Promise<{ app: OAuth2Application; secret: string }> {
  const user = requireUser(ctx.viewer);
  const { name, redirectUris } = checkApplicationInput(input);
  const secret = newClientSecret();
  const app = await ctx.db.oAuth2Application.create({
    data: {
      userId: user.id,
      name,
      clientId: randomUUID(),
      clientSecretHash: digest(secret),
      redirectUris: JSON.stringify(redirectUris),
      confidentialClient: input.confidentialClient ?? false,
      skipSecondaryAuthorization: input.skipSecondaryAuthorization ?? false,
    },
  });
  return { app, secret };
}

export async function listApplications(ctx: ServiceContext, window: PageWindow): Promise<Page<OAuth2Application>> {
  const user = requireUser(ctx.viewer);
  const where = { userId: user.id };
  return pageFrom(ctx.db.oAuth2Application.findMany({ where, orderBy: { id: 'desc' }, skip: window.offset, take: window.limit }), ctx.db.oAuth2Application.count({ where }));
}

export async function getApplication(ctx: ServiceContext, id: number): Promise<OAuth2Application> {
  const user = requireUser(ctx.viewer);
  const app = await ctx.db.oAuth2Application.findFirst({ where: { id, userId: user.id } });
  if (!app) throw notFound(`OAuth2 application ${id} does not exist`);
  return app;
}

/** Replaces the settings and, as Gitea does, the client secret: the answer shows the new one this once. */
export async function updateApplication(ctx: ServiceContext, id: number, input: OAuth2ApplicationInput): Promise<{ app: OAuth2Application; secret: string }> {
  const existing = await getApplication(ctx, id);
  const { name, redirectUris } = checkApplicationInput(input);
  const secret = newClientSecret();
  const app = await ctx.db.oAuth2Application.update({
    where: { id: existing.id },
    data: {
      name,
      redirectUris: JSON.stringify(redirectUris),
      clientSecretHash: digest(secret),
      confidentialClient: input.confidentialClient ?? false,
      skipSecondaryAuthorization: input.skipSecondaryAuthorization ?? false,
    },
  });
  return { app, secret };
}

/** Deleting an application deletes its grants, codes and tokens (cascades): its tokens stop working at once. */
export async function deleteApplication(ctx: ServiceContext, id: number): Promise<void> {
  const app = await getApplication(ctx, id);
  const tokens = await ctx.db.accessToken.findMany({ where: { oauth2Grant: { applicationId: app.id } }, select: { tokenHash: true } });
  await ctx.db.oAuth2Application.delete({ where: { id: app.id } });
  await announceRevoked(ctx, tokens);
}

/** Live connections made with these tokens end (the GraphQL websocket listens for this). */
async function announceRevoked(ctx: Pick<ServiceContext, 'events'>, tokens: { tokenHash: string }[]) {
  for (const { tokenHash } of tokens) await ctx.events.publish('token.revoked', { tokenHash });
}

// ---------------------------------------------------------------------------------------------------------------
// Grants: the applications an account has authorized

export type GrantWithApplication = OAuth2Grant & { application: OAuth2Application };

export async function listGrants(ctx: ServiceContext, window: PageWindow): Promise<Page<GrantWithApplication>> {
  const user = requireUser(ctx.viewer);
  const where = { userId: user.id };
  return pageFrom(
    ctx.db.oAuth2Grant.findMany({ where, include: { application: true }, orderBy: { id: 'asc' }, skip: window.offset, take: window.limit }),
    ctx.db.oAuth2Grant.count({ where }),
  );
}

/** Revoking a grant ends its codes, refresh tokens and access tokens at once; the application must ask again. */
export async function revokeGrant(ctx: ServiceContext, id: number): Promise<void> {
  const user = requireUser(ctx.viewer);
  const grant = await ctx.db.oAuth2Grant.findFirst({ where: { id, userId: user.id } });
  if (!grant) throw notFound(`grant ${id} does not exist`);
  const tokens = await ctx.db.accessToken.findMany({ where: { oauth2GrantId: grant.id }, select: { tokenHash: true } });
  await ctx.db.oAuth2Grant.delete({ where: { id: grant.id } });
  await announceRevoked(ctx, tokens);
}

// ---------------------------------------------------------------------------------------------------------------
// The authorization endpoint (RFC 6749 4.1.1, RFC 7636 4.3)

/**
 * What an authorization request leads to. `page` errors are shown to the person and never redirect (the client
 * or its redirect URI cannot be trusted); `redirect` errors go back to the client's registered redirect URI.
 */
export type AuthorizationCheck =
  | { kind: 'page'; error: string; description: string }
  | { kind: 'redirect'; url: string }
  | { kind: 'valid'; app: OAuth2Application };

export function redirectWith(redirectUri: string, params: Record<string, string | null | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value) url.searchParams.set(name, value);
  return url.toString();
}

export async function checkAuthorizationRequest(db: Pick<Db, 'oAuth2Application'>, request: AuthorizationRequest): Promise<AuthorizationCheck> {
  const app = request.clientId ? await db.oAuth2Application.findUnique({ where: { clientId: request.clientId } }) : null;
  if (!app) return { kind: 'page', error: 'unauthorized_client', description: 'Client ID not registered' };
  // Exactly one of the registered URIs, character for character: anything else could send the code elsewhere.
  if (!request.redirectUri || !redirectUrisOf(app).includes(request.redirectUri)) {
    return { kind: 'page', error: 'invalid_request', description: 'Unregistered Redirect URI' };
  }
  const fail = (error: string, description: string): AuthorizationCheck => ({
    kind: 'redirect',
    url: redirectWith(request.redirectUri, { error, error_description: description, state: request.state }),
  });
  if (request.responseType !== 'code') return fail('unsupported_response_type', 'Only code response type is supported.');
  switch (request.codeChallengeMethod ?? '') {
    case 'S256':
    case 'plain':
      if (!request.codeChallenge) return fail('invalid_request', 'code_challenge is required with code_challenge_method');
      break;
    case '':
      // RFC 8252 8.1 and RFC 7636 4.4.1: public clients must use PKCE.
      if (request.codeChallenge) return fail('invalid_request', 'code_challenge_method is required with code_challenge');
      if (!app.confidentialClient) return fail('invalid_request', 'PKCE is required for public clients');
      break;
    default:
      return fail('invalid_request', 'unsupported code challenge method');
  }
  return { kind: 'valid', app };
}

async function newCode(tx: Tx, grant: OAuth2Grant, request: AuthorizationRequest): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  // Codes never exchanged would stay: each new one clears the grant's expired ones.
  await tx.oAuth2AuthorizationCode.deleteMany({ where: { grantId: grant.id, expiresAt: { lte: new Date() } } });
  await tx.oAuth2AuthorizationCode.create({
    data: {
      grantId: grant.id,
      codeHash: digest(code),
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge ?? '',
      codeChallengeMethod: request.codeChallenge ? (request.codeChallengeMethod ?? '') : '',
      expiresAt: new Date(Date.now() + CODE_LIFETIME * 1000),
    },
  });
  return code;
}

/** Records the scope and nonce of this request on the grant. */
async function refreshGrant(tx: Tx, grant: OAuth2Grant, request: AuthorizationRequest): Promise<OAuth2Grant> {
  const scope = request.scope ?? '';
  const data: { scope?: string; nonce?: string } = {};
  if (grant.scope !== scope) data.scope = scope;
  if (request.nonce && grant.nonce !== request.nonce) data.nonce = request.nonce;
  return Object.keys(data).length ? tx.oAuth2Grant.update({ where: { id: grant.id }, data }) : grant;
}

const scopeWords = (scope: string) => new Set(scope.split(/\s+/).filter(Boolean));

/** Whether every word of `requested` is in `granted`. */
function withinScope(requested: string, granted: string): boolean {
  const allowed = scopeWords(granted);
  return [...scopeWords(requested)].every((word) => allowed.has(word));
}

export type AuthorizationStart = AuthorizationCheck | { kind: 'consent'; app: OAuth2Application };

/**
 * A signed-in account's authorization request. An account that granted the application before is sent straight
 * back with a code when the client is confidential or trusted (skip_secondary_authorization); public clients ask
 * every time (RFC 6749 10.2), as in Gitea.
 */
export async function startAuthorization(ctx: ServiceContext, request: AuthorizationRequest): Promise<AuthorizationStart> {
  const user = requireUser(ctx.viewer);
  const check = await checkAuthorizationRequest(ctx.db, request);
  if (check.kind !== 'valid') return check;
  const { app } = check;
  if (!app.confidentialClient && !app.skipSecondaryAuthorization) return { kind: 'consent', app };
  const grant = await ctx.db.oAuth2Grant.findUnique({ where: { userId_applicationId: { userId: user.id, applicationId: app.id } } });
  // A client asking for more than the account granted is asked for it again: only a scope within the grant's skips consent.
  if (!grant || !withinScope(request.scope ?? '', grant.scope)) return { kind: 'consent', app };
  const code = await ctx.db.$transaction(async (tx: Tx) => newCode(tx, await refreshGrant(tx, grant, request), request));
  return { kind: 'redirect', url: redirectWith(request.redirectUri, { code, state: request.state }) };
}

/** The consent page's answer: the URL to send the browser to (with a code, or with access_denied). */
export async function answerAuthorization(ctx: ServiceContext, request: AuthorizationRequest, granted: boolean): Promise<string> {
  const user = requireUser(ctx.viewer);
  if (!ctx.config.oauth2.ENABLED) throw notFound('the OAuth2 provider is switched off on this server');
  const check = await checkAuthorizationRequest(ctx.db, request);
  if (check.kind === 'page') throw badRequest(`${check.error}: ${check.description}`);
  if (check.kind === 'redirect') return check.url;
  if (!granted) return redirectWith(request.redirectUri, { error: 'access_denied', error_description: 'the request is denied', state: request.state });
  const code = await ctx.db.$transaction(async (tx: Tx) => {
    const existing = await tx.oAuth2Grant.findUnique({ where: { userId_applicationId: { userId: user.id, applicationId: check.app.id } } });
    const grant = existing
      ? await refreshGrant(tx, existing, request)
      : await tx.oAuth2Grant.create({ data: { userId: user.id, applicationId: check.app.id, scope: request.scope ?? '', nonce: request.nonce ?? '' } });
    return newCode(tx, grant, request);
  });
  return redirectWith(request.redirectUri, { code, state: request.state });
}

/** The application a consent page names, by client id; null when unknown. */
export async function applicationByClientId(ctx: ServiceContext, clientId: string) {
  return ctx.db.oAuth2Application.findUnique({ where: { clientId }, include: { user: true } });
}

// ---------------------------------------------------------------------------------------------------------------
// The token endpoint (RFC 6749 4.1.3, 5, 6)

/** An error of the token endpoint: 400 with {"error","error_description"} (RFC 6749 5.2). */
export class TokenError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export interface TokenRequest {
  grantType: string;
  clientId: string;
  clientSecret: string;
  code?: string;
  redirectUri?: string;
  codeVerifier?: string;
  refreshToken?: string;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  refresh_token: string;
  id_token?: string;
}

interface TokenDeps {
  db: Db;
  config: Config;
  events: ServiceContext['events'];
  /** The issuer: the server's root URL. */
  issuer: string;
}

export async function exchangeToken(deps: TokenDeps, request: TokenRequest): Promise<TokenResponse> {
  if (request.grantType !== 'authorization_code' && request.grantType !== 'refresh_token') {
    throw new TokenError('unsupported_grant_type', 'Only refresh_token or authorization_code grant type is supported');
  }
  const app = request.clientId ? await deps.db.oAuth2Application.findUnique({ where: { clientId: request.clientId } }) : null;
  // Loaded before any transaction below needs it (a transaction holds the only SQLite connection).
  await signingKey(deps.db);
  if (!app) throw new TokenError('invalid_client', `cannot load client with client id: "${request.clientId}"`);
  // RFC 6749 3.2.1: confidential clients authenticate; public clients have no secret to show (PKCE binds them).
  if (app.confidentialClient && !sameDigest(request.clientSecret, app.clientSecretHash)) {
    throw new TokenError('invalid_client', request.clientSecret ? 'invalid client secret' : 'invalid empty client secret');
  }
  return request.grantType === 'authorization_code' ? exchangeCode(deps, app, request) : refresh(deps, app, request);
}

function verifierMatches(method: string, challenge: string, verifier: string): boolean {
  if (!verifier) return false;
  const computed = method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  const a = Buffer.from(computed);
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function exchangeCode(deps: TokenDeps, app: OAuth2Application, request: TokenRequest): Promise<TokenResponse> {
  const invalid = (description: string) => new TokenError('invalid_grant', description);
  const code = request.code ? await deps.db.oAuth2AuthorizationCode.findUnique({ where: { codeHash: digest(request.code) }, include: { grant: true } }) : null;
  // A used code is gone: a second exchange finds nothing.
  if (!code) throw invalid('the authorization code is not valid or was used already');
  if (code.grant.applicationId !== app.id) throw invalid('the authorization code was issued to another client');
  if (code.expiresAt.getTime() <= Date.now()) {
    await deps.db.oAuth2AuthorizationCode.deleteMany({ where: { id: code.id } });
    throw invalid('the authorization code has expired');
  }
  if (code.codeChallenge && !verifierMatches(code.codeChallengeMethod, code.codeChallenge, request.codeVerifier ?? '')) {
    throw invalid('failed PKCE code challenge');
  }
  if ((request.redirectUri ?? '') !== code.redirectUri) throw invalid('redirect_uri differs from the original authorization request');
  return deps.db.$transaction(async (tx: Tx) => {
    // Whoever deletes the row owns the code: of two concurrent exchanges, one fails.
    const { count } = await tx.oAuth2AuthorizationCode.deleteMany({ where: { id: code.id } });
    if (count !== 1) throw invalid('authorization code already used');
    return issueTokens(deps, tx, app, code.grant);
  });
}

interface RefreshClaims {
  gnt: number;
  cnt: number;
  typ: string;
}

async function refresh(deps: TokenDeps, app: OAuth2Application, request: TokenRequest): Promise<TokenResponse> {
  const invalid = (description: string) => new TokenError('invalid_grant', description);
  const key = await signingKey(deps.db);
  let claims: RefreshClaims;
  try {
    // Only this provider reads its refresh tokens: the signature is the check (not the issuer, so that a new
    // ROOT_URL leaves them working).
    const verified = await jwtVerify<RefreshClaims>(request.refreshToken ?? '', key.publicKey, { algorithms: [SIGNING_ALGORITHM] });
    claims = verified.payload;
  } catch {
    throw invalid('unable to parse refresh token');
  }
  if (claims.typ !== 'refresh' || typeof claims.gnt !== 'number' || typeof claims.cnt !== 'number') throw invalid('unable to parse refresh token');
  const grant = await deps.db.oAuth2Grant.findUnique({ where: { id: claims.gnt } });
  if (!grant) throw invalid('grant does not exist');
  if (grant.applicationId !== app.id) throw invalid('refresh token belongs to a different client');
  return deps.db.$transaction(async (tx: Tx) => {
    if (deps.config.oauth2.INVALIDATE_REFRESH_TOKENS) {
      // Only the newest refresh token of the grant works, once: the one that moves the counter on wins.
      const { count } = await tx.oAuth2Grant.updateMany({ where: { id: grant.id, counter: claims.cnt }, data: { counter: { increment: 1 } } });
      if (count !== 1) throw invalid('token was already used');
      return issueTokens(deps, tx, app, { ...grant, counter: grant.counter + 1 }, true);
    }
    return issueTokens(deps, tx, app, grant);
  });
}

/**
 * The token scopes an access token of this grant carries (Gitea's grantAdditionalScopes): all its account may
 * do, unless ENABLE_ADDITIONAL_GRANT_SCOPES is on and the requested scopes name token scopes (read:repository, …).
 */
export function tokenScopesOf(config: Config, grantScope: string): string {
  if (!config.oauth2.ENABLE_ADDITIONAL_GRANT_SCOPES) return 'all';
  const named = grantScope.split(/[\s,]+/).filter((s) => s && !OIDC_SCOPES.includes(s));
  const known = named.filter((s) => {
    try {
      parseScopes([s]);
      return true;
    } catch {
      return false;
    }
  });
  const grant = parseScopes(known);
  if (Object.keys(grant.levels).length === 0) return scopeNames(parseScopes(['all', ...known])).join(',');
  return scopeNames(grant).join(',');
}

async function issueTokens(deps: TokenDeps, tx: Tx, app: OAuth2Application, grant: OAuth2Grant, counterMoved = false): Promise<TokenResponse> {
  const now = Date.now();
  const lifetime = deps.config.oauth2.ACCESS_TOKEN_EXPIRATION_TIME;
  // Expired tokens of the grant are of no more use; each exchange clears them so that they do not pile up.
  await tx.accessToken.deleteMany({ where: { oauth2GrantId: grant.id, expiresAt: { lte: new Date(now) } } });
  const secret = newTokenSecret();
  await tx.accessToken.create({
    data: {
      userId: grant.userId,
      name: `oauth2:${app.clientId}:${randomBytes(6).toString('hex')}`,
      tokenHash: tokenDigest(secret),
      tokenLastEight: secret.slice(-8),
      scopes: tokenScopesOf(deps.config, grant.scope),
      expiresAt: new Date(now + lifetime * 1000),
      oauth2GrantId: grant.id,
    },
  });
  let counter = grant.counter;
  if (deps.config.oauth2.INVALIDATE_REFRESH_TOKENS && !counterMoved) {
    counter += 1;
    await tx.oAuth2Grant.update({ where: { id: grant.id }, data: { counter } });
  }
  const key = await signingKey(deps.db);
  const refreshToken = await new SignJWT({ gnt: grant.id, cnt: counter, typ: 'refresh' })
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: key.kid })
    .setIssuer(deps.issuer)
    .setIssuedAt()
    .setExpirationTime(Math.floor(now / 1000) + deps.config.oauth2.REFRESH_TOKEN_EXPIRATION_TIME * 3600)
    .sign(key.privateKey);
  const response: TokenResponse = { access_token: secret, token_type: 'bearer', expires_in: lifetime, refresh_token: refreshToken };
  const scopes = grant.scope.split(/[\s,]+/);
  if (scopes.includes('openid')) {
    const user = await tx.user.findUniqueOrThrow({ where: { id: grant.userId } });
    response.id_token = await idToken(deps, tx, app, grant, user, scopes, key);
  }
  return response;
}

async function idToken(
  deps: TokenDeps,
  tx: Tx,
  app: OAuth2Application,
  grant: OAuth2Grant,
  user: User,
  scopes: string[],
  key: Awaited<ReturnType<typeof signingKey>>,
): Promise<string> {
  const claims: Record<string, unknown> = {};
  if (grant.nonce) claims.nonce = grant.nonce;
  if (scopes.includes('profile')) {
    Object.assign(claims, {
      name: user.fullName || user.login,
      preferred_username: user.login,
      profile: `${deps.issuer}${encodeURIComponent(user.login)}`,
      picture: accountAvatarUrl(deps.issuer, user),
      website: user.website,
      locale: user.language,
      updated_at: Math.floor(user.updatedAt.getTime() / 1000),
    });
  }
  if (scopes.includes('email')) Object.assign(claims, { email: user.email, email_verified: true });
  if (scopes.includes('groups')) claims.groups = await groupsOf(tx, user);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: key.kid })
    .setIssuer(deps.issuer)
    .setSubject(String(user.id))
    .setAudience(app.clientId)
    .setIssuedAt()
    .setExpirationTime(`${deps.config.oauth2.ACCESS_TOKEN_EXPIRATION_TIME}s`)
    .sign(key.privateKey);
}


/** Gitea's groups claim: the organizations the account belongs to, and "org:team" for each of its teams. */
async function groupsOf(db: Pick<Tx, 'orgMember' | 'teamMember'>, user: User): Promise<string[]> {
  const [orgs, teams] = await Promise.all([
    db.orgMember.findMany({ where: { userId: user.id }, select: { org: { select: { login: true } } } }),
    db.teamMember.findMany({ where: { userId: user.id }, select: { team: { select: { name: true, org: { select: { login: true } } } } } }),
  ]);
  const groups = new Set<string>();
  for (const m of orgs) groups.add(m.org.login);
  for (const t of teams) {
    groups.add(t.team.org.login);
    groups.add(`${t.team.org.login}:${t.team.name}`);
  }
  return [...groups];
}

/** The userinfo endpoint's answer (OIDC core 5.3), with Gitea's members. */
export async function userInfo(db: Db, rootUrl: string, user: User) {
  return {
    sub: String(user.id),
    name: user.fullName || user.login,
    preferred_username: user.login,
    email: user.email,
    picture: accountAvatarUrl(rootUrl, user),
    groups: await groupsOf(db, user),
  };
}
