import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Caches, PAGE_CACHE_ENTRIES } from '../../src/cache/cache.ts';
import { localGenerations } from '../../src/cache/generations.ts';
// The caches used below, as their areas register them.
import '../../src/domain/branch/branch.caches.ts';
import '../../src/domain/user/user.caches.ts';

/** Pages of rows weigh as much as many rows: their caches keep fewer entries than caches of single rows. */
describe('cache sizes', () => {
  it('keeps at most PAGE_CACHE_ENTRIES pages of branches, the oldest going first, and more single rows', async () => {
    const caches = new Caches(localGenerations());
    const view = await caches.view();
    let loads = 0;
    const load = (value: string) => async () => {
      loads++;
      return value;
    };
    for (let i = 0; i <= PAGE_CACHE_ENTRIES; i++) await view.get('branchPageOfRepository', `1/${i * 50}/50/`, load(`page ${i}`));
    for (let i = 0; i <= PAGE_CACHE_ENTRIES; i++) await view.get('accountByLogin', `user${i}`, load(`user ${i}`));
    loads = 0;
    assert.equal(view.peek('branchPageOfRepository', `1/${PAGE_CACHE_ENTRIES * 50}/50/`), `page ${PAGE_CACHE_ENTRIES}`);
    assert.equal(view.peek('branchPageOfRepository', '1/0/50/'), undefined, 'the oldest page went');
    assert.equal(await view.get('branchPageOfRepository', '1/0/50/', load('page 0')), 'page 0');
    assert.equal(loads, 1);
    assert.equal(view.peek('accountByLogin', 'user0'), 'user 0', 'single rows stay');
  });
});
