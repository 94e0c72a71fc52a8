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
