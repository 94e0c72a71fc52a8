import type { Readable } from 'node:stream';

/** What a store knows of the bytes under a key. */
export interface StoredObject {
  size: number;
  modifiedAt: Date;
}

/**
 * Bytes kept by key, outside the database: attachments now, other uploads later. Callers name objects by key
 * (segments of letters, digits, `.`, `_` and `-`, joined by `/`) and never by a path, so a store other than the
 * local one (an S3-compatible bucket) implements this interface and no caller changes.
 */
export interface ObjectStorage {
  /**
   * Writes what `body` yields under `key`, replacing what was there, and answers its size. When `body` fails or
   * is cut off, nothing is left under the key and the promise rejects with the stream's error.
   */
  put(key: string, body: Readable): Promise<StoredObject>;
  /** The bytes under `key` as a stream (only `range`'s, inclusive offsets, when given); null when nothing is stored there. */
  get(key: string, range?: { start: number; end: number }): Promise<Readable | null>;
  /** The size and time of the object under `key`; null when nothing is stored there. */
  stat(key: string): Promise<StoredObject | null>;
  /** Removes the object under `key`; nothing stored there is not an error. */
  delete(key: string): Promise<void>;
  /** Moves the object under `from` to `to` (replacing what `to` held). */
  move(from: string, to: string): Promise<void>;
  /** The objects whose keys start with `prefix` (a folder: `tmp/`), with their times; none is not an error. */
  list(prefix: string): AsyncIterable<{ key: string } & StoredObject>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Refuses a key that could leave the store's root or that no store can hold (`..`, absolute, empty segments). */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.length > 1024) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}
