import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createAccount } from '../testkit/accounts.ts';
import { adminAuth, graphql } from '../testkit/client.ts';
import { createOrg } from '../testkit/orgs.ts';
import { buildRepo } from '../testkit/repos.ts';
import { ADMIN } from '../testkit/server.ts';
import { useServer } from '../testkit/use-server.ts';
import { assertAccessible, consoleErrors, noBrowser, screenshot, useBrowser } from '../testkit/browser.ts';

describe('site administration in a browser', { skip: noBrowser }, () => {
  const server = useServer();
  const { api } = server;
  const browser = useBrowser(server);

  /** A page's main heading, once it is there. */
  const heading = async (page: Page, name: string | RegExp) => {
    const h1 = page.getByRole('heading', { level: 1, name });
    await h1.waitFor();
    return h1;
  };

  it('the status page shows the version, the git version and the database kind the server reports', async () => {
    const expected = (await graphql(server.url, '{ systemStatus { version gitVersion database { kind } } }', {}, adminAuth)).data.systemStatus;
    assert.match(expected.gitVersion, /^\d+\.\d+/);
    const page = await browser.open('/-/admin', { account: ADMIN });
    const errors = consoleErrors(page);
    await heading(page, 'System status');
    const facts = page.locator('dl.admin-facts');
    await facts.waitFor();
    const text = await facts.innerText();
    assert.match(text, new RegExp(`Git version\\s+${expected.gitVersion.replace(/\./g, '\\.')}`));
    assert.match(text, new RegExp(`Database\\s+${expected.database.kind}`));
    assert.match(text, new RegExp(`Graft version\\s+${expected.version.replace(/[.+]/g, '\\$&')}`));
    assert.ok(await page.getByRole('navigation', { name: 'Site administration' }).isVisible());
    await assertAccessible(page, 'the admin dashboard');
    await screenshot(page, 'admin-dashboard');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('a site admin creates a user account at /-/admin, and the new account can sign in through the API', async () => {
    const login = `made${process.pid}`;
    const page = await browser.open('/-/admin', { account: ADMIN });
    await page.getByRole('navigation', { name: 'Site administration' }).getByRole('link', { name: 'User accounts' }).click();
    await heading(page, /User accounts/);
    await page.getByRole('link', { name: 'Create user account' }).click();
    await heading(page, 'Create user account');
    await assertAccessible(page, 'the new user form');
    await screenshot(page, 'admin-user-new');
    await page.getByLabel('User name').fill(login);
    await page.getByLabel('E-mail address').fill(`${login}@example.test`);
    await page.getByLabel('Password', { exact: true }).fill('a-first-password-1');
    await page.getByRole('button', { name: 'Create user account' }).click();
    await heading(page, `Edit user account ${login}`);
    assert.match(await page.getByText(`The account ${login} was created.`).innerText(), /created/);
    const signedIn = await graphql(server.url, '{ viewer { login } }', {}, { basic: [login, 'a-first-password-1'] });
    assert.equal(signedIn.data?.viewer?.login, login, JSON.stringify(signedIn));
    await page.context().close();
  });

  it('a site admin edits a user to prohibit sign-in, and that account can no longer use the API', async () => {
    const person = await createAccount(api);
    assert.equal((await graphql(server.url, '{ viewer { login } }', {}, person.basic)).data.viewer.login, person.login);
    const page = await browser.open(`/-/admin/users?q=${person.login}`, { account: ADMIN });
    await assertAccessible(page, 'the user list');
    await screenshot(page, 'admin-users');
    await page.getByRole('link', { name: `Edit ${person.login}` }).click();
    await heading(page, `Edit user account ${person.login}`);
    await assertAccessible(page, 'the user edit form');
    await screenshot(page, 'admin-user-edit');
    await page.getByLabel('Prohibit sign-in').check();
    await page.getByLabel('Full name').fill('Locked Out');
    await page.getByRole('button', { name: 'Update user account' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const read = await graphql(server.url, 'query($l: String!) { adminUsers(query: $l) { nodes { login prohibitLogin fullName } } }', { l: person.login }, adminAuth);
    assert.deepEqual(read.data.adminUsers.nodes, [{ login: person.login, prohibitLogin: true, fullName: 'Locked Out' }]);
    const refused = await graphql(server.url, '{ viewer { login } }', {}, person.basic);
    assert.notEqual(refused.data?.viewer?.login, person.login, 'the account is refused');
    await page.context().close();
  });

  it('a site admin deletes a user account only after confirming, and it is gone', async () => {
    const person = await createAccount(api);
    const page = await browser.open(`/-/admin/users/${person.id}/edit`, { account: ADMIN });
    await heading(page, `Edit user account ${person.login}`);
    await page.getByRole('button', { name: 'Delete user account' }).click();
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Yes, delete', 'focus moves to the confirm button');
    assert.equal((await api.get(`/users/${person.login}`, adminAuth)).status, 200, 'asking deletes nothing');
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await heading(page, /User accounts/);
    assert.equal((await api.get(`/users/${person.login}`, adminAuth)).status, 404);
    await page.context().close();
  });

  it('the user list is paged twenty at a time, and a new search starts at its first page', async () => {
    const prefix = `pg${process.pid}n`;
    await Promise.all(Array.from({ length: 22 }, (_, i) => createAccount(api, { login: `${prefix}${String(i).padStart(2, '0')}` })));
    const page = await browser.open(`/-/admin/users?q=${prefix}`, { account: ADMIN });
    const rows = page.locator('tbody tr');
    await rows.first().waitFor();
    assert.equal(await rows.count(), 20);
    await page.getByText('Page 1 of 2').waitFor();
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await page.getByRole('link', { name: `Edit ${prefix}20` }).waitFor();
    assert.deepEqual(await rows.locator('td:nth-child(2) a').allInnerTexts(), [`${prefix}20`, `${prefix}21`]);
    await page.getByLabel('Search user accounts').fill(`${prefix}0`);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: `Edit ${prefix}00` }).waitFor();
    assert.equal(await rows.count(), 10);
    assert.doesNotMatch(page.url(), /page=/);
    await page.context().close();
  });

  it('the organization list shows private organizations and finds one by name', async () => {
    const owner = await createAccount(api);
    const org = await createOrg(server, [owner], { visibility: 'private' });
    const page = await browser.open('/-/admin/orgs', { account: ADMIN });
    await heading(page, /Organizations/);
    await page.getByLabel('Search organizations').fill(org.login);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/q=/);
    const rows = page.locator('tbody tr');
    await rows.first().getByRole('link', { name: org.login }).waitFor();
    assert.equal(await rows.count(), 1);
    assert.match(await rows.first().innerText(), /private/);
    await assertAccessible(page, 'the organization list');
    await screenshot(page, 'admin-orgs');
    await page.context().close();
  });

  it('a site admin deletes a private repository from /-/admin/repos after confirming', async () => {
    const owner = await createAccount(api);
    const repo = await buildRepo(server, owner, { private: true, files: { 'README.md': '# doomed\n' } });
    const fullName = `${owner.login}/${repo.name}`;
    const page = await browser.open(`/-/admin/repos?q=${repo.name}`, { account: ADMIN });
    await page.getByRole('link', { name: fullName }).waitFor();
    await assertAccessible(page, 'the repository list');
    await screenshot(page, 'admin-repos');
    await page.getByRole('button', { name: `Delete ${fullName}` }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByRole('status').filter({ hasText: `The repository ${fullName} was deleted.` }).waitFor();
    await page.getByText('No repository matches.').waitFor();
    assert.equal((await api.get(`/repos/${fullName}`, adminAuth)).status, 404);
    await page.context().close();
  });

  it('the configuration page shows settings with secrets masked', async () => {
    const page = await browser.open('/-/admin/config', { account: ADMIN });
    await heading(page, 'Configuration');
    const admin = page.getByRole('table').filter({ has: page.getByRole('rowheader', { name: 'PASSWORD', exact: true }) });
    const row = admin.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'PASSWORD', exact: true }) });
    assert.equal((await row.getByRole('cell').innerText()).trim(), '******');
    assert.doesNotMatch(await page.locator('main').innerText(), new RegExp(ADMIN.password));
    await assertAccessible(page, 'the configuration page');
    await screenshot(page, 'admin-config');
    await page.context().close();
  });

  it('on a phone the admin pages keep their navigation and fit the screen', async () => {
    const page = await browser.open('/-/admin/users', { account: ADMIN, phone: true });
    await heading(page, /User accounts/);
    assert.ok(await page.getByRole('navigation', { name: 'Site administration' }).isVisible());
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
    await assertAccessible(page, 'the user list on a phone');
    await screenshot(page, 'admin-users-phone');
    await page.context().close();
  });

  it('a person who is not a site admin, or a visitor, gets the not-found page at /-/admin and its pages', async () => {
    const person = await createAccount(api);
    for (const path of ['/-/admin', '/-/admin/users', '/-/admin/config']) {
      for (const account of [person, undefined]) {
        const page = await browser.open(path, { account });
        await heading(page, 'Page not found');
        assert.equal(await page.getByRole('navigation', { name: 'Site administration' }).count(), 0);
        await page.context().close();
      }
    }
  });
});
