import path from 'node:path';
import { after, before } from 'node:test';
import type { App } from '../../src/app.ts';
import type { ConfigOverrides } from '../../src/config/load.ts';
import { graphql, restClient, type Auth, type GraphQLResult, type RestClient } from './client.ts';
import { tempDir } from './git.ts';
import { startServer, type TestServer } from './server.ts';

/** One running server for a file or a describe block, with the clients a test needs. */
export interface ServerKit {
  readonly server: TestServer;
  /** The server's root URL, with a trailing slash. */
  readonly url: string;
  readonly app: App;
  /** A REST client for this server; the same object all along, so `const { api } = useServer()` works. */
  readonly api: RestClient;
  /** POSTs a GraphQL operation to this server. */
  graphql<T = any>(query: string, variables?: Record<string, unknown>, auth?: Auth): Promise<GraphQLResult<T>>;
  /** A path no one uses yet (git init or clone, or mkdir, makes it), in a folder removed when the server stops. */
  dir(name?: string): string;
}

export interface ServerOptions {
  /**
   * Start on the data (data folder and database) of another kit's server, beside it, as a second instance of one
   * deployment does; this server stops before that one.
   */
  sharingDataOf?: ServerKit;
}

/** The stops of the servers started on a kit's data, run before that kit's own. */
const sharersOf = new WeakMap<ServerKit, (() => Promise<void>)[]>();

/**
 * Starts a server in `before` and stops it in `after` of the enclosing describe block, or of the whole file
 * when called at the top level. The kit's members are there from `before` on: read them inside hooks and tests.
 * Tests that share a server keep out of each other's way through their own accounts and names (the builders
 * make unique ones); a test that needs another configuration calls useServer(overrides) in its own block.
 */
export function useServer(overrides: ConfigOverrides = {}, options: ServerOptions = {}): ServerKit {
  let running: TestServer | undefined;
  let work: ReturnType<typeof tempDir> | undefined;
  let dirs = 0;
  const shared = options.sharingDataOf;
  const stop = async () => {
    for (const stopSharer of sharersOf.get(kit) ?? []) await stopSharer();
    await running?.stop();
    running = undefined;
    work?.remove();
  };
  if (shared) sharersOf.set(shared, [...(sharersOf.get(shared) ?? []), stop]);
  before(async () => {
    const data = shared?.app.config;
    running = await startServer(
      data ? { ...overrides, server: { ...overrides.server, DATA_DIR: data.server.DATA_DIR }, database: { ...overrides.database, URL: data.database.URL } } : overrides,
    );
  });
  after(stop);
  const started = () => {
    if (!running) throw new Error('useServer: the server starts in before(); use the kit inside hooks and tests');
    return running;
  };
  const kit: ServerKit = {
    get server() {
      return started();
    },
    get url() {
      return started().url;
    },
    get app() {
      return started().app;
    },
    api: restClient(() => started().url),
    graphql: (query, variables, auth) => graphql(started().url, query, variables, auth),
    dir(name = 'dir') {
      work ??= tempDir('graft-kit-');
      return path.join(work.dir, `${name}-${++dirs}`);
    },
  };
  return kit;
}
