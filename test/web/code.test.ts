import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAccount } from '../testkit/accounts.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';
import { assertAccessible, consoleErrors, noBrowser, screenshot, sessionCookies, useBrowser } from '../testkit/browser.ts';

const cookieHeader = (cookies: { name: string; value: string }[]) => cookies.map((c) => `${c.name}=${c.value}`).join('; ');

const MAIN_TS = 'export function greet(name: string): string {\n  return `hello ${name}`;\n}\n';
const BIG_TS = Array.from({ length: 5000 }, (_, i) => `export const value${i} = ${i}; // line ${i + 1}`).join('\n') + '\n';

describe('the code browser: raw files and archives over HTTP', () => {
  const server = useServer();
  const { api } = server;

  it("a private repository's raw file and archive are 404 for anonymous visitors, and served to its owner's session", async () => {
    const owner = await createAccount(api);
    const repo = await buildRepo(server, owner, { private: true, files: { 'secret.txt': 'the secret\n' } });
    const raw = new URL(`${repo.fullName}/raw/branch/${repo.defaultBranch}/secret.txt`, server.url);
    const archive = new URL(`${repo.fullName}/archive/${repo.defaultBranch}.zip`, server.url);
    assert.equal((await fetch(raw)).status, 404);
    assert.equal((await fetch(archive)).status, 404);
    const stranger = await createAccount(api);
    assert.equal((await fetch(raw, { headers: { cookie: cookieHeader(await sessionCookies(server, stranger)) } })).status, 404, 'another account does not see it either');
    const cookie = cookieHeader(await sessionCookies(server, owner));
    const own = await fetch(raw, { headers: { cookie } });
    assert.equal(own.status, 200);
    assert.equal(await own.text(), 'the secret\n');
    assert.match(own.headers.get('content-type') ?? '', /^text\/plain/);
    const zip = await fetch(archive, { headers: { cookie } });
    assert.equal(zip.status, 200);
    assert.equal(zip.headers.get('content-type'), 'application/zip');
    assert.equal(Buffer.from(await zip.arrayBuffer()).subarray(0, 2).toString('latin1'), 'PK');
  });

  it('raw URLs name a branch (which may hold slashes), a tag or a commit; a directory or a missing file is 404', async () => {
    const owner = await createAccount(api);
    const repo = await buildRepo(server, owner, {
      files: { 'a/b.txt': 'one\n' },
      commits: [
        { key: 'second', message: 'two', files: { 'a/b.txt': 'two\n' } },
        { key: 'nested', branch: 'feature/x', message: 'three', files: { 'a/b.txt': 'three\n' } },
      ],
      tags: { 'v1.0': 'second' },
    });
    const get = (path: string) => fetch(new URL(`${repo.fullName}/${path}`, server.url));
    assert.equal(await (await get('raw/branch/feature/x/a/b.txt')).text(), 'three\n');
    assert.equal(await (await get('raw/tag/v1.0/a/b.txt')).text(), 'two\n');
    assert.equal(await (await get(`raw/commit/${repo.ids.second}/a/b.txt`)).text(), 'two\n');
    assert.equal((await get(`raw/branch/${repo.defaultBranch}/a`)).status, 404);
    assert.equal((await get(`raw/branch/${repo.defaultBranch}/nothing.txt`)).status, 404);
    assert.equal((await get('raw/branch/no-such-branch/a/b.txt')).status, 404);
    const tar = await get('archive/v1.0.tar.gz');
    assert.equal(tar.status, 200);
    assert.equal(tar.headers.get('content-type'), 'application/gzip');
  });
});

/** The elements that reach past the phone's width, for the failure message. */
const tooWide = (page: import('playwright-core').Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > 391)
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className}`)
      .join(', '),
  );

describe('the code browser in a browser', { skip: noBrowser }, () => {
  const server = useServer();
  const { api } = server;
  const browser = useBrowser(server);

  async function sha256Repo() {
    const owner = await createAccount(api);
    const repo = await buildRepo(server, owner, {
      objectFormat: 'sha256',
      files: { 'README.md': '# Hello Graft\n\nSome **bold** words.\n', 'src/main.ts': MAIN_TS, 'src/big.ts': BIG_TS },
      commits: [
        { key: 'second', message: 'Add a changelog', files: { 'CHANGELOG.md': '- first\n' } },
        { key: 'feature', branch: 'feature', message: 'Add the feature flag', files: { 'src/feature.ts': 'export const feature = true;\n' } },
      ],
      tags: { 'v1.0': 'second' },
    });
    return { owner, repo };
  }

  it('browsing a SHA-256 repository: README, a directory, a highlighted file, another branch, a commit and its diff, the raw file', async () => {
    const { repo } = await sha256Repo();
    const context = await browser.context();
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await page.goto(`/${repo.fullName}`);
    await page.locator('.readme').getByRole('heading', { name: 'Hello Graft' }).waitFor();
    assert.equal(await page.locator('.readme strong').innerText(), 'bold', 'the README is rendered Markdown');
    assert.equal(await page.getByLabel('Clone with HTTP').inputValue(), repo.cloneUrl);
    await assertAccessible(page, 'the repository home');
    await screenshot(page, 'code-home');

    await page.getByRole('link', { name: 'src', exact: true }).click();
    await page.waitForURL(`**/${repo.fullName}/src/branch/${repo.defaultBranch}/src`);
    await page.getByRole('link', { name: 'main.ts', exact: true }).click();
    await page.waitForURL(`**/src/branch/${repo.defaultBranch}/src/main.ts`);
    await page.locator('code[data-highlighted="true"]').waitFor();
    const colours = await page.locator('.code-lines span[style*="color"]').count();
    assert.ok(colours > 3, `highlighted tokens: ${colours}`);
    assert.equal(await page.locator('#L3').innerText(), '3');
    await assertAccessible(page, 'the file view');
    await screenshot(page, 'code-file');

    const raw = await page.getByRole('link', { name: 'Raw' }).getAttribute('href');
    const download = await page.request.get(raw!);
    assert.equal(download.status(), 200);
    assert.equal(await download.text(), MAIN_TS);

    await page.getByRole('link', { name: 'src', exact: true }).click();
    await page.getByRole('link', { name: 'main.ts', exact: true }).waitFor();
    await page.getByLabel('Branch or tag').selectOption('branch:feature');
    await page.waitForURL('**/src/branch/feature/src');
    await page.getByRole('link', { name: 'feature.ts', exact: true }).waitFor();

    await page.getByRole('link', { name: 'Add the feature flag' }).click();
    await page.waitForURL(`**/${repo.fullName}/commit/${repo.ids.feature}`);
    await page.getByRole('heading', { name: 'Add the feature flag' }).waitFor();
    await page.getByRole('region', { name: 'Changes to src/feature.ts' }).waitFor();
    assert.match(await page.locator('.diff').innerText(), /export const feature = true;/);
    assert.equal(repo.ids.feature.length, 64, 'a SHA-256 commit id');
    await screenshot(page, 'code-commit');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a Markdown file shows rendered with a switch to its source; branches, tags and commits are listed', async () => {
    const { repo } = await sha256Repo();
    const page = await browser.open(`/${repo.fullName}/src/branch/${repo.defaultBranch}/README.md`);
    await page.locator('.file-view').getByRole('heading', { name: 'Hello Graft' }).waitFor();
    await page.getByRole('button', { name: 'Source' }).click();
    await page.locator('#L1').waitFor();
    assert.match(await page.locator('.code-lines').innerText(), /# Hello Graft/);

    await page.goto(`/${repo.fullName}/branches`);
    await page.getByRole('link', { name: 'feature', exact: true }).waitFor();
    await page.goto(`/${repo.fullName}/tags`);
    await page.getByRole('link', { name: 'v1.0', exact: true }).waitFor();
    await page.goto(`/${repo.fullName}/commits/branch/feature`);
    await page.getByRole('link', { name: 'Add a changelog' }).waitFor();
    assert.equal(await page.locator('.commit-list li').count(), 3);
    await page.goto(`/${repo.fullName}/compare/${repo.defaultBranch}...feature`);
    await page.getByRole('region', { name: 'Changes to src/feature.ts' }).waitFor();
    assert.equal(await page.locator('.commit-list li').count(), 1, 'only the commit the head has');
    await page.context().close();
  });

  it('the repository home and a file fit a phone screen: nothing scrolls sideways but the code itself', async () => {
    const { repo } = await sha256Repo();
    const page = await browser.open(`/${repo.fullName}`, { phone: true });
    await page.locator('.readme').getByRole('heading', { name: 'Hello Graft' }).waitFor();
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, `the home is no wider than the phone: ${await tooWide(page)}`);
    await screenshot(page, 'code-home-phone');
    await page.goto(`/${repo.fullName}/src/branch/${repo.defaultBranch}/src/big.ts`);
    await page.locator('#L5000').waitFor();
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, `long lines scroll inside the code box: ${await tooWide(page)}`);
    await page.context().close();
  });

  it('an empty repository shows how to push to it', async () => {
    const owner = await createAccount(api);
    const repo = await buildRepo(server, owner, {});
    const page = await browser.open(`/${repo.fullName}`);
    await page.getByRole('heading', { name: 'This repository is empty' }).waitFor();
    assert.match(await page.locator('.push-help').first().innerText(), new RegExp(`git remote add origin ${repo.cloneUrl.replace(/[.]/g, '\\.')}`));
    await page.context().close();
  });

  it('measured: the repository page and a 5,000-line file paint fast after the first load, and the first load carries little JavaScript', async () => {
    const { repo } = await sha256Repo();
    const context = await browser.context();
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (res) => {
      if (new URL(res.url()).pathname.endsWith('.js')) scripts.add(res.url());
    });
    const home = `/${repo.fullName}`;
    const bigFile = `/${repo.fullName}/src/branch/${repo.defaultBranch}/src/big.ts`;
    await page.goto(home);
    await page.locator('.readme').getByRole('heading', { name: 'Hello Graft' }).waitFor();
    let gzipped = 0;
    for (const url of scripts) {
      const res = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
      gzipped += Number(res.headers.get('content-length'));
    }
    await page.goto(bigFile);
    await page.locator('#L5000').waitFor();

    let start = performance.now();
    await page.goto(home);
    await page.getByRole('link', { name: 'src', exact: true }).waitFor();
    const homeMs = performance.now() - start;
    start = performance.now();
    await page.goto(bigFile);
    await page.locator('#L5000').waitFor();
    const fileMs = performance.now() - start;
    await page.locator('code[data-highlighted="true"]').waitFor({ timeout: 30_000 });
    const highlightedMs = performance.now() - start;
    console.log(
      `code browser: ${scripts.size} scripts, ${(gzipped / 1024).toFixed(1)} KiB gzipped JS on first load of the repository home; ` +
        `repository page painted in ${homeMs.toFixed(0)} ms, 5,000-line file painted in ${fileMs.toFixed(0)} ms (highlighted in ${highlightedMs.toFixed(0)} ms)`,
    );
    assert.ok(gzipped > 0 && gzipped < 400 * 1024, `JS on first load: ${gzipped} bytes`);
    assert.ok(homeMs < 5000, `repository page: ${homeMs} ms`);
    assert.ok(fileMs < 5000, `file view: ${fileMs} ms`);
    await context.close();
  });
});
