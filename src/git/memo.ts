import { LruMap } from '../cache/lru.ts';

/**
 * A bounded least-recently-used map for facts about git objects. Objects are content-addressed and never
 * change, so answers keyed by object ids (a commit's changes, a blob's size, the last commit of a path
 * as seen from a commit) need no invalidation: only a size limit.
 */
export class ObjectMemo<V> extends LruMap<string, V> {
  /** Splits keys into what is known and what still has to be computed. */
  partition<K>(keys: K[], keyOf: (k: K) => string): { known: Map<K, V>; missing: K[] } {
    const known = new Map<K, V>();
    const missing: K[] = [];
    for (const k of keys) {
      const value = this.get(keyOf(k));
      if (value === undefined) missing.push(k);
      else known.set(k, value);
    }
    return { known, missing };
  }
}
