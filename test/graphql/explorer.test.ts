import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createAccounts, type TestAccount } from '../testkit/accounts.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

/** Debian's chromium package (.ci/run installs it). */
const CHROMIUM = '/usr/bin/chromium';

/** Waits up to `ms` for the explorer's result pane to hold `text`, and returns what it holds. */
async function resultContaining(page: Page, text: string, ms = 15_000): Promise<string> {
  const pane = page.locator('.graphiql-response');
  let shown = '';
  for (const end = Date.now() + ms; Date.now() < end; await page.waitForTimeout(100)) {
    shown = (await pane.innerText().catch(() => '')).replace(/\s+/g, ' ');
    if (shown.includes(text)) return shown;
  }
  assert.fail(`the result pane never showed ${JSON.stringify(text)}; it shows ${JSON.stringify(shown.slice(0, 500))}`);
}

describe('the GraphQL explorer in a browser', { skip: !existsSync(CHROMIUM) && `${CHROMIUM} is not installed` }, () => {
  const server = useServer();
  const { api } = server;
  let browser: Browser;
  let owner: TestAccount;
  let repo: TestRepo;
  /** Requests the page tried to send anywhere but the server: refused, as on a machine without internet access. */
  const refused: string[] = [];

  before(async () => {
    [owner] = await createAccounts(api, 1);
    repo = await buildRepo(server, owner, { files: { 'README.md': 'hello\n' } });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-background-networking'] });
  });
  after(async () => {
    await browser?.close();
  });

  async function openExplorer(query: string): Promise<Page> {
    const context = await browser.newContext();
    const origin = new URL(server.url).origin;
    // The network is cut off: only the server's own origin answers.
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (new URL(url).origin === origin) return route.continue();
      refused.push(url);
      return route.abort('internetdisconnected');
    });
    const page = await context.newPage();
    await page.goto(new URL(`api/graphql?query=${encodeURIComponent(query)}`, server.url).href);
    await page.locator('.graphiql-execute-button').waitFor({ state: 'visible', timeout: 30_000 });
    return page;
  }

  it('loads with the network cut off, every script and style coming from the server, and runs a query', async () => {
    const page = await openExplorer(`{ repository(owner: "${owner.login}", name: "${repo.name}") { name } }`);
    await page.locator('.graphiql-execute-button').click();
    const shown = await resultContaining(page, `"name": "${repo.name}"`);
    assert.match(shown, /"repository"/);
    assert.deepEqual(refused, [], 'the explorer asked for nothing outside the server');
    await page.context().close();
  });

  it('serves the page small and its script and stylesheet compressed and cached for good', async () => {
    const res = await fetch(new URL('api/graphql', server.url), { headers: { accept: 'text/html' } });
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.ok(html.length < 10_000, `the page holds ${html.length} characters`);
    assert.doesNotMatch(html, /https?:\/\//, 'the page names no other site');
    const sources = [...html.matchAll(/(?:src|href)="(\/api\/graphql\/explorer\/[^"]+)"/g)].map((m) => m[1]);
    assert.equal(sources.length, 3, `an icon, a stylesheet and a script: ${html}`);
    for (const source of sources) {
      const asset = await fetch(new URL(source, server.url), { headers: { 'accept-encoding': 'gzip' } });
      assert.equal(asset.status, 200);
      assert.equal(asset.headers.get('content-encoding'), 'gzip');
      assert.match(asset.headers.get('cache-control') ?? '', /immutable/);
      assert.ok((await asset.arrayBuffer()).byteLength > 1000);
    }
    const missing = await fetch(new URL('api/graphql/explorer/graphiql-0000.js', server.url));
    assert.equal(missing.status, 404);
    assert.ok((await missing.json()).message);
  });

  it('runs a subscription and shows an event as it arrives', async () => {
    const page = await openExplorer(`subscription { repositoryEvents(owner: "${owner.login}", name: "${repo.name}") { event ref { name refType } } }`);
    await page.locator('.graphiql-execute-button').click();
    // The subscription is in place once the socket is open and the operation sent; give it a moment.
    await page.waitForTimeout(1000);
    const created = await api.post(`${repo.path}/branches`, { new_branch_name: 'seen-in-the-explorer', old_branch_name: 'main' }, owner.basic);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const shown = await resultContaining(page, '"name": "seen-in-the-explorer"');
    assert.match(shown, /"event": "create"/);
    assert.deepEqual(refused, [], 'the explorer asked for nothing outside the server');
    await page.context().close();
  });
});
