import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
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

  async *list(prefix: string): AsyncIterable<{ key: string } & StoredObject> {
    const folder = prefix.replace(/\/+$/, '');
    const dir = folder ? this.pathOf(folder) : this.root;
    let entries: string[];
    try {
      entries = await readdir(dir, { recursive: true });
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    for (const entry of entries) {
      const info = await stat(path.join(dir, entry)).catch(() => null);
      if (!info?.isFile()) continue;
      yield { key: [folder, ...entry.split(path.sep)].filter(Boolean).join('/'), size: info.size, modifiedAt: info.mtime };
    }
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
