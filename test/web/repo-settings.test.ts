import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createAccount } from '../testkit/accounts.ts';
import { graphql } from '../testkit/client.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';
import { assertAccessible, consoleErrors, noBrowser, screenshot, useBrowser } from '../testkit/browser.ts';
import { startReceiver } from '../rest/webhook/receiver.ts';

describe('repository settings in a browser', { skip: noBrowser }, () => {
  const server = useServer({ webhook: { ALLOWED_HOST_LIST: 'loopback', RETRY_BACKOFF: 0.2, DELIVER_TIMEOUT: 3 } });
  const { api } = server;
  const browser = useBrowser(server);
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  before(async () => {
    receiver = await startReceiver();
  });
  after(async () => {
    await receiver.close();
  });

  it('an administrator adds a collaborator by login with a permission, and the list shows them with it', async () => {
    const owner = await createAccount(api);
    const friend = await createAccount(api);
    const repo = await buildRepo(server, owner, { files: { 'README.md': '# hi\n' } });
    const page = await browser.open(`/${repo.fullName}/settings/collaboration`, { account: owner });
    const errors = consoleErrors(page);
    await page.getByRole('heading', { name: /Collaborators/ }).waitFor();
    await page.getByLabel('User name').fill(friend.login);
    await page.getByLabel('Permission', { exact: true }).selectOption('read');
    await page.getByRole('button', { name: 'Add collaborator' }).click();
    await page.getByRole('link', { name: friend.login }).waitFor();
    assert.equal(await page.getByLabel(`Permission of ${friend.login}`).inputValue(), 'read');
    const perm = await api.get(`/repos/${repo.fullName}/collaborators/${friend.login}/permission`, owner.basic);
    assert.equal(perm.body.permission, 'read');
    await assertAccessible(page, 'the collaborators settings');
    await screenshot(page, 'repo-settings-collaboration');
    // Changing the permission in the list saves it.
    await page.getByLabel(`Permission of ${friend.login}`).selectOption('admin');
    await waitUntil(async () => (await api.get(`/repos/${repo.fullName}/collaborators/${friend.login}/permission`, owner.basic)).body.permission === 'admin');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('an administrator creates a branch protection rule requiring one approval, and the API has it', async () => {
    const owner = await createAccount(api);
    const repo = await buildRepo(server, owner, { files: { 'README.md': '# hi\n' } });
    const page = await browser.open(`/${repo.fullName}/settings/branches`, { account: owner });
    await page.getByText('No branch is protected.').waitFor();
    await assertAccessible(page, 'the branch protection list');
    await page.getByRole('link', { name: 'Add rule' }).click();
    await page.getByLabel('Branch name or pattern').fill('main');
    await page.getByLabel('Required approvals').fill('1');
    await page.getByLabel('Require status checks to pass').check();
    await page.getByLabel(/Status check contexts/).fill('ci/build');
    await page.getByLabel('Block merging when changes are requested').check();
    await assertAccessible(page, 'the branch protection form');
    await screenshot(page, 'repo-settings-branch-rule');
    await page.getByRole('button', { name: 'Create rule' }).click();
    await page.getByText('1 approval required', { exact: false }).waitFor();
    await screenshot(page, 'repo-settings-branches');
    const rule = await api.get(`/repos/${repo.fullName}/branch_protections/main`, owner.basic);
    assert.equal(rule.status, 200);
    assert.equal(rule.body.required_approvals, 1);
    assert.equal(rule.body.enable_status_check, true);
    assert.deepEqual(rule.body.status_check_contexts, ['ci/build']);
    assert.equal(rule.body.block_on_rejected_reviews, true);
    await page.context().close();
  });

  it('an administrator adds a webhook, sends a test delivery, and sees it delivered in the hook\'s log', async () => {
    const owner = await createAccount(api);
    const repo = await buildRepo(server, owner, { files: { 'README.md': '# hi\n' } });
    const page = await browser.open(`/${repo.fullName}/settings/hooks`, { account: owner });
    await page.getByText('No webhook yet.').waitFor();
    await page.getByRole('link', { name: 'Add webhook' }).click();
    const target = receiver.url(`/hook-${repo.name}`);
    await page.getByLabel('Target URL').fill(target);
    await page.getByLabel('Secret').fill('s3cret');
    await assertAccessible(page, 'the new webhook form');
    await screenshot(page, 'repo-settings-hook-new');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByRole('heading', { name: /Recent deliveries/ }).waitFor();
    await page.getByRole('button', { name: 'Test delivery' }).click();
    const [got] = await receiver.waitFor(1, (r) => r.path === `/hook-${repo.name}`);
    assert.equal(got.headers['x-gitea-event'], 'push');
    const uuid = String(got.headers['x-gitea-delivery']);
    // The log shows the delivery once the worker recorded its answer.
    await waitUntil(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      return (await page.getByText(uuid, { exact: true }).count()) > 0 && (await page.getByText('200 delivered').count()) > 0;
    });
    await page.getByText(uuid, { exact: true }).click();
    await page.getByText('Response body').waitFor();
    await page.getByText('Request body').waitFor();
    const request = page.locator('.delivery').first();
    assert.match(await request.innerText(), /ok/);
    assert.match(await request.innerText(), new RegExp(`x-gitea-delivery: ${uuid}`));
    assert.match(await request.innerText(), new RegExp(`POST ${target.replace(/[.]/g, '\\.')}`));
    assert.ok((await request.locator('pre').last().innerText()).includes(JSON.parse(got.body).after), 'the request body is the payload sent');
    await assertAccessible(page, 'a webhook with its delivery log');
    await screenshot(page, 'repo-settings-hook-deliveries');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('link', { name: target }).waitFor();
    await screenshot(page, 'repo-settings-hooks');
    await page.context().close();
  });

  it('an administrator renames the repository on the options page and lands at its new address', async () => {
    const owner = await createAccount(api);
    const repo = await buildRepo(server, owner, { files: { 'README.md': '# hi\n' } });
    const page = await browser.open(`/${repo.fullName}/settings`, { account: owner });
    await page.getByLabel('Repository name').waitFor();
    await assertAccessible(page, 'the options settings');
    await screenshot(page, 'repo-settings-options');
    const renamed = `${repo.name}-renamed`;
    await page.getByLabel('Repository name').fill(renamed);
    await page.getByRole('button', { name: 'Update settings' }).click();
    await page.waitForURL(`**/${owner.login}/${renamed}/settings`);
    const res = await api.get(`/repos/${owner.login}/${renamed}`, owner.basic);
    assert.equal(res.status, 200);
    assert.equal(res.body.name, renamed);
    await page.context().close();
  });

  it('the settings fit a phone screen, their navigation above the section', async () => {
    const owner = await createAccount(api);
    const repo = await buildRepo(server, owner, { files: { 'README.md': '# hi\n' } });
    const page = await browser.open(`/${repo.fullName}/settings`, { account: owner, phone: true });
    await page.getByLabel('Repository name').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `no sideways scrolling: ${width}px`);
    await screenshot(page, 'repo-settings-options-phone');
    await page.context().close();
  });

  it('a collaborator with write access, not admin, gets the not-found page on the settings, and the graph refuses them', async () => {
    const owner = await createAccount(api);
    const writer = await createAccount(api);
    const repo = await buildRepo(server, owner, { files: { 'README.md': '# hi\n' }, collaborators: [[writer, 'write']] });
    for (const path of ['settings', 'settings/collaboration', 'settings/branches', 'settings/hooks']) {
      const page = await browser.open(`/${repo.fullName}/${path}`, { account: writer });
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      assert.equal(await page.getByRole('navigation', { name: 'Settings' }).count(), 0);
      await page.context().close();
    }
    const answer = await graphql(server.url, 'query($o: String!, $n: String!) { repository(owner: $o, name: $n) { collaborations { totalCount } } }', { o: owner.login, n: repo.name }, writer.basic);
    assert.equal(answer.errors?.[0]?.extensions?.code, 'FORBIDDEN', JSON.stringify(answer));
  });
});

describe('the collaborations of a repository over the graph', () => {
  const server = useServer();
  const { api } = server;

  it('lists each collaborator with the permission given, by login, for administrators only', async () => {
    const owner = await createAccount(api);
    const [a, b, c] = await Promise.all([createAccount(api), createAccount(api), createAccount(api)]);
    const repo = await buildRepo(server, owner, { collaborators: [[a, 'read'], [b, 'admin'], [c, 'write']] });
    const query = 'query($o: String!, $n: String!) { repository(owner: $o, name: $n) { collaborations(first: 2) { totalCount nodes { permission user { login } } } } }';
    const answer = await graphql(server.url, query, { o: owner.login, n: repo.name }, owner.basic);
    const expected = [[a.login, 'read'], [b.login, 'admin'], [c.login, 'write']].sort((x, y) => x[0].toLowerCase().localeCompare(y[0].toLowerCase()));
    assert.equal(answer.data.repository.collaborations.totalCount, 3);
    assert.deepEqual(
      answer.data.repository.collaborations.nodes.map((n: any) => [n.user.login, n.permission]),
      expected.slice(0, 2),
    );
    const byAdminCollaborator = await graphql(server.url, query, { o: owner.login, n: repo.name }, b.basic);
    assert.equal(byAdminCollaborator.data.repository.collaborations.totalCount, 3);
    const byReader = await graphql(server.url, query, { o: owner.login, n: repo.name }, a.basic);
    assert.equal(byReader.errors?.[0]?.extensions?.code, 'FORBIDDEN', JSON.stringify(byReader));
  });
});

describe('the request of a webhook delivery over the graph', () => {
  const server = useServer({ webhook: { ALLOWED_HOST_LIST: 'loopback', RETRY_BACKOFF: 0.2, DELIVER_TIMEOUT: 3 } });
  const { api } = server;

  it('answers the method, URL, headers and body a delivery sends, its Authorization masked, for the repository administrators only', async () => {
    const receiver = await startReceiver();
    try {
      const owner = await createAccount(api);
      const reader = await createAccount(api);
      const repo = await buildRepo(server, owner, { files: { 'README.md': '# hi\n' }, collaborators: [[reader, 'read']] });
      const made = await graphql(
        server.url,
        'mutation($o: String!, $n: String!, $url: String!) { createWebhook(owner: $o, name: $n, input: { type: "gitea", url: $url, contentType: "json", active: true, secret: "k", authorizationHeader: "Bearer hush" }) { databaseId } }',
        { o: owner.login, n: repo.name, url: receiver.url('/req') },
        owner.basic,
      );
      const hook = made.data.createWebhook.databaseId as number;
      await graphql(server.url, 'mutation($o: String!, $n: String!, $id: Int!) { testWebhook(owner: $o, name: $n, id: $id) }', { o: owner.login, n: repo.name, id: hook }, owner.basic);
      const [got] = await receiver.waitFor(1);
      const query = `query($o: String!, $n: String!, $id: Int!) { repository(owner: $o, name: $n) { webhook(id: $id) { deliveries { nodes { databaseId uuid } } } } }`;
      const listed = await graphql(server.url, query, { o: owner.login, n: repo.name, id: hook }, owner.basic);
      const delivery = listed.data.repository.webhook.deliveries.nodes[0];
      const ask = `query($o: String!, $n: String!, $id: Int!, $d: Int!) { repository(owner: $o, name: $n) { webhook(id: $id) { deliveryRequest(id: $d) { method url body notSent headers { name value } } } } }`;
      const answer = await graphql(server.url, ask, { o: owner.login, n: repo.name, id: hook, d: delivery.databaseId }, owner.basic);
      const request = answer.data.repository.webhook.deliveryRequest;
      const headers = Object.fromEntries(request.headers.map((h: { name: string; value: string }) => [h.name, h.value]));
      assert.equal(request.method, 'POST');
      assert.equal(request.url, receiver.url('/req'));
      assert.equal(request.body, got.body);
      assert.equal(request.notSent, null);
      assert.equal(headers['x-gitea-delivery'], delivery.uuid);
      assert.equal(headers['x-gitea-signature'], got.headers['x-gitea-signature']);
      assert.equal(headers['content-type'], 'application/json');
      assert.equal(headers.authorization, '******');
      const none = await graphql(server.url, ask, { o: owner.login, n: repo.name, id: hook, d: delivery.databaseId + 100000 }, owner.basic);
      assert.equal(none.data.repository.webhook.deliveryRequest, null);
      const refused = await graphql(server.url, ask, { o: owner.login, n: repo.name, id: hook, d: delivery.databaseId }, reader.basic);
      assert.equal(refused.data?.repository?.webhook?.deliveryRequest ?? null, null);
      assert.ok(refused.errors?.length, JSON.stringify(refused));
    } finally {
      await receiver.close();
    }
  });
});

/** Polls `check` until it holds (10 s at most). */
async function waitUntil(check: () => Promise<boolean>, ms = 10000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('waited in vain');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
