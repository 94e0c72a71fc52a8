import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEventBus, type EventBus } from '../../src/events/bus.ts';
import { viewerTopic, type EventTopics } from '../../src/events/topics.ts';

/**
 * The type checks live in `typeChecks`, which `npm run typecheck` compiles and nothing runs: each
 * `@ts-expect-error` fails the typecheck if the line below it compiles, so a bus that accepted an unknown
 * topic or a wrong payload would break the build.
 */
export function typeChecks(bus: EventBus) {
  // @ts-expect-error a topic that is not in EventTopics
  void bus.publish('no.such.topic', {});
  // @ts-expect-error a payload of the wrong type
  void bus.publish('user.updated', { userId: 'alice' });
  // @ts-expect-error a payload missing a field
  void bus.publish('repo.deleted', { repoId: 1 });
  // @ts-expect-error a field the topic does not carry
  void bus.publish('token.revoked', { tokenHash: 'x', userId: 1 });
  // @ts-expect-error another topic's payload
  void bus.publish('repo.branch', { repoId: 1, action: 'created', tag: 'v1', oid: 'a', actorId: null });
  // @ts-expect-error a per-account topic names an account by its id
  void bus.publish('viewer.alice', { kind: 'ACCESS_TOKEN_CREATED', tokenId: 1, tokenName: 't', occurredAt: '' });
  // @ts-expect-error subscribing to a topic that is not in EventTopics
  void bus.subscribe('no.such.topic');

  // Subscribers get the payload's type, per topic, without a cast.
  const pushes: AsyncIterableIterator<EventTopics['repo.push']> = bus.subscribe('repo.push');
  const viewer: AsyncIterableIterator<EventTopics[`viewer.${number}`]> = bus.subscribe(viewerTopic(7));
  // @ts-expect-error a subscription yields its own topic's payload, not another's
  const wrong: AsyncIterableIterator<EventTopics['repo.tag']> = bus.subscribe('repo.branch');
  return [pushes, viewer, wrong];
}

describe('the typed event bus', () => {
  it('delivers a published payload to the subscribers of its topic, and only to them', async () => {
    const bus = createEventBus();
    const abort = new AbortController();
    const branches = bus.subscribe('repo.branch', abort.signal);
    const tags = bus.subscribe('repo.tag', abort.signal);
    await bus.publish('repo.branch', { repoId: 1, action: 'created', branch: 'topic', oid: 'abc', actorId: 2 });
    await bus.publish('repo.tag', { repoId: 1, action: 'deleted', tag: 'v1', oid: 'def', actorId: null });
    const branch = await branches.next();
    assert.equal(branch.done, false);
    assert.equal(branch.value.branch, 'topic');
    assert.equal((await tags.next()).value.tag, 'v1');
    abort.abort();
    await bus.close();
  });

  it("delivers a per-account topic's events to that account's subscribers only", async () => {
    const bus = createEventBus();
    const abort = new AbortController();
    const mine = bus.subscribe(viewerTopic(1), abort.signal);
    const theirs = bus.subscribe(viewerTopic(2), abort.signal);
    const event = { kind: 'ACCESS_TOKEN_CREATED', tokenId: 5, tokenName: 'ci', occurredAt: new Date(0).toISOString() } as const;
    await bus.publish(viewerTopic(1), event);
    assert.deepEqual((await mine.next()).value, event);
    abort.abort();
    assert.equal((await theirs.next()).done, true, 'the other account got nothing before its subscription ended');
    await bus.close();
  });
});
