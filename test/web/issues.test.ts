import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAccount, type TestAccount } from '../testkit/accounts.ts';
import { graphql } from '../testkit/client.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';
import { assertAccessible, consoleErrors, noBrowser, screenshot, useBrowser } from '../testkit/browser.ts';

describe('the issues pages in a browser', { skip: noBrowser }, () => {
  const server = useServer();
  const { api } = server;
  const browser = useBrowser(server);

  /** Runs a GraphQL operation as the account and fails on any error. */
  async function gql(account: TestAccount, query: string, variables: Record<string, unknown> = {}) {
    const res = await graphql(server.url, query, variables, account.basic);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    return res.data;
  }

  async function repoWithIssue(owner: TestAccount, collaborators: [TestAccount, 'read' | 'write' | 'admin'][] = []) {
    const repo = await buildRepo(server, owner, { files: { 'README.md': '# issues\n' }, collaborators });
    const label = async (name: string, color: string) =>
      (await gql(owner, 'mutation($o: String!, $r: String!, $i: LabelInput!) { createLabel(owner: $o, repository: $r, input: $i) { databaseId } }', { o: owner.login, r: repo.name, i: { name, color } }))
        .createLabel.databaseId as number;
    const issue = async (as: TestAccount, input: Record<string, unknown>) =>
      (await gql(as, 'mutation($o: String!, $n: String!, $i: CreateIssueInput!) { createIssue(owner: $o, name: $n, input: $i) { number } }', { o: owner.login, n: repo.name, i: input })).createIssue
        .number as number;
    return { repo, base: `/${owner.login}/${repo.name}`, label, issue };
  }

  it('a second account comments on an issue: the preview renders its Markdown, and the comment then shows in the timeline', async () => {
    const owner = await createAccount(api);
    const commenter = await createAccount(api);
    const { repo, base, issue } = await repoWithIssue(owner);
    const number = await issue(owner, { title: 'The build fails on Tuesdays', body: 'It **fails** with exit code 2.' });
    const page = await browser.open(`${base}/issues/${number}`, { account: commenter });

    const errors = consoleErrors(page);
    await page.getByRole('heading', { name: /The build fails on Tuesdays/ }).waitFor();
    assert.equal(await page.locator('.issue-main .markdown strong').first().innerText(), 'fails', 'the body is the rendered Markdown');
    await assertAccessible(page, 'the issue page');
    await screenshot(page, 'issue-view');
    await page.getByLabel('Comment', { exact: true }).fill('Seen it too: **only** after midnight.');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('region', { name: 'Comment preview' }).locator('strong', { hasText: 'only' }).waitFor();
    await page.getByRole('button', { name: 'Write' }).click();
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    const comment = page.getByRole('list', { name: 'Timeline' }).getByRole('article', { name: `Comment by ${commenter.login}` });
    await comment.waitFor();
    assert.match(await comment.innerText(), /Seen it too: only after midnight\./);
    assert.equal(await page.getByLabel('Comment', { exact: true }).inputValue(), '', 'the form is emptied for the next comment');
    const timeline = await gql(owner, `{ repository(owner: "${owner.login}", name: "${repo.name}") { issue(number: ${number}) { timeline { nodes { type body poster { login } } } } } }`);
    const rows = timeline.repository.issue.timeline.nodes.filter((r: { type: string }) => r.type === 'comment');
    assert.deepEqual(rows, [{ type: 'comment', body: 'Seen it too: **only** after midnight.', poster: { login: commenter.login } }]);
    assert.equal(await page.getByRole('button', { name: /Close issue|Edit labels/ }).count(), 0, 'not the poster, no write access: no close button, no editors');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('a writer edits the labels in the sidebar; the sidebar and the timeline show the label added', async () => {
    const owner = await createAccount(api);
    const { repo, base, label, issue } = await repoWithIssue(owner);
    await label('bug', '#d73a4a');
    await label('docs', '#0075ca');
    const number = await issue(owner, { title: 'Label me' });
    const page = await browser.open(`${base}/issues/${number}`, { account: owner });
    await page.getByRole('button', { name: 'Edit labels' }).click();
    await page.getByRole('group', { name: 'Choose labels' }).getByRole('checkbox', { name: 'bug' }).check();
    await page.getByRole('button', { name: 'Save labels' }).click();
    await page.getByRole('list', { name: 'Labels of the issue' }).getByText('bug').waitFor();
    await page.getByRole('list', { name: 'Timeline' }).getByText(/added the\s*bug\s*label/).waitFor();
    const read = await gql(owner, `{ repository(owner: "${owner.login}", name: "${repo.name}") { issue(number: ${number}) { labels { name } } } }`);
    assert.deepEqual(read.repository.issue.labels, [{ name: 'bug' }]);
    // Taking it off again empties the sidebar's list.
    await page.getByRole('button', { name: 'Edit labels' }).click();
    await page.getByRole('group', { name: 'Choose labels' }).getByRole('checkbox', { name: 'bug' }).uncheck();
    await page.getByRole('button', { name: 'Save labels' }).click();
    await page.getByRole('list', { name: 'Timeline' }).getByText(/removed the\s*bug\s*label/).waitFor();
    assert.equal(await page.getByRole('list', { name: 'Labels of the issue' }).count(), 0);
    await page.context().close();
  });

  it("the list's filters narrow it (label, author, text), keep to the URL, and the closed tab lists the closed issues", async () => {
    const owner = await createAccount(api);
    const other = await createAccount(api);
    const { base, label, issue } = await repoWithIssue(owner);
    const bug = await label('bug', '#d73a4a');
    await issue(owner, { title: 'Crash on start', labels: [bug] });
    await issue(other, { title: 'Typo in the needle docs' });
    await issue(owner, { title: 'Old and done', closed: true });
    const page = await browser.open(`${base}/issues`, { account: owner });
    const rows = page.getByRole('list', { name: 'Issues' }).getByRole('listitem');
    const titles = async () => (await rows.locator('.issue-title').allInnerTexts()).sort();
    await rows.first().waitFor();
    assert.deepEqual(await titles(), ['Crash on start', 'Typo in the needle docs']);
    assert.match(await page.getByRole('navigation', { name: 'Issue state' }).innerText(), /Open\s*2[\s\S]*Closed\s*1/);
    await assertAccessible(page, 'the issue list');
    await screenshot(page, 'issue-list');

    await page.getByRole('group', { name: 'Labels' }).getByRole('checkbox', { name: 'bug' }).check();
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/label=bug/);
    await page.getByRole('list', { name: 'Issues' }).getByText('Typo in the needle docs').waitFor({ state: 'detached' });
    assert.deepEqual(await titles(), ['Crash on start']);

    await page.goto(`${base}/issues?poster=${other.login}`);
    await page.getByRole('list', { name: 'Issues' }).waitFor();
    assert.deepEqual(await titles(), ['Typo in the needle docs']);
    assert.equal(await page.getByLabel('Author').inputValue(), other.login, 'the form shows the filter of the URL');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Search').fill('needle');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/q=needle/);
    await page.getByRole('list', { name: 'Issues' }).getByText('Crash on start').waitFor({ state: 'detached' });
    assert.deepEqual(await titles(), ['Typo in the needle docs']);

    await page.goto(`${base}/issues?state=closed`);
    await page.getByRole('list', { name: 'Issues' }).getByText('Old and done').waitFor();
    assert.deepEqual(await titles(), ['Old and done']);
    await page.context().close();
  });

  it('a writer sets the milestone and the assignees in the sidebar; the timeline tells both', async () => {
    const owner = await createAccount(api);
    const { repo, base, issue } = await repoWithIssue(owner);
    await gql(owner, 'mutation($o: String!, $n: String!) { createMilestone(owner: $o, name: $n, input: { title: "v2" }) { databaseId } }', { o: owner.login, n: repo.name });
    const number = await issue(owner, { title: 'Plan me' });
    const page = await browser.open(`${base}/issues/${number}`, { account: owner });
    await page.getByRole('button', { name: 'Edit milestone' }).click();
    await page.getByRole('option', { name: 'v2' }).waitFor({ state: 'attached' });
    await page.getByLabel('Choose a milestone').selectOption({ label: 'v2' });
    await page.getByRole('button', { name: 'Save milestone' }).click();
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await timeline.getByText('added this to the v2 milestone').waitFor();
    await page.getByRole('button', { name: 'Edit assignees' }).click();
    await page.getByRole('group', { name: 'Choose assignees' }).getByRole('checkbox', { name: owner.login }).check();
    await page.getByRole('button', { name: 'Save assignees' }).click();
    await timeline.getByText('self-assigned this').waitFor();
    const read = await gql(owner, `{ repository(owner: "${owner.login}", name: "${repo.name}") { issue(number: ${number}) { milestone { title } assignees { login } } } }`);
    assert.deepEqual(read.repository.issue, { milestone: { title: 'v2' }, assignees: [{ login: owner.login }] });
    await page.context().close();
  });

  it('a reader without write access sees no edit controls on an issue, the labels or the milestones', async () => {
    const owner = await createAccount(api);
    const reader = await createAccount(api);
    const { repo, base, label, issue } = await repoWithIssue(owner, [[reader, 'read']]);
    await label('bug', '#d73a4a');
    await gql(owner, 'mutation($o: String!, $n: String!) { createMilestone(owner: $o, name: $n, input: { title: "v1" }) { databaseId } }', { o: owner.login, n: repo.name });
    const number = await issue(owner, { title: 'Read only' });
    const page = await browser.open(`${base}/issues/${number}`, { account: reader });
    await page.getByRole('heading', { name: /Read only/ }).waitFor();
    await page.getByRole('button', { name: 'Comment', exact: true }).waitFor();
    for (const name of ['Edit labels', 'Edit milestone', 'Edit assignees', 'Close issue'])
      assert.equal(await page.getByRole('button', { name }).count(), 0, `no ${name} button`);
    await page.goto(`${base}/labels`);
    await page.getByRole('list', { name: 'Labels' }).getByText('bug').waitFor();
    assert.equal(await page.getByRole('button').filter({ hasText: /New label|Edit|Delete/ }).count(), 0);
    await page.goto(`${base}/milestones`);
    await page.getByRole('link', { name: 'v1' }).waitFor();
    assert.equal(await page.getByRole('button').filter({ hasText: /New milestone|Close|Reopen/ }).count(), 0);
    // The owner, on the same pages, has them.
    const own = await browser.open(`${base}/milestones`, { account: owner });
    await own.getByRole('button', { name: 'New milestone' }).waitFor();
    await own.context().close();
    await page.context().close();
  });

  it('the poster, without write access, closes their issue with a comment and reopens it, and reacts to it', async () => {
    const owner = await createAccount(api);
    const poster = await createAccount(api);
    const { repo, base, issue } = await repoWithIssue(owner);
    const number = await issue(poster, { title: 'Mine to close' });
    const page = await browser.open(`${base}/issues/${number}`, { account: poster });
    await page.getByLabel('Comment', { exact: true }).fill('Fixed by upgrading.');
    await page.getByRole('button', { name: 'Close with comment' }).click();
    await page.getByRole('button', { name: 'Reopen issue' }).waitFor();
    assert.equal(await page.locator('.state-badge').innerText(), 'Closed');
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await timeline.getByText('closed this').waitFor();
    assert.match(await timeline.innerText(), /Fixed by upgrading\.[\s\S]*closed this/, 'the comment comes before the close');
    await page.getByRole('button', { name: 'Reopen issue' }).click();
    await timeline.getByText('reopened this').waitFor();
    assert.equal(await page.locator('.state-badge').innerText(), 'Open');
    await page.getByText('Add reaction').click();
    await page.getByRole('button', { name: 'React with heart' }).click();
    await page.getByRole('button', { name: /heart 1/, pressed: true }).waitFor();
    const read = await gql(owner, `{ repository(owner: "${owner.login}", name: "${repo.name}") { issue(number: ${number}) { state reactions { nodes { content user { login } } } } } }`);
    assert.deepEqual(read.repository.issue, { state: 'open', reactions: { nodes: [{ content: 'heart', user: { login: poster.login } }] } });
    await page.context().close();
  });

  it('the list shows 20 issues a page, with Next and Previous links, and fits a phone', async () => {
    const owner = await createAccount(api);
    const { base, issue } = await repoWithIssue(owner);
    for (let i = 1; i <= 22; i++) await issue(owner, { title: `Issue number ${i}` });
    const page = await browser.open(`${base}/issues`, { account: owner, phone: true });
    const titles = page.getByRole('list', { name: 'Issues' }).locator('.issue-title');
    await titles.first().waitFor();
    assert.equal(await titles.count(), 20);
    assert.equal(await titles.first().innerText(), 'Issue number 22', 'newest first');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `no sideways scrolling on a phone: ${width}px`);
    await screenshot(page, 'issue-list-phone');
    await page.getByRole('link', { name: 'Next' }).click();
    await page.getByText('Issue number 2', { exact: true }).waitFor();
    assert.deepEqual(await titles.allInnerTexts(), ['Issue number 2', 'Issue number 1']);
    await page.getByRole('link', { name: 'Previous' }).click();
    await page.getByText('Issue number 22', { exact: true }).waitFor();
    assert.equal(await titles.count(), 20);
    await page.context().close();
  });

  it('a writer opens an issue with a label from /issues/new and lands on it', async () => {
    const owner = await createAccount(api);
    const { repo, base, label } = await repoWithIssue(owner);
    await label('feature', '#a2eeef');
    const page = await browser.open(`${base}/issues/new`, { account: owner });
    await page.getByLabel('Title').fill('Dark mode for the editor');
    await page.getByLabel('Description', { exact: true }).fill('Please.');
    await page.getByRole('group', { name: 'Labels' }).getByRole('checkbox', { name: 'feature' }).check();
    await assertAccessible(page, 'the new issue page');
    await screenshot(page, 'issue-new');
    await page.getByRole('button', { name: 'Create issue' }).click();
    await page.waitForURL(new RegExp(`${base}/issues/\\d+$`));
    await page.getByRole('heading', { name: /Dark mode for the editor/ }).waitFor();
    await page.getByRole('list', { name: 'Labels of the issue' }).getByText('feature').waitFor();
    const number = Number(page.url().split('/').pop());
    const read = await gql(owner, `{ repository(owner: "${owner.login}", name: "${repo.name}") { issue(number: ${number}) { title body labels { name } } } }`);
    assert.deepEqual(read.repository.issue, { title: 'Dark mode for the editor', body: 'Please.', labels: [{ name: 'feature' }] });
    await page.context().close();
  });

  it('a writer creates, edits and deletes a label, creates a milestone, and closing the milestone moves it to the closed tab', async () => {
    const owner = await createAccount(api);
    const { repo, base } = await repoWithIssue(owner);
    const page = await browser.open(`${base}/labels`, { account: owner });
    await page.getByRole('button', { name: 'New label' }).click();
    await page.getByLabel('Name').fill('needs-triage');
    await page.getByLabel('Description').fill('Not looked at yet');
    await page.getByRole('button', { name: 'Save label' }).click();
    await page.getByRole('list', { name: 'Labels' }).getByText('Not looked at yet').waitFor();
    const labels = await gql(owner, `{ repository(owner: "${owner.login}", name: "${repo.name}") { labels { nodes { name description } } } }`);
    assert.deepEqual(labels.repository.labels.nodes, [{ name: 'needs-triage', description: 'Not looked at yet' }]);
    await page.getByRole('button', { name: 'Edit label needs-triage' }).click();
    await page.getByLabel('Description').fill('Waiting for a first look');
    await page.getByRole('button', { name: 'Save label' }).click();
    await page.getByRole('list', { name: 'Labels' }).getByText('Waiting for a first look').waitFor();
    await page.getByRole('button', { name: 'Delete label needs-triage' }).click();
    await page.getByRole('button', { name: 'Delete needs-triage from every issue' }).click();
    await page.getByText('No labels yet.').waitFor();
    const after = await gql(owner, `{ repository(owner: "${owner.login}", name: "${repo.name}") { labels { totalCount } } }`);
    assert.equal(after.repository.labels.totalCount, 0);

    await page.goto(`${base}/milestones`);
    await page.getByRole('button', { name: 'New milestone' }).click();
    await page.getByLabel('Title').fill('1.0');
    await page.getByRole('button', { name: 'Create milestone' }).click();
    await page.getByRole('link', { name: '1.0' }).waitFor();
    await assertAccessible(page, 'the milestones page');
    await page.getByRole('button', { name: 'Close 1.0' }).click();
    await page.getByText('No open milestones.').waitFor();
    await page.getByRole('link', { name: 'Closed' }).click();
    await page.getByRole('link', { name: '1.0' }).waitFor();
    await page.context().close();
  });
});
