import type { AnyVariables, TypedDocumentNode } from 'urql';
import { createGraphQLClient } from './client.ts';

/** The page's one GraphQL client (main.tsx provides it to the components). */
export const graphqlClient = createGraphQLClient();

/**
 * A route loader that starts a query its page will ask for, without waiting for it. react-router runs the
 * loaders of every route of a URL at once, as navigation begins; so the shell's, the repository frame's and the
 * page's queries go out together instead of each after the one above it has answered, and the page's useQuery
 * finds the answer in flight or in urql's cache.
 */
export function prefetch<Data, Variables extends AnyVariables>(query: TypedDocumentNode<Data, Variables>, variables: Variables): null {
  void graphqlClient.query(query, variables).toPromise();
  return null;
}
