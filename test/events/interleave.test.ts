import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { interleave } from '../../src/events/interleave.ts';

/** A promise that counts the reactions attached to it (then calls, which await and Promise.race make). */
class CountedPromise<T> extends Promise<T> {
  static thens = 0;
  then<A = T, B = never>(onFulfilled?: ((value: T) => A | PromiseLike<A>) | null, onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<A | B> {
    CountedPromise.thens++;
    return super.then(onFulfilled, onRejected);
  }
}

/** A source that delivers the given values, then ends; `next` answers in a tick. */
function source<T>(values: T[]): AsyncIterableIterator<T> {
  const queue = [...values];
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    next: async () => (queue.length ? { value: queue.shift()!, done: false } : { value: undefined, done: true }),
    return: async () => ({ value: undefined, done: true }),
  };
}

/** A source that never delivers until it is returned, counting the reactions on its pending read. */
function quiet(): AsyncIterableIterator<never> & { returned: boolean } {
  let end!: () => void;
  const pending = new CountedPromise<IteratorResult<never>>((resolve) => (end = () => resolve({ value: undefined, done: true })));
  return {
    returned: false,
    [Symbol.asyncIterator]() {
      return this;
    },
    next: () => pending,
    async return() {
      this.returned = true;
      end();
      return { value: undefined, done: true };
    },
  };
}

describe('interleave', () => {
  it('tags each event with its topic, in the order each source delivers them', async () => {
    const got = [];
    for await (const item of interleave(['a', source([1, 2, 3])], ['b', quiet()])) {
      got.push(item);
      if (got.length === 3) break;
    }
    assert.deepEqual(got, [
      { topic: 'a', event: 1 },
      { topic: 'a', event: 2 },
      { topic: 'a', event: 3 },
    ]);
  });

  it('ends when a source ends, after the events it delivered, and closes the others', async () => {
    const other = quiet();
    const got = [];
    for await (const item of interleave(['a', source(['x', 'y'])], ['b', other])) got.push(item.event);
    assert.deepEqual(got, ['x', 'y']);
    assert.equal(other.returned, true);
  });

  it("attaches one reaction to a quiet source's pending read however many events the others deliver", async () => {
    CountedPromise.thens = 0;
    const other = quiet();
    let count = 0;
    for await (const item of interleave(['busy', source(Array.from({ length: 1000 }, (_, i) => i))], ['quiet', other])) {
      assert.equal(item.topic, 'busy');
      count++;
    }
    assert.equal(count, 1000);
    assert.ok(CountedPromise.thens <= 2, `${CountedPromise.thens} reactions on the quiet read`);
  });
});
