import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { createClient } from 'graphql-ws';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import WebSocket from 'ws';
import { createAccount, createToken, type TestAccount } from '../testkit/accounts.ts';
import { sessionCookies } from '../testkit/browser.ts';
import { git, remoteUrl } from '../testkit/git.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer, type ServerKit } from '../testkit/use-server.ts';

type Cookies = { name: string; value: string }[];
const cookieHeader = (cookies: Cookies) => cookies.map((c) => `${c.name}=${c.value}`).join('; ');
const csrfOf = (cookies: Cookies) => cookies.find((c) => c.name === 'graft_csrf')!.value;

const REDIRECT = 'https://client.example.test/callback';

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** The steps of the flow as a browser and a client make them, over HTTP. */
function flow(server: ServerKit) {
  const kit = {
    async register(account: TestAccount, options: { confidential?: boolean; skip?: boolean; redirectUris?: string[] } = {}) {
      const res = await server.api.post(
        '/user/applications/oauth2',
        { name: `app-${randomBytes(3).toString('hex')}`, redirect_uris: options.redirectUris ?? [REDIRECT], confidential_client: options.confidential ?? true, skip_secondary_authorization: options.skip ?? false },
        account.basic,
      );
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return res.body as { id: number; client_id: string; client_secret: string };
    },
    /** GET /login/oauth/authorize as the browser sends it (not following redirects). */
    authorize(params: Record<string, string>, cookies?: Cookies) {
      const url = new URL('login/oauth/authorize', server.url);
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      return fetch(url, { redirect: 'manual', headers: { accept: 'text/html', ...(cookies ? { cookie: cookieHeader(cookies) } : {}) } });
    },
    /** The consent page's mutation, posted with the session as the page posts it; the URL to go to. */
    async consent(cookies: Cookies, request: Record<string, string | undefined>, granted = true) {
      const res = await fetch(new URL('api/graphql', server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cookieHeader(cookies), 'x-csrf-token': csrfOf(cookies) },
        body: JSON.stringify({
          query: 'mutation($request: OAuth2AuthorizationRequestInput!, $granted: Boolean!) { answerOAuth2Authorization(request: $request, granted: $granted) }',
          variables: { request, granted },
        }),
      });
      const body = (await res.json()) as { data?: { answerOAuth2Authorization: string }; errors?: unknown[] };
      assert.ok(body.data, JSON.stringify(body));
      return new URL(body.data.answerOAuth2Authorization);
    },
    async token(form: Record<string, string | undefined>, basic?: [string, string]) {
      const body = new URLSearchParams(Object.entries(form).filter((e): e is [string, string] => e[1] !== undefined));
      const res = await fetch(new URL('login/oauth/access_token', server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(basic ? { authorization: `Basic ${Buffer.from(basic.join(':')).toString('base64')}` } : {}) },
        body,
      });
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    },
    /** A code for `account`, through the consent page's mutation. */
    async code(account: TestAccount, app: { client_id: string }, extra: Record<string, string> = {}) {
      const { verifier, challenge } = pkce();
      const cookies = await sessionCookies(server, account);
      const url = await kit.consent(cookies, {
        clientId: app.client_id,
        redirectUri: REDIRECT,
        responseType: 'code',
        state: 'st',
        scope: 'openid profile',
        codeChallenge: challenge,
        codeChallengeMethod: 'S256',
        ...extra,
      });
      return { code: url.searchParams.get('code')!, verifier, cookies };
    },
    async tokens(account: TestAccount, app: { client_id: string; client_secret: string }, extra: Record<string, string> = {}) {
      const { code, verifier } = await kit.code(account, app, extra);
      const res = await kit.token({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT, client_id: app.client_id, client_secret: app.client_secret });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body as { access_token: string; refresh_token: string; id_token?: string; token_type: string; expires_in: number };
    },
  };
  return kit;
}

describe('the OAuth2 authorization endpoint', () => {
  const server = useServer();
  const oauth = flow(server);

  it('an unknown client_id shows an error page and redirects nowhere', async () => {
    const res = await oauth.authorize({ client_id: 'no-such-client', redirect_uri: REDIRECT, response_type: 'code' });
    assert.equal(res.status, 400);
    assert.equal(res.headers.get('location'), null);
    assert.match(await res.text(), /Client ID not registered/);
  });

  it('a redirect URI that is not exactly a registered one shows an error page and never redirects (no open redirect)', async () => {
    const alice = await createAccount(server.api);
    const app = await oauth.register(alice);
    const cookies = await sessionCookies(server, alice);
    for (const uri of [`${REDIRECT}/`, `${REDIRECT}?x=1`, 'https://evil.example.test/callback', REDIRECT.toUpperCase()]) {
      const res = await oauth.authorize({ client_id: app.client_id, redirect_uri: uri, response_type: 'code' }, cookies);
      assert.equal(res.status, 400, uri);
      assert.equal(res.headers.get('location'), null, uri);
      assert.match(await res.text(), /Unregistered Redirect URI/);
    }
    // The consent mutation refuses it as well.
    const res = await fetch(new URL('api/graphql', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookieHeader(cookies), 'x-csrf-token': csrfOf(cookies) },
      body: JSON.stringify({
        query: 'mutation($r: OAuth2AuthorizationRequestInput!) { answerOAuth2Authorization(request: $r, granted: true) }',
        variables: { r: { clientId: app.client_id, redirectUri: 'https://evil.example.test/callback', responseType: 'code' } },
      }),
    });
    const body = (await res.json()) as { errors?: { extensions: { code: string } }[] };
    assert.equal(body.errors?.[0].extensions.code, 'BAD_REQUEST');
  });

  it('someone not signed in is sent to the sign-in page, which comes back to the same request', async () => {
    const alice = await createAccount(server.api);
    const app = await oauth.register(alice);
    const params = { client_id: app.client_id, redirect_uri: REDIRECT, response_type: 'code', state: 'xyz' };
    const res = await oauth.authorize(params);
    assert.equal(res.status, 303);
    const location = new URL(res.headers.get('location')!, server.url);
    assert.equal(location.pathname, '/user/login');
    const back = new URL(location.searchParams.get('redirect_to')!, server.url);
    assert.equal(back.pathname, '/login/oauth/authorize');
    assert.equal(back.searchParams.get('client_id'), app.client_id);
    assert.equal(back.searchParams.get('state'), 'xyz');
  });

  it('a request posted as a form is sent on as the same GET request', async () => {
    const res = await fetch(new URL('login/oauth/authorize', server.url), {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ client_id: 'c1', redirect_uri: REDIRECT, response_type: 'code', state: 's' }),
    });
    assert.equal(res.status, 303);
    const location = new URL(res.headers.get('location')!, server.url);
    assert.equal(location.pathname, '/login/oauth/authorize');
    assert.deepEqual(Object.fromEntries(location.searchParams), { client_id: 'c1', redirect_uri: REDIRECT, response_type: 'code', state: 's' });
  });

  it('a signed-in person gets the consent page (the web interface) at the authorization URL', async () => {
    const alice = await createAccount(server.api);
    const app = await oauth.register(alice);
    const res = await oauth.authorize({ client_id: app.client_id, redirect_uri: REDIRECT, response_type: 'code' }, await sessionCookies(server, alice));
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type')!, /text\/html/);
  });

  it('a public client must send a PKCE challenge: without one it is sent back with invalid_request and its state', async () => {
    const alice = await createAccount(server.api);
    const app = await oauth.register(alice, { confidential: false });
    const res = await oauth.authorize({ client_id: app.client_id, redirect_uri: REDIRECT, response_type: 'code', state: 's1' }, await sessionCookies(server, alice));
    assert.equal(res.status, 303);
    const back = new URL(res.headers.get('location')!);
    assert.equal(`${back.origin}${back.pathname}`, REDIRECT);
    assert.equal(back.searchParams.get('error'), 'invalid_request');
    assert.equal(back.searchParams.get('state'), 's1');
  });

  it('another response_type and an unknown challenge method are sent back as errors', async () => {
    const alice = await createAccount(server.api);
    const app = await oauth.register(alice);
    const cookies = await sessionCookies(server, alice);
    const token = await oauth.authorize({ client_id: app.client_id, redirect_uri: REDIRECT, response_type: 'token' }, cookies);
    assert.equal(new URL(token.headers.get('location')!).searchParams.get('error'), 'unsupported_response_type');
    const method = await oauth.authorize({ client_id: app.client_id, redirect_uri: REDIRECT, response_type: 'code', code_challenge: 'x', code_challenge_method: 'S512' }, cookies);
    assert.equal(new URL(method.headers.get('location')!).searchParams.get('error'), 'invalid_request');
  });

  it('denying consent sends the browser back with access_denied and the state', async () => {
    const alice = await createAccount(server.api);
    const app = await oauth.register(alice);
    const url = await oauth.consent(await sessionCookies(server, alice), { clientId: app.client_id, redirectUri: REDIRECT, responseType: 'code', state: 'no' }, false);
    assert.equal(url.searchParams.get('error'), 'access_denied');
    assert.equal(url.searchParams.get('state'), 'no');
    assert.equal(url.searchParams.get('code'), null);
  });

  it('granting sends the browser back with a code and the state', async () => {
    const alice = await createAccount(server.api);
    const app = await oauth.register(alice);
    const url = await oauth.consent(await sessionCookies(server, alice), { clientId: app.client_id, redirectUri: REDIRECT, responseType: 'code', state: 'yes' });
    assert.equal(`${url.origin}${url.pathname}`, REDIRECT);
    assert.ok(url.searchParams.get('code'));
    assert.equal(url.searchParams.get('state'), 'yes');
  });

  it('a confidential client authorized before gets a code at once; a public client asks again unless it skips secondary authorization', async () => {
    const alice = await createAccount(server.api);
    const cookies = await sessionCookies(server, alice);
    const { challenge } = pkce();
    const ask = (app: { client_id: string }) =>
      oauth.authorize({ client_id: app.client_id, redirect_uri: REDIRECT, response_type: 'code', state: 'again', code_challenge: challenge, code_challenge_method: 'S256' }, cookies);
    const grant = (app: { client_id: string }) =>
      oauth.consent(cookies, { clientId: app.client_id, redirectUri: REDIRECT, responseType: 'code', codeChallenge: challenge, codeChallengeMethod: 'S256' });

    const confidential = await oauth.register(alice);
    assert.equal((await ask(confidential)).status, 200, 'consent page the first time');
    await grant(confidential);
    const again = await ask(confidential);
    assert.equal(again.status, 303);
    const back = new URL(again.headers.get('location')!);
    assert.ok(back.searchParams.get('code'));
    assert.equal(back.searchParams.get('state'), 'again');
    const wider = await oauth.authorize({ client_id: confidential.client_id, redirect_uri: REDIRECT, response_type: 'code', scope: 'openid email', state: 'wider', code_challenge: challenge, code_challenge_method: 'S256' }, cookies);
    assert.equal(wider.status, 200, 'a scope beyond the grant is asked for again, on the consent page');
    // A token is no one at the authorization endpoint: an application cannot consent with the token it holds.
    const token = await createToken(server.api, alice, ['all']);
    const url = new URL('login/oauth/authorize', server.url);
    for (const [k, v] of Object.entries({ client_id: confidential.client_id, redirect_uri: REDIRECT, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256' })) url.searchParams.set(k, v);
    const withToken = await fetch(url, { redirect: 'manual', headers: { authorization: `token ${token}` } });
    assert.equal(withToken.status, 303);
    assert.match(withToken.headers.get('location') ?? '', /^\/user\/login\?redirect_to=/);

    const publicClient = await oauth.register(alice, { confidential: false });
    await grant(publicClient);
    assert.equal((await ask(publicClient)).status, 200, 'a public client is asked for every time');

    const trusted = await oauth.register(alice, { confidential: false, skip: true });
    await grant(trusted);
    assert.equal((await ask(trusted)).status, 303);
  });
});

describe('the OAuth2 token endpoint', () => {
  const server = useServer();
  const oauth = flow(server);

  it('exchanges a code once: a second exchange of the same code is invalid_grant (400, RFC 6749 JSON)', async () => {
    const alice = await createAccount(server.api);
    const app = await oauth.register(alice);
    const { code, verifier } = await oauth.code(alice, app);
    const form = { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT, client_id: app.client_id, client_secret: app.client_secret };
    const first = await oauth.token(form);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.token_type, 'bearer');
    assert.equal(first.body.expires_in, 3600);
    assert.ok(first.body.refresh_token);
    const second = await oauth.token(form);
    assert.equal(second.status, 400);
    assert.equal(second.body.error, 'invalid_grant');
    assert.equal(typeof second.body.error_description, 'string');
  });

  it('a wrong PKCE verifier, another redirect_uri or another client is invalid_grant, and the code stays usable by its client', async () => {
    const alice = await createAccount(server.api);
    const app = await oauth.register(alice);
    const other = await oauth.register(alice);
    const { code, verifier } = await oauth.code(alice, app);
    const base = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: app.client_id, client_secret: app.client_secret };
    const wrongVerifier = await oauth.token({ ...base, code_verifier: pkce().verifier });
    assert.deepEqual([wrongVerifier.status, wrongVerifier.body.error], [400, 'invalid_grant']);
    const noVerifier = await oauth.token(base);
    assert.deepEqual([noVerifier.status, noVerifier.body.error], [400, 'invalid_grant']);
    const otherRedirect = await oauth.token({ ...base, code_verifier: verifier, redirect_uri: 'https://client.example.test/other' });
    assert.deepEqual([otherRedirect.status, otherRedirect.body.error], [400, 'invalid_grant']);
    const foreign = await oauth.token({ ...base, code_verifier: verifier, client_id: other.client_id, client_secret: other.client_secret });
    assert.deepEqual([foreign.status, foreign.body.error], [400, 'invalid_grant']);
    const right = await oauth.token({ ...base, code_verifier: verifier });
    assert.equal(right.status, 200, JSON.stringify(right.body));
  });

  it('the plain PKCE method compares the verifier as it is', async () => {
    const alice = await createAccount(server.api);
    const app = await oauth.register(alice, { confidential: false });
    const verifier = randomBytes(32).toString('base64url');
    const { code } = await oauth.code(alice, app, { codeChallenge: verifier, codeChallengeMethod: 'plain' });
    const res = await oauth.token({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT, client_id: app.client_id });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  });

  it('an expired code is invalid_grant', async () => {
    const alice = await createAccount(server.api);
    const app = await oauth.register(alice);
    const { code, verifier } = await oauth.code(alice, app);
    // Ten minutes are long to wait: the code's row is aged instead.
    await server.app.database.db.oAuth2AuthorizationCode.updateMany({ where: { grant: { application: { clientId: app.client_id } } }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await oauth.token({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT, client_id: app.client_id, client_secret: app.client_secret });
    assert.deepEqual([res.status, res.body.error], [400, 'invalid_grant']);
  });

  it('a confidential client authenticates with HTTP Basic or form fields; a wrong secret is invalid_client', async () => {
    const alice = await createAccount(server.api);
    const app = await oauth.register(alice);
    const viaBasic = await oauth.code(alice, app);
    const basic = await oauth.token({ grant_type: 'authorization_code', code: viaBasic.code, code_verifier: viaBasic.verifier, redirect_uri: REDIRECT }, [app.client_id, app.client_secret]);
    assert.equal(basic.status, 200, JSON.stringify(basic.body));
    const wrong = await oauth.code(alice, app);
    const refused = await oauth.token({ grant_type: 'authorization_code', code: wrong.code, code_verifier: wrong.verifier, redirect_uri: REDIRECT, client_id: app.client_id, client_secret: 'gto_wrong' });
    assert.deepEqual([refused.status, refused.body.error], [400, 'invalid_client']);
    const unsupported = await oauth.token({ grant_type: 'password', client_id: app.client_id, client_secret: app.client_secret });
    assert.deepEqual([unsupported.status, unsupported.body.error], [400, 'unsupported_grant_type']);
  });

  it('a refresh token works once: the refresh answers with the next one, and the used one is invalid_grant', async () => {
    const alice = await createAccount(server.api);
    const app = await oauth.register(alice);
    const first = await oauth.tokens(alice, app);
    const refresh = (token: string) => oauth.token({ grant_type: 'refresh_token', refresh_token: token, client_id: app.client_id, client_secret: app.client_secret });
    const second = await refresh(first.refresh_token);
    assert.equal(second.status, 200, JSON.stringify(second.body));
    assert.notEqual(second.body.refresh_token, first.refresh_token);
    assert.notEqual(second.body.access_token, first.access_token);
    const again = await refresh(first.refresh_token);
    assert.deepEqual([again.status, again.body.error], [400, 'invalid_grant']);
    assert.equal((await refresh(second.body.refresh_token as string)).status, 200);
    const garbage = await refresh('not-a-token');
    assert.deepEqual([garbage.status, garbage.body.error], [400, 'invalid_grant']);
  });

  it('with the openid scope the answer has an ID token signed by the key the JWKS publishes, for this client and account', async () => {
    const alice = await createAccount(server.api);
    const app = await oauth.register(alice);
    const tokens = await oauth.tokens(alice, app, { nonce: 'n-0S6' });
    const discovery = (await (await fetch(new URL('.well-known/openid-configuration', server.url))).json()) as Record<string, any>;
    assert.equal(discovery.issuer, server.url);
    assert.equal(discovery.jwks_uri, `${server.url}login/oauth/keys`);
    assert.deepEqual(discovery.code_challenge_methods_supported, ['plain', 'S256']);
    const { payload } = await jwtVerify(tokens.id_token!, createRemoteJWKSet(new URL(discovery.jwks_uri as string)), { issuer: server.url, audience: app.client_id });
    assert.equal(payload.sub, String(alice.id));
    assert.equal(payload.nonce, 'n-0S6');
    assert.equal(payload.preferred_username, alice.login);
  });

  it('userinfo answers to an issued access token with the account, and refuses other credentials with 401', async () => {
    const alice = await createAccount(server.api);
    const app = await oauth.register(alice);
    const tokens = await oauth.tokens(alice, app);
    const info = await fetch(new URL('login/oauth/userinfo', server.url), { headers: { authorization: `Bearer ${tokens.access_token}` } });
    assert.equal(info.status, 200);
    const body = (await info.json()) as Record<string, unknown>;
    assert.equal(body.sub, String(alice.id));
    assert.equal(body.preferred_username, alice.login);
    assert.equal(body.email, alice.email);
    assert.deepEqual(body.groups, []);
    const password = await fetch(new URL('login/oauth/userinfo', server.url), { headers: { authorization: `Basic ${Buffer.from(`${alice.login}:${alice.password}`).toString('base64')}` } });
    assert.equal(password.status, 401);
    assert.match(password.headers.get('www-authenticate')!, /^Bearer/);
  });
});

describe('access tokens issued to OAuth2 applications', () => {
  const server = useServer();
  const oauth = flow(server);

  async function bearerWorks(token: string, repo: { owner: string; name: string }) {
    const rest = await server.api.get('/user', { token, scheme: 'Bearer' });
    const tokenScheme = await server.api.get('/user', { token });
    const graphql = await server.graphql('{ viewer { login } }', {}, { token, scheme: 'Bearer' });
    const gitRes = await git(['ls-remote', remoteUrl(server.url, repo.owner, repo.name, ['oauth2', token])]);
    return { rest: rest.status, token: tokenScheme.status, graphql: graphql.data?.viewer?.login ?? graphql.status, git: gitRes.status };
  }

  it('work as Bearer and token on /api/v1, on /api/graphql and for git over HTTP, and stop at once when the application is deleted', async () => {
    const alice = await createAccount(server.api);
    const repo = await buildRepo(server, alice, { private: true, autoInit: true });
    const app = await oauth.register(alice);
    const { access_token } = await oauth.tokens(alice, app);
    assert.deepEqual(await bearerWorks(access_token, { owner: alice.login, name: repo.name }), { rest: 200, token: 200, graphql: alice.login, git: 0 });
    // Issued tokens are not the account's personal tokens.
    const personal = await server.api.get(`/users/${alice.login}/tokens`, alice.basic);
    assert.deepEqual(personal.body, []);

    assert.equal((await server.api.delete(`/user/applications/oauth2/${app.id}`, alice.basic)).status, 204);
    const after = await bearerWorks(access_token, { owner: alice.login, name: repo.name });
    assert.equal(after.rest, 401);
    assert.equal(after.token, 401);
    assert.equal(after.graphql, 401);
    assert.notEqual(after.git, 0);
  });

  it('end a subscription open with one, with UNAUTHENTICATED, when the application is deleted', async () => {
    const alice = await createAccount(server.api);
    const app = await oauth.register(alice);
    const { access_token } = await oauth.tokens(alice, app);
    const url = new URL('api/graphql', server.url);
    url.protocol = 'ws:';
    const client = createClient({ url: url.toString(), webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${access_token}` }, retryAttempts: 0 });
    const received: string[] = [];
    const ended = new Promise<void>((resolve) => {
      client.subscribe(
        { query: 'subscription { notificationEvents { kind } }' },
        { next: (value) => received.push(...(value.errors ?? []).map((e) => String((e.extensions as { code?: string })?.code))), error: () => resolve(), complete: () => resolve() },
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal((await server.api.delete(`/user/applications/oauth2/${app.id}`, alice.basic)).status, 204);
    await ended;
    assert.deepEqual(received, ['UNAUTHENTICATED']);
    await client.dispose();
  });

  it('stop at once when the account revokes the grant', async () => {
    const alice = await createAccount(server.api);
    const app = await oauth.register(alice);
    const { access_token } = await oauth.tokens(alice, app);
    assert.equal((await server.api.get('/user', { token: access_token })).status, 200);
    const grants = await server.graphql('{ oauth2Grants { nodes { databaseId clientId scope } } }', {}, alice.basic);
    const grant = grants.data.oauth2Grants.nodes.find((g: { clientId: string }) => g.clientId === app.client_id);
    assert.equal(grant.scope, 'openid profile');
    const revoked = await server.graphql('mutation($id: Int!) { revokeOAuth2Grant(databaseId: $id) }', { id: grant.databaseId }, alice.basic);
    assert.equal(revoked.data.revokeOAuth2Grant, true);
    assert.equal((await server.api.get('/user', { token: access_token })).status, 401);
  });

  it('cannot give consent for another application', async () => {
    const alice = await createAccount(server.api);
    const app = await oauth.register(alice);
    const { access_token } = await oauth.tokens(alice, app);
    const res = await server.graphql(
      'mutation($r: OAuth2AuthorizationRequestInput!) { answerOAuth2Authorization(request: $r, granted: true) }',
      { r: { clientId: app.client_id, redirectUri: REDIRECT, responseType: 'code' } },
      { token: access_token, scheme: 'Bearer' },
    );
    assert.equal(res.errors?.[0].extensions?.code, 'FORBIDDEN');
  });
});

describe('token scopes requested through OAuth2 (ENABLE_ADDITIONAL_GRANT_SCOPES)', () => {
  const server = useServer({ oauth2: { ENABLE_ADDITIONAL_GRANT_SCOPES: true } });
  const oauth = flow(server);

  it('limit the issued token to them on REST and GraphQL; without any the token may do all its account may', async () => {
    const alice = await createAccount(server.api);
    const app = await oauth.register(alice);
    const limited = await oauth.tokens(alice, app, { scope: 'openid read:user' });
    assert.equal((await server.api.get('/user', { token: limited.access_token })).status, 200);
    const write = await server.api.post('/user/repos', { name: `r${Date.now()}` }, { token: limited.access_token });
    assert.equal(write.status, 403, JSON.stringify(write.body));
    const other = await oauth.register(alice);
    const all = await oauth.tokens(alice, other, { scope: 'openid' });
    const made = await server.api.post('/user/repos', { name: `r${Date.now()}` }, { token: all.access_token });
    assert.equal(made.status, 201, JSON.stringify(made.body));
  });
});

describe('refresh tokens without rotation (INVALIDATE_REFRESH_TOKENS off)', () => {
  const server = useServer({ oauth2: { INVALIDATE_REFRESH_TOKENS: false } });
  const oauth = flow(server);

  it('a refresh token works again and again', async () => {
    const alice = await createAccount(server.api);
    const app = await oauth.register(alice);
    const first = await oauth.tokens(alice, app);
    for (let i = 0; i < 2; i++) {
      const res = await oauth.token({ grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: app.client_id, client_secret: app.client_secret });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    }
  });
});

describe('the signing key', () => {
  const first = useServer();
  const second = useServer({}, { sharingDataOf: first });
  const oauth = flow(first);

  it('is made once and kept in the database: another instance publishes the same key and honours the refresh tokens of the first', async () => {
    const alice = await createAccount(first.api);
    const app = await oauth.register(alice);
    const tokens = await oauth.tokens(alice, app);
    const keys = async (server: ServerKit) => ((await (await fetch(new URL('login/oauth/keys', server.url))).json()) as { keys: { kid: string; kty: string; alg: string; d?: string }[] }).keys;
    const [a, b] = [await keys(first), await keys(second)];
    assert.equal(a.length, 1);
    assert.deepEqual(a, b);
    assert.equal(a[0].alg, 'RS256');
    assert.equal(a[0].d, undefined, 'never the private part');
    const refreshed = await flow(second).token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: app.client_id, client_secret: app.client_secret });
    assert.equal(refreshed.status, 200, JSON.stringify(refreshed.body));
  });
});

describe('the provider switched off (oauth2.ENABLED false)', () => {
  const server = useServer({ oauth2: { ENABLED: false } });

  it('answers 404 at its endpoints', async () => {
    for (const path of ['.well-known/openid-configuration', 'login/oauth/keys', 'login/oauth/authorize?client_id=x']) {
      assert.equal((await fetch(new URL(path, server.url))).status, 404, path);
    }
    const token = await fetch(new URL('login/oauth/access_token', server.url), { method: 'POST', body: new URLSearchParams({ grant_type: 'authorization_code' }) });
    assert.equal(token.status, 404);
  });

  it('gives no consent either', async () => {
    const alice = await createAccount(server.api);
    const app = await flow(server).register(alice);
    const cookies = await sessionCookies(server, alice);
    const res = await fetch(new URL('api/graphql', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookieHeader(cookies), 'x-csrf-token': csrfOf(cookies) },
      body: JSON.stringify({
        query: 'mutation($r: OAuth2AuthorizationRequestInput!) { answerOAuth2Authorization(request: $r, granted: true) }',
        variables: { r: { clientId: app.client_id, redirectUri: REDIRECT, responseType: 'code' } },
      }),
    });
    const body = (await res.json()) as { errors?: { extensions: { code: string } }[] };
    assert.equal(body.errors?.[0].extensions.code, 'NOT_FOUND');
  });
});
