import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { after, describe, it } from 'node:test';
import { LocalStorage } from '../../src/storage/local.ts';
import { storageFor } from '../../src/storage/stores.ts';
import { tempDir } from '../testkit/git.ts';

describe('the local object store', () => {
  const work = tempDir('graft-storage-');
  after(() => work.remove());
  const store = new LocalStorage(`${work.dir}/objects`);

  it('puts, stats, gets, moves and deletes an object by its key', async () => {
    const put = await store.put('a/b/one', Readable.from([Buffer.from('hello '), Buffer.from('world')]));
    assert.equal(put.size, 11);
    assert.equal((await store.stat('a/b/one'))?.size, 11);
    assert.equal(await text((await store.get('a/b/one'))!), 'hello world');
    await store.move('a/b/one', 'c/d/two');
    assert.equal(await store.get('a/b/one'), null);
    assert.equal(await text((await store.get('c/d/two'))!), 'hello world');
    await store.delete('c/d/two');
    assert.equal(await store.stat('c/d/two'), null);
    await store.delete('c/d/two');
  });

  it('leaves nothing under the key when the stream it is given fails part-way', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
        this.destroy(new Error('cut off'));
      },
    });
    await assert.rejects(store.put('half/done', failing), /cut off/);
    assert.equal(await store.stat('half/done'), null);
    assert.deepEqual(readdirSync(`${work.dir}/objects/half`), []);
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../escape', '/abs', 'a//b', 'a/../b', '', '.hidden']) {
      await assert.rejects(store.put(key, Readable.from([])), /invalid storage key/);
    }
    assert.ok(!existsSync(`${work.dir}/escape`));
  });

  it('gives one store per data directory and area, under <DATA_DIR>/<area>', () => {
    const config = { server: { DATA_DIR: work.dir } } as Parameters<typeof storageFor>[0];
    const attachments = storageFor(config, 'attachments');
    assert.equal(storageFor(config, 'attachments'), attachments);
    assert.equal((attachments as LocalStorage).root, `${work.dir}/attachments`);
  });
});
