import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../testkit/accounts.ts';
import { graphql } from '../testkit/client.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';
import { assertAccessible, consoleErrors, noBrowser, screenshot, useBrowser } from '../testkit/browser.ts';

describe('the pull request pages', { skip: noBrowser }, () => {
  const server = useServer();
  const { api } = server;
  const browser = useBrowser(server);
  let owner: TestAccount;
  let author: TestAccount;
  let reviewer: TestAccount;
  let repo: TestRepo;

  before(async () => {
    [owner, author, reviewer] = await createAccounts(api, 3);
    repo = await buildRepo(server, owner, {
      files: { 'README.md': '# Hello\n\nfirst line\nsecond line\n' },
      commits: [
        { branch: 'feature', message: 'Say more', files: { 'README.md': '# Hello\n\nfirst line\nsecond line, better\nthird line\n' } },
        { branch: 'guarded', message: 'Add notes', files: { 'notes.txt': 'notes\n' } },
      ],
      collaborators: [[author, 'write'], [reviewer, 'write']],
    });
  });

  it('one account opens a pull request from a branch; a second reviews it with an approval and a line comment on the Files tab, then merges it, and the base branch has the change', async () => {
    const opener = await browser.open(`/${repo.fullName}/pulls/new`, { account: author });
    const errors = consoleErrors(opener);
    await opener.getByLabel('Head branch (changes from)').selectOption('feature');
    await opener.getByLabel('Base branch (merge into)').selectOption('main');
    await opener.getByLabel('Title').fill('Say more in the README');
    await opener.getByLabel('Description').fill('It says **more**.');
    await opener.getByRole('button', { name: 'Create pull request' }).click();
    await opener.getByRole('heading', { name: /Say more in the README/ }).waitFor();
    const number = Number(/\/pulls\/(\d+)$/.exec(opener.url())?.[1]);
    assert.ok(number > 0, opener.url());
    await opener.context().close();

    const page = await browser.open(`/${repo.fullName}/pulls/${number}/files`, { account: reviewer });
    await page.getByRole('button', { name: 'Comment on README.md line 4', exact: true }).click();
    await page.getByLabel('Your comment on README.md line 4').fill('Better indeed.');
    await page.getByRole('button', { name: 'Add to review' }).click();
    await page.getByText('1 pending line comment will be sent with it.').waitFor();
    await page.getByLabel('Review summary').fill('Looks good to me.');
    await page.getByLabel('Approve').check();
    await screenshot(page, 'pull-files');
    await assertAccessible(page, 'the files of a pull request');
    await page.getByRole('button', { name: 'Submit review' }).click();
    await page.getByRole('status').filter({ hasText: 'Review submitted.' }).waitFor();
    // The published comment now sits under its line.
    await page.getByRole('article', { name: `Comment by ${reviewer.login} on README.md line 4` }).waitFor();

    await page.goto(`/${repo.fullName}/pulls/${number}`);
    const review = page.getByRole('article', { name: `Review by ${reviewer.login}` });
    await review.getByText('approved these changes').waitFor();
    await review.getByText('Better indeed.').waitFor();
    assert.match(await review.locator('.review-hunk').innerText(), /second line, better/, 'the line comment shows with its hunk');
    const merge = page.getByRole('button', { name: 'Merge', exact: true });
    await merge.waitFor();
    await page.waitForFunction(() => !document.querySelector('.merge-box button[type=submit]')?.hasAttribute('disabled'));
    await screenshot(page, 'pull-conversation');
    await assertAccessible(page, 'the conversation of a pull request');
    await merge.click();
    await page.getByRole('heading', { name: 'Merged', exact: true }).waitFor();
    assert.equal(await page.locator('.pull-header .pull-state').innerText(), 'Merged');
    assert.deepEqual(errors, []);

    const readme = await api.get(`${repo.path}/raw/README.md?ref=main`, owner.basic);
    assert.equal(readme.status, 200);
    assert.match(String(readme.body), /second line, better/);
    const pull = await graphql(server.url, 'query($o: String!, $n: String!, $i: Int!) { repository(owner: $o, name: $n) { pullRequest(number: $i) { merged mergedBy { login } } } }', { o: repo.owner, n: repo.name, i: number }, owner.basic);
    assert.deepEqual(pull.data.repository.pullRequest, { merged: true, mergedBy: { login: reviewer.login } });
    await page.context().close();
  });

  it('with a protection rule requiring one approval, the Merge button is disabled with the reason until the pull request is approved', async () => {
    const rule = await api.post(`${repo.path}/branch_protections`, { rule_name: 'main', required_approvals: 1 }, owner.basic);
    assert.equal(rule.status, 201, JSON.stringify(rule.body));
    const opened = await api.post(`${repo.path}/pulls`, { title: 'Add notes', head: 'guarded', base: 'main' }, author.basic);
    assert.equal(opened.status, 201, JSON.stringify(opened.body));
    const number = opened.body.number as number;

    const page = await browser.open(`/${repo.fullName}/pulls/${number}`, { account: author });
    const merge = page.getByRole('button', { name: 'Merge', exact: true });
    await merge.waitFor();
    await page.getByText('approvals missing: 0 of the 1 required').waitFor();
    assert.equal(await merge.isDisabled(), true);
    assert.equal(await merge.getAttribute('aria-describedby'), 'merge-reasons');

    const approve = await graphql(server.url, 'mutation($o: String!, $n: String!, $i: Int!) { createPullReview(owner: $o, name: $n, number: $i, input: { event: APPROVED }) { state } }', { o: repo.owner, n: repo.name, i: number }, reviewer.basic);
    assert.equal(approve.errors, undefined, JSON.stringify(approve.errors));
    await page.reload();
    await merge.waitFor();
    await page.waitForFunction(() => !document.querySelector('.merge-box button[type=submit]')?.hasAttribute('disabled'));
    assert.equal(await page.getByText('approvals missing').count(), 0);
    await page.context().close();
  });

  it('the list shows open pull requests with their branches and review state, and closed ones under Closed', async () => {
    const page = await browser.open(`/${repo.fullName}/pulls`, { account: owner });
    const item = page.getByRole('listitem').filter({ hasText: 'Add notes' });
    await item.waitFor();
    assert.match(await item.innerText(), /guarded\s*→\s*main/);
    assert.match(await item.innerText(), /Approved \(1\)/);
    await page.getByRole('link', { name: /^Closed/ }).click();
    await page.getByRole('link', { name: 'Say more in the README' }).waitFor();
    await assertAccessible(page, 'the list of pull requests');
    await page.context().close();
  });

  it("fits the list, the conversation and the files into a phone's width, with nothing to scroll sideways", async () => {
    for (const path of ['pulls', 'pulls/1', 'pulls/1/files']) {
      const page = await browser.open(`/${repo.fullName}/${path}`, { account: owner, phone: true });
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${path}: ${overflow}px wider than the phone`);
      await page.context().close();
    }
  });
});
