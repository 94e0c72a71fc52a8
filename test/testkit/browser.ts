import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { fromProjectRoot } from '../../src/paths.ts';
import type { ServerKit } from './use-server.ts';

/** Debian's chromium package (.ci/run installs it with apt-get). */
export const CHROMIUM = '/usr/bin/chromium';
/** Why browser tests are skipped on this machine, or false when they run. */
export const noBrowser = !existsSync(CHROMIUM) && `${CHROMIUM} is not installed`;
/** Where the suite saves its screenshots of the main pages, for a reviewer to look at. */
export const SCREENSHOTS = fromProjectRoot('test-results', 'screenshots');

export interface BrowserKit {
  readonly browser: Browser;
  /** A fresh context (cookies of its own), signed in as `account` when given; phone width with `phone`. */
  context(options?: { account?: { login: string; password: string }; phone?: boolean; dark?: boolean }): Promise<BrowserContext>;
  /** A page of a fresh context, on `path` of the server, once its content is painted. */
  open(path: string, options?: Parameters<BrowserKit['context']>[0]): Promise<Page>;
}

/** One chromium for a file (or a describe block), with contexts that sign in through the session cookie. */
export function useBrowser(server: ServerKit): BrowserKit {
  let browser: Browser | undefined;
  before(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-background-networking'] });
  });
  after(async () => {
    await browser?.close();
  });
  const kit: BrowserKit = {
    get browser() {
      if (!browser) throw new Error('useBrowser: the browser starts in before()');
      return browser;
    },
    async context(options = {}) {
      const context = await kit.browser.newContext({
        baseURL: server.url,
        viewport: options.phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
        colorScheme: options.dark ? 'dark' : 'light',
      });
      if (options.account) await context.addCookies(await sessionCookies(server, options.account));
      return context;
    },
    async open(target, options) {
      const page = await (await kit.context(options)).newPage();
      await page.goto(target);
      await page.locator('main#main').waitFor();
      return page;
    },
  };
  return kit;
}

/** Signs in through the signIn mutation, as the sign-in page does, and returns the cookies it set. */
export async function sessionCookies(server: ServerKit, account: { login: string; password: string }, passcode?: string) {
  const res = await fetch(new URL('api/graphql', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation($login: String!, $password: String!, $passcode: String) { signIn(login: $login, password: $password, passcode: $passcode) { viewer { login } } }',
      variables: { login: account.login, password: account.password, passcode },
    }),
  });
  const body = (await res.json()) as { data?: { signIn?: { viewer?: { login: string } } } };
  assert.equal(body.data?.signIn?.viewer?.login, account.login, JSON.stringify(body));
  const url = new URL(server.url);
  return res.headers.getSetCookie().map((header) => {
    const [pair] = header.split(';');
    const eq = pair.indexOf('=');
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), domain: url.hostname, path: '/', httpOnly: /;\s*HttpOnly/i.test(header), sameSite: 'Lax' as const };
  });
}

/** Saves a screenshot of the page under test-results/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

let axeSource: string | undefined;

/**
 * Runs axe-core on the page as it is and fails on serious or critical violations. axe runs through the
 * debugging protocol, so the page's Content-Security-Policy (no inline script) stays as it is served.
 */
export async function assertAccessible(page: Page, what: string): Promise<void> {
  axeSource ??= readFileSync(fromProjectRoot('node_modules', 'axe-core', 'axe.min.js'), 'utf8');
  await page.evaluate(`${axeSource}\n;0`);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(serious, [], `${what}: accessibility violations`);
}

/** Collects what the page logs as errors (a refused script or style shows up here). */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}
