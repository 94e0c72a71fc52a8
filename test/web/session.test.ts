import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import WebSocket from 'ws';
import { totpCode } from '../../src/auth/totp.ts';
import { createAccount } from '../testkit/accounts.ts';
import { adminAuth, graphql } from '../testkit/client.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';
import { assertAccessible, consoleErrors, noBrowser, screenshot, sessionCookies, useBrowser } from '../testkit/browser.ts';

/** The Cookie header a browser would send with these cookies. */
const cookieHeader = (cookies: { name: string; value: string }[]) => cookies.map((c) => `${c.name}=${c.value}`).join('; ');
const csrfOf = (cookies: { name: string; value: string }[]) => cookies.find((c) => c.name === 'graft_csrf')!.value;

describe('web sessions', () => {
  const server = useServer();
  const { api } = server;

  /** A GraphQL POST with these cookies and, unless `headers` say otherwise, the session's CSRF token, as the page sends. */
  async function viewerWith(cookies: { name: string; value: string }[], headers?: Record<string, string>, query = '{ viewer { login } }') {
    const res = await fetch(new URL('api/graphql', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookieHeader(cookies), ...(headers ?? { 'x-csrf-token': csrfOf(cookies) }) },
      body: JSON.stringify({ query }),
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  it('signing in sets an HttpOnly, SameSite=Lax session cookie that ends with the browser unless kept', async () => {
    const account = await createAccount(api);
    for (const remember of [false, true]) {
      const res = await fetch(new URL('api/graphql', server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: `mutation { signIn(login: "${account.login}", password: "${account.password}", remember: ${remember}) { viewer { login } } }` }),
      });
      const cookies = res.headers.getSetCookie();
      const session = cookies.find((c) => c.startsWith('graft_session='))!;
      const csrf = cookies.find((c) => c.startsWith('graft_csrf='))!;
      assert.match(session, /; HttpOnly/);
      assert.match(session, /; SameSite=Lax/);
      assert.doesNotMatch(session, /; Secure/, 'plain http: no Secure flag');
      assert.doesNotMatch(csrf, /HttpOnly/, 'the page reads its CSRF token');
      if (remember) assert.ok(Math.abs(Number(session.match(/Max-Age=(\d+)/)![1]) - 31 * 86400) < 60, `31 days: ${session}`);
      else assert.doesNotMatch(session, /Max-Age/);
    }
  });

  it('a wrong password signs no one in and sets no cookie', async () => {
    const account = await createAccount(api);
    const res = await fetch(new URL('api/graphql', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `mutation { signIn(login: "${account.login}", password: "wrong-password") { viewer { login } } }` }),
    });
    const body = (await res.json()) as any;
    assert.equal(body.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED');
    assert.deepEqual(res.headers.getSetCookie(), []);
  });

  it('a session reads as its account; signing out ends it, so its cookie no longer works', async () => {
    const account = await createAccount(api);
    const cookies = await sessionCookies(server, account);
    const before = await viewerWith(cookies);
    assert.equal(before.body.data?.viewer?.login, account.login, JSON.stringify(before.body));
    const out = await viewerWith(cookies, undefined, 'mutation { signOut }');
    assert.equal(out.body.data?.signOut, true, JSON.stringify(out.body));
    assert.equal((await viewerWith(cookies)).body.data.viewer, null);
  });

  it('a new password ends every session of the account', async () => {
    const account = await createAccount(api);
    const first = await sessionCookies(server, account);
    const second = await sessionCookies(server, account);
    const edit = await api.patch(`/admin/users/${account.login}`, { source_id: 0, login_name: account.login, password: 'a-new-password-1' }, adminAuth);
    assert.equal(edit.status, 200);
    assert.equal((await viewerWith(first)).body.data.viewer, null);
    assert.equal((await viewerWith(second)).body.data.viewer, null);
  });

  it('a request with the session cookie but without its CSRF token is refused with 403, and done with it', async () => {
    const account = await createAccount(api);
    const cookies = await sessionCookies(server, account);
    const create = (name: string) => `mutation { createRepository(input: { name: "${name}" }) { name } }`;
    const refused = await viewerWith(cookies, {}, create('no-token'));
    assert.equal(refused.status, 403);
    assert.match(refused.body.message, /CSRF/);
    const wrong = await viewerWith(cookies, { 'x-csrf-token': 'not-the-token' }, create('wrong-token'));
    assert.equal(wrong.status, 403);
    assert.equal((await api.get(`/repos/${account.login}/no-token`, account.basic)).status, 404);
    const done = await viewerWith(cookies, undefined, create('with-token'));
    assert.equal(done.body.data.createRepository.name, 'with-token');
  });

  it('a live connection with the session cookie must carry the CSRF token in its connection parameters', async () => {
    const account = await createAccount(api);
    const cookies = await sessionCookies(server, account);
    const url = server.url.replace(/^http/, 'ws') + 'api/graphql';
    const connect = (payload: Record<string, unknown>) =>
      new Promise<{ type: string; code?: number }>((resolve) => {
        const socket = new WebSocket(url, 'graphql-transport-ws', { headers: { cookie: cookieHeader(cookies) } });
        socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload })));
        socket.on('message', (data) => {
          resolve(JSON.parse(String(data)));
          socket.close();
        });
        socket.on('close', (code) => resolve({ type: 'closed', code }));
      });
    assert.deepEqual(await connect({}), { type: 'closed', code: 4403 });
    assert.equal((await connect({ csrfToken: csrfOf(cookies) })).type, 'connection_ack');
  });
});

describe('the web interface in a browser: signing in', { skip: noBrowser }, () => {
  const server = useServer();
  const { api } = server;
  const browser = useBrowser(server);

  it('a person signs in with their password on /user/login and is signed in on every page', async () => {
    const account = await createAccount(api);
    const context = await browser.context();
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await page.goto('/user/login');
    await assertAccessible(page, 'the sign-in page');
    await screenshot(page, 'sign-in');
    await page.getByLabel('User name or e-mail address').fill(account.login);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: account.login }).waitFor();
    await assertAccessible(page, 'the dashboard');
    await screenshot(page, 'dashboard');
    const session = (await context.cookies()).find((c) => c.name === 'graft_session')!;
    assert.equal(session.httpOnly, true);
    assert.equal(session.sameSite, 'Lax');
    assert.deepEqual(errors, [], 'no script or style was refused, and nothing failed');
    await context.close();
  });

  it('an account with two-factor on is asked for its passcode after the password, and signs in with it', async () => {
    const account = await createAccount(api);
    const enable = await graphql(server.url, 'mutation { enableTwoFactor { secret } }', {}, account.basic);
    const secret = enable.data.enableTwoFactor.secret as string;
    const context = await browser.context();
    const page = await context.newPage();
    await page.goto('/user/login');
    await page.getByLabel('User name or e-mail address').fill(account.login);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Two-factor passcode').fill('000000' === totpCode(secret) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').waitFor();
    assert.match(await page.getByRole('alert').innerText(), /passcode is not valid/);
    await page.getByLabel('Two-factor passcode').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('link', { name: account.login }).waitFor();
    await context.close();
  });

  it('a form on another site that posts a mutation through the signed-in browser changes nothing', async () => {
    const account = await createAccount(api);
    const context = await browser.context({ account });
    const target = new URL('api/graphql', server.url).href;
    const query = JSON.stringify({ query: 'mutation { createRepository(input: { name: "forged" }) { name } }' });
    // The other site's page: a form that posts the mutation as text/plain, the one body type a form can send.
    await context.route('http://elsewhere.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<form method="post" action="${target}" enctype="text/plain"><input name='${query.slice(0, -2)}' value='"}'></form><script>document.forms[0].submit()</script>`,
      }),
    );
    const page = await context.newPage();
    const answered = page.waitForResponse((res) => res.url() === target);
    await page.goto('http://elsewhere.test/attack');
    const response = await answered;
    assert.notEqual(response.status(), 200);
    assert.equal((await api.get(`/repos/${account.login}/forged`, account.basic)).status, 404, 'no repository was made');
    await context.close();
  });

  it('pages carry a Content-Security-Policy with no inline script, and the shell has none', async () => {
    const res = await fetch(new URL('explore/repos', server.url), { headers: { accept: 'text/html' } });
    assert.equal(res.status, 200);
    const policy = res.headers.get('content-security-policy') ?? '';
    assert.match(policy, /script-src 'self'(;|$)/);
    assert.doesNotMatch(policy, /unsafe-inline[^;]*;?\s*$|script-src[^;]*unsafe/);
    assert.equal(res.headers.get('cache-control'), 'no-cache');
    const html = await res.text();
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, 'every script is a file');
    const asset = html.match(/src="(\/-\/assets\/[^"]+\.js)"/)![1];
    const script = await fetch(new URL(asset, server.url), { headers: { 'accept-encoding': 'gzip' } });
    assert.match(script.headers.get('cache-control') ?? '', /immutable/);
    assert.equal(script.headers.get('content-encoding'), 'gzip');
  });

  it('an anonymous visitor gets a 404 page for a private repository, and its owner the repository', async () => {
    const owner = await createAccount(api);
    const repo = await buildRepo(server, owner, { private: true, files: { 'README.md': '# secret\n' } });
    const res = await fetch(new URL(`${owner.login}/${repo.name}`, server.url), { headers: { accept: 'text/html' } });
    assert.equal(res.status, 404);
    const page = await browser.open(`/${owner.login}/${repo.name}`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.context().close();
    const ownCookies = await sessionCookies(server, owner);
    const own = await fetch(new URL(`${owner.login}/${repo.name}`, server.url), { headers: { accept: 'text/html', cookie: cookieHeader(ownCookies) } });
    assert.equal(own.status, 200);
  });
});

describe('signing in from another site', () => {
  const server = useServer();
  const { api } = server;

  it('a plain form post of the signIn mutation (no JSON, no CSRF header) is refused and sets no cookie', async () => {
    const account = await createAccount(api);
    const query = `mutation { signIn(login: "${account.login}", password: "${account.password}") { viewer { login } } }`;
    const res = await fetch(new URL('api/graphql', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ query }).toString(),
    });
    const body = (await res.json()) as any;
    assert.equal(body.data?.signIn ?? null, null, JSON.stringify(body));
    assert.match(JSON.stringify(body.errors), /JSON request/);
    assert.deepEqual(res.headers.getSetCookie(), []);
  });
});
