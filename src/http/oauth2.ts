import express, { type Request, type RequestHandler, type Response } from 'express';
import type { Config } from '../config/defaults.ts';
import type { Db } from '../db/client.ts';
import type { EventBus } from '../events/bus.ts';
import { isDomainError } from '../errors.ts';
import type { AuthorizationRequest } from '../domain/oauth2/oauth2.inputs.ts';
import { SIGNING_ALGORITHM, signingKey } from '../domain/oauth2/oauth2.keys.ts';
import { OIDC_SCOPES, TokenError, checkAuthorizationRequest, exchangeToken, startAuthorization, userInfo } from '../domain/oauth2/oauth2.service.ts';
import { cacheOf, viewerOf } from './authenticate.ts';
import { STATUS_OF, sendError } from './errors.ts';
import { CONTENT_SECURITY_POLICY } from './web-ui.ts';

interface Deps {
  db: Db;
  config: Config;
  events: EventBus;
  /** The server's root URL, ending in a slash: the issuer of its tokens. */
  rootUrl: () => string;
}

/**
 * Graft as an OAuth2 / OpenID Connect provider, at Gitea's URLs: the authorization endpoint (which hands the
 * consent page to the web interface), the token endpoint, discovery, the key set and userinfo. The tokens it
 * issues are access tokens of src/domain/token, so every transport accepts them as it accepts any token.
 */
export function createOAuth2Provider(deps: Deps, authenticate: RequestHandler): express.Router {
  const router = express.Router();
  if (!deps.config.oauth2.ENABLED) return router;
  const form = express.urlencoded({ extended: false, limit: '64kb' });

  const authorize: RequestHandler = (req, res, next) =>
    authenticate(req, res, (err?: unknown) => {
      if (err) return next(err);
      handleAuthorize(deps, req, res, next).catch(next);
    });
  router.get('/login/oauth/authorize', authorize);
  // A request posted as a form is the same request as a GET (where the sign-in and consent pages work).
  router.post('/login/oauth/authorize', form, (req, res) => res.redirect(303, authorizeUrlOf(req.body as Record<string, unknown>)));

  router.post('/login/oauth/access_token', form, express.json({ limit: '64kb' }), (req, res, next) => {
    handleToken(deps, req, res).catch(next);
  });

  router.get('/.well-known/openid-configuration', (_req, res) => {
    const root = deps.rootUrl();
    res.json({
      issuer: root,
      authorization_endpoint: `${root}login/oauth/authorize`,
      token_endpoint: `${root}login/oauth/access_token`,
      jwks_uri: `${root}login/oauth/keys`,
      userinfo_endpoint: `${root}login/oauth/userinfo`,
      response_types_supported: ['code'],
      id_token_signing_alg_values_supported: [SIGNING_ALGORITHM],
      subject_types_supported: ['public'],
      scopes_supported: OIDC_SCOPES,
      claims_supported: ['aud', 'exp', 'iat', 'iss', 'sub', 'name', 'preferred_username', 'profile', 'picture', 'website', 'locale', 'updated_at', 'email', 'email_verified', 'groups'],
      code_challenge_methods_supported: ['plain', 'S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    });
  });

  router.get('/login/oauth/keys', (_req, res, next) => {
    signingKey(deps.db).then((key) => res.json({ keys: [key.publicJwk] }), next);
  });

  const info: RequestHandler = (req, res, next) =>
    authenticate(req, res, (err?: unknown) => {
      if (err) return next(err);
      const viewer = viewerOf(res);
      // OIDC core 5.3: the userinfo endpoint answers to the access tokens the provider issued, not to other credentials.
      if (!viewer.user || viewer.oauth2GrantId === undefined) {
        res.setHeader('WWW-Authenticate', 'Bearer realm="Graft OAuth2"');
        return sendError(res, 401, 'no valid authorization: send an access token issued by the OAuth2 provider');
      }
      userInfo(deps.db, deps.rootUrl(), viewer.user).then((body) => res.json(body), next);
    });
  router.get('/login/oauth/userinfo', info);
  router.post('/login/oauth/userinfo', info);
  return router;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined);

function authorizationRequestOf(params: Record<string, unknown>): AuthorizationRequest {
  return {
    clientId: text(params.client_id) ?? '',
    redirectUri: text(params.redirect_uri) ?? '',
    responseType: text(params.response_type),
    state: text(params.state),
    scope: text(params.scope),
    nonce: text(params.nonce),
    codeChallenge: text(params.code_challenge),
    codeChallengeMethod: text(params.code_challenge_method),
  };
}

function authorizeUrlOf(params: Record<string, unknown> | undefined): string {
  const query = new URLSearchParams(Object.entries(params ?? {}).flatMap(([k, v]) => (text(v) === undefined ? [] : [[k, text(v)!]])));
  return `/login/oauth/authorize?${query.toString()}`;
}

async function handleAuthorize(deps: Deps, req: Request, res: Response, next: (err?: unknown) => void) {
  const params = req.query as Record<string, unknown>;
  const request = authorizationRequestOf(params ?? {});
  const viewer = viewerOf(res);
  // Where the sign-in page comes back to.
  const here = authorizeUrlOf(params);
  // Consent is given by a person signed in (a session or a password), never by a token: a token is treated as no one.
  if (!viewer.user || viewer.method === 'token') {
    // Checked first so that a bad request is reported before anyone signs in for nothing.
    const check = await checkAuthorizationRequest(deps.db, request);
    if (check.kind === 'page') return errorPage(res, check.error, check.description);
    if (check.kind === 'redirect') return res.redirect(303, check.url);
    return res.redirect(303, `/user/login?redirect_to=${encodeURIComponent(here)}`);
  }
  let outcome;
  try {
    outcome = await startAuthorization({ ...deps, viewer, cache: cacheOf(res) }, request);
  } catch (err) {
    if (isDomainError(err)) return sendError(res, STATUS_OF[err.kind], err.message);
    throw err;
  }
  if (outcome.kind === 'page') return errorPage(res, outcome.error, outcome.description);
  if (outcome.kind === 'redirect') return res.redirect(303, outcome.url);
  // The consent page is a page of the web interface, at this URL.
  next();
}

/** An error the person sees, never a redirect: the client or its redirect URI is not to be trusted. */
function errorPage(res: Response, error: string, description: string) {
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  res.status(400);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorization failed</title></head>` +
      `<body><main><h1>Authorization failed</h1><p>The application's request cannot be accepted: ${escape(description)}.</p>` +
      `<p><code>${escape(error)}</code></p><p><a href="/">Go to the start page</a></p></main></body></html>`,
  );
}

/** Client credentials from HTTP Basic (RFC 6749 2.3.1: each part form-encoded) or from the form. */
function clientCredentials(req: Request, body: Record<string, unknown>): { clientId: string; clientSecret: string } | TokenError {
  let clientId = text(body.client_id) ?? '';
  let clientSecret = text(body.client_secret) ?? '';
  const header = req.headers.authorization?.trim();
  if (header && (!clientId || !clientSecret)) {
    const [scheme, encoded = ''] = header.split(/\s+/);
    if (scheme.toLowerCase() !== 'basic') return new TokenError('invalid_request', 'cannot parse basic auth header');
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return new TokenError('invalid_request', 'cannot parse basic auth header');
    const formDecode = (s: string) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, ' '));
      } catch {
        return s;
      }
    };
    const id = formDecode(decoded.slice(0, colon));
    const secret = formDecode(decoded.slice(colon + 1));
    if (clientId && clientId !== id) return new TokenError('invalid_request', 'client_id in request body inconsistent with Authorization header');
    if (clientSecret && clientSecret !== secret) return new TokenError('invalid_request', 'client_secret in request body inconsistent with Authorization header');
    clientId = id;
    clientSecret = secret;
  }
  return { clientId, clientSecret };
}

async function handleToken(deps: Deps, req: Request, res: Response) {
  // RFC 6749 5.1: token answers are never cached.
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
  const body = (req.body ?? {}) as Record<string, unknown>;
  const client = clientCredentials(req, body);
  try {
    if (client instanceof TokenError) throw client;
    const answer = await exchangeToken(
      { db: deps.db, config: deps.config, events: deps.events, issuer: deps.rootUrl() },
      {
        grantType: text(body.grant_type) ?? '',
        ...client,
        code: text(body.code),
        redirectUri: text(body.redirect_uri),
        codeVerifier: text(body.code_verifier),
        refreshToken: text(body.refresh_token),
      },
    );
    res.json(answer);
  } catch (err) {
    if (err instanceof TokenError) return res.status(400).json({ error: err.error, error_description: err.description });
    throw err;
  }
}
