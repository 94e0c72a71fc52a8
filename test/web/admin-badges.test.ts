import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAccount } from '../testkit/accounts.ts';
import { adminAuth } from '../testkit/client.ts';
import { ADMIN } from '../testkit/server.ts';
import { useServer } from '../testkit/use-server.ts';
import { assertAccessible, consoleErrors, noBrowser, screenshot, useBrowser } from '../testkit/browser.ts';

describe('badges in the site administration', { skip: noBrowser }, () => {
  const server = useServer();
  const { api } = server;
  const browser = useBrowser(server);

  it('a site admin creates a badge at /-/admin/badges, awards it to an account, takes it back and deletes it', async () => {
    const person = await createAccount(api);
    const page = await browser.open('/-/admin', { account: ADMIN });
    const errors = consoleErrors(page);
    await page.getByRole('navigation', { name: 'Site administration' }).getByRole('link', { name: 'Badges' }).click();
    await page.getByRole('heading', { level: 1, name: /Badges/ }).waitFor();
    await page.getByLabel('Slug').fill('first-commit');
    await page.getByLabel('Description').fill('Pushed a first commit');
    await page.getByLabel('Image URL').fill('https://example.test/first.png');
    await page.getByRole('button', { name: 'Create badge' }).click();
    await page.getByRole('status').filter({ hasText: 'The badge first-commit was created.' }).waitFor();
    await page.getByRole('cell', { name: 'Pushed a first commit' }).waitFor();

    await page.getByLabel('User name').fill(person.login);
    await page.getByRole('button', { name: 'Show badges' }).click();
    await page.getByText(`${person.login} holds no badge.`).waitFor();
    await page.getByRole('button', { name: 'Award' }).click();
    await page.getByRole('button', { name: 'Take back first-commit' }).waitFor();
    assert.deepEqual((await api.get(`/admin/users/${person.login}/badges`, adminAuth)).body.map((b: { slug: string }) => b.slug), ['first-commit']);
    await assertAccessible(page, 'the badges page');
    await screenshot(page, 'admin-badges');

    await page.getByRole('button', { name: 'Take back first-commit' }).click();
    await page.getByText(`${person.login} holds no badge.`).waitFor();
    assert.deepEqual((await api.get(`/admin/users/${person.login}/badges`, adminAuth)).body, []);

    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByRole('status').filter({ hasText: 'The badge first-commit was deleted.' }).waitFor();
    await page.getByText('No badge yet.').waitFor();
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
