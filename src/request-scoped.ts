/**
 * A value kept for one request on the request's context object, made on first use.
 *
 * Not a WeakMap keyed by the context: V8's minor GC keeps a WeakMap entry's value alive while its key may be,
 * and a value that refers back to its key (a loader closing over the context) keeps both alive until a major
 * GC. Every request's objects would then be promoted to the old generation and cost a major GC to free
 * (test/graphql/request-scoped.test.ts). A property dies with its context. It is not enumerable, so a
 * context spread into another (`{ ...ctx }`) starts without it, as a new WeakMap key would.
 */
export function requestScoped<C extends object, V>(name: string, make: (ctx: C) => V) {
  const key = Symbol(name);
  return {
    of(ctx: C): V {
      const held = (ctx as Record<symbol, V | undefined>)[key];
      if (held !== undefined) return held;
      const value = make(ctx);
      Object.defineProperty(ctx, key, { value, writable: true, configurable: true, enumerable: false });
      return value;
    },
    forget(ctx: C) {
      if (key in ctx) (ctx as Record<symbol, V | undefined>)[key] = undefined;
    },
  };
}
