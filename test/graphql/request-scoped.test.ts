// test-process: own — it counts the major GCs of this process's heap, which other files' objects would change
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { requestScoped } from '../../src/request-scoped.ts';
import { majorGCsDuring } from '../testkit/gc.ts';

/** Many short-lived contexts, 16 alive at a time, each with a value that refers back to it. */
async function requests(keep: (ctx: object, value: object) => void) {
  const alive: object[] = [];
  for (let i = 0; i < 300_000; i++) {
    const ctx = { items: Array.from({ length: 20 }, (_, j) => ({ j })) };
    keep(ctx, { ctx, seen: new Map() });
    alive.push(ctx);
    if (alive.length > 16) alive.shift();
    if (i % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('values kept for one request on its context', () => {
  it('are made once per context, on first use, and made again after being forgotten', () => {
    let made = 0;
    const memo = requestScoped('test', (ctx: { id: number }) => ({ id: ctx.id, n: ++made }));
    const a = { id: 1 };
    const b = { id: 2 };
    assert.equal(made, 0);
    assert.equal(memo.of(a), memo.of(a));
    assert.equal(memo.of(a).id, 1);
    assert.equal(memo.of(b).id, 2);
    assert.equal(made, 2);
    memo.forget(a);
    assert.equal(memo.of(a).n, 3);
  });

  it('are not carried into a context made by spreading another', () => {
    const memo = requestScoped('test', () => ({}));
    const base = {};
    const kept = memo.of(base);
    const derived = { ...base };
    assert.notEqual(memo.of(derived), kept);
    assert.deepEqual(Object.keys(base), []);
  });

  it('die in minor GCs, where WeakMap entries pointing back at their key need major GCs', async () => {
    const memo = requestScoped('test', (ctx: object) => ({ ctx, seen: new Map() }));
    const scopedMajors = await majorGCsDuring(() => requests((ctx) => void memo.of(ctx)));
    const byWeakMap = new WeakMap<object, object>();
    const weakMapMajors = await majorGCsDuring(() => requests((ctx, value) => byWeakMap.set(ctx, value)));
    assert.ok(weakMapMajors >= 4, `the WeakMap baseline ran ${weakMapMajors} major GCs`);
    assert.ok(scopedMajors * 4 <= weakMapMajors, `request-scoped values ran ${scopedMajors} major GCs, the WeakMap ${weakMapMajors}`);
  });
});
