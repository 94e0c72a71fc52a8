import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Caches } from '../../src/cache/cache.ts';
import { localGenerations } from '../../src/cache/generations.ts';
// The cache used below, as its area registers it.
import '../../src/domain/issue/issue.caches.ts';

/** Values read after a mark are kept as of the mark (CacheView.mark and keep: the deep issue pages' starts). */
describe('values kept as of a mark', () => {
  it('a value kept after a mark answers until its tables are written', async () => {
    const generations = localGenerations();
    const view = await new Caches(generations).view();
    const mark = view.mark('issuePageStart');
    view.keep('issuePageStart', [['a', 1]], mark);
    assert.equal(view.peek('issuePageStart', 'a'), 1);
    await generations.raise(new Set(['Comment']));
    assert.equal(view.peek('issuePageStart', 'a'), 1, 'a write to another table leaves it');
    await generations.raise(new Set(['IssueLabel']));
    assert.equal(view.peek('issuePageStart', 'a'), undefined);
  });

  it('a value read while a write commits is not kept: the write came after the mark, before the keep', async () => {
    const generations = localGenerations();
    const view = await new Caches(generations).view();
    const mark = view.mark('issuePageStart');
    await generations.raise(new Set(['Issue']));
    view.keep('issuePageStart', [['b', 2]], mark);
    assert.equal(view.peek('issuePageStart', 'b'), undefined);
  });
});
