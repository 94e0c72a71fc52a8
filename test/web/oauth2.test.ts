import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { createAccount } from '../testkit/accounts.ts';
import { useServer } from '../testkit/use-server.ts';
import { assertAccessible, consoleErrors, noBrowser, screenshot, useBrowser } from '../testkit/browser.ts';

const REDIRECT = 'https://client.example.test/callback';

describe('OAuth2 in a browser', { skip: noBrowser }, () => {
  const server = useServer();
  const { api } = server;
  const browser = useBrowser(server);

  it('an OAuth2 sign-in through the consent page: sign in, authorize, and the application gets a code that works', async () => {
    const alice = await createAccount(api);
    const app = await api.post('/user/applications/oauth2', { name: 'Photo Printer', redirect_uris: [REDIRECT], confidential_client: false }, alice.basic);
    assert.equal(app.status, 201, JSON.stringify(app.body));
    const verifier = randomBytes(32).toString('base64url');
    const authorize = new URL('login/oauth/authorize', server.url);
    for (const [k, v] of Object.entries({
      client_id: app.body.client_id,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'openid profile',
      state: 'st-42',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }))
      authorize.searchParams.set(k, v);

    const context = await browser.context();
    // The application's side: its callback page, answered here (the browser never leaves the test).
    await context.route('https://client.example.test/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Client</title><p>Signed in</p>' }));
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await page.goto(authorize.toString());
    await page.waitForURL(/\/user\/login\?redirect_to=/);
    await page.getByLabel('User name or e-mail address').fill(alice.login);
    await page.getByLabel('Password').fill(alice.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('heading', { name: 'Authorize “Photo Printer”?' }).waitFor();
    await page.getByText(`asks to act as your account ${alice.login}`).waitFor();
    await assertAccessible(page, 'the OAuth2 consent page');
    await screenshot(page, 'oauth2-consent');
    await page.getByRole('button', { name: 'Authorize application' }).click();
    await page.waitForURL((url) => url.href.startsWith(REDIRECT));
    const back = new URL(page.url());
    assert.equal(back.searchParams.get('state'), 'st-42');
    const code = back.searchParams.get('code')!;
    assert.ok(code);
    assert.deepEqual(errors, []);
    await context.close();

    const res = await fetch(new URL('login/oauth/access_token', server.url), {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT, client_id: app.body.client_id }),
    });
    const tokens = (await res.json()) as { access_token: string };
    assert.equal(res.status, 200, JSON.stringify(tokens));
    assert.equal((await api.get('/user', { token: tokens.access_token, scheme: 'Bearer' })).body.login, alice.login);
  });

  it('the Applications settings register an application (its secret shown once) and revoke an authorized one', async () => {
    const alice = await createAccount(api);
    const page = await browser.open('/user/settings/applications', { account: alice });
    const errors = consoleErrors(page);
    await page.getByRole('heading', { name: 'OAuth2 applications' }).waitFor();
    await page.getByLabel('Application name').fill('Build bot');
    await page.getByLabel('Redirect URIs (one per line)').fill(REDIRECT);
    await page.getByRole('button', { name: 'Register application' }).click();
    const secret = await page.getByTestId('client-secret').textContent();
    assert.match(secret ?? '', /^gto_/);
    const listed = await api.get('/user/applications/oauth2', alice.basic);
    assert.deepEqual(listed.body.map((a: { name: string; confidential_client: boolean }) => [a.name, a.confidential_client]), [['Build bot', true]]);
    await assertAccessible(page, 'the Applications settings');
    await screenshot(page, 'settings-oauth2-applications');

    // Authorize it (through the consent mutation, as the consent page does), then revoke it here.
    await page.evaluate(
      async ({ clientId, redirect }) => {
        const csrf = document.cookie.split('; ').find((c) => c.startsWith('graft_csrf='))!.split('=')[1];
        await fetch('/api/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
          body: JSON.stringify({
            query: 'mutation($r: OAuth2AuthorizationRequestInput!) { answerOAuth2Authorization(request: $r, granted: true) }',
            variables: { r: { clientId, redirectUri: redirect, responseType: 'code', scope: 'openid' } },
          }),
        });
      },
      { clientId: listed.body[0].client_id as string, redirect: REDIRECT },
    );
    await page.reload();
    page.on('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Revoke access of Build bot' }).click();
    await page.getByText('You have not authorized any application.').waitFor();
    await page.getByRole('button', { name: 'Delete application Build bot' }).click();
    await page.getByText('No OAuth2 applications.').waitFor();
    assert.deepEqual((await api.get('/user/applications/oauth2', alice.basic)).body, []);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
