import path from 'node:path';
import type { Config } from '../config/defaults.ts';
import { LocalStorage } from './local.ts';
import type { ObjectStorage } from './storage.ts';

/** The stores of the forge, one per kind of object (Gitea's storage sections: attachments, later lfs, avatars …). */
export type StorageArea = 'attachments' | 'repo-avatars' | 'avatars';

const opened = new Map<string, ObjectStorage>();

/**
 * The store of one area: the folder `<DATA_DIR>/<area>` (as Gitea lays out its data directory). This is the one
 * place that chooses an implementation: a setting naming another kind of store (an S3-compatible bucket) is
 * answered here, and callers, who only see ObjectStorage, stay as they are.
 */
export function storageFor(config: Pick<Config, 'server'>, area: StorageArea): ObjectStorage {
  const root = path.resolve(config.server.DATA_DIR, area);
  let store = opened.get(root);
  if (!store) opened.set(root, (store = new LocalStorage(root)));
  return store;
}
