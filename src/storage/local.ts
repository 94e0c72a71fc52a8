import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, type ObjectStorage, type StoredObject } from './storage.ts';

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** An ObjectStorage on the local disk: the object under key `a/b/c` is the file `<root>/a/b/c`. */
export class LocalStorage implements ObjectStorage {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, ...checkKey(key).split('/'));
  }

  async put(key: string, body: Readable): Promise<StoredObject> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    try {
      await pipeline(body, createWriteStream(file));
    } catch (err) {
      await rm(file, { force: true });
      throw err;
    }
    return this.statOf(file) as Promise<StoredObject>;
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable | null> {
    const file = this.pathOf(key);
    // Opened before it is answered, so that a missing file is null and not a stream that fails later.
    const stream = createReadStream(file, range);
    return new Promise((resolve, reject) => {
      stream.once('open', () => resolve(stream));
      stream.once('error', (err) => (isMissing(err) ? resolve(null) : reject(err)));
    });
  }

  stat(key: string): Promise<StoredObject | null> {
    return this.statOf(this.pathOf(key));
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async move(from: string, to: string): Promise<void> {
    const target = this.pathOf(to);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(this.pathOf(from), target);
  }

  private async statOf(file: string): Promise<StoredObject | null> {
    try {
      const s = await stat(file);
      return { size: s.size, modifiedAt: s.mtime };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }
}
