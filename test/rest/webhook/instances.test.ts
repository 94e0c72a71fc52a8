import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { buildRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';
import { startReceiver } from './receiver.ts';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const settings = { ALLOWED_HOST_LIST: 'loopback', RETRY_BACKOFF: 0.2 };

describe('webhook deliveries with two instances on one database', () => {
  const first = useServer({ webhook: settings });
  const second = useServer({ webhook: settings }, { sharingDataOf: first });
  let owner: TestAccount;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  before(async () => {
    [owner] = await createAccounts(first.api, 1);
    receiver = await startReceiver();
  });
  after(() => receiver.close());

  it('sends every delivery exactly once, whichever instance wrote it, though both workers look for due rows', async () => {
    const repo = await buildRepo(first, owner, { files: { 'a.txt': 'a\n' } });
    for (const path of ['/one', '/two']) {
      const res = await first.api.post(`${repo.path}/hooks`, { type: 'gitea', config: { url: receiver.url(`${path}-${repo.name}`), content_type: 'json' }, active: true }, owner.basic);
      assert.equal(res.status, 201);
    }
    const shas: string[] = [];
    for (let i = 0; i < 8; i++) {
      // Alternately through each instance, on a branch each so that no write waits for the other.
      const api = i % 2 === 0 ? first.api : second.api;
      const res = await api.post(`${repo.path}/contents/f${i}.txt`, { content: b64(`${i}\n`), message: `f${i}`, new_branch: `b${i}`, branch: 'main' }, owner.basic);
      assert.equal(res.status, 201, JSON.stringify(res.body));
      shas.push(res.body.commit.sha);
    }
    const mine = (r: { path: string }) => r.path.endsWith(`-${repo.name}`);
    await receiver.waitFor(16, mine);
    await new Promise((r) => setTimeout(r, 1500));
    const got = receiver.received.filter(mine);
    assert.equal(got.length, 16);
    assert.equal(new Set(got.map((r) => r.headers['x-gitea-delivery'])).size, 16);
    for (const path of ['/one', '/two']) {
      const afters = got.filter((r) => r.path.startsWith(path)).map((r) => JSON.parse(r.body).after).sort();
      assert.deepEqual(afters, [...shas].sort());
    }
  });
});

describe('webhook deliveries left pending by an instance', () => {
  // QUEUE_LENGTH 0: the first instance writes deliveries and never sends one, as an instance stopped before it could.
  const writer = useServer({ webhook: { ...settings, QUEUE_LENGTH: 0 } });
  let owner: TestAccount;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  before(async () => {
    [owner] = await createAccounts(writer.api, 1);
    receiver = await startReceiver();
  });
  after(() => receiver.close());

  describe('and an instance started later on the same data', () => {
    let pending = 0;
    let repoName = '';
    before(async () => {
      const repo = await buildRepo(writer, owner, { files: { 'a.txt': 'a\n' } });
      repoName = repo.name;
      await writer.api.post(`${repo.path}/hooks`, { type: 'gitea', config: { url: receiver.url(`/late-${repo.name}`), content_type: 'json' }, events: ['issues'], active: true }, owner.basic);
      for (let i = 0; i < 3; i++) await writer.api.post(`${repo.path}/issues`, { title: `issue ${i}` }, owner.basic);
      await writer.app.backgroundIdle();
      pending = await writer.app.database.db.hookTask.count({ where: { delivered: false, hook: { repoId: repo.id } } });
    });
    const later = useServer({ webhook: settings }, { sharingDataOf: writer });

    it('sends the deliveries still pending when it starts, each exactly once', async () => {
      assert.equal(pending, 3);
      assert.ok(later.url);
      const got = await receiver.waitFor(3, (r) => r.path === `/late-${repoName}`);
      await new Promise((r) => setTimeout(r, 1500));
      assert.equal(receiver.received.filter((r) => r.path === `/late-${repoName}`).length, 3);
      assert.deepEqual(got.map((r) => JSON.parse(r.body).issue.title).sort(), ['issue 0', 'issue 1', 'issue 2']);
    });
  });
});
