import { Client, cacheExchange, fetchExchange, subscriptionExchange } from 'urql';
import { createClient as createWsClient } from 'graphql-ws';
import { csrfToken } from './cookies.ts';

export const GRAPHQL_PATH = '/api/graphql';

/**
 * The page's one GraphQL client: queries and mutations over HTTP, subscriptions over graphql-ws on the same
 * path. Both carry the session's CSRF token; the session itself travels in its HttpOnly cookie.
 */
export function createGraphQLClient(): Client {
  const wsUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${GRAPHQL_PATH}`;
  const ws = createWsClient({ url: wsUrl, lazy: true, retryAttempts: Infinity, connectionParams: () => ({ csrfToken: csrfToken() }) });
  return new Client({
    url: GRAPHQL_PATH,
    exchanges: [
      cacheExchange,
      fetchExchange,
      subscriptionExchange({
        forwardSubscription: (request) => ({
          subscribe: (sink) => ({ unsubscribe: ws.subscribe({ ...request, query: request.query ?? '' }, sink) }),
        }),
      }),
    ],
    fetchOptions: () => ({ headers: { 'X-CSRF-Token': csrfToken() } }),
    requestPolicy: 'cache-and-network',
  });
}
