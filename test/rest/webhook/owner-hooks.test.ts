import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { adminAuth } from '../../testkit/client.ts';
import { buildOrg, type BuiltOrg } from '../../testkit/orgs.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';
import { startReceiver } from './receiver.ts';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const config = { url: 'https://hooks.example.com/in', content_type: 'json', secret: 'never shown' };
const ids = (res: { body: { id: number }[] }) => res.body.map((h) => h.id);

describe('organization webhooks', () => {
  const server = useServer();
  const { api } = server;
  let org: BuiltOrg;
  let member: TestAccount;
  let outsider: TestAccount;

  before(async () => {
    [member, outsider] = await createAccounts(api, 2);
    org = await buildOrg(server, { teams: [{ name: 'devs', permission: 'write', members: [member] }] });
  });

  it("lets the organization's owners create, list, read, change and delete its hooks, as Gitea's Hook without the secret", async () => {
    const made = await api.post(`/orgs/${org.login}/hooks`, { type: 'gitea', config, events: ['push', 'issues'], active: true }, org.owner.basic);
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.deepEqual(made.body.config, { url: config.url, content_type: 'json', http_method: 'POST' });
    // "issues" chooses the issue events of Gitea's group (issues_only would choose the one).
    assert.deepEqual(made.body.events, ['push', 'issues', 'issue_assign', 'issue_label', 'issue_milestone', 'issue_comment']);
    assert.ok(!JSON.stringify(made.body).includes('never shown'));
    const listed = await api.get(`/orgs/${org.login}/hooks`, org.owner.basic);
    assert.equal(listed.status, 200);
    assert.deepEqual(ids(listed), [made.body.id]);
    assert.equal(listed.headers.get('x-total-count'), '1');
    assert.deepEqual((await api.get(`/orgs/${org.login}/hooks/${made.body.id}`, org.owner.basic)).body, made.body);
    const edited = await api.patch(`/orgs/${org.login}/hooks/${made.body.id}`, { active: false, events: ['create'] }, org.owner.basic);
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    assert.equal(edited.body.active, false);
    assert.deepEqual(edited.body.events, ['create']);
    assert.equal(edited.body.config.url, config.url);
    assert.equal((await api.delete(`/orgs/${org.login}/hooks/${made.body.id}`, org.owner.basic)).status, 204);
    assert.equal((await api.get(`/orgs/${org.login}/hooks/${made.body.id}`, org.owner.basic)).status, 404);
  });

  it('publishes a webhook event for each creation, change and deletion of an organization hook', async () => {
    const abort = new AbortController();
    const heard: { action: string; hookId: number; repoId: number | null }[] = [];
    const listening = (async () => {
      for await (const e of server.app.events.subscribe('webhook', abort.signal)) heard.push({ action: e.action, hookId: e.hookId, repoId: e.repoId });
    })();
    const made = await api.post(`/orgs/${org.login}/hooks`, { type: 'gitea', config, active: true }, org.owner.basic);
    assert.equal((await api.patch(`/orgs/${org.login}/hooks/${made.body.id}`, { active: false }, org.owner.basic)).status, 200);
    assert.equal((await api.delete(`/orgs/${org.login}/hooks/${made.body.id}`, org.owner.basic)).status, 204);
    abort.abort();
    await listening;
    assert.deepEqual(heard.filter((e) => e.hookId === made.body.id), ['created', 'edited', 'deleted'].map((action) => ({ action, hookId: made.body.id, repoId: null })));
  });

  it('refuses members who do not own the organization and outsiders (403), lets site admins in, and is 404 for an unknown organization', async () => {
    for (const who of [member, outsider]) {
      assert.equal((await api.get(`/orgs/${org.login}/hooks`, who.basic)).status, 403);
      assert.equal((await api.post(`/orgs/${org.login}/hooks`, { type: 'gitea', config }, who.basic)).status, 403);
    }
    assert.equal((await api.get(`/orgs/${org.login}/hooks`, adminAuth)).status, 200);
    assert.equal((await api.get('/orgs/no-such-org-here/hooks', org.owner.basic)).status, 404);
    assert.equal((await api.get(`/orgs/${member.login}/hooks`, member.basic)).status, 404, "a person's login is no organization");
  });

  it("is 404 for the id of another organization's hook, of a user's hook or of a repository's hook", async () => {
    const other = await buildOrg(server, { owner: org.owner });
    const theirs = await api.post(`/orgs/${other.login}/hooks`, { type: 'gitea', config }, org.owner.basic);
    const own = await api.post('/user/hooks', { type: 'gitea', config }, org.owner.basic);
    const repo = await buildRepo(server, org.owner, { org: org.login });
    const repoHook = await api.post(`${repo.path}/hooks`, { type: 'gitea', config }, org.owner.basic);
    for (const id of [theirs.body.id, own.body.id, repoHook.body.id]) {
      assert.equal((await api.get(`/orgs/${org.login}/hooks/${id}`, org.owner.basic)).status, 404);
      assert.equal((await api.patch(`/orgs/${org.login}/hooks/${id}`, { active: true }, org.owner.basic)).status, 404);
      assert.equal((await api.delete(`/orgs/${org.login}/hooks/${id}`, org.owner.basic)).status, 404);
    }
  });

  it('answers 422 for a hook type, a config or a content type Graft does not take', async () => {
    assert.equal((await api.post(`/orgs/${org.login}/hooks`, { type: 'slack', config }, org.owner.basic)).status, 422);
    const noUrl = await api.post(`/orgs/${org.login}/hooks`, { type: 'gitea', config: { content_type: 'json' } }, org.owner.basic);
    assert.equal(noUrl.status, 422);
    assert.match(noUrl.body.message, /missing config option: url/);
    assert.equal((await api.post(`/orgs/${org.login}/hooks`, { type: 'gitea', config: { url: config.url, content_type: 'xml' } }, org.owner.basic)).status, 422);
  });
});

describe("a user's own webhooks", () => {
  const server = useServer();
  const { api } = server;
  let alice: TestAccount;
  let bob: TestAccount;

  before(async () => {
    [alice, bob] = await createAccounts(api, 2);
  });

  it("lets a user create, list, read, change and delete the account's hooks; another user's hook is 404", async () => {
    const made = await api.post('/user/hooks', { type: 'gogs', config: { url: config.url, content_type: 'form' } }, alice.basic);
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.equal(made.body.type, 'gogs');
    assert.equal(made.body.active, false);
    assert.deepEqual(made.body.events, ['push']);
    assert.deepEqual(ids(await api.get('/user/hooks', alice.basic)), [made.body.id]);
    assert.deepEqual(ids(await api.get('/user/hooks', bob.basic)), []);
    assert.equal((await api.get(`/user/hooks/${made.body.id}`, alice.basic)).status, 200);
    assert.equal((await api.get(`/user/hooks/${made.body.id}`, bob.basic)).status, 404);
    assert.equal((await api.patch(`/user/hooks/${made.body.id}`, { active: true }, bob.basic)).status, 404);
    assert.equal((await api.delete(`/user/hooks/${made.body.id}`, bob.basic)).status, 404);
    const edited = await api.patch(`/user/hooks/${made.body.id}`, { active: true, config: { url: 'https://elsewhere.example.com/' } }, alice.basic);
    assert.equal(edited.status, 200);
    assert.equal(edited.body.config.url, 'https://elsewhere.example.com/');
    assert.equal(edited.body.config.content_type, 'form');
    assert.equal((await api.patch(`/user/hooks/${made.body.id}`, { config: { content_type: 'yaml' } }, alice.basic)).status, 422);
    assert.equal((await api.delete(`/user/hooks/${made.body.id}`, alice.basic)).status, 204);
    assert.equal((await api.get(`/user/hooks/${made.body.id}`, alice.basic)).status, 404);
  });

  it('asks for a signed-in caller (401)', async () => {
    assert.equal((await api.get('/user/hooks')).status, 401);
  });
});

describe('system and default webhooks', () => {
  const server = useServer();
  const { api } = server;
  let alice: TestAccount;

  before(async () => {
    [alice] = await createAccounts(api, 1);
  });

  it('keeps them for site admins: others are refused (403)', async () => {
    assert.equal((await api.get('/admin/hooks', alice.basic)).status, 403);
    assert.equal((await api.post('/admin/hooks', { type: 'gitea', config }, alice.basic)).status, 403);
    assert.equal((await api.get('/admin/hooks/1', alice.basic)).status, 403);
  });

  it('makes a system hook for is_system_webhook "true" and a default hook otherwise; the list shows system hooks unless type says default or all', async () => {
    const system = await api.post('/admin/hooks', { type: 'gitea', config: { ...config, is_system_webhook: 'true' }, active: true }, adminAuth);
    assert.equal(system.status, 201, JSON.stringify(system.body));
    assert.deepEqual(system.body.config, { url: config.url, content_type: 'json', http_method: 'POST' });
    const byDefault = await api.post('/admin/hooks', { type: 'gitea', config }, adminAuth);
    const saidFalse = await api.post('/admin/hooks', { type: 'gitea', config: { ...config, is_system_webhook: 'false' } }, adminAuth);
    assert.equal(byDefault.status, 201);
    assert.deepEqual(ids(await api.get('/admin/hooks', adminAuth)), [system.body.id]);
    assert.deepEqual(ids(await api.get('/admin/hooks?type=system', adminAuth)), [system.body.id]);
    assert.deepEqual(ids(await api.get('/admin/hooks?type=default', adminAuth)), [byDefault.body.id, saidFalse.body.id]);
    assert.deepEqual(ids(await api.get('/admin/hooks?type=all', adminAuth)), [system.body.id, byDefault.body.id, saidFalse.body.id]);
    assert.equal((await api.get(`/admin/hooks/${byDefault.body.id}`, adminAuth)).body.id, byDefault.body.id);
    const edited = await api.patch(`/admin/hooks/${system.body.id}`, { events: ['push', 'create'] }, adminAuth);
    assert.deepEqual(edited.body.events, ['create', 'push']);
    assert.deepEqual(ids(await api.get('/admin/hooks?type=system', adminAuth)), [system.body.id], 'an edit keeps a system hook a system hook');
    for (const hook of [system, byDefault, saidFalse]) assert.equal((await api.delete(`/admin/hooks/${hook.body.id}`, adminAuth)).status, 204);
    assert.deepEqual(ids(await api.get('/admin/hooks?type=all', adminAuth)), []);
  });

  it('answers 422 for an is_system_webhook that is no boolean, and 404 for the id of a repository or user hook', async () => {
    const bad = await api.post('/admin/hooks', { type: 'gitea', config: { ...config, is_system_webhook: 'maybe' } }, adminAuth);
    assert.equal(bad.status, 422);
    assert.match(bad.body.message, /is_system_webhook/);
    const userHook = await api.post('/user/hooks', { type: 'gitea', config }, alice.basic);
    const repo = await buildRepo(server, alice);
    const repoHook = await api.post(`${repo.path}/hooks`, { type: 'gitea', config }, alice.basic);
    for (const id of [userHook.body.id, repoHook.body.id]) {
      assert.equal((await api.get(`/admin/hooks/${id}`, adminAuth)).status, 404);
      assert.equal((await api.patch(`/admin/hooks/${id}`, { active: true }, adminAuth)).status, 404);
      assert.equal((await api.delete(`/admin/hooks/${id}`, adminAuth)).status, 404);
    }
  });
});

describe('deliveries of organization, user, system and default hooks', () => {
  const server = useServer({ webhook: { ALLOWED_HOST_LIST: 'loopback', RETRY_BACKOFF: 0.2, DELIVER_TIMEOUT: 3 } });
  const { api } = server;
  let alice: TestAccount;
  let bob: TestAccount;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  before(async () => {
    [alice, bob] = await createAccounts(api, 2);
    receiver = await startReceiver();
  });
  after(() => receiver.close());

  const hookBody = (path: string, extra: Record<string, unknown> = {}) => ({ type: 'gitea', config: { url: receiver.url(path), content_type: 'json', ...extra }, events: ['push'], active: true });
  const push = async (repo: TestRepo, auth: TestAccount, file: string) => {
    const res = await api.post(`${repo.path}/contents/${file}`, { content: b64(`${file}\n`), message: `Add ${file}` }, auth.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.commit.sha as string;
  };
  const receivedAt = (path: string) => receiver.received.filter((r) => r.path === path);
  /** Waits for the background work and the sends, so that a delivery that should not come has had its chance. */
  const settle = async () => {
    await server.app.backgroundIdle();
    await new Promise((r) => setTimeout(r, 300));
  };

  it("delivers the pushes of an organization's repositories to its hooks, and not those of another owner's", async () => {
    const org = await buildOrg(server, { owner: alice });
    const made = await api.post(`/orgs/${org.login}/hooks`, hookBody(`/org-${org.login}`), alice.basic);
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const covered = await buildRepo(server, alice, { org: org.login, files: { 'a.txt': 'a\n' } });
    const elsewhere = await buildRepo(server, alice, { files: { 'a.txt': 'a\n' } });
    const sha = await push(covered, alice, 'b.txt');
    await push(elsewhere, alice, 'b.txt');
    const [got] = await receiver.waitFor(1, (r) => r.path === `/org-${org.login}` && JSON.parse(r.body).after === sha);
    const body = JSON.parse(got.body);
    assert.equal(body.repository.full_name, covered.fullName);
    assert.equal(got.headers['x-gitea-event'], 'push');
    await settle();
    assert.deepEqual(receivedAt(`/org-${org.login}`).map((r) => JSON.parse(r.body).repository.full_name).filter((n) => n === elsewhere.fullName), []);

    // The delivery log of the hook, in GraphQL, for the organization's owners only.
    const log = (auth: TestAccount['basic']) =>
      server.graphql(
        `query($org: String!, $id: Int!) { organization(login: $org) { webhook(id: $id) { kind ownerLogin deliveries(first: 5) { totalCount nodes { event succeeded uuid } } } } }`,
        { org: org.login, id: made.body.id },
        auth,
      );
    const read = await log(alice.basic);
    assert.equal(read.data?.organization.webhook.kind, 'owner');
    assert.equal(read.data?.organization.webhook.ownerLogin, org.login);
    assert.ok(read.data?.organization.webhook.deliveries.nodes.some((d: { uuid: string; succeeded: boolean }) => d.uuid === got.headers['x-gitea-delivery']));
    const refused = await log(bob.basic);
    assert.equal(refused.errors?.[0]?.extensions?.code, 'FORBIDDEN');
  });

  it("delivers the pushes of a user's repositories to the user's hooks, and not those of the user's organizations or of others", async () => {
    const made = await api.post('/user/hooks', hookBody(`/user-${bob.login}`), bob.basic);
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const own = await buildRepo(server, bob, { files: { 'a.txt': 'a\n' } });
    const org = await buildOrg(server, { owner: bob });
    const orgRepo = await buildRepo(server, bob, { org: org.login, files: { 'a.txt': 'a\n' } });
    const others = await buildRepo(server, alice, { files: { 'a.txt': 'a\n' } });
    const sha = await push(own, bob, 'c.txt');
    await push(orgRepo, bob, 'c.txt');
    await push(others, alice, 'c.txt');
    await receiver.waitFor(1, (r) => r.path === `/user-${bob.login}` && JSON.parse(r.body).after === sha);
    await settle();
    const names = new Set(receivedAt(`/user-${bob.login}`).map((r) => JSON.parse(r.body).repository.full_name));
    assert.deepEqual([...names], [own.fullName]);
  });

  it('delivers the pushes of every repository to a system hook, and nothing after it is deleted', async () => {
    const made = await api.post('/admin/hooks', hookBody('/system', { is_system_webhook: 'true' }), adminAuth);
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const one = await buildRepo(server, alice, { files: { 'a.txt': 'a\n' } });
    const org = await buildOrg(server, { owner: bob });
    const two = await buildRepo(server, bob, { org: org.login, files: { 'a.txt': 'a\n' } });
    const shas = [await push(one, alice, 'd.txt'), await push(two, bob, 'd.txt')];
    const got = await receiver.waitFor(2, (r) => r.path === '/system' && shas.includes(JSON.parse(r.body).after));
    assert.deepEqual(new Set(got.map((r) => JSON.parse(r.body).repository.full_name)), new Set([one.fullName, two.fullName]));
    const log = (auth: TestAccount['basic']) =>
      server.graphql(`query($id: Int!) { adminWebhook(id: $id) { kind deliveries(first: 50) { nodes { uuid } } } }`, { id: made.body.id }, auth);
    const read = await log(adminAuth);
    assert.equal(read.data?.adminWebhook.kind, 'system');
    const uuids = read.data?.adminWebhook.deliveries.nodes.map((d: { uuid: string }) => d.uuid);
    for (const r of got) assert.ok(uuids.includes(r.headers['x-gitea-delivery']));
    assert.equal((await log(alice.basic)).errors?.[0]?.extensions?.code, 'FORBIDDEN');
    assert.equal((await api.delete(`/admin/hooks/${made.body.id}`, adminAuth)).status, 204);
    const later = await push(one, alice, 'e.txt');
    await settle();
    assert.equal(receivedAt('/system').filter((r) => JSON.parse(r.body).after === later).length, 0);
  });

  it('copies a default hook into each repository created or forked afterwards, whose copy delivers its pushes; editing the default hook leaves the copies as they were', async () => {
    const before = await buildRepo(server, alice, { files: { 'a.txt': 'a\n' } });
    const made = await api.post('/admin/hooks', { ...hookBody('/default'), events: ['push', 'create'] }, adminAuth);
    assert.equal(made.status, 201, JSON.stringify(made.body));
    try {
      const repo = await buildRepo(server, alice, { files: { 'a.txt': 'a\n' } });
      const copies = await api.get(`${repo.path}/hooks`, alice.basic);
      assert.equal(copies.body.length, 1);
      const [copy] = copies.body;
      assert.notEqual(copy.id, made.body.id);
      assert.deepEqual({ ...copy, id: 0, created_at: '', updated_at: '' }, { ...made.body, id: 0, created_at: '', updated_at: '' });
      assert.deepEqual((await api.get(`${before.path}/hooks`, alice.basic)).body, [], 'a repository made before has no copy');

      const forked = await api.post(`${repo.path}/forks`, {}, bob.basic);
      assert.equal(forked.status, 202, JSON.stringify(forked.body));
      assert.equal((await api.get(`/repos/${bob.login}/${repo.name}/hooks`, bob.basic)).body.length, 1, 'a fork gets a copy too');

      const sha = await push(repo, alice, 'f.txt');
      const [got] = await receiver.waitFor(1, (r) => r.path === '/default' && JSON.parse(r.body).after === sha);
      assert.equal(JSON.parse(got.body).repository.full_name, repo.fullName);
      await push(before, alice, 'f.txt');
      await settle();
      assert.deepEqual(receivedAt('/default').map((r) => JSON.parse(r.body).repository.full_name).filter((n) => n === before.fullName), [], 'the default hook itself delivers nothing');

      const edited = await api.patch(`/admin/hooks/${made.body.id}`, { events: ['issues'], config: { url: receiver.url('/edited') } }, adminAuth);
      assert.equal(edited.status, 200);
      const after = (await api.get(`${repo.path}/hooks/${copy.id}`, alice.basic)).body;
      assert.deepEqual(after.events, ['create', 'push']);
      assert.equal(after.config.url, receiver.url('/default'));
    } finally {
      await api.delete(`/admin/hooks/${made.body.id}`, adminAuth);
    }
  });

  it("copies a default chat hook with its type's settings (a Slack hook's channel and username)", async () => {
    const config = { url: receiver.url('/slack-default'), content_type: 'json', channel: '#builds', username: 'graft-bot', is_system_webhook: 'false' };
    const made = await api.post('/admin/hooks', { type: 'slack', config, events: ['push'], active: true }, adminAuth);
    assert.equal(made.status, 201, JSON.stringify(made.body));
    try {
      const repo = await buildRepo(server, alice);
      const [copy] = (await api.get(`${repo.path}/hooks`, alice.basic)).body;
      assert.equal(copy.type, 'slack');
      assert.equal(copy.config.channel, '#builds');
      assert.equal(copy.config.username, 'graft-bot');
    } finally {
      await api.delete(`/admin/hooks/${made.body.id}`, adminAuth);
    }
  });
});
