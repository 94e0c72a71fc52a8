import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createAccount } from '../testkit/accounts.ts';
import { adminAuth } from '../testkit/client.ts';
import { gitLocal } from '../testkit/git.ts';
import { ADMIN } from '../testkit/server.ts';
import { useServer } from '../testkit/use-server.ts';
import { assertAccessible, consoleErrors, noBrowser, screenshot, useBrowser } from '../testkit/browser.ts';

describe('cron tasks and unadopted repositories in a browser', { skip: noBrowser }, () => {
  const server = useServer({ 'cron.archive_cleanup': { RUN_AT_START: false }, 'cron.cleanup_temporary_uploads': { RUN_AT_START: false } });
  const { api } = server;
  const browser = useBrowser(server);

  const heading = async (page: Page, name: string | RegExp) => {
    const h1 = page.getByRole('heading', { level: 1, name });
    await h1.waitFor();
    return h1;
  };

  it('the cron page lists the tasks with their schedules; Run starts one and its outcome shows in its row', async () => {
    const page = await browser.open('/-/admin', { account: ADMIN });
    const errors = consoleErrors(page);
    await page.getByRole('navigation', { name: 'Site administration' }).getByRole('link', { name: 'Cron tasks' }).click();
    await heading(page, 'Cron tasks');
    const row = page.locator('tr[data-task="archive_cleanup"]');
    await row.waitFor();
    assert.match(await row.innerText(), /@midnight/);
    assert.match(await row.innerText(), /never ran/);
    await assertAccessible(page, 'the cron tasks page');
    await page.getByRole('button', { name: 'Run archive_cleanup now' }).click();
    await page.getByRole('status').filter({ hasText: 'The task archive_cleanup was started.' }).waitFor();
    await row.locator('.cron-message', { hasText: /removed \d+ stale archive files/ }).waitFor();
    assert.match(await row.locator('.cron-status').innerText(), /OK/);
    const listed = await api.get('/admin/cron', adminAuth);
    assert.equal(listed.body.find((t: { name: string }) => t.name === 'archive_cleanup').exec_times, 1);
    await screenshot(page, 'admin-cron');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('the unadopted page lists files no repository owns; one is adopted, another deleted', async () => {
    const owner = await createAccount(api);
    const folder = (name: string) => path.join(server.app.config.server.DATA_DIR, 'repositories', owner.login.toLowerCase(), `${name}.git`);
    for (const name of ['kept', 'dropped']) assert.equal(gitLocal(['init', '--bare', '-q', folder(name)]).status, 0);
    const page = await browser.open('/-/admin/repos', { account: ADMIN });
    const errors = consoleErrors(page);
    await page.getByRole('navigation', { name: 'Site administration' }).getByRole('link', { name: 'Unadopted repositories' }).click();
    await heading(page, /Unadopted repositories/);
    await page.getByRole('searchbox').fill(owner.login);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: `Adopt ${owner.login}/kept` }).waitFor();
    await assertAccessible(page, 'the unadopted repositories page');
    await screenshot(page, 'admin-unadopted');

    await page.getByRole('button', { name: `Adopt ${owner.login}/kept` }).click();
    await page.getByRole('status').filter({ hasText: `${owner.login}/kept was adopted.` }).waitFor();
    assert.equal((await api.get(`/repos/${owner.login}/kept`, adminAuth)).status, 200);

    await page.getByRole('button', { name: `Delete files of ${owner.login}/dropped` }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByRole('status').filter({ hasText: `The files of ${owner.login}/dropped were deleted.` }).waitFor();
    assert.equal(existsSync(folder('dropped')), false);
    await page.getByText('No unadopted repository.').waitFor();
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
