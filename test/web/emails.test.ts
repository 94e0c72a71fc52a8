import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAccount } from '../testkit/accounts.ts';
import { ADMIN } from '../testkit/server.ts';
import { useServer } from '../testkit/use-server.ts';
import { assertAccessible, consoleErrors, noBrowser, screenshot, useBrowser } from '../testkit/browser.ts';

describe('e-mail addresses and settings in a browser', { skip: noBrowser }, () => {
  const server = useServer();
  const { api } = server;
  const browser = useBrowser(server);

  it('adding an e-mail address on /user/settings/emails lists it as a further address, and deleting it removes it', async () => {
    const account = await createAccount(api);
    const page = await browser.open('/user/settings/emails', { account });
    const errors = consoleErrors(page);
    await page.getByRole('heading', { name: 'E-mail addresses' }).waitFor();
    const list = page.getByRole('list', { name: 'Your e-mail addresses' });
    await list.getByText(account.email).waitFor();
    const added = `more-${account.login}@example.test`;
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(added);
    await page.getByRole('button', { name: 'Add address' }).click();
    await list.getByText(added).waitFor();
    await assertAccessible(page, 'the e-mail settings');
    await screenshot(page, 'settings-emails');
    const emails = await api.get('/user/emails', account.basic);
    assert.deepEqual(emails.body.map((e: { email: string; primary: boolean }) => [e.email, e.primary]), [[account.email, true], [added, false]]);

    await page.getByRole('textbox', { name: 'E-mail address' }).fill(account.email);
    await page.getByRole('button', { name: 'Add address' }).click();
    await page.getByText(/already used/).waitFor();

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: `Delete e-mail address ${added}` }).click();
    await list.getByText(added).waitFor({ state: 'detached' });
    assert.equal((await api.get('/user/emails', account.basic)).body.length, 1);
    assert.deepEqual(errors.filter((e) => !/422|already used/.test(e)), []);
    await page.context().close();
  });

  it('the profile form hides the e-mail address from others and chooses the diff layout', async () => {
    const account = await createAccount(api);
    const other = await createAccount(api);
    const page = await browser.open('/user/settings', { account });
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await page.getByLabel('Diff layout').selectOption('split');
    await page.getByLabel(/Hide my e-mail address/).check();
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your profile was saved.').waitFor();
    await assertAccessible(page, 'the profile settings with its preferences');
    const settings = await api.get('/user/settings', account.basic);
    assert.equal(settings.body.diff_view_style, 'split');
    assert.equal(settings.body.hide_email, true);
    assert.match((await api.get(`/users/${account.login}`, other.basic)).body.email, /@noreply\./);
    await page.context().close();
  });

  it('a site admin finds an e-mail address at /-/admin/emails', async () => {
    const account = await createAccount(api);
    assert.equal((await api.post('/user/emails', { emails: [`found-${account.login}@example.test`] }, account.basic)).status, 201);
    const page = await browser.open('/-/admin/emails', { account: ADMIN });
    await page.getByRole('heading', { level: 1, name: /E-mail addresses/ }).waitFor();
    await page.getByLabel('Search e-mail addresses').fill(account.login);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/q=/);
    const rows = page.locator('tbody tr');
    await rows.filter({ hasText: `found-${account.login}@example.test` }).waitFor();
    // Its primary and its further address (other accounts whose login starts the same may be listed too).
    assert.equal(await rows.filter({ hasText: `${account.login}@example.test` }).count(), 2);
    await assertAccessible(page, 'the e-mail address list');
    await screenshot(page, 'admin-emails');
    await page.context().close();
  });
});
