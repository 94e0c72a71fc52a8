import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { addTeamMember, createOrg, createTeam } from '../testkit/orgs.ts';
import { createAccount, type TestAccount } from '../testkit/accounts.ts';
import { graphql } from '../testkit/client.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';
import { assertAccessible, consoleErrors, noBrowser, screenshot, useBrowser } from '../testkit/browser.ts';

describe('Organization.viewerCanCreateRepository', () => {
  const server = useServer();
  const { api } = server;

  it('tells a member whether they may create repositories in the organization: owners and teams allowed to may, other members may not', async () => {
    const [owner, creator, reader] = await Promise.all([createAccount(api), createAccount(api), createAccount(api)]);
    const org = await createOrg(server, [owner]);
    const creators = await createTeam(server, org, { name: 'creators', permission: 'write', canCreateOrgRepo: true });
    const readers = await createTeam(server, org, { name: 'readers', permission: 'read' });
    await addTeamMember(server, owner, creators, creator);
    await addTeamMember(server, owner, readers, reader);
    const may = async (who: TestAccount) => {
      const res = await graphql(server.url, 'query($l: String!) { organizations(member: $l, first: 10) { nodes { login viewerCanCreateRepository } } }', { l: who.login }, who.basic);
      assert.equal(res.errors, undefined, JSON.stringify(res.errors));
      return res.data.organizations.nodes.find((o: { login: string }) => o.login === org.login)?.viewerCanCreateRepository;
    };
    assert.equal(await may(owner), true);
    assert.equal(await may(creator), true);
    assert.equal(await may(reader), false);
  });
});

describe('notifications and the dashboard in a browser', { skip: noBrowser }, () => {
  const server = useServer();
  const { api } = server;
  const browser = useBrowser(server);

  /** B's repository with an issue A opened: A takes part in it, so B's comments notify A. */
  async function threadOfA(a: TestAccount, b: TestAccount, title: string) {
    const repo = await buildRepo(server, b, { files: { 'README.md': '# shared\n' } });
    const issue = await api.post(`${repo.path}/issues`, { title }, a.basic);
    assert.equal(issue.status, 201, JSON.stringify(issue.body));
    return { repo, number: issue.body.number as number };
  }
  async function comment(b: TestAccount, repoPath: string, number: number, body: string) {
    const res = await api.post(`${repoPath}/issues/${number}/comments`, { body }, b.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.id as number;
  }
  const counter = (page: Page) => page.getByRole('link', { name: /^Notifications, \d+ unread$/ });
  const counterSays = (page: Page, n: number) => page.getByRole('link', { name: `Notifications, ${n} unread` }).waitFor();

  it('a notification arrives live after signing in: the counter goes up and /notifications lists the thread, without a reload', async () => {
    const [a, b] = await Promise.all([createAccount(api), createAccount(api)]);
    const title = `Live thread ${Date.now()}`;
    const { repo, number } = await threadOfA(a, b, title);
    await server.app.backgroundIdle();

    // A signs in through the form: the page loads again and its live connection opens with the session.
    const context = await browser.context();
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await page.goto('/user/login?redirect_to=%2Fnotifications');
    await page.getByLabel('User name or e-mail address').fill(a.login);
    await page.getByLabel('Password').fill(a.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    await counterSays(page, 0);
    await page.getByText('No unread notifications.').waitFor();
    await page.evaluate(() => ((globalThis as unknown as { sameDocument: boolean }).sameDocument = true));

    const commentId = await comment(b, repo.path, number, 'A reply that should reach A');
    await counterSays(page, 1);
    const link = page.getByRole('link', { name: title });
    await link.waitFor();
    assert.equal(await link.getAttribute('href'), `/${repo.fullName}/issues/${number}#issuecomment-${commentId}`);
    const item = page.locator('li.notification-item', { has: link });
    assert.match(await item.innerText(), new RegExp(`${repo.fullName}[\\s\\S]*Issue[\\s\\S]*open`));
    assert.equal(await page.evaluate(() => (globalThis as unknown as { sameDocument?: boolean }).sameDocument), true, 'the page was not reloaded');

    await assertAccessible(page, 'the notifications page');
    await screenshot(page, 'notifications');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'notifications-phone');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('marking a thread read in one tab updates the counter and list of another open tab at once, and it moves to the Read tab', async () => {
    const [a, b] = await Promise.all([createAccount(api), createAccount(api)]);
    const title = `Two tabs ${Date.now()}`;
    const { repo, number } = await threadOfA(a, b, title);
    await comment(b, repo.path, number, 'First reply');
    await server.app.backgroundIdle();

    const context = await browser.context({ account: a });
    const [first, second] = [await context.newPage(), await context.newPage()];
    await Promise.all([first.goto('/notifications'), second.goto('/')]);
    await Promise.all([counterSays(first, 1), counterSays(second, 1)]);
    await second.getByRole('region', { name: /Unread notifications/ }).getByRole('link', { name: title }).waitFor();

    await first.bringToFront(); // a tab in the background paints rarely, which slows every click on it
    await first.getByRole('button', { name: `Mark read: ${title}` }).click();
    await Promise.all([counterSays(first, 0), counterSays(second, 0)]);
    await first.getByText('No unread notifications.').waitFor();
    await second.getByText('All caught up.').waitFor();

    await first.getByRole('link', { name: 'Read', exact: true }).click();
    await first.getByRole('link', { name: title }).waitFor();
    await first.getByRole('button', { name: `Pin: ${title}` }).click();
    await first.getByText('No read notifications.').waitFor();
    await first.getByRole('link', { name: 'Pinned', exact: true }).click();
    await first.getByRole('button', { name: `Unpin: ${title}` }).click();
    await first.getByText('No pinned notifications.').waitFor();

    // A new comment brings the read thread back to unread: both tabs count it again, and "Mark all read" clears it.
    await comment(b, repo.path, number, 'Second reply');
    await Promise.all([counterSays(first, 1), counterSays(second, 1)]);
    await first.getByRole('link', { name: 'Unread', exact: true }).click();
    await first.getByRole('button', { name: 'Mark all read' }).click();
    await Promise.all([counterSays(first, 0), counterSays(second, 0)]);
    assert.equal(await counter(second).locator('[data-testid="unread-count"]').count(), 0);
    await context.close();
  });

  it('/notifications shows 20 threads a page, with links to the next and previous pages', async () => {
    const [a, b] = await Promise.all([createAccount(api), createAccount(api)]);
    const repo = await buildRepo(server, b, { files: { 'README.md': '# busy\n' } });
    // Each issue A opens in B's repository is a thread of B, who watches it.
    for (let i = 1; i <= 21; i++) {
      const res = await api.post(`${repo.path}/issues`, { title: `Paged issue ${i}` }, a.basic);
      assert.equal(res.status, 201, JSON.stringify(res.body));
    }
    await server.app.backgroundIdle();
    const page = await browser.open('/notifications', { account: b });
    await page.getByText('21 unread threads').waitFor();
    const items = page.locator('li.notification-item');
    assert.equal(await items.count(), 20);
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.getByRole('link', { name: 'Previous page' }).waitFor();
    assert.equal(await items.count(), 1);
    assert.equal(await page.getByRole('link', { name: 'Next page' }).count(), 0);
    await page.getByRole('link', { name: 'Previous page' }).click();
    await page.getByRole('link', { name: 'Next page' }).waitFor();
    assert.equal(await items.count(), 20);
    await page.context().close();
  });

  it('a visitor on /notifications or /repo/create is offered to sign in and come back', async () => {
    for (const path of ['/notifications', '/repo/create']) {
      const page = await browser.open(path);
      const link = page.getByRole('main').getByRole('link', { name: 'Sign in' });
      assert.equal(await link.getAttribute('href'), `/user/login?redirect_to=${encodeURIComponent(path)}`);
      await page.context().close();
    }
  });

  it('the dashboard links each activity to what it is about and lists unread threads; screenshot and axe', async () => {
    const [a, b] = await Promise.all([createAccount(api), createAccount(api)]);
    const title = `Dashboard thread ${Date.now()}`;
    const { repo, number } = await threadOfA(a, b, title);
    await comment(b, repo.path, number, 'Hello from B');
    await buildRepo(server, a, { files: { 'README.md': '# mine\n' } });
    await server.app.backgroundIdle();
    const page = await browser.open('/', { account: a });
    const feed = page.getByRole('region', { name: 'Activity' });
    const issueLink = feed.getByRole('link', { name: `${repo.fullName}#${number}` }).first();
    await issueLink.waitFor();
    assert.equal(await issueLink.getAttribute('href'), `/${repo.fullName}/issues/${number}`);
    await page.getByRole('region', { name: /Unread notifications/ }).getByRole('link', { name: title }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'New repository' }).getAttribute('href'), '/repo/create');
    await assertAccessible(page, 'the dashboard');
    await screenshot(page, 'dashboard-activity');
    await page.context().close();
  });

  it('a person creates a repository from /repo/create, for themselves or an organization they may create in, and lands on it', async () => {
    const [a, other] = await Promise.all([createAccount(api), createAccount(api)]);
    const mine = await createOrg(server, [a]);
    const notMine = await createOrg(server, [other]);
    await addTeamMember(server, other, await createTeam(server, notMine, { name: 'readers', permission: 'read' }), a);

    const page = await browser.open('/', { account: a });
    await page.getByRole('link', { name: 'New repository' }).click();
    await page.getByRole('heading', { name: 'New repository' }).waitFor();
    const owners = await page.getByLabel('Owner').locator('option').allInnerTexts();
    assert.deepEqual(owners, [a.login, mine.login], 'only where the person may create');
    await assertAccessible(page, 'the new repository page');
    await screenshot(page, 'repo-create');

    await page.getByLabel('Owner').selectOption(mine.login);
    await page.getByLabel('Repository name').fill('made-in-browser');
    await page.getByLabel('Description').fill('From the web interface');
    await page.getByRole('checkbox', { name: /Private/ }).check();
    await page.getByLabel('Default branch').fill('trunk');
    await page.getByLabel('Object format').selectOption('sha256');
    await page.getByRole('button', { name: 'Create repository' }).click();
    await page.waitForURL(`**/${mine.login}/made-in-browser`);
    const made = await api.get(`/repos/${mine.login}/made-in-browser`, a.basic);
    assert.equal(made.status, 200);
    assert.equal(made.body.private, true);
    assert.equal(made.body.description, 'From the web interface');
    assert.equal(made.body.default_branch, 'trunk');
    assert.equal(made.body.object_format_name, 'sha256');
    assert.equal(made.body.empty, false, 'initialized with a README');

    // The same name again is refused, and the refusal shows on the page.
    await page.goto('/repo/create');
    await page.getByLabel('Owner').selectOption(mine.login);
    await page.getByLabel('Repository name').fill('made-in-browser');
    await page.getByRole('button', { name: 'Create repository' }).click();
    assert.match(await page.getByRole('alert').innerText(), /already exists/);
    await page.context().close();
  });
});
