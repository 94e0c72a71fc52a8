import type { ServiceContext } from '../services.ts';
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
}

export interface ContextOptions {
  trustedDocument?: boolean;
  notFound?: GraphQLContext['notFound'];
}

export function createGraphQLContext(base: ServiceContext, rootUrl: string, options: ContextOptions = {}): GraphQLContext {
  return { ...base, rootUrl, loaders: createLoaders(base), trustedDocument: options.trustedDocument, notFound: options.notFound ?? 'null' };
}
