import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAccounts } from '../testkit/accounts.ts';
import { assertAccessible, consoleErrors, noBrowser, screenshot, useBrowser } from '../testkit/browser.ts';
import { useServer } from '../testkit/use-server.ts';

describe('blocked users in a browser', { skip: noBrowser }, () => {
  const server = useServer();
  const { api } = server;
  const browser = useBrowser(server);

  it('blocking an account: by name with a note on the settings page, listed there, refused a follow, then unblocked', async () => {
    const [account, pest] = await createAccounts(api, 2);
    const page = await browser.open('/user/settings/blocked_users', { account });
    const errors = consoleErrors(page);
    await page.getByRole('heading', { name: 'Blocked users' }).waitFor();
    await page.getByText('You block nobody.').waitFor();
    await page.getByLabel('User name').fill(pest.login);
    await page.getByLabel('Note (only you see it)').fill('sends spam');
    await page.getByRole('button', { name: 'Block user' }).click();
    const list = page.getByRole('list', { name: 'Blocked users' });
    await list.getByText(pest.login).waitFor();
    await list.getByText('sends spam').waitFor();
    await assertAccessible(page, 'the blocked users settings');
    await screenshot(page, 'settings-blocked-users');
    assert.equal((await api.get(`/user/blocks/${pest.login}`, account.basic)).status, 204);
    assert.equal((await api.request('PUT', `/user/following/${account.login}`, { auth: pest.basic })).status, 403);

    await page.getByRole('button', { name: `Unblock ${pest.login}` }).click();
    await page.getByText('You block nobody.').waitFor();
    assert.equal((await api.get(`/user/blocks/${pest.login}`, account.basic)).status, 404);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('blocking a name nobody has shows why, and blocks nothing', async () => {
    const [account] = await createAccounts(api, 1);
    const page = await browser.open('/user/settings/blocked_users', { account });
    await page.getByRole('heading', { name: 'Blocked users' }).waitFor();
    await page.getByLabel('User name').fill('nobody-has-this-name');
    await page.getByRole('button', { name: 'Block user' }).click();
    await page.getByText(/does not exist/).waitFor();
    assert.deepEqual((await api.get('/user/blocks', account.basic)).body, []);
    await page.context().close();
  });
});
