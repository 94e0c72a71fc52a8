import type { Counters, Generations } from './generations.ts';

/**
 * The rows kept in this process between requests, and the tables each is read from: an entry answers only
 * while the counters of those tables are what they were when it was read (generations.ts). Entries are rows
 * as stored, never answers for a caller: every request still applies the access model to them.
 */
export const CACHED = {
  /** token digest → the token with its owner */
  tokenByDigest: ['AccessToken', 'User'],
  /** lower-cased login → account */
  accountByLogin: ['User'],
  /** id → account */
  accountById: ['User'],
  /** lower-cased login or e-mail address given to sign in with a password → the person's account */
  accountBySignIn: ['User'],
  /** lower-cased e-mail address → person (commit authors and committers), or none (kept wrapped) */
  accountByEmail: ['User'],
  /** "lower owner login/lower name" → repository with owner (old names of renamed or moved ones too) */
  repositoryByName: ['Repository', 'User', 'RepositoryRedirect'],
  /** id → repository with owner */
  repositoryById: ['Repository', 'User'],
  /** user id → the teams the user belongs to */
  teamsOfUser: ['Team', 'TeamMember'],
  /** "organization id/offset/limit" → a page of its teams, with the organization */
  teamsOfOrganization: ['Team', 'User'],
  /** repository id → its pending transfer, or none (kept wrapped, so that "none" is kept too) */
  pendingTransferOfRepository: ['RepositoryTransfer', 'User', 'Repository'],
  /** "repository id/offset/limit/lower-cased name filter" → a page of its branch rows, with their count */
  branchPageOfRepository: ['Branch'],
  /** "repository id/offset/limit" → a page of its tag rows, with their count */
  tagPageOfRepository: ['Tag'],
} as const satisfies Record<string, readonly string[]>;

export type CacheName = keyof typeof CACHED;

/** Caches of pages hold fewer entries: a page of 50 rows weighs as much as 50 entries of one row. */
export const PAGE_CACHE_ENTRIES = 500;
const MAX_ENTRIES: Partial<Record<CacheName, number>> = { branchPageOfRepository: PAGE_CACHE_ENTRIES, tagPageOfRepository: PAGE_CACHE_ENTRIES };

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
}

/** No cache: every read goes to the database (tools, and requests while the counters cannot be known). */
export const noCache: CacheView = { get: (_name, _key, load) => load(), peek: () => undefined };

/** Freezes a row and the plain objects and arrays in it (its owner, its user), not Dates. */
function freeze<V>(value: V): V {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !(value instanceof Date)) {
    for (const inner of Object.values(value)) freeze(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * The app's caches (one set per running app, so two apps in one process share nothing). Each holds at most
 * `maxEntries` (caches of pages fewer: MAX_ENTRIES); the oldest go first.
 */
export class Caches {
  private readonly stores = new Map<CacheName, Map<string | number, Entry>>();

  constructor(
    private readonly generations: Generations,
    private readonly maxEntries = 5_000,
  ) {
    for (const name of Object.keys(CACHED) as CacheName[]) this.stores.set(name, new Map());
  }

  /** Empties every cache: statement-count tests measure what a request costs when nothing was read before. */
  clear() {
    for (const store of this.stores.values()) store.clear();
  }

  /** A view for one request: reads the counters once (a Redis round trip with several instances). */
  async view(): Promise<CacheView> {
    const counters = await this.generations.read();
    if (!counters) return noCache;
    return this.viewOf(counters, this.generations.localWrites);
  }

  private viewOf(counters: Counters, localWrites: number): CacheView {
    const stamp = (name: CacheName) => {
      let sum = 0;
      for (const table of CACHED[name]) sum += counters.of(table);
      return sum;
    };
    // A snapshot from Redis no longer holds once this process has written since it was read.
    const stale = () => !counters.live && this.generations.localWrites !== localWrites;
    // Counters only grow, and all of a snapshot's are read at once: equal sums mean equal counters.
    const valid = (entry: Entry | undefined, current: number) => entry !== undefined && entry.stamp === current && entry.epoch === counters.epoch;
    return {
      peek: <V>(name: CacheName, key: string | number): V | undefined => {
        if (stale()) return undefined;
        const entry = this.stores.get(name)!.get(key);
        return valid(entry, stamp(name)) ? (entry!.value as V) : undefined;
      },
      get: async <V>(name: CacheName, key: string | number, load: () => Promise<V>): Promise<V> => {
        if (stale()) return load();
        const store = this.stores.get(name)!;
        const current = stamp(name);
        const entry = store.get(key);
        if (valid(entry, current)) return entry!.value as V;
        const value = await load();
        if (value !== null && value !== undefined) {
          if (store.size >= Math.min(this.maxEntries, MAX_ENTRIES[name] ?? Infinity)) store.delete(store.keys().next().value!);
          store.set(key, { epoch: counters.epoch, stamp: current, value: freeze(value) });
        }
        return value;
      },
    };
  }
}

/** What the context's cache view holds for the key and may answer with, if anything (see CacheView.peek). */
export function cachedPeek<V>(ctx: { cache?: CacheView }, name: CacheName, key: string | number): V | undefined {
  return ctx.cache?.peek<V>(name, key);
}

/** A read through the context's cache view, when it has one. */
export function cachedRead<V>(ctx: { cache?: CacheView }, name: CacheName, key: string | number, load: () => Promise<V>): Promise<V> {
  return ctx.cache ? ctx.cache.get(name, key, load) : load();
}
