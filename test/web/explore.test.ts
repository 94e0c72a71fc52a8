import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAccount } from '../testkit/accounts.ts';
import { adminAuth, graphql } from '../testkit/client.ts';
import { addTeamMember, createOrg, createTeam } from '../testkit/orgs.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';
import { assertAccessible, consoleErrors, noBrowser, screenshot, useBrowser } from '../testkit/browser.ts';

describe('the web interface in a browser: explore, profiles and the repository header', { skip: noBrowser }, () => {
  const server = useServer();
  const { api } = server;
  const browser = useBrowser(server);

  it('explore search finds a public repository by name and never shows a private one to others', async () => {
    const owner = await createAccount(api);
    const tag = `needle${process.pid}`;
    const shown = await buildRepo(server, owner, { name: `${tag}-open`, description: 'a public one', autoInit: true });
    const hidden = await buildRepo(server, owner, { name: `${tag}-secret`, private: true, autoInit: true });
    const other = await createAccount(api);
    const page = await browser.open('/explore/repos', { account: other });
    const errors = consoleErrors(page);
    await page.getByRole('searchbox', { name: 'Search repositories' }).fill(tag);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(new RegExp(`q=${tag}`));
    await page.getByRole('link', { name: `${owner.login}/${shown.name}` }).waitFor();
    assert.equal(await page.getByRole('link', { name: `${owner.login}/${hidden.name}` }).count(), 0);
    await assertAccessible(page, 'the explore page');
    await screenshot(page, 'explore-repos');
    // The owner finds both: the page shows what the graph lets the viewer read.
    const own = await browser.open(`/explore/repos?q=${tag}`, { account: owner });
    await own.getByRole('link', { name: `${owner.login}/${hidden.name}` }).waitFor();
    assert.equal(await own.getByRole('link', { name: `${owner.login}/${shown.name}` }).count(), 1);
    assert.deepEqual(errors, []);
    await own.context().close();
    await page.context().close();
  });

  it('explore lists people and organizations found by their search box', async () => {
    const person = await createAccount(api);
    const org = await createOrg(server, [person], { fullName: `Findable ${process.pid}` });
    const users = await browser.open(`/explore/users?q=${person.login}`);
    await users.getByRole('link', { name: person.login }).waitFor();
    await assertAccessible(users, 'the explore users page');
    await screenshot(users, 'explore-users');
    const orgs = await browser.open('/explore/organizations', { phone: true });
    await orgs.getByRole('searchbox', { name: 'Search organizations' }).fill(`Findable ${process.pid}`);
    await orgs.getByRole('button', { name: 'Search' }).click();
    await orgs.getByRole('link', { name: `Findable ${process.pid}` }).waitFor();
    assert.equal(await orgs.locator('.account-list li').count(), 1);
    assert.match(await orgs.locator('.account-list').innerText(), new RegExp(org.login));
    await assertAccessible(orgs, 'the explore organizations page');
    await screenshot(orgs, 'explore-organizations-phone');
    await users.context().close();
    await orgs.context().close();
  });

  it('explore sorts organizations as chosen, and keeps the choice in the URL', async () => {
    const person = await createAccount(api);
    const tag = `sorted${process.pid}`;
    await createOrg(server, [person], { login: `${tag}-a` });
    await createOrg(server, [person], { login: `${tag}-b` });
    const page = await browser.open(`/explore/organizations?q=${tag}`);
    const names = () => page.locator('.account-list li a').allInnerTexts();
    await page.getByRole('link', { name: `${tag}-b` }).waitFor();
    assert.deepEqual(await names(), [`${tag}-a`, `${tag}-b`]);
    await page.getByLabel('Sort').selectOption('reversealphabetically');
    await page.waitForURL(/sort=reversealphabetically/);
    await page.waitForFunction((first) => document.querySelector('.account-list li a')?.textContent === first, `${tag}-b`);
    assert.deepEqual(await names(), [`${tag}-b`, `${tag}-a`]);
    await page.context().close();
  });

  it("a person's profile shows their details, the README of their public .profile repository and their repositories", async () => {
    const person = await createAccount(api);
    const edit = await api.patch(`/admin/users/${person.login}`, { source_id: 0, login_name: person.login, description: 'Writes parsers.', location: 'Lisbon' }, adminAuth);
    assert.equal(edit.status, 200, JSON.stringify(edit.body));
    await buildRepo(server, person, { name: '.profile', files: { 'README.md': '# Hi there\n\nI like **graphs**.\n' } });
    const project = await buildRepo(server, person, { name: 'parser', autoInit: true });
    const visitor = await createAccount(api);
    const page = await browser.open(`/${person.login}`, { account: visitor });
    await page.getByRole('heading', { name: 'Hi there' }).waitFor();
    assert.equal(await page.locator('.profile-readme strong').innerText(), 'graphs');
    await page.getByRole('link', { name: `${person.login}/${project.name}` }).waitFor();
    const card = await page.locator('.profile-card').innerText();
    assert.match(card, /Writes parsers\./);
    assert.match(card, /Lisbon/);
    await assertAccessible(page, 'a person profile');
    await screenshot(page, 'profile-user');
    // Following: the button and the count change together.
    assert.match(card, /0 followers/);
    await page.getByRole('button', { name: 'Follow' }).click();
    await page.getByRole('button', { name: 'Unfollow' }).waitFor();
    await page.waitForFunction(() => /1 followers/.test(document.querySelector('.profile-card')?.textContent ?? ''));
    const follows = await graphql(server.url, `{ user(login: "${visitor.login}") { isFollowing(login: "${person.login}") } }`, {}, visitor.basic);
    assert.equal(follows.data.user.isFollowing, true);
    await page.context().close();
  });

  it('a missing account is the not-found page', async () => {
    const page = await browser.open(`/nobody-${process.pid}`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.context().close();
  });

  it("an organization's profile shows its public members to all, and every member and its teams to members only", async () => {
    const owner = await createAccount(api);
    const member = await createAccount(api);
    const org = await createOrg(server, [owner], { description: 'We build things.' });
    const team = await createTeam(server, org, { name: 'Builders', permission: 'write' });
    await addTeamMember(server, owner, team, member);
    const publicize = await graphql(server.url, `mutation { setOrganizationMembershipVisibility(organization: "${org.login}", login: "${owner.login}", public: true) }`, {}, owner.basic);
    assert.equal(publicize.errors, undefined, JSON.stringify(publicize.errors));
    await buildRepo(server, owner, { org: org.login, name: 'tool', autoInit: true });
    const asMember = await browser.open(`/${org.login}`, { account: member });
    await asMember.getByRole('heading', { name: /Teams/ }).waitFor();
    await asMember.getByText('Builders').waitFor();
    const members = asMember.getByRole('region', { name: /Members/ });
    await members.getByRole('link', { name: member.login }).waitFor();
    await members.getByRole('link', { name: owner.login }).waitFor();
    await asMember.getByRole('link', { name: `${org.login}/tool` }).waitFor();
    await assertAccessible(asMember, 'an organization profile');
    await screenshot(asMember, 'profile-organization');
    const outsider = await createAccount(api);
    const asOutsider = await browser.open(`/${org.login}`, { account: outsider });
    await asOutsider.getByRole('link', { name: `${org.login}/tool` }).waitFor();
    await asOutsider.getByRole('region', { name: /Members/ }).getByRole('link', { name: owner.login }).waitFor();
    assert.equal(await asOutsider.getByRole('link', { name: member.login }).count(), 0, 'a private membership is not shown');
    assert.equal(await asOutsider.getByRole('heading', { name: /Teams/ }).count(), 0);
    assert.equal(await asOutsider.getByText('Builders').count(), 0);
    await asMember.context().close();
    await asOutsider.context().close();
  });

  it('starring a repository from its header updates the star count, and unstarring takes it back', async () => {
    const owner = await createAccount(api);
    const repo = await buildRepo(server, owner, { autoInit: true });
    const fan = await createAccount(api);
    const page = await browser.open(`/${owner.login}/${repo.name}`, { account: fan });
    const star = page.getByRole('button', { name: /^Star/ });
    assert.equal((await star.innerText()).replace(/\s+/g, ' ').trim(), 'Star 0');
    await star.click();
    const unstar = page.getByRole('button', { name: /^Unstar/ });
    await unstar.waitFor();
    assert.equal((await unstar.innerText()).replace(/\s+/g, ' ').trim(), 'Unstar 1');
    const starred = await api.get(`/repos/${owner.login}/${repo.name}`, fan.basic);
    assert.equal(starred.body.stars_count, 1);
    await page.getByRole('button', { name: /^Watch|^Unwatch/ }).waitFor();
    await assertAccessible(page, 'the repository header');
    await screenshot(page, 'repo-header-actions');
    await unstar.click();
    await page.getByRole('button', { name: /^Star 0/ }).waitFor();
    await page.context().close();
  });

  it('forking shows its progress until the fork exists, then lands on the fork', async () => {
    const owner = await createAccount(api);
    const repo = await buildRepo(server, owner, { autoInit: true, description: 'the original' });
    const forker = await createAccount(api);
    const page = await browser.open(`/${owner.login}/${repo.name}`, { account: forker });
    await page.getByRole('button', { name: /^Fork/ }).click();
    await page.getByLabel('Repository name').fill('my-fork');
    // Hold the mutation's answer a moment, so the progress shows for certain before the fork lands.
    await page.route('**/api/graphql', async (route) => {
      if (/createFork/.test(route.request().postData() ?? '')) await new Promise((r) => setTimeout(r, 500));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Fork repository' }).click();
    await page.getByRole('status').filter({ hasText: 'Forking the repository' }).waitFor();
    await page.waitForURL(new RegExp(`/${forker.login}/my-fork$`));
    await page.getByText(`forked from ${owner.login}/${repo.name}`).waitFor();
    const fork = await api.get(`/repos/${forker.login}/my-fork`, forker.basic);
    assert.equal(fork.body.fork, true);
    await page.context().close();
  });
});
