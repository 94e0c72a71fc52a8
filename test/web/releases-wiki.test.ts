import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAccount } from '../testkit/accounts.ts';
import { graphql } from '../testkit/client.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';
import { assertAccessible, consoleErrors, noBrowser, screenshot, useBrowser } from '../testkit/browser.ts';

describe('the web interface in a browser: releases and the wiki', { skip: noBrowser }, () => {
  const server = useServer();
  const { api } = server;
  const browser = useBrowser(server);

  it('a writer publishes a release with notes and an uploaded asset, and the releases page lists it with a working download link', async () => {
    const owner = await createAccount(api);
    const repo = await buildRepo(server, owner, { files: { 'README.md': '# tool\n' } });
    const page = await browser.open(`/${owner.login}/${repo.name}/releases`, { account: owner });
    const errors = consoleErrors(page);
    await page.getByRole('link', { name: 'New release' }).click();
    await page.getByLabel('Tag name').fill('v1.0.0');
    await page.getByLabel('Title').fill('First release');
    await page.getByLabel('Notes (Markdown)').fill('The **first** one.');
    await page.getByLabel('Pre-release').check();
    await assertAccessible(page, 'the new release form');
    await page.getByRole('button', { name: 'Publish release' }).click();
    await page.getByRole('heading', { name: 'Edit release v1.0.0' }).waitFor();
    await page.getByLabel('File to attach').setInputFiles({ name: 'tool.txt', mimeType: 'text/plain', buffer: Buffer.from('hello asset\n') });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('button', { name: 'Delete tool.txt' }).waitFor();
    await assertAccessible(page, 'the release edit page');
    await screenshot(page, 'release-edit');
    // Anyone may read the public repository's releases.
    const visitor = await browser.open(`/${owner.login}/${repo.name}/releases`);
    const release = visitor.getByRole('article', { name: 'First release' });
    await release.waitFor();
    assert.match(await release.innerText(), /Pre-release/);
    assert.equal(await release.locator('.markdown strong').innerText(), 'first');
    const asset = release.getByRole('link', { name: 'tool.txt' });
    assert.match(await release.innerText(), /12 B/);
    assert.equal(await visitor.getByRole('link', { name: 'New release' }).count(), 0, 'no writing for readers');
    const download = await visitor.request.get((await asset.getAttribute('href'))!);
    assert.equal(download.status(), 200);
    assert.equal(await download.text(), 'hello asset\n');
    await assertAccessible(visitor, 'the releases page');
    await screenshot(visitor, 'releases');
    await release.getByRole('link', { name: 'First release' }).click();
    await visitor.waitForURL(/\/releases\/tag\/v1\.0\.0$/);
    await visitor.getByRole('heading', { name: 'First release' }).waitFor();
    assert.deepEqual(errors, []);
    await page.context().close();
    await visitor.context().close();
  });

  it('a writer edits a release into a draft that readers no longer see, then deletes it', async () => {
    const owner = await createAccount(api);
    const repo = await buildRepo(server, owner, { files: { 'README.md': '# tool\n' } });
    const made = await graphql(server.url, `mutation { createRelease(owner: "${owner.login}", name: "${repo.name}", input: { tagName: "v2", title: "Two" }) { databaseId } }`, {}, owner.basic);
    assert.equal(made.errors, undefined, JSON.stringify(made.errors));
    const page = await browser.open(`/${owner.login}/${repo.name}/releases/edit/v2`, { account: owner });
    await page.getByLabel('Title').fill('Two, reworked');
    await page.getByLabel('Draft').check();
    await page.getByRole('button', { name: 'Save release' }).click();
    await page.waitForURL(/\/releases\/tag\/v2$/);
    await page.getByRole('heading', { name: 'Two, reworked' }).waitFor();
    const visitor = await browser.open(`/${owner.login}/${repo.name}/releases`);
    await visitor.getByText('No release yet.').waitFor();
    await page.goto(`/${owner.login}/${repo.name}/releases/edit/v2`);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete release' }).click();
    await page.waitForURL(/\/releases$/);
    await page.getByText('No release yet.').waitFor();
    await page.context().close();
    await visitor.context().close();
  });

  it('a writer creates the first wiki page and edits it; readers see it rendered and listed', async () => {
    const owner = await createAccount(api);
    const repo = await buildRepo(server, owner, { files: { 'README.md': '# tool\n' } });
    const page = await browser.open(`/${owner.login}/${repo.name}/wiki`, { account: owner });
    await page.getByRole('link', { name: 'Create the first page' }).click();
    await page.getByLabel('Title').fill('Home');
    await page.getByLabel('Content (Markdown)').fill('Welcome to the **wiki** — café.');
    await assertAccessible(page, 'the wiki editor');
    await screenshot(page, 'wiki-edit');
    await page.getByRole('button', { name: 'Save page' }).click();
    await page.waitForURL(/\/wiki\/Home$/);
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    assert.equal(await page.locator('.wiki-page .markdown strong').innerText(), 'wiki');
    await page.getByRole('link', { name: 'Edit' }).click();
    assert.equal(await page.getByLabel('Content (Markdown)').inputValue(), 'Welcome to the **wiki** — café.', 'the text comes back as written');
    await page.getByLabel('Content (Markdown)').fill('Welcome, *edited*.');
    await page.getByRole('button', { name: 'Save page' }).click();
    await page.waitForURL(/\/wiki\/Home$/);
    await page.locator('.wiki-page .markdown em').waitFor();
    assert.match(await page.locator('.wiki-page .markdown').innerText(), /Welcome, edited\./);
    const visitor = await browser.open(`/${owner.login}/${repo.name}/wiki`);
    await visitor.getByText('Welcome, edited.').waitFor();
    assert.equal(await visitor.getByRole('link', { name: 'Edit' }).count(), 0, 'no editing for readers');
    await assertAccessible(visitor, 'a wiki page');
    await screenshot(visitor, 'wiki-page');
    await visitor.goto(`/${owner.login}/${repo.name}/wiki/?action=_pages`);
    await visitor.waitForURL(/\/wiki\/_pages$/);
    await visitor.getByRole('link', { name: 'Home' }).waitFor();
    await assertAccessible(visitor, 'the wiki page list');
    await page.context().close();
    await visitor.context().close();
  });

  it('a writer deletes a wiki page, and it is gone from the list', async () => {
    const owner = await createAccount(api);
    const repo = await buildRepo(server, owner, { files: { 'README.md': '# tool\n' } });
    for (const title of ['Home', 'Old notes']) {
      const made = await graphql(
        server.url,
        `mutation($c: String!) { createWikiPage(owner: "${owner.login}", name: "${repo.name}", input: { title: "${title}", contentBase64: $c }) { page { subUrl } } }`,
        { c: Buffer.from(`${title} text`).toString('base64') },
        owner.basic,
      );
      assert.equal(made.errors, undefined, JSON.stringify(made.errors));
    }
    const page = await browser.open(`/${owner.login}/${repo.name}/wiki/Old-notes/_edit`, { account: owner });
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete page' }).click();
    await page.waitForURL(/\/wiki\/_pages$/);
    await page.getByRole('link', { name: 'Home' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Old notes' }).count(), 0);
    await page.context().close();
  });
});
