import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccount, type TestAccount } from '../testkit/accounts.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';
import { assertAccessible, noBrowser, screenshot, useBrowser } from '../testkit/browser.ts';

describe('the web interface for people: phones, dark rooms and keyboards', { skip: noBrowser }, () => {
  const server = useServer();
  const { api } = server;
  const browser = useBrowser(server);
  let owner: TestAccount;
  let repo: TestRepo;

  before(async () => {
    owner = await createAccount(api);
    repo = await buildRepo(server, owner, { files: { 'README.md': '# Hello\n\nA repository with a long line: ' + 'word '.repeat(80) + '\n' } });
  });

  /** The main pages, as a signed-in person reaches them. */
  const pages = () => [
    { name: 'dashboard', path: '/' },
    { name: 'repository', path: `/${owner.login}/${repo.name}` },
    { name: 'sign-in', path: '/user/login', anonymous: true },
  ];

  it("fits every main page into a phone's width, with nothing to scroll sideways, in the dark theme too", async () => {
    for (const { name, path, anonymous } of pages()) {
      const page = await browser.open(path, { account: anonymous ? undefined : owner, phone: true, dark: true });
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${name}: ${overflow}px wider than the phone`);
      await screenshot(page, `${name}-phone-dark`);
      await assertAccessible(page, `${name} on a phone, dark`);
      await page.context().close();
    }
  });

  it("follows the system's colour preference: dark when it asks for dark, light otherwise", async () => {
    const background = async (dark: boolean) => {
      const page = await browser.open('/user/login', { dark });
      const colour = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
      await page.context().close();
      return colour;
    };
    const [light, dark] = [await background(false), await background(true)];
    assert.equal(light, 'rgb(255, 255, 255)');
    assert.notEqual(dark, light);
  });

  it("starts the keyboard at a skip link that moves focus to the page's content", async () => {
    const page = await browser.open('/', { account: owner });
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to content');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'main');
    await page.context().close();
  });

  it("moves focus to the new page's content after a navigation inside the page, for keyboards and screen readers", async () => {
    const page = await browser.open('/', { account: owner });
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Explore' }).click();
    await page.waitForURL(/\/explore\/repos$/);
    await page.waitForFunction(() => document.activeElement?.id === 'main');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'main');
    await page.context().close();
  });
});
