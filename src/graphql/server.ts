import type { IncomingMessage, Server } from 'node:http';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { NextFunction, Request, Response } from 'express';
import { GraphQLError } from 'graphql';
import type { Credentials } from '../auth/authenticate.ts';
import type { Config } from '../config/defaults.ts';
import { totpCode } from '../auth/totp.ts';
import type { Viewer } from '../auth/viewer.ts';
import type { GraphQLContext } from './context.ts';
import { CompiledQueries } from './compiled-queries.ts';
import { maskError } from './errors.ts';
import { EXPLORER_ASSETS, loadExplorer, sendExplorerAsset } from './explorer.ts';
import { FanOut, fanOutKey } from './fan-out.ts';
import { createJsonPostHandler } from './json-post.ts';
import { createMultipartHandler } from './multipart.ts';
import { isMultipart } from '../http/multipart.ts';
import { SESSION_COOKIE, cookieValue } from '../http/web-session.ts';
import { schema } from './schema.ts';

export const GRAPHQL_PATH = '/api/graphql';

export interface GraphQLServerDeps {
  config: Pick<Config, 'graphql' | 'attachment'>;
  /** The context of an HTTP request that the auth middleware has already authenticated (see app.ts). */
  contextOf(req: Request): GraphQLContext;
  /** Authenticates websocket connection parameters. */
  authenticate(credentials: Credentials): Promise<Viewer>;
  /** A fresh context (new loaders) for one operation of a viewer. */
  contextFor(viewer: Viewer): GraphQLContext;
  /**
   * Calls `listener` whenever access may have been taken from someone (a token revoked, an account changed or
   * deleted), on this instance or another; ends with `signal`.
   */
  onAccessChange?(listener: () => void, signal: AbortSignal): void;
}

async function createYogaServer(deps: GraphQLServerDeps) {
  const { createYoga } = await import('graphql-yoga');
  return createYoga<{ req: Request }>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: { subscriptionsProtocol: 'WS', title: 'Graft GraphQL' },
    // The explorer's scripts and styles come from this server (explorer.ts), never from a CDN.
    renderGraphiQL: async (options) => (await loadExplorer(GRAPHQL_PATH)).page({ ...options }),
    landingPage: false,
    logging: false,
    maskedErrors: { maskError },
    context: ({ req }) => deps.contextOf(req),
  });
}

type YogaServer = Awaited<ReturnType<typeof createYogaServer>>;

/**
 * Compiling a document costs about as much as running it 20 times, so it waits for the second request. The
 * documents an application repeats fit (a compiled one takes tens of KiB); a client sending ever new ones
 * only cycles the list.
 */
const COMPILED_QUERIES = { compileAfter: 2, capacity: 200, maxLength: 32 * 1024 };

/**
 * GraphQL over HTTP (graphql-yoga, with GraphiQL). Yoga and what it brings (tens of MB) load with the first
 * GraphQL request or operation, so a server that only answers REST never carries them.
 */
export function createGraphQLHandler(deps: GraphQLServerDeps) {
  let yoga: Promise<YogaServer> | undefined;
  const load = () => (yoga ??= createYogaServer(deps));
  const { MAX_DEPTH, MAX_BREADTH, MAX_COMPLEXITY } = deps.config.graphql;
  const compiled = new CompiledQueries(schema, { ...COMPILED_QUERIES, limits: { depth: MAX_DEPTH, breadth: MAX_BREADTH, complexity: MAX_COMPLEXITY } });
  const lean = createJsonPostHandler(GRAPHQL_PATH, compiled, deps.contextOf);
  // Uploads stream through a handler of their own (multipart.ts); yoga would hold their files in memory.
  const uploads = createMultipartHandler(schema, deps.contextOf, deps.config.attachment.MAX_FILES);
  return {
    load,
    handle(req: Request, res: Response, next: NextFunction) {
      if (req.method === 'POST' && isMultipart(req)) return void uploads(req, res).catch(next);
      if ((req.method === 'GET' || req.method === 'HEAD') && req.path.startsWith(EXPLORER_ASSETS)) {
        const name = req.path.slice(EXPLORER_ASSETS.length);
        return void sendExplorerAsset(GRAPHQL_PATH, name, req, res)
          .then((sent) => (sent ? undefined : next()))
          .catch(next);
      }
      const toYoga = (body?: string) => {
        // A body the lean path read already: yoga takes it from here (@whatwg-node/server reads req.body).
        if (body !== undefined) (req as { body?: unknown }).body = body;
        load().then((server) => (server as unknown as (req: Request, res: Response, next: NextFunction) => unknown)(req, res, next), next);
      };
      lean.answer(req, res, toYoga).catch(next);
    },
    /** How many requests were answered by a compiled query. */
    compiledAnswers: () => lean.answered,
  };
}

/** What a websocket connection authenticates with: its connection parameters, else its upgrade request's headers. */
function connectionCredentials(params: Record<string, unknown>, request: IncomingMessage): Credentials {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const header = (name: string) => text(Array.isArray(request.headers[name]) ? request.headers[name]![0] : request.headers[name]);
  const param = (...names: string[]) => names.map((n) => text(params[n])).find((v) => v !== undefined);
  return {
    authorization: param('authorization', 'Authorization') ?? header('authorization'),
    otp: param('x-gitea-otp', 'X-Gitea-OTP', 'otp') ?? header('x-gitea-otp'),
    sudo: param('sudo', 'Sudo') ?? header('sudo'),
    // The web interface's session cookie; the page must send its CSRF token in the connection parameters,
    // so that a page of another site cannot open a connection with the cookie.
    session: sessionCookieOf(request.headers.cookie, param('csrfToken')),
  };
}

function sessionCookieOf(cookieHeader: string | undefined, csrf: string | undefined): Credentials['session'] {
  const secret = cookieValue(cookieHeader, SESSION_COOKIE);
  return secret ? { secret, csrf, requireCsrf: true, live: true } : null;
}

type ConnectionExtra = {
  request: IncomingMessage;
  /** Aborted when the connection's credentials stop working: its open subscriptions end. */
  access?: AbortController;
  /** Kept for the whole connection: every operation authenticates again with them. */
  credentials?: Credentials;
  /** The two-factor secret the connection's password sign-in was checked against (see reauthenticate). */
  totpSecret?: string;
};

/** A subscription's events until `access` is aborted; then one UNAUTHENTICATED error, and the end. */
function endOnAccessLoss<T>(result: T, access: AbortSignal): T {
  if (!result || typeof result !== 'object' || !(Symbol.asyncIterator in result)) return result;
  const events = result as unknown as AsyncIterator<unknown>;
  const lost = new Promise<'lost'>((resolve) => (access.aborted ? resolve('lost') : access.addEventListener('abort', () => resolve('lost'), { once: true })));
  let ended = false;
  const end = async () => {
    ended = true;
    await events.return?.();
  };
  const wrapped: AsyncIterableIterator<unknown> = {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      if (ended) return { value: undefined, done: true };
      const next = await Promise.race([events.next(), lost]);
      if (next !== 'lost') return next;
      await end();
      return { value: { errors: [new GraphQLError('the credentials of this connection no longer give access', { extensions: { code: 'UNAUTHENTICATED' } })] }, done: false };
    },
    async return() {
      await end();
      return { value: undefined, done: true };
    },
  };
  return wrapped as unknown as T;
}

/** graphql-ws on the same path: subscriptions (and any operation) over a websocket. */
export function attachGraphQLWebSocket(server: Server, graphql: ReturnType<typeof createGraphQLHandler>, deps: GraphQLServerDeps) {
  const wss = new WebSocketServer({ server, path: GRAPHQL_PATH });

  /**
   * Every operation authenticates again (tokens come from the credential cache, which forgets revoked
   * tokens and changed accounts at once), so a revoked token, a banned account or a changed password
   * loses access on a socket that is already open. A one-time passcode expires within a minute, so for
   * a password sign-in it counts once per connection: later operations present the current code of the
   * secret it was checked against, which still fails if two-factor was reset meanwhile.
   */
  async function reauthenticate(extra: ConnectionExtra): Promise<Viewer> {
    const credentials = extra.credentials ?? {};
    return deps.authenticate(extra.totpSecret ? { ...credentials, otp: totpCode(extra.totpSecret) } : credentials);
  }

  /**
   * The open connections: when access may have been taken (a revoked token, a changed password, a banned or
   * deleted account), each authenticates again, and the subscriptions of one that no longer can end with an
   * error, rather than going on receiving with what they had when they subscribed. The connection stays open;
   * its next operation is refused as any would be (reauthenticate).
   */
  const open = new Set<ConnectionExtra>();
  const stopListening = new AbortController();
  let checking: Promise<void> | null = null;
  let checkAgain = false;
  const checkOpenConnections = () => {
    if (checking) {
      checkAgain = true;
      return;
    }
    checkAgain = false;
    checking = Promise.all(
      [...open].map((extra) =>
        reauthenticate(extra).then(
          () => {},
          () => extra.access?.abort(),
        ),
      ),
    )
      .then(() => {})
      .finally(() => {
        checking = null;
        if (checkAgain) checkOpenConnections();
      });
  };
  deps.onAccessChange?.(checkOpenConnections, stopListening.signal);

  // Subscribers of the same operation, variables and viewer share one execution per event (fan-out.ts).
  const fanOut = new FanOut();
  const cleanup = useServer<Record<string, unknown>, ConnectionExtra>(
    {
      execute: (args) => (args.rootValue as { execute: typeof import('graphql').execute }).execute(args),
      subscribe: (args) => (args.rootValue as { subscribe: typeof import('graphql').subscribe }).subscribe(args),
      onConnect: async (ctx) => {
        // A bad credential closes the connection with 4403.
        const credentials = connectionCredentials(ctx.connectionParams ?? {}, ctx.extra.request);
        try {
          // Yoga is ready before the connection is acknowledged, so a subscription starts as soon as it is sent.
          const [viewer] = await Promise.all([deps.authenticate(credentials), graphql.load()]);
          ctx.extra.credentials = credentials;
          const signedIn = viewer.sudoBy ?? viewer.user;
          if (viewer.method === 'password' && signedIn?.totpSecret) ctx.extra.totpSecret = signedIn.totpSecret;
          if (viewer.user) open.add(ctx.extra);
          return true;
        } catch {
          return false;
        }
      },
      onClose: (ctx) => {
        open.delete(ctx.extra);
      },
      onSubscribe: async (ctx, id, params) => {
        let viewer: Viewer;
        try {
          viewer = await reauthenticate(ctx.extra);
        } catch (err) {
          return [maskError(err, 'authentication failed') as GraphQLError];
        }
        const yoga = await graphql.load();
        const { schema: enveloped, execute, subscribe, parse, validate } = yoga.getEnveloped({
          ...ctx,
          req: ctx.extra.request,
          socket: ctx.extra.request.socket,
          params,
        });
        const document = parse(params.query);
        const errors = validate(enveloped, document);
        if (errors.length > 0) return errors;
        if (!ctx.extra.access || ctx.extra.access.signal.aborted) ctx.extra.access = new AbortController();
        const access = ctx.extra.access.signal;
        const key = fanOutKey(viewer, params.query, params.operationName, params.variables);
        const target = { socket: ctx.extra.socket, id, access };
        return {
          schema: enveloped,
          operationName: params.operationName,
          document,
          variableValues: params.variables,
          contextValue: deps.contextFor(viewer),
          rootValue: {
            execute,
            subscribe: async (args: Parameters<typeof subscribe>[0]) => endOnAccessLoss(await fanOut.subscribe(key, target, () => subscribe(args)), access),
          },
        };
      },
    },
    wss,
  );
  return {
    fanOut,
    async close() {
      stopListening.abort();
      await cleanup.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
