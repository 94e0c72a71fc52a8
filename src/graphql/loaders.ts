import type DataLoader from 'dataloader';
import type { ServiceContext } from '../services.ts';
import { cachedRead, type CacheName } from '../cache/cache.ts';

/** A batch loader whose keys are first looked up in the request's cache; the misses are batched. */
export function throughCache<K extends string | number, V>(ctx: ServiceContext, name: CacheName, loader: DataLoader<K, V | null>) {
  return { load: (key: K) => cachedRead(ctx, name, key, () => loader.load(key)) };
}

type Makers<C> = Record<string, (ctx: C) => unknown>;

/**
 * Objects whose properties are made on first use (most requests use one loader or none). The getters live on
 * a prototype made once, to which `define` adds them, so a request pays for the loaders it uses, not for
 * defining all of them.
 */
function lazily<C>(what: string) {
  const context = Symbol('context');
  class Lazy {
    [context]: C;
    constructor(ctx: C) {
      this[context] = ctx;
    }
  }
  const areaOf = new Map<string, string>();
  return {
    areaOf: areaOf as ReadonlyMap<string, string>,
    define(area: string, makers: Makers<C>) {
      for (const [key, make] of Object.entries(makers)) {
        const other = areaOf.get(key);
        if (other !== undefined) throw new Error(`${what} "${key}" is registered twice: by ${other} and by ${area}`);
        areaOf.set(key, area);
        Object.defineProperty(Lazy.prototype, key, {
          get(this: Lazy) {
            const value = make(this[context]);
            Object.defineProperty(this, key, { value, enumerable: true });
            return value;
          },
        });
      }
    },
    create: (ctx: C): object => new Lazy(ctx),
  };
}

/**
 * Request-scoped batch loaders (one query for many keys), by name. Each domain area registers its own from its
 * folder (src/domain/<area>/<area>.loaders.ts: defineLoaders) and merges them into this interface, so that
 * `ctx.loaders.<name>` is typed:
 *
 *   export const SOCIAL_LOADERS = defineLoaders('social', { viewerStarred: (ctx) => new DataLoader(…) });
 *   declare module '../../graphql/loaders.ts' {
 *     interface Loaders extends LoadersOf<typeof SOCIAL_LOADERS> {}
 *   }
 */
export interface Loaders {}

/** The members an area's loaders add to Loaders: what each maker makes. */
export type LoadersOf<T extends Makers<ServiceContext>> = { readonly [K in keyof T]: ReturnType<T[K]> };

const loaders = lazily<ServiceContext>('loader');

/** Registers an area's loaders, each made on first use in a request (once each: a name registered twice throws). */
export function defineLoaders<T extends Makers<ServiceContext>>(area: string, makers: T): T {
  loaders.define(area, makers);
  return makers;
}

/** The registered loaders, by name, with the area that registered each. */
export const registeredLoaders = (): ReadonlyMap<string, string> => loaders.areaOf;

/** A request's loaders: none is made before it is used. */
export const createLoaders = (ctx: ServiceContext): Loaders => loaders.create(ctx) as Loaders;
