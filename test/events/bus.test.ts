import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createEventBus, type EventBus } from '../../src/events/bus.ts';
import { useServer } from '../testkit/use-server.ts';
import { collectViewerEvents } from '../testkit/subscriptions.ts';
import { createAccount, createToken } from '../testkit/accounts.ts';

const UNREACHABLE = 'redis://127.0.0.1:1';

/** Topics of these tests alone: the bus carries any map from topic to payload (the application's: src/events/topics.ts). */
interface TestTopics {
  'thing.happened': { n: number };
  odd: { big: bigint };
  [once: `once.${string}`]: { id: number };
}
const REDIS_URL = process.env.GRAFT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The next event of a subscription, or a rejection after `ms`. */
function nextWithin<T>(iterator: AsyncIterableIterator<T>, ms = 2000): Promise<T> {
  return Promise.race([
    iterator.next().then((r) => r.value as T),
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no event within ${ms} ms`)), ms).unref()),
  ]);
}

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
before(() => process.on('unhandledRejection', onUnhandled));
after(() => process.off('unhandledRejection', onUnhandled));

describe('the event bus with Redis unreachable', () => {
  it('starting it and publishing neither throw nor leave unhandled rejections, and local subscribers still get events', async () => {
    const logged: string[] = [];
    const bus = createEventBus<TestTopics>(UNREACHABLE, { log: (message) => logged.push(message) });
    const abort = new AbortController();
    const events = bus.subscribe('thing.happened', abort.signal);
    const started = performance.now();
    await bus.publish('thing.happened', { n: 1 });
    await bus.publish('thing.happened', { n: 2 });
    assert.ok(performance.now() - started < 500, 'publishing does not wait for the outage');
    assert.deepEqual(await nextWithin(events), { n: 1 });
    assert.deepEqual(await nextWithin(events), { n: 2 });
    // Long enough for ioredis to give up on the commands queued while it could not connect.
    await new Promise((r) => setTimeout(r, 1500));
    await bus.publish('thing.happened', { n: 3 });
    assert.deepEqual(await nextWithin(events), { n: 3 });
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(unhandled.map(String), []);
    assert.ok(logged.some((m) => /Redis/.test(m)), `the failure is logged: ${JSON.stringify(logged)}`);
    assert.ok(logged.length < 10, `one line per outage, not per retry: ${logged.length} lines`);
    abort.abort();
    await bus.close();
  });

  it('a payload that cannot travel (a BigInt) still reaches local subscribers and the publisher gets no error', async () => {
    const bus = createEventBus<TestTopics>(UNREACHABLE, { log: () => {} });
    const events = bus.subscribe('odd');
    await bus.publish('odd', { big: 1n });
    assert.deepEqual(await nextWithin(events), { big: 1n });
    await events.return!();
    await bus.close();
  });
});

describe('a server whose Redis is unreachable', () => {
  const server = useServer({ redis: { URL: UNREACHABLE } });

  it('answers committed writes with success and delivers events to its own subscribers', async () => {
    const { api } = server;
    const erin = await createAccount(api);
    const token = await createToken(api, erin, ['read:user']);
    const sub = collectViewerEvents(server.url, `token ${token}`, 1);
    await sub.connected;
    await new Promise((r) => setTimeout(r, 100));
    const res = await api.post(`/users/${erin.login}/tokens`, { name: 'while-redis-is-down', scopes: ['read:user'] }, erin.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.deepEqual((await sub.done).map((e) => e.tokenName), ['while-redis-is-down']);
    await sub.client.dispose();
    assert.deepEqual(unhandled.map(String), []);
  });
});

describe('the event bus with Redis reachable', () => {
  let first: EventBus<TestTopics>;
  let second: EventBus<TestTopics>;
  before(async () => {
    first = createEventBus<TestTopics>(REDIS_URL);
    second = createEventBus<TestTopics>(REDIS_URL);
    await new Promise((r) => setTimeout(r, 200)); // both subscribed
  });
  after(async () => {
    await first.close();
    await second.close();
  });

  it("delivers an event once to the publishing instance's subscribers and once to the others'", async () => {
    const topic = `once.${process.pid}.${Date.now()}` as const;
    const abort = new AbortController();
    const mine = first.subscribe(topic, abort.signal);
    const theirs = second.subscribe(topic, abort.signal);
    await first.publish(topic, { id: 1 });
    await first.publish(topic, { id: 2 });
    assert.deepEqual(await nextWithin(mine), { id: 1 });
    assert.deepEqual(await nextWithin(mine), { id: 2 });
    assert.deepEqual(await nextWithin(theirs), { id: 1 });
    assert.deepEqual(await nextWithin(theirs), { id: 2 });
    // No echo of our own events through Redis.
    await assert.rejects(nextWithin(mine, 300), /no event/);
    await assert.rejects(nextWithin(theirs, 300), /no event/);
    abort.abort();
  });
});

describe('event buses of two deployments on one Redis', () => {
  const namespace = `deployment-${process.pid}`;
  let mine: EventBus<TestTopics>;
  let sameDeployment: EventBus<TestTopics>;
  let otherDeployment: EventBus<TestTopics>;
  before(async () => {
    mine = createEventBus<TestTopics>(REDIS_URL, { namespace: `${namespace}-a` });
    sameDeployment = createEventBus<TestTopics>(REDIS_URL, { namespace: `${namespace}-a` });
    otherDeployment = createEventBus<TestTopics>(REDIS_URL, { namespace: `${namespace}-b` });
    await new Promise((r) => setTimeout(r, 200)); // all subscribed
  });
  after(async () => {
    for (const bus of [mine, sameDeployment, otherDeployment]) await bus.close();
  });

  it('deliver an event to the instances of its own deployment only', async () => {
    const abort = new AbortController();
    const same = sameDeployment.subscribe('thing.happened', abort.signal);
    const other = otherDeployment.subscribe('thing.happened', abort.signal);
    await mine.publish('thing.happened', { n: 7 });
    assert.deepEqual(await nextWithin(same), { n: 7 });
    await assert.rejects(nextWithin(other, 300), /no event/);
    abort.abort();
  });
});
