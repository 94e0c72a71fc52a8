import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { totpCode } from '../../src/auth/totp.ts';
import { createAccount } from '../testkit/accounts.ts';
import { graphql } from '../testkit/client.ts';
import { newSshKey } from '../testkit/ssh-keys.ts';
import { useServer } from '../testkit/use-server.ts';
import { assertAccessible, consoleErrors, noBrowser, screenshot, sessionCookies, useBrowser } from '../testkit/browser.ts';

describe('personal settings in a browser', { skip: noBrowser }, () => {
  const server = useServer();
  const { api } = server;
  const browser = useBrowser(server);

  /** The viewer a session's cookies read as, over HTTP: null once the session ended. */
  async function sessionViewer(cookies: { name: string; value: string }[]) {
    const res = await fetch(new URL('api/graphql', server.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
        'x-csrf-token': cookies.find((c) => c.name === 'graft_csrf')!.value,
      },
      body: JSON.stringify({ query: '{ viewer { login } }' }),
    });
    return ((await res.json()) as { data: { viewer: { login: string } | null } }).data.viewer;
  }

  it('a visitor who opens the settings is sent to sign in', async () => {
    const page = await browser.open('/user/settings/keys');
    await page.waitForURL(/\/user\/login\?redirect_to=%2Fuser%2Fsettings%2Fkeys/);
    await page.context().close();
  });

  it('a chosen theme is applied at once and on every page after, over the system\'s preference', async () => {
    const account = await createAccount(api);
    const page = await browser.open('/user/settings', { account });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    assert.equal(await background(), 'rgb(255, 255, 255)', 'light, as the system prefers');
    await page.getByLabel('Theme').selectOption('dark');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your profile was saved.').waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    assert.equal(await background(), 'rgb(15, 18, 23)');
    await page.goto(new URL(`/${account.login}`, server.url).toString());
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    assert.equal(await background(), 'rgb(15, 18, 23)', 'dark on the next page load too');
    await assertAccessible(page, 'a profile in the dark theme');
    await page.context().close();
  });

  it('a person saves their profile on /user/settings and it reads back after a reload', async () => {
    const account = await createAccount(api);
    const page = await browser.open('/user/settings', { account });
    const errors = consoleErrors(page);
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await page.getByLabel('Full name').fill('Grace Hopper');
    await page.getByLabel('Website').fill('https://grace.test');
    await page.getByLabel('Location').fill('Arlington');
    await page.getByLabel('Description').fill('Compilers');
    await page.getByLabel('Who may see the profile').selectOption('limited');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your profile was saved.').waitFor();
    await assertAccessible(page, 'the profile settings');
    await screenshot(page, 'settings-profile');
    await page.reload();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    assert.equal(await page.getByLabel('Full name').inputValue(), 'Grace Hopper');
    const user = await api.get(`/users/${account.login}`, account.basic);
    assert.equal(user.body.full_name, 'Grace Hopper');
    assert.equal(user.body.location, 'Arlington');
    assert.equal(user.body.visibility, 'limited');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('a person uploads an avatar on /user/settings, sees it at once, and removes it again', async () => {
    const account = await createAccount(api);
    const page = await browser.open('/user/settings', { account });
    const errors = consoleErrors(page);
    await page.getByRole('heading', { name: 'Avatar' }).waitFor();
    const picture = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#3a7' } }).png().toBuffer();
    await page.getByLabel(/Upload a new avatar/).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
    await page.getByText('Your avatar was updated.').waitFor();
    const url: string = (await api.get(`/users/${account.login}`, account.basic)).body.avatar_url;
    assert.match(url, /\?v=[0-9a-f]{32}$/);
    await page.locator(`img[src="${url}"]`).first().waitFor({ state: 'attached' });
    await assertAccessible(page, 'the avatar settings');
    await screenshot(page, 'settings-avatar');
    await page.getByRole('button', { name: 'Remove avatar' }).click();
    await page.getByText('Your avatar was removed.').waitFor();
    assert.doesNotMatch((await api.get(`/users/${account.login}`, account.basic)).body.avatar_url, /\?v=/);
    assert.equal(await page.getByRole('button', { name: 'Remove avatar' }).count(), 0);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('the settings work at phone width, with the sections still reachable', async () => {
    const account = await createAccount(api);
    const page = await browser.open('/user/settings', { account, phone: true });
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Settings' });
    await nav.getByRole('link', { name: 'Security' }).click();
    await page.getByRole('heading', { name: 'Security' }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `no sideways scrolling (${width}px)`);
    await screenshot(page, 'settings-phone');
    await page.context().close();
  });

  it('creating a token shows its secret once, the secret works on /api/v1/user, and deleting it ends it', async () => {
    const account = await createAccount(api);
    const page = await browser.open('/user/settings/applications', { account });
    await page.getByRole('heading', { name: 'Applications', exact: true }).waitFor();
    await page.getByLabel('Token name').fill('ci');
    await page.getByLabel('user').selectOption('read');
    await page.getByLabel('repository').selectOption('write');
    await page.getByRole('button', { name: 'Generate token' }).click();
    const secret = (await page.getByTestId('token-secret').innerText()).trim();
    assert.match(secret, /^[0-9a-f]{40}$/);
    await page.getByText('shown this once').waitFor();
    await page.getByText('write:repository, read:user').waitFor();
    await assertAccessible(page, 'the applications settings');
    await screenshot(page, 'settings-applications');
    const me = await api.get('/user', { token: secret });
    assert.equal(me.status, 200);
    assert.equal(me.body.login, account.login);
    await page.reload();
    await page.getByText('write:repository, read:user').waitFor();
    assert.equal(await page.getByText(secret).count(), 0, 'the secret is not shown again');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete token ci' }).click();
    await page.getByText('No access tokens.').waitFor();
    assert.equal((await api.get('/user', { token: secret })).status, 401);
    await page.context().close();
  });

  it('a person adds an SSH key and sees its fingerprint, then deletes it', async () => {
    const account = await createAccount(api);
    const key = newSshKey();
    const page = await browser.open('/user/settings/keys', { account });
    await page.getByRole('heading', { name: 'SSH and GPG keys' }).waitFor();
    await page.getByText('Add an SSH key').click();
    await page.getByLabel('Key name').fill('laptop');
    await page.getByLabel('SSH public key').fill(key.publicKey);
    await page.getByRole('button', { name: 'Add SSH key' }).click();
    await page.getByText(key.fingerprint).waitFor();
    await assertAccessible(page, 'the keys settings');
    await screenshot(page, 'settings-keys');
    const listed = await api.get('/user/keys', account.basic);
    assert.deepEqual(listed.body.map((k: { title: string }) => k.title), ['laptop']);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete SSH key laptop' }).click();
    await page.getByText('No SSH keys.').waitFor();
    assert.deepEqual((await api.get('/user/keys', account.basic)).body, []);
    await page.context().close();
  });

  it('a bad SSH key is refused with the reason, and nothing is added', async () => {
    const account = await createAccount(api);
    const page = await browser.open('/user/settings/keys', { account });
    await page.getByText('Add an SSH key').click();
    await page.getByLabel('Key name').fill('broken');
    await page.getByLabel('SSH public key').fill('ssh-ed25519 not-a-key');
    await page.getByRole('button', { name: 'Add SSH key' }).click();
    await page.getByRole('alert').waitFor();
    assert.deepEqual((await api.get('/user/keys', account.basic)).body, []);
    await page.context().close();
  });

  it('two-factor set up on the security page asks for the passcode at the next sign-in, and a passcode turns it off', async () => {
    const account = await createAccount(api);
    const context = await browser.context({ account });
    const page = await context.newPage();
    await page.goto('/user/settings/security');
    await page.getByRole('button', { name: 'Enable two-factor authentication' }).click();
    const secret = (await page.getByTestId('totp-secret').innerText()).trim();
    await page.getByRole('img', { name: 'QR code of the two-factor secret' }).waitFor();
    const src = await page.getByRole('img', { name: 'QR code of the two-factor secret' }).getAttribute('src');
    assert.match(src ?? '', /^data:image\/svg\+xml/);
    await assertAccessible(page, 'the security settings');
    await screenshot(page, 'settings-security');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/user/login');
    await page.getByLabel('User name or e-mail address').fill(account.login);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Two-factor passcode').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('link', { name: account.login }).waitFor();
    await page.goto('/user/settings/security');
    await page.getByLabel('Passcode from your authenticator app').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Disable two-factor authentication' }).click();
    await page.getByRole('button', { name: 'Enable two-factor authentication' }).waitFor();
    const after = await graphql(server.url, '{ viewer { twoFactorEnabled } }', {}, account.basic);
    assert.equal(after.data.viewer.twoFactorEnabled, false);
    await context.close();
  });

  it('changing the password ends the other sessions and sends the person to sign in, where the new password works', async () => {
    const account = await createAccount(api);
    const other = await sessionCookies(server, account);
    const context = await browser.context({ account });
    const page = await context.newPage();
    await page.goto('/user/settings/account');
    await page.getByRole('heading', { name: 'Account' }).waitFor();
    await assertAccessible(page, 'the account settings');
    await screenshot(page, 'settings-account');
    await page.getByLabel('Current password').fill(account.password);
    await page.getByLabel('New password', { exact: true }).fill('a-new-password-1');
    await page.getByLabel('New password again').fill('a-new-password-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The two new passwords differ.').waitFor();
    await page.getByLabel('Current password').fill('wrong-password');
    await page.getByLabel('New password again').fill('a-new-password-1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('the current password is not right').waitFor();
    assert.equal((await sessionViewer(other))?.login, account.login, 'a refused change ends nothing');
    await page.getByLabel('Current password').fill(account.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL((url) => url.pathname === '/user/login');
    assert.equal(await sessionViewer(other), null, "the other session's cookie stopped working");
    await page.getByLabel('User name or e-mail address').fill(account.login);
    await page.getByLabel('Password').fill('a-new-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: account.login }).waitFor();
    await context.close();
  });
});
