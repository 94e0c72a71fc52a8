import type { ServiceContext } from '../services.ts';
import { createLoaders, type Loaders } from './loaders.ts';

/** Per-request GraphQL context: the service context plus batching loaders and the public base URL. */
export interface GraphQLContext extends ServiceContext {
  loaders: Loaders;
  rootUrl: string;
  /** Set for the REST facade's in-process documents, which are ours and need no cost limits. */
  trustedDocument?: boolean;
}

export function createGraphQLContext(base: ServiceContext, rootUrl: string, options: { trustedDocument?: boolean } = {}): GraphQLContext {
  return { ...base, rootUrl, loaders: createLoaders(base), trustedDocument: options.trustedDocument };
}
