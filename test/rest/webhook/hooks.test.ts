import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';
import { startReceiver } from './receiver.ts';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const hmac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');

describe('repository webhooks: create, read, change and delete', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let reader: TestAccount;
  let repo: TestRepo;
  const config = { url: 'https://hooks.example.com/in', content_type: 'json', secret: 'top secret' };

  before(async () => {
    [owner, reader] = await createAccounts(api, 2);
    repo = await buildRepo(server, owner, { collaborators: [[reader, 'write']] });
  });

  it("creates a hook with 201 and Gitea's Hook: config has url, content_type and http_method, never the secret", async () => {
    const res = await api.post(`${repo.path}/hooks`, { type: 'gitea', config, events: ['issues', 'push', 'unknown'], branch_filter: 'main', active: true, authorization_header: 'Bearer abc' }, owner.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.type, 'gitea');
    assert.deepEqual(res.body.config, { url: config.url, content_type: 'json', http_method: 'POST' });
    // "issues" chooses every issue event, as Gitea's API does.
    assert.deepEqual(res.body.events, ['push', 'issues', 'issue_assign', 'issue_label', 'issue_milestone', 'issue_comment']);
    assert.equal(res.body.branch_filter, 'main');
    assert.equal(res.body.active, true);
    assert.equal(res.body.authorization_header, 'Bearer abc');
    assert.match(res.body.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.ok(!JSON.stringify(res.body).includes('top secret'));

    const listed = await api.get(`${repo.path}/hooks`, owner.basic);
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.body.map((h: { id: number }) => h.id), [res.body.id]);
    assert.equal(listed.headers.get('x-total-count'), '1');
    assert.deepEqual((await api.get(`${repo.path}/hooks/${res.body.id}`, owner.basic)).body, res.body);
  });

  it('creates an inactive hook that listens to pushes when neither active nor events are sent', async () => {
    const res = await api.post(`${repo.path}/hooks`, { type: 'gogs', config: { url: 'http://example.com/x', content_type: 'form' } }, owner.basic);
    assert.equal(res.status, 201);
    assert.equal(res.body.active, false);
    assert.deepEqual(res.body.events, ['push']);
  });

  it('changes only what an edit sends, and deletes a hook so that it is 404 after', async () => {
    const made = await api.post(`${repo.path}/hooks`, { type: 'gitea', config, events: ['push'] }, owner.basic);
    const edited = await api.patch(`${repo.path}/hooks/${made.body.id}`, { active: true, config: { content_type: 'form' }, events: ['create', 'delete'] }, owner.basic);
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    assert.equal(edited.body.active, true);
    assert.equal(edited.body.config.url, config.url);
    assert.equal(edited.body.config.content_type, 'form');
    assert.deepEqual(edited.body.events, ['create', 'delete']);
    const noEvents = await api.patch(`${repo.path}/hooks/${made.body.id}`, { active: true }, owner.basic);
    assert.deepEqual(noEvents.body.events, ['push'], "Gitea's edit sets the events every time: none sent is push only");
    assert.equal((await api.patch(`${repo.path}/hooks/${made.body.id}`, { config: { url: 'gopher://x' } }, owner.basic)).status, 422);
    assert.equal((await api.delete(`${repo.path}/hooks/${made.body.id}`, owner.basic)).status, 204);
    assert.equal((await api.get(`${repo.path}/hooks/${made.body.id}`, owner.basic)).status, 404);
    assert.equal((await api.delete(`${repo.path}/hooks/${made.body.id}`, owner.basic)).status, 404);
  });

  it('keeps the events Graft has no source for yet, and answers them in Gitea\'s order', async () => {
    const res = await api.post(`${repo.path}/hooks`, { type: 'gitea', config, events: ['workflow_job', 'wiki', 'pull_request_only', 'release', 'package', 'workflow_run'] }, owner.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.deepEqual(res.body.events, ['pull_request', 'wiki', 'release', 'package', 'workflow_run', 'workflow_job']);
  });

  it("exposes Gitea's three modes in GraphQL, and REST answers the events Gitea's API lists for each", async () => {
    const create = `mutation($o: String!, $n: String!, $input: CreateWebhookInput!) { createWebhook(owner: $o, name: $n, input: $input) { databaseId eventMode chosenEvents events } }`;
    const made = await server.graphql(create, { o: repo.owner, n: repo.name, input: { type: 'gitea', url: config.url, contentType: 'json', eventMode: 'send_everything' } }, owner.basic);
    assert.deepEqual(made.errors, undefined);
    const hook = made.data?.createWebhook;
    assert.equal(hook.eventMode, 'send_everything');
    assert.deepEqual(hook.chosenEvents, []);
    const rest = await api.get(`${repo.path}/hooks/${hook.databaseId}`, owner.basic);
    assert.ok(rest.body.events.includes('pull_request_review_approved') && rest.body.events.includes('status') && rest.body.events.includes('workflow_job'));
    assert.equal(rest.body.events.length, 26);

    const edit = `mutation($o: String!, $n: String!, $id: Int!, $input: EditWebhookInput!) { editWebhook(owner: $o, name: $n, id: $id, input: $input) { eventMode chosenEvents events } }`;
    const pushOnly = await server.graphql(edit, { o: repo.owner, n: repo.name, id: hook.databaseId, input: { eventMode: 'push_only' } }, owner.basic);
    assert.deepEqual(pushOnly.data?.editWebhook, { eventMode: 'push_only', chosenEvents: [], events: ['push'] });
    const chosen = await server.graphql(edit, { o: repo.owner, n: repo.name, id: hook.databaseId, input: { events: ['issues_only', 'status'] } }, owner.basic);
    assert.deepEqual(chosen.data?.editWebhook, { eventMode: 'choose_events', chosenEvents: ['issues', 'status'], events: ['issues', 'status'] });
    // A REST edit chooses events again, as Gitea's API does.
    const restEdit = await api.patch(`${repo.path}/hooks/${hook.databaseId}`, { events: ['fork'] }, owner.basic);
    assert.deepEqual(restEdit.body.events, ['fork']);
  });

  it("refuses the hooks of a repository to anyone but its admins (403), and a hook of another repository is 404", async () => {
    const made = await api.post(`${repo.path}/hooks`, { type: 'gitea', config }, owner.basic);
    assert.equal((await api.get(`${repo.path}/hooks`, reader.basic)).status, 403);
    assert.equal((await api.post(`${repo.path}/hooks`, { type: 'gitea', config }, reader.basic)).status, 403);
    const other = await buildRepo(server, owner);
    assert.equal((await api.get(`${other.path}/hooks/${made.body.id}`, owner.basic)).status, 404);
  });

  it('answers 422 with a clear message for an unknown type, a missing url, a bad content type or a URL that is not http(s)', async () => {
    const unknown = await api.post(`${repo.path}/hooks`, { type: 'jenkins', config }, owner.basic);
    assert.equal(unknown.status, 422);
    assert.match(unknown.body.message, /invalid hook type/);
    const noUrl = await api.post(`${repo.path}/hooks`, { type: 'gitea', config: { content_type: 'json' } }, owner.basic);
    assert.equal(noUrl.status, 422);
    assert.match(noUrl.body.message, /missing config option: url/);
    assert.equal((await api.post(`${repo.path}/hooks`, { type: 'gitea', config: { url: config.url, content_type: 'yaml' } }, owner.basic)).status, 422);
    assert.equal((await api.post(`${repo.path}/hooks`, { type: 'gitea', config: { url: 'file:///etc/passwd', content_type: 'json' } }, owner.basic)).status, 422);
  });
});

describe('webhook deliveries', () => {
  const server = useServer({ webhook: { ALLOWED_HOST_LIST: 'loopback', RETRY_BACKOFF: 0.2, DELIVER_TIMEOUT: 3 } });
  const { api } = server;
  let owner: TestAccount;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  before(async () => {
    [owner] = await createAccounts(api, 1);
    receiver = await startReceiver((_n, req) => (req.path.startsWith('/fail') && req.headers['x-fail-count'] === undefined && failing-- > 0 ? 500 : 200));
  });
  after(() => receiver.close());
  let failing = 0;

  const hook = async (repo: TestRepo, path: string, extra: Record<string, unknown> = {}) => {
    const res = await api.post(`${repo.path}/hooks`, { type: 'gitea', config: { url: receiver.url(path), content_type: 'json', secret: 'shh' }, active: true, ...extra }, owner.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.id as number;
  };

  it('delivers a push once, signed with the secret, with the headers of Gitea, GitHub and Gogs, to the hooks whose branch filter matches', async () => {
    const repo = await buildRepo(server, owner, { files: { 'a.txt': 'a\n' } });
    await hook(repo, `/push-${repo.name}`, { events: ['push'], branch_filter: '{main,release/*}' });
    await hook(repo, `/filtered-${repo.name}`, { events: ['push'], branch_filter: 'dev*' });
    const written = await api.post(`${repo.path}/contents/b.txt`, { content: b64('b\n'), message: 'Add b' }, owner.basic);
    assert.equal(written.status, 201);
    const [got] = await receiver.waitFor(1, (r) => r.path === `/push-${repo.name}`);
    const body = JSON.parse(got.body);
    assert.equal(got.headers['x-gitea-signature'], hmac('shh', got.body));
    assert.equal(got.headers['x-hub-signature-256'], `sha256=${hmac('shh', got.body)}`);
    assert.equal(got.headers['x-gogs-signature'], hmac('shh', got.body));
    for (const name of ['x-gitea-event', 'x-github-event', 'x-gogs-event', 'x-gitea-event-type']) assert.equal(got.headers[name], 'push');
    assert.match(String(got.headers['x-gitea-delivery']), /^[0-9a-f-]{36}$/);
    assert.equal(got.headers['x-github-delivery'], got.headers['x-gitea-delivery']);
    assert.equal(body.ref, 'refs/heads/main');
    assert.equal(body.after, written.body.commit.sha);
    assert.equal(body.head_commit.id, written.body.commit.sha);
    assert.equal(body.commits[0].message.trim(), 'Add b');
    assert.equal(body.compare_url, `${repo.body.html_url}/compare/${body.before}...${body.after}`);
    assert.equal(body.repository.full_name, repo.fullName);
    assert.equal(body.pusher.login, owner.login);
    assert.equal(body.sender.login, owner.login);
    await server.app.backgroundIdle();
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(receiver.received.filter((r) => r.path === `/push-${repo.name}`).length, 1);
    assert.equal(receiver.received.filter((r) => r.path === `/filtered-${repo.name}`).length, 0);
  });

  it("delivers an opened issue as Gitea's issues payload, only to the hooks that chose issues", async () => {
    const repo = await buildRepo(server, owner, { files: { 'a.txt': 'a\n' } });
    await hook(repo, `/issues-${repo.name}`, { events: ['issues'] });
    await hook(repo, `/push-only-${repo.name}`);
    const issue = await api.post(`${repo.path}/issues`, { title: 'It breaks' }, owner.basic);
    assert.equal(issue.status, 201);
    const [got] = await receiver.waitFor(1, (r) => r.path === `/issues-${repo.name}`);
    const body = JSON.parse(got.body);
    assert.equal(got.headers['x-gitea-event'], 'issues');
    assert.equal(got.headers['x-gitea-signature'], hmac('shh', got.body));
    assert.equal(body.action, 'opened');
    assert.equal(body.number, issue.body.number);
    assert.equal(body.issue.title, 'It breaks');
    assert.equal(body.issue.id, issue.body.id);
    assert.equal(body.repository.id, repo.id);
    assert.equal(body.sender.login, owner.login);
    await server.app.backgroundIdle();
    assert.equal(receiver.received.filter((r) => r.path === `/push-only-${repo.name}`).length, 0);
  });

  it('sends a test push of the default branch\'s last commit to a hook, even an inactive one', async () => {
    const repo = await buildRepo(server, owner, { files: { 'a.txt': 'a\n' } });
    const id = await hook(repo, `/test-${repo.name}`, { active: false });
    assert.equal((await api.post(`${repo.path}/hooks/${id}/tests`, {}, owner.basic)).status, 204);
    const [got] = await receiver.waitFor(1, (r) => r.path === `/test-${repo.name}`);
    const body = JSON.parse(got.body);
    assert.equal(body.ref, 'refs/heads/main');
    assert.equal(body.head_commit.id, repo.heads.main);
    assert.equal(body.before, repo.heads.main);
    assert.equal(body.after, repo.heads.main);
    assert.equal(body.total_commits, 1);
  });

  it('retries a delivery the receiver answers 500 to, waiting longer before each attempt, until it is answered 2xx', async () => {
    const repo = await buildRepo(server, owner, { files: { 'a.txt': 'a\n' } });
    failing = 2;
    await hook(repo, `/fail-${repo.name}`);
    await api.post(`${repo.path}/contents/c.txt`, { content: b64('c\n'), message: 'Add c' }, owner.basic);
    const attempts = await receiver.waitFor(3, (r) => r.path === `/fail-${repo.name}`);
    assert.equal(new Set(attempts.map((a) => a.headers['x-gitea-delivery'])).size, 1);
    const first = attempts[1].at - attempts[0].at;
    const second = attempts[2].at - attempts[1].at;
    assert.ok(first >= 180, `first retry after ${first} ms`);
    assert.ok(second >= 380 && second > first, `second retry after ${second} ms, the first after ${first} ms`);
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal(receiver.received.filter((r) => r.path === `/fail-${repo.name}`).length, 3);
    const rows = await server.app.database.db.hookTask.findMany({ where: { hook: { repoId: repo.id } } });
    assert.deepEqual(rows.map((r) => [r.attempts, r.delivered, r.succeeded, r.responseStatus]), [[3, true, true, 200]]);
    const log = await server.graphql(
      `query($o: String!, $n: String!, $id: Int!) { repository(owner: $o, name: $n) { webhook(id: $id) { deliveries(first: 5) { totalCount nodes { uuid event attempts delivered succeeded responseStatus } } } } }`,
      { o: repo.owner, n: repo.name, id: rows[0].hookId },
      owner.basic,
    );
    assert.deepEqual(log.data?.repository.webhook.deliveries, {
      totalCount: 1,
      nodes: [{ uuid: attempts[0].headers['x-gitea-delivery'], event: 'push', attempts: 3, delivered: true, succeeded: true, responseStatus: 200 }],
    });
  });
});
