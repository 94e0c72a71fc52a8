import { wsClient } from './client.ts';

export interface ViewerEvent {
  kind: string;
  tokenName: string;
}

/**
 * Subscribes to the viewer's events over graphql-ws and collects them until `count` arrive (`done`), or
 * rejects after 5 s or on an error. `connected` resolves once the server accepted the connection.
 */
export function collectViewerEvents(url: string, authorization: string, count: number) {
  const client = wsClient(url, authorization);
  const events: ViewerEvent[] = [];
  let ready!: () => void;
  const connected = new Promise<void>((resolve) => (ready = resolve));
  client.on('connected', () => ready());
  const done = new Promise<ViewerEvent[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out with ${events.length} of ${count} events`)), 5000);
    client.subscribe<{ viewerEvents: ViewerEvent }>(
      { query: 'subscription { viewerEvents { kind tokenName } }' },
      {
        next: (value) => {
          if (value.errors) return reject(new Error(JSON.stringify(value.errors)));
          events.push(value.data!.viewerEvents);
          if (events.length === count) {
            clearTimeout(timer);
            resolve(events);
          }
        },
        error: (err) => reject(err instanceof Error ? err : new Error(JSON.stringify(err))),
        complete: () => {},
      },
    );
  });
  return { client, connected, done };
}

/**
 * Subscribes as `who` to a subscription whose events arrive under `field`, and collects them (and the errors).
 * `connected` resolves a moment after the server accepted the connection (so that the subscription is in place);
 * `delivered(n)` waits up to 5 s for the n-th event; `settle(n)` does so, lets late events arrive for 200 ms, and
 * closes the connection.
 */
export function listenAs<T>(url: string, who: { login: string; password: string }, field: string, query: string, variables: Record<string, unknown>) {
  const client = wsClient(url, `Basic ${Buffer.from(`${who.login}:${who.password}`).toString('base64')}`);
  const events: T[] = [];
  const errors: string[] = [];
  let ready!: () => void;
  const connected = new Promise<void>((resolve) => (ready = resolve));
  client.on('connected', () => setTimeout(ready, 150));
  client.subscribe<Record<string, T>>({ query, variables }, {
    next: (value) => (value.errors ? errors.push(...value.errors.map((e) => e.message)) : events.push(value.data![field])),
    error: (err) => errors.push(JSON.stringify(err)),
    complete: () => {},
  });
  const delivered = async (count: number) => {
    for (let waited = 0; events.length < count && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
  };
  const settle = async (count: number) => {
    await delivered(count);
    await new Promise((r) => setTimeout(r, 200));
    await client.dispose();
    return { events, errors };
  };
  return { client, events, errors, connected, delivered, settle };
}
