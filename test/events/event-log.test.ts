import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../testkit/accounts.ts';
import { buildRepo } from '../testkit/repos.ts';
import { failInserts } from '../testkit/faults.ts';
import { useServer } from '../testkit/use-server.ts';
import { transactionWithEvents } from '../../src/events/outbox.ts';
import { startReceiver } from '../rest/webhook/receiver.ts';

const REDIS_URL = process.env.GRAFT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const webhook = { ALLOWED_HOST_LIST: 'loopback', RETRY_BACKOFF: 0.2 };

describe('the event log', () => {
  const server = useServer({ webhook });
  let owner: TestAccount;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  before(async () => {
    [owner] = await createAccounts(server.api, 1);
    receiver = await startReceiver();
  });
  after(() => receiver.close());

  it('is written before the request answers, and read up to its last event once the background work is done', async () => {
    const repo = await buildRepo(server, owner, { files: { 'a.txt': 'a\n' } });
    const db = server.app.database.db;
    const before = (await db.domainEvent.findFirst({ orderBy: { id: 'desc' } }))?.id ?? 0;
    const res = await server.api.post(`${repo.path}/issues`, { title: 'logged' }, owner.basic);
    assert.equal(res.status, 201);
    const logged = await db.domainEvent.findMany({ where: { id: { gt: before } } });
    assert.deepEqual(
      logged.filter((e) => e.topic === 'issues').map((e) => JSON.parse(e.payload)),
      [{ action: 'opened', actorId: owner.id, repoId: repo.id, issueId: res.body.id, number: res.body.number }],
    );
    await server.app.backgroundIdle();
    const reader = await db.eventReader.findUniqueOrThrow({ where: { name: 'followers' } });
    assert.equal(reader.position, (await db.domainEvent.findFirstOrThrow({ orderBy: { id: 'desc' } })).id);
    assert.equal(reader.holder, null);
  });

  it('keeps no event of a transaction that rolled back, and publishes none', async () => {
    const db = server.app.database.db;
    const before = await db.domainEvent.count();
    const heard: unknown[] = [];
    const abort = new AbortController();
    const listening = (async () => {
      for await (const e of server.app.events.subscribe('issue_pin', abort.signal)) heard.push(e);
    })();
    await assert.rejects(
      transactionWithEvents({ db, events: server.app.events }, async (_tx, publish) => {
        await publish('issue_pin', { action: 'pinned', position: 1, actorId: owner.id, repoId: 0, issueId: 0, number: 0 });
        throw new Error('the change failed');
      }),
      /the change failed/,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    abort.abort();
    await listening;
    assert.equal(await db.domainEvent.count(), before);
    assert.deepEqual(heard, []);
  });

  it('rolls back a lock, a reaction, a tracked time, labels and an issue edit whose event cannot be written, and keeps nothing of them', async () => {
    const repo = await buildRepo(server, owner, { files: { 'a.txt': 'a\n' } });
    const db = server.app.database.db;
    const issue = (await server.api.post(`${repo.path}/issues`, { title: 'faulty' }, owner.basic)).body;
    const label = (await server.api.post(`${repo.path}/labels`, { name: 'bug', color: '#ff0000' }, owner.basic)).body;
    const at = `${repo.path}/issues/${issue.number}`;
    const state = async () => {
      const row = await db.issue.findUniqueOrThrow({ where: { id: issue.id }, include: { labels: true } });
      return {
        title: row.title,
        locked: row.isLocked,
        labels: row.labels.length,
        reactions: await db.reaction.count({ where: { issueId: issue.id } }),
        times: await db.trackedTime.count({ where: { issueId: issue.id } }),
        timeline: await db.comment.count({ where: { issueId: issue.id } }),
        events: await db.domainEvent.count(),
      };
    };
    const changes: [topic: string, change: () => Promise<{ status: number }>][] = [
      ['issue_lock', () => server.api.put(`${at}/lock`, {}, owner.basic)],
      ['reaction', () => server.api.post(`${at}/reactions`, { content: '+1' }, owner.basic)],
      ['issue_time', () => server.api.post(`${at}/times`, { time: 60 }, owner.basic)],
      ['issue_label', () => server.api.post(`${at}/labels`, { labels: [label.id] }, owner.basic)],
      ['issues', () => server.api.patch(at, { title: 'renamed' }, owner.basic)],
    ];
    for (const [topic, change] of changes) {
      const before = await state();
      const lift = await failInserts(server, 'DomainEvent', 'topic', topic);
      try {
        assert.equal((await change()).status, 500, `${topic}: the failed write is the server's fault`);
      } finally {
        await lift();
      }
      assert.deepEqual(await state(), before, `${topic}: nothing of the change is left without its event`);
      assert.ok((await change()).status < 300, `${topic}: the change passes once its event can be written`);
      assert.notDeepEqual(await state(), before);
    }
  });

  it('hands over an event whose transaction committed after a later one (an id the reader first saw missing)', async () => {
    const repo = await buildRepo(server, owner, { files: { 'a.txt': 'a\n' } });
    await server.api.post(`${repo.path}/hooks`, { type: 'gitea', config: { url: receiver.url(`/gap-${repo.name}`), content_type: 'json' }, events: ['issues'], active: true }, owner.basic);
    const issue = await server.api.post(`${repo.path}/issues`, { title: 'gap' }, owner.basic);
    await receiver.waitFor(1, (r) => r.path === `/gap-${repo.name}`);
    const about = { actorId: owner.id, repoId: repo.id, issueId: issue.body.id, number: issue.body.number };
    const db = server.app.database.db;
    let slowWrote!: () => void;
    const slowHasId = new Promise<void>((resolve) => (slowWrote = resolve));
    // The slow transaction takes its event id first and commits last.
    const slow = transactionWithEvents({ db, events: server.app.events }, async (_tx, publish) => {
      await publish('issues', { ...about, action: 'edited' });
      slowWrote();
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    await slowHasId;
    const fast = server.app.events.publish('issues', { ...about, action: 'closed' });
    await Promise.all([slow, fast]);
    const got = await receiver.waitFor(3, (r) => r.path === `/gap-${repo.name}`);
    assert.deepEqual(got.map((r) => JSON.parse(r.body).action).sort(), ['closed', 'edited', 'opened']);
  });

  it('gives a webhook no delivery of an event logged before the hook was made, though the reader hands it over after', async () => {
    const repo = await buildRepo(server, owner, { files: { 'a.txt': 'a\n' } });
    const first = await server.api.post(`${repo.path}/issues`, { title: 'before the hook' }, owner.basic);
    await server.app.backgroundIdle();
    // Logged a minute ago, not yet read (nothing woke the reader): as an event still in the log when the hook is made.
    await server.app.database.db.domainEvent.create({
      data: { topic: 'issues', payload: JSON.stringify({ action: 'closed', actorId: owner.id, repoId: repo.id, issueId: first.body.id, number: first.body.number }), createdAt: new Date(Date.now() - 60_000) },
    });
    await server.api.post(`${repo.path}/hooks`, { type: 'gitea', config: { url: receiver.url(`/after-${repo.name}`), content_type: 'json' }, events: ['issues'], active: true }, owner.basic);
    await server.api.post(`${repo.path}/issues`, { title: 'after the hook' }, owner.basic);
    await receiver.waitFor(1, (r) => r.path === `/after-${repo.name}`);
    await server.app.backgroundIdle();
    const got = receiver.received.filter((r) => r.path === `/after-${repo.name}`).map((r) => `${JSON.parse(r.body).action} ${JSON.parse(r.body).issue.title}`);
    assert.deepEqual(got, ['opened after the hook']);
  });

  describe('read by an instance', () => {
    const ids = { old: 0, recent: 0 };
    before(async () => {
      const db = server.app.database.db;
      const payload = JSON.stringify({ action: 'moved', position: 1, actorId: owner.id, repoId: 0, issueId: 0, number: 0 });
      ids.old = (await db.domainEvent.create({ data: { topic: 'issue_pin', payload, createdAt: new Date(Date.now() - 25 * 3600_000) } })).id;
      ids.recent = (await db.domainEvent.create({ data: { topic: 'issue_pin', payload } })).id;
    });
    // The reader prunes at most every ten minutes: an instance starting on this data prunes at its first read.
    const fresh = useServer({ webhook }, { sharingDataOf: server });

    it('deletes the events it has read once they are a day old, and keeps the others', async () => {
      await fresh.app.backgroundIdle();
      const db = server.app.database.db;
      assert.equal(await db.domainEvent.count({ where: { id: ids.old } }), 0);
      assert.equal(await db.domainEvent.count({ where: { id: ids.recent } }), 1);
    });
  });

  describe('left unread by an instance that stopped', () => {
    let repoName = '';
    before(async () => {
      const repo = await buildRepo(server, owner, { files: { 'a.txt': 'a\n' } });
      repoName = repo.name;
      await server.api.post(`${repo.path}/hooks`, { type: 'gitea', config: { url: receiver.url(`/left-${repo.name}`), content_type: 'json' }, events: ['issues'], active: true }, owner.basic);
      const issue = await server.api.post(`${repo.path}/issues`, { title: 'left in the log' }, owner.basic);
      await receiver.waitFor(1, (r) => r.path === `/left-${repo.name}`);
      await server.app.backgroundIdle();
      // As if a process committed a change and its event, and died before any follower ran: nothing wakes a reader.
      await server.app.database.db.domainEvent.create({
        data: { topic: 'issues', payload: JSON.stringify({ action: 'closed', actorId: owner.id, repoId: repo.id, issueId: issue.body.id, number: issue.body.number }) },
      });
    });
    const later = useServer({ webhook }, { sharingDataOf: server });

    it('is read by the next instance to start, which does the work the event asked for', async () => {
      assert.ok(later.url);
      const got = await receiver.waitFor(2, (r) => r.path === `/left-${repoName}`);
      assert.deepEqual(got.map((r) => JSON.parse(r.body).action), ['opened', 'closed']);
    });
  });
});

describe('the event log read by two instances sharing a database and Redis', () => {
  const first = useServer({ redis: { URL: REDIS_URL }, webhook });
  const second = useServer({ redis: { URL: REDIS_URL }, webhook }, { sharingDataOf: first });
  let owner: TestAccount;
  let commenter: TestAccount;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  before(async () => {
    [owner, commenter] = await createAccounts(first.api, 2);
    receiver = await startReceiver();
  });
  after(() => receiver.close());

  it('writes each event’s feed entries, notifications and webhook deliveries once, though both instances hear every event', async () => {
    const repo = await buildRepo(first, owner, { files: { 'a.txt': 'a\n' } });
    await first.api.post(`${repo.path}/hooks`, { type: 'gitea', config: { url: receiver.url(`/both-${repo.name}`), content_type: 'json' }, events: ['issue_comment'], active: true }, owner.basic);
    const issue = await first.api.post(`${repo.path}/issues`, { title: 'shared' }, owner.basic);
    const comments: number[] = [];
    for (let i = 0; i < 4; i++) {
      const api = i % 2 === 0 ? second.api : first.api;
      const res = await api.post(`${repo.path}/issues/${issue.body.number}/comments`, { body: `comment ${i}` }, commenter.basic);
      assert.equal(res.status, 201);
      comments.push(res.body.id);
    }
    await receiver.waitFor(4, (r) => r.path === `/both-${repo.name}`);
    await first.app.backgroundIdle();
    await second.app.backgroundIdle();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const db = first.app.database.db;
    assert.equal(await db.action.count({ where: { commentId: { in: comments } } }), 4);
    assert.equal(receiver.received.filter((r) => r.path === `/both-${repo.name}`).length, 4);
    const threads = await db.notification.findMany({ where: { userId: owner.id, issueId: issue.body.id } });
    assert.equal(threads.length, 1);
    assert.equal(threads[0].commentId, comments[3]);
  });
});
