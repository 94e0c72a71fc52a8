import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as client from 'openid-client';
import { createAccount, type TestAccount } from '../testkit/accounts.ts';
import { sessionCookies } from '../testkit/browser.ts';
import { assertTypedFields, clientFor } from '../testkit/gitea-js.ts';
import { OAUTH2_APPLICATION } from '../testkit/gitea-js-fields/oauth2.ts';
import { useServer, type ServerKit } from '../testkit/use-server.ts';

const REDIRECT = 'https://client.example.test/callback';
type Cookies = { name: string; value: string }[];

/**
 * The person's part of the flow, without a browser: the authorization URL shows the consent page, and the page's
 * mutation (posted with the session's cookies, as the page posts it) answers with where the browser goes next.
 */
async function consent(server: ServerKit, cookies: Cookies, authorizationUrl: URL): Promise<URL> {
  const page = await fetch(authorizationUrl, { redirect: 'manual', headers: { accept: 'text/html', cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') } });
  assert.equal(page.status, 200, 'the consent page');
  const p = authorizationUrl.searchParams;
  const request = {
    clientId: p.get('client_id'),
    redirectUri: p.get('redirect_uri'),
    responseType: p.get('response_type'),
    state: p.get('state'),
    scope: p.get('scope'),
    nonce: p.get('nonce'),
    codeChallenge: p.get('code_challenge'),
    codeChallengeMethod: p.get('code_challenge_method'),
  };
  const res = await fetch(new URL('api/graphql', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '), 'x-csrf-token': cookies.find((c) => c.name === 'graft_csrf')!.value },
    body: JSON.stringify({ query: 'mutation($r: OAuth2AuthorizationRequestInput!) { answerOAuth2Authorization(request: $r, granted: true) }', variables: { r: request } }),
  });
  const body = (await res.json()) as { data: { answerOAuth2Authorization: string } };
  return new URL(body.data.answerOAuth2Authorization);
}

describe('openid-client (v6) as a third-party application', () => {
  const server = useServer();

  async function signInWith(account: TestAccount, config: client.Configuration, scope: string) {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    const callback = await consent(server, await sessionCookies(server, account), url);
    return client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
  }

  it('discovers the provider, signs in with PKCE, reads userinfo and refreshes (a confidential client, secret in the form)', async () => {
    const alice = await createAccount(server.api);
    const gitea = await clientFor(server, alice);
    const app = await gitea.user.userCreateOAuth2Application({ name: 'third party', redirect_uris: [REDIRECT], confidential_client: true });
    assert.equal(app.status, 201);
    assertTypedFields(app.data, OAUTH2_APPLICATION, 'OAuth2Application');
    const listed = await gitea.user.userGetOauth2Application();
    assert.deepEqual(listed.data.map((a) => a.client_id), [app.data.client_id]);
    assertTypedFields(listed.data[0], OAUTH2_APPLICATION, 'OAuth2Application');

    const config = await client.discovery(new URL(server.url), app.data.client_id!, app.data.client_secret!, undefined, { execute: [client.allowInsecureRequests] });
    const tokens = await signInWith(alice, config, 'openid profile email');
    const claims = tokens.claims()!;
    assert.equal(claims.sub, String(alice.id));
    assert.equal(claims.preferred_username, alice.login);
    assert.equal(claims.email, alice.email);

    const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    assert.equal(info.preferred_username, alice.login);
    const me = await server.api.get('/user', { token: tokens.access_token, scheme: 'Bearer' });
    assert.equal(me.body.login, alice.login);

    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    assert.notEqual(refreshed.access_token, tokens.access_token);
    assert.equal((await server.api.get('/user', { token: refreshed.access_token, scheme: 'Bearer' })).status, 200);
    await assert.rejects(client.refreshTokenGrant(config, tokens.refresh_token!), (err: { error?: string }) => err.error === 'invalid_grant');
  });

  it('signs in as a public client (no secret, PKCE) and with HTTP Basic client authentication', async () => {
    const alice = await createAccount(server.api);
    const gitea = await clientFor(server, alice);
    const spa = (await gitea.user.userCreateOAuth2Application({ name: 'spa', redirect_uris: [REDIRECT], confidential_client: false })).data;
    const publicConfig = await client.discovery(new URL(server.url), spa.client_id!, undefined, client.None(), { execute: [client.allowInsecureRequests] });
    const publicTokens = await signInWith(alice, publicConfig, 'openid');
    assert.equal(publicTokens.claims()!.sub, String(alice.id));

    const web = (await gitea.user.userCreateOAuth2Application({ name: 'web', redirect_uris: [REDIRECT], confidential_client: true })).data;
    const basicConfig = await client.discovery(new URL(server.url), web.client_id!, undefined, client.ClientSecretBasic(web.client_secret), { execute: [client.allowInsecureRequests] });
    const basicTokens = await signInWith(alice, basicConfig, 'openid profile');
    assert.equal(basicTokens.claims()!.preferred_username, alice.login);

    const edited = await gitea.user.userUpdateOAuth2Application(web.id!, { name: 'web', redirect_uris: [REDIRECT], confidential_client: true });
    assert.notEqual(edited.data.client_secret, web.client_secret);
    assert.equal((await gitea.user.userGetOAuth2Application(web.id!)).data.client_secret, '');
    assert.equal((await gitea.user.userDeleteOAuth2Application(web.id!)).status, 204);
    assert.equal((await server.api.get('/user', { token: basicTokens.access_token })).status, 401);
  });
});
