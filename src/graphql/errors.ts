import { GraphQLError } from 'graphql';
import { isDomainError, notFound } from '../errors.ts';
import type { GraphQLContext } from './context.ts';

/**
 * What a GraphQL client sees of an error: domain errors keep their message and carry their kind as
 * extensions.code; anything unexpected is masked (and logged by the caller).
 */
export function maskError(error: unknown, fallbackMessage: string): Error {
  const original = error instanceof GraphQLError ? (error.originalError ?? error) : error;
  // A record a lookup did not find (node ids of hidden or absent objects) is not found, not an internal error.
  if ((original as { code?: string } | undefined)?.code === 'P2025') {
    return new GraphQLError('not found', {
      ...(error instanceof GraphQLError ? { nodes: error.nodes, path: error.path } : {}),
      extensions: { code: 'NOT_FOUND' },
    });
  }
  if (isDomainError(original)) {
    return new GraphQLError(original.message, {
      ...(error instanceof GraphQLError ? { nodes: error.nodes, path: error.path } : {}),
      extensions: { code: original.kind, ...original.details },
    });
  }
  // Errors graphql-js or Pothos raise about the request itself (bad variables, invalid ids) are the client's to see.
  if (original instanceof GraphQLError) {
    return new GraphQLError(original.message, {
      ...(error instanceof GraphQLError ? { nodes: error.nodes, path: error.path } : {}),
      extensions: { code: 'BAD_USER_INPUT', ...original.extensions },
    });
  }
  console.error('graphql: unexpected error', original);
  return new GraphQLError(fallbackMessage, { extensions: { code: 'INTERNAL' } });
}

/**
 * The one rule for what is absent or hidden, for every lookup field (a repository by name, a branch, a commit …):
 * the service's NOT_FOUND, or a null answer, becomes null for GraphQL clients, and a NOT_FOUND error carrying
 * the service's message (or `absent`) for the REST facade, which answers it as a 404.
 */
export async function lookup<T>(ctx: Pick<GraphQLContext, 'notFound'>, load: () => Promise<T | null | undefined>, absent: () => string | Promise<string>): Promise<T | null> {
  let value: T | null | undefined;
  try {
    value = await load();
  } catch (err) {
    if (isDomainError(err) && err.kind === 'NOT_FOUND' && ctx.notFound === 'null') return null;
    throw err;
  }
  if (value !== null && value !== undefined) return value;
  if (ctx.notFound === 'error') throw notFound(await absent());
  return null;
}
