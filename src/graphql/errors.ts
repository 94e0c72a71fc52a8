import { GraphQLError } from 'graphql';
import { isDomainError } from '../errors.ts';

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

/** Fields that answer null for what does not exist or is hidden: the service's 404 becomes null. */
export async function nullWhenNotFound<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (err) {
    if (isDomainError(err) && err.kind === 'NOT_FOUND') return null;
    throw err;
  }
}
