import { contextCacheSymbol } from '@pothos/core';
import type { ServiceContext } from '../services.ts';
import type { BrowserCookies } from '../http/web-session.ts';
import { createLoaders, type Loaders } from './loaders.ts';

/** Per-request GraphQL context: the service context plus batching loaders and the public base URL. */
export interface GraphQLContext extends ServiceContext {
  loaders: Loaders;
  rootUrl: string;
  /** Set for the REST facade's in-process documents, which are ours and need no cost limits. */
  trustedDocument?: boolean;
  /** Set when the operation's cost is the same on every run and was found within the limits (compiled-queries.ts). */
  costChecked?: boolean;
  /**
   * What a lookup answers for something absent or hidden (errors.ts: lookup): null for GraphQL clients, a
   * NOT_FOUND error for the REST facade, which answers it as Gitea's 404.
   */
  notFound: 'null' | 'error';
  /** The browser's cookies, for an HTTP request (sign-in and sign-out set them); absent over websockets. */
  browser?: BrowserCookies;
  /** Pothos's key for this request's data (releaseGraphQLContext). */
  [contextCacheSymbol]?: object;
}

export interface ContextOptions {
  trustedDocument?: boolean;
  notFound?: GraphQLContext['notFound'];
  browser?: BrowserCookies;
}

export function createGraphQLContext(base: ServiceContext, rootUrl: string, options: ContextOptions = {}): GraphQLContext {
  return {
    ...base,
    rootUrl,
    loaders: createLoaders(base),
    trustedDocument: options.trustedDocument,
    notFound: options.notFound ?? 'null',
    browser: options.browser,
    // The key under which Pothos's plugins keep their data for this request (see releaseGraphQLContext).
    [contextCacheSymbol]: {},
  };
}

/**
 * Called once a request's execution is over. Pothos's plugins keep per-request data in WeakMaps keyed by the
 * context's cache key, and some of it refers back to the context (scope-auth's cache of scope results): an
 * entry that reaches its own key that way is kept alive by V8's minor GCs, with every object of the request,
 * until a major GC (src/request-scoped.ts). Once the context lets go of the key, no entry reaches its key.
 */
export function releaseGraphQLContext(ctx: GraphQLContext) {
  ctx[contextCacheSymbol] = undefined;
}
