import type { Prisma } from '../db/models.ts';
import type { Counters, Generations } from './generations.ts';

/**
 * A cache of rows kept in this process between requests: the tables it is read from, so that an entry answers
 * only while the counters of those tables are what they were when it was read (generations.ts). Entries are
 * rows as stored, never answers for a caller: every request still applies the access model to them.
 */
export interface CacheSpec {
  readonly tables: readonly Prisma.ModelName[];
  /** At most this many entries, when fewer than the app's limit (caches of pages: PAGE_CACHE_ENTRIES). */
  readonly maxEntries?: number;
}

/**
 * Every cache, by name. Each domain area registers its own from its folder (src/domain/<area>/<area>.caches.ts:
 * defineCaches) and merges their names into this interface, so that CacheName is checked at compile time:
 *
 *   export const USER_CACHES = defineCaches('user', { accountById: { tables: ['User'] } });
 *   declare module '../../cache/cache.ts' {
 *     interface CacheRegistry extends CachesOf<typeof USER_CACHES> {}
 *   }
 */
export interface CacheRegistry {}

export type CacheName = keyof CacheRegistry & string;

/** The member an area's caches add to CacheRegistry. */
export type CachesOf<T extends Record<string, CacheSpec>> = { readonly [K in keyof T]: CacheSpec };

/** Caches of pages hold fewer entries: a page of 50 rows weighs as much as 50 entries of one row. */
export const PAGE_CACHE_ENTRIES = 500;

const registered = new Map<string, CacheSpec & { area: string }>();

/** Registers an area's caches (once each: a name registered twice throws). */
export function defineCaches<const T extends Record<string, CacheSpec>>(area: string, caches: T): T {
  for (const [name, spec] of Object.entries(caches)) {
    const other = registered.get(name)?.area;
    if (other !== undefined) throw new Error(`cache "${name}" is registered twice: by ${other} and by ${area}`);
    registered.set(name, { ...spec, area });
  }
  return caches;
}

/** The registered caches, by name, with the area that registered each. */
export function registeredCaches(): ReadonlyMap<string, CacheSpec & { area: string }> {
  return registered;
}

/** A cache's registration; a name no area registered fails loudly rather than going uncached. */
function specOf(name: string): CacheSpec {
  const spec = registered.get(name);
  if (!spec) throw new Error(`cache "${name}" is not registered: its area's <area>.caches.ts defines it and src/graphql/schema.ts imports that`);
  return spec;
}

interface Entry {
  epoch: string;
  stamp: number;
  value: unknown;
}

/** What one request uses: the app's caches, checked against the counters as the request knows them. */
export interface CacheView {
  /** The cached value, or load() it (kept unless null). Values are frozen: never change them. */
  get<V>(name: CacheName, key: string | number, load: () => Promise<V>): Promise<V>;
  /**
   * The cached value when there is one that may answer, else undefined: for resolvers of list items, which
   * then answer without a promise (each one costs the executor of a page far more than the lookup).
   */
  peek<V>(name: CacheName, key: string | number): V | undefined;
  /** Where the counters of a cache's tables stand now: values read after this are kept as of it (keep). */
  mark(name: CacheName): CacheMark;
  /** Keeps values read after `mark`: they answer until the cache's tables are written after the mark. */
  keep<V>(name: CacheName, entries: Iterable<readonly [string | number, V]>, mark: CacheMark): void;
}

/** The counters a value was read under (CacheView.mark). */
export interface CacheMark {
  readonly epoch: string;
  readonly stamp: number;
}

/** No cache: every read goes to the database (tools, and requests while the counters cannot be known). */
export const noCache: CacheView = {
  get: (name, _key, load) => {
    specOf(name);
    return load();
  },
  peek: (name) => {
    specOf(name);
    return undefined;
  },
  mark: (name) => {
    specOf(name);
    return { epoch: '', stamp: -1 };
  },
  keep: (name) => void specOf(name),
};

/** Freezes a row and the plain objects and arrays in it (its owner, its user), not Dates. */
function freeze<V>(value: V): V {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !(value instanceof Date)) {
    for (const inner of Object.values(value)) freeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** One cache of an app: its entries, and the tables and limit of its registration. */
interface Store {
  readonly tables: readonly string[];
  readonly maxEntries: number;
  readonly entries: Map<string | number, Entry>;
}

/**
 * The app's caches (one set per running app, so two apps in one process share nothing). Each holds at most
 * `maxEntries` (or fewer, as registered); the oldest go first.
 */
export class Caches {
  private readonly stores = new Map<CacheName, Store>();

  constructor(
    private readonly generations: Generations,
    private readonly maxEntries = 5_000,
  ) {}

  /** Empties every cache: statement-count tests measure what a request costs when nothing was read before. */
  clear() {
    for (const store of this.stores.values()) store.entries.clear();
  }

  /** A view for one request: reads the counters once (a Redis round trip with several instances). */
  async view(): Promise<CacheView> {
    const counters = await this.generations.read();
    if (!counters) return noCache;
    return this.viewOf(counters, this.generations.localWrites);
  }

  /** The store of a cache, made when the cache is first used. */
  private storeOf(name: CacheName): Store {
    let store = this.stores.get(name);
    if (!store) {
      const spec = specOf(name);
      store = { tables: spec.tables, maxEntries: Math.min(this.maxEntries, spec.maxEntries ?? Infinity), entries: new Map() };
      this.stores.set(name, store);
    }
    return store;
  }

  private viewOf(counters: Counters, localWrites: number): CacheView {
    const put = (store: Store, key: string | number, value: unknown, stamp: number) => {
      if (store.entries.size >= store.maxEntries) store.entries.delete(store.entries.keys().next().value!);
      store.entries.set(key, { epoch: counters.epoch, stamp, value: freeze(value) });
    };
    const stamp = (store: Store) => {
      let sum = 0;
      for (const table of store.tables) sum += counters.of(table);
      return sum;
    };
    // A snapshot from Redis no longer holds once this process has written since it was read.
    const stale = () => !counters.live && this.generations.localWrites !== localWrites;
    // Counters only grow, and all of a snapshot's are read at once: equal sums mean equal counters.
    const valid = (entry: Entry | undefined, current: number) => entry !== undefined && entry.stamp === current && entry.epoch === counters.epoch;
    return {
      peek: <V>(name: CacheName, key: string | number): V | undefined => {
        const store = this.storeOf(name);
        if (stale()) return undefined;
        const entry = store.entries.get(key);
        return valid(entry, stamp(store)) ? (entry!.value as V) : undefined;
      },
      get: async <V>(name: CacheName, key: string | number, load: () => Promise<V>): Promise<V> => {
        const store = this.storeOf(name);
        if (stale()) return load();
        const current = stamp(store);
        const entry = store.entries.get(key);
        if (valid(entry, current)) return entry!.value as V;
        const value = await load();
        if (value !== null && value !== undefined) put(store, key, value, current);
        return value;
      },
      mark: (name: CacheName): CacheMark => ({ epoch: counters.epoch, stamp: stale() ? -1 : stamp(this.storeOf(name)) }),
      keep: <V>(name: CacheName, entries: Iterable<readonly [string | number, V]>, mark: CacheMark) => {
        const store = this.storeOf(name);
        if (mark.stamp < 0 || mark.epoch !== counters.epoch || stale()) return;
        for (const [key, value] of entries) put(store, key, value, mark.stamp);
      },
    };
  }
}

/** What the context's cache view holds for the key and may answer with, if anything (see CacheView.peek). */
export function cachedPeek<V>(ctx: { cache?: CacheView }, name: CacheName, key: string | number): V | undefined {
  return ctx.cache?.peek<V>(name, key);
}

/** Where the context's cache view stands for a cache before a read (see CacheView.mark); null without a view. */
export function cacheMark(ctx: { cache?: CacheView }, name: CacheName): CacheMark | null {
  return ctx.cache?.mark(name) ?? null;
}

/** Keeps values read after `mark` in the context's cache view (see CacheView.keep). */
export function cacheKeep<V>(ctx: { cache?: CacheView }, name: CacheName, entries: Iterable<readonly [string | number, V]>, mark: CacheMark | null): void {
  if (mark) ctx.cache?.keep(name, entries, mark);
}

/** A read through the context's cache view, when it has one. */
export function cachedRead<V>(ctx: { cache?: CacheView }, name: CacheName, key: string | number, load: () => Promise<V>): Promise<V> {
  return ctx.cache ? ctx.cache.get(name, key, load) : load();
}

/**
 * Rows by key through the context's cache: the keys the cache holds answer from it, the others are read with one
 * call of `loadMissing` (one statement for any number of them) and kept. Keys without a row are left out.
 */
export async function cachedMany<V>(
  ctx: { cache?: CacheView },
  name: CacheName,
  keys: Iterable<number>,
  loadMissing: (keys: number[]) => Promise<(V & { id: number })[]>,
): Promise<Map<number, V>> {
  const found = new Map<number, V>();
  const missing: number[] = [];
  for (const key of new Set(keys)) {
    const hit = ctx.cache?.peek<V>(name, key);
    if (hit !== undefined) found.set(key, hit);
    else missing.push(key);
  }
  if (missing.length === 0) return found;
  const rows = await loadMissing(missing);
  for (const row of rows) found.set(row.id, ctx.cache ? await ctx.cache.get(name, row.id, async () => row) : row);
  return found;
}
