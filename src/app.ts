import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler } from 'express';
import { loadConfig, rootUrl as configuredRootUrl } from './config/load.ts';
import type { Config } from './config/defaults.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { databaseNamespace, databaseTarget } from './db/provider.ts';
import { createEventBus, type EventBus } from './events/bus.ts';
import { authenticate } from './auth/authenticate.ts';
import { Caches, type CacheView } from './cache/cache.ts';
import { PasswordCache } from './auth/password-cache.ts';
import { localGenerations, redisGenerations, type Generations } from './cache/generations.ts';
import { postgresGenerations } from './cache/postgres-generations.ts';
import type { Viewer } from './auth/viewer.ts';
import { createGraphQLContext } from './graphql/context.ts';
import { attachGraphQLWebSocket, createGraphQLHandler, GRAPHQL_PATH } from './graphql/server.ts';
import type { FanOut } from './graphql/fan-out.ts';
import { schema } from './graphql/schema.ts';
import { ensureInitialAdmin } from './domain/user/initial-admin.ts';
import { collapseSlashes } from './http/collapse-slashes.ts';
import { cors } from './http/cors.ts';
import { inSequence } from './http/in-sequence.ts';
import { expressMessages, frontDoor } from './http/front-door.ts';
import { createLogger, requestLog } from './http/request-log.ts';
import type { DestinationStream } from 'pino';
import { authenticateRequests, cacheOf, viewerOf } from './http/authenticate.ts';
import { createGitRouter } from './http/git.ts';
import { createDownloads } from './http/downloads.ts';
import { createAttachmentDownloads } from './http/attachments.ts';
import { createRepoAvatars } from './http/repo-avatars.ts';
import { createWebInterface } from './http/web-ui.ts';
import { createOAuth2Provider } from './http/oauth2.ts';
import { createAccountAvatars } from './http/account-avatars.ts';
import { createCodeDownloads } from './http/code-downloads.ts';
import { setGitHome } from './git/command.ts';
import { closeAllReaders } from './git/cat-file.ts';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createRestRouter } from '../rest-facade/router.ts';
import { createDocsRouter } from '../rest-facade/docs.ts';
import { sendError } from '../rest-facade/errors.ts';
import { reportedVersion } from './version.ts';
import { followPushReferences } from './domain/comment/push-references.ts';
import { followReleaseTags } from './domain/release/release.push.ts';
import { followPullRequests } from './domain/pull/mergeability.ts';
import { followActivity } from './domain/activity/activity.writer.ts';
import { instanceKey } from './domain/gpg/gpg.instance-key.ts';
import { followAutoMerges } from './domain/pull/auto-merge.ts';
import { followNotifications } from './domain/notification/notification.service.ts';
import type { Follower } from './events/follower.ts';
import { loggedBus } from './events/outbox.ts';
import { startEventReader, type EventReader } from './events/reader.ts';
import { followWebhookEvents, startDeliveryWorker, type DeliveryWorker } from './domain/webhook/delivery.ts';
import { followMailEvents, startMailWorker, type MailWorker } from './domain/mail/mail.service.ts';
import { webhookPayloads } from '../rest-facade/webhook-payloads.ts';
import { anonymousViewer } from './auth/viewer.ts';
import { browserCookies, type BrowserCookies } from './http/web-session.ts';
import { startCronScheduler, type CronScheduler } from './domain/cron/cron.scheduler.ts';

export interface App {
  config: Config;
  /** The public base URL, with a trailing slash; known once started. */
  url: string;
  database: Database;
  events: EventBus;
  /** Rows kept between requests (src/cache). */
  caches: Caches;
  /** How many GraphQL requests a compiled query answered (src/graphql/json-post.ts). */
  readonly graphqlCompiledAnswers: number;
  /** The groups graphql-ws subscriptions are delivered by (graphql/fan-out.ts); undefined until started. */
  readonly subscriptionFanOut: FanOut | undefined;
  /** Resolves once the background work asked for so far is done (push references, pull requests' checks, scheduled merges): tests count statements after. */
  backgroundIdle(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface AppOptions {
  /** Where the request log goes (standard output by default). */
  logDestination?: DestinationStream;
}

/** Everything Graft serves, in one process: REST facade, GraphQL (HTTP and websocket), docs. */
export function buildApp(config: Config = loadConfig(), options: AppOptions = {}): App {
  const target = databaseTarget(config);
  let database: Database | undefined;
  let events: EventBus | undefined;
  let server: http.Server | undefined;
  let closeWebSocket: (() => Promise<void>) | undefined;
  let subscriptionFanOut: FanOut | undefined;
  let graphql: ReturnType<typeof createGraphQLHandler> | undefined;
  let generations: Generations | undefined;
  let caches: Caches | undefined;
  let passwordCache: PasswordCache | undefined;
  let pushReferences: Follower | undefined;
  let releaseTags: Follower | undefined;
  let pullChecker: Follower | undefined;
  let autoMerger: Follower | undefined;
  let notifier: Follower | undefined;
  let activityWriter: Follower | undefined;
  let webhookEvents: Follower | undefined;
  let mailEvents: Follower | undefined;
  let mailWorker: MailWorker | undefined;
  let webhookWorker: DeliveryWorker | undefined;
  let eventReader: EventReader | undefined;
  let cron: CronScheduler | undefined;
  let log: ReturnType<typeof createLogger> | undefined;
  let url = configuredRootUrl(config);

  const app: App = {
    config,
    get url() {
      return url;
    },
    get database() {
      if (!database) throw new Error('app not started');
      return database;
    },
    get events() {
      if (!events) throw new Error('app not started');
      return events;
    },
    get caches() {
      if (!caches) throw new Error('app not started');
      return caches;
    },
    get subscriptionFanOut() {
      return subscriptionFanOut;
    },
    get graphqlCompiledAnswers() {
      return graphql?.compiledAnswers() ?? 0;
    },
    async backgroundIdle() {
      await eventReader?.idle();
      // The mails just recorded are being sent: wait for these attempts (not for retries planned later).
      await mailWorker?.idle();
      // Cron runs started so far (by their schedule or by an administrator).
      await cron?.idle();
    },

    async start() {
      const gitHome = path.join(config.server.DATA_DIR, 'home');
      mkdirSync(gitHome, { recursive: true });
      setGitHome(gitHome);
      // The instance's signing key is read now: a file that is no key stops the start (a ConfigError).
      await instanceKey(config);
      await migrate(target);
      // Committed writes raise the change counters the caches are checked against (src/cache/generations.ts).
      const counters = (generations = config.redis.URL
        ? redisGenerations(config.redis.URL)
        : target.provider === 'postgresql'
          ? await postgresGenerations(target, { listen: true })
          : localGenerations(() => database?.changedElsewhere() ?? false));
      database = await openDatabase(target, { onCommit: (written) => counters.raise(written) });
      const bus = createEventBus(config.redis.URL || undefined, { namespace: databaseNamespace(target) });
      const db = database.db;
      // The services' bus writes the events background work follows to the event log first (src/events/outbox.ts).
      events = loggedBus(bus, db);
      const logged = events;
      await ensureInitialAdmin({ db, config, events: logged });
      caches = new Caches(counters);
      passwordCache = new PasswordCache().listen(bus);
      // The followers hear the logged events from the log's reader, in order, on one instance at a time; what
      // they publish goes to the log and the bus as the services' events do.
      const handedOver = createEventBus();
      const followed: EventBus = { publish: logged.publish, subscribe: (topic, signal) => handedOver.subscribe(topic, signal), close: async () => {} };
      const report = (message: string, err: unknown) => console.error(message, err);
      const followerDeps = { db, config, events: followed };
      // Notification threads follow issue, comment, pull request and review events.
      notifier = followNotifications(followerDeps, report);
      // Commits pushed with `#12` in their message leave a row on that timeline.
      pushReferences = followPushReferences(followerDeps, report);
      // Tags pushed or made without a release get their tag-only release entries (src/domain/release).
      releaseTags = followReleaseTags(followerDeps, report);
      // Pull requests follow pushes to their branches; their mergeability is computed in the background.
      pullChecker = followPullRequests(followerDeps, report);
      // Merges scheduled for when the checks succeed (auto-merge): examined on start, then as events come.
      autoMerger = followAutoMerges(followerDeps, report);
      // The activity feeds' entries (src/domain/activity), written as the events come.
      activityWriter = followActivity(followerDeps, report);
      // Webhooks: events become delivery rows (payloads built by the facade's converters, run as the sender); a worker sends them.
      webhookWorker = startDeliveryWorker({ db, config, events: logged }, report);
      const payloads = webhookPayloads(schema, async (senderId) => {
        const user = senderId === null ? null : await db.user.findUnique({ where: { id: senderId } });
        const viewer: Viewer = user ? { user, method: 'password', grant: null, forThirdParties: true } : anonymousViewer;
        return createGraphQLContext({ db, config, events: logged, viewer }, url, { trustedDocument: true });
      });
      const worker = webhookWorker;
      webhookEvents = followWebhookEvents(followerDeps, payloads, () => worker.wake(), report);
      const followers = [notifier, pushReferences, releaseTags, pullChecker, autoMerger, activityWriter, webhookEvents];
      // E-mail (Gitea's [mailer] and [service] ENABLE_NOTIFY_MAIL): events become mail rows; a worker sends them.
      if (config.mailer.ENABLED && config.service.ENABLE_NOTIFY_MAIL) {
        const mails = (mailWorker = startMailWorker({ db, config, events: logged }, report));
        mailEvents = followMailEvents(followerDeps, () => url, () => mails.wake(), report);
        followers.push(mailEvents);
      }
      eventReader = startEventReader({
        db,
        bus,
        deliver: (topic, payload) => void handedOver.publish(topic as never, payload as never),
        followersIdle: async () => {
          for (const follower of followers) await follower.idle();
        },
        report,
      });
      const authDeps = { db, config, passwordCache };
      // Cron tasks ([cron.<task>] settings): scheduled on every instance, each run taken by one (src/domain/cron).
      cron = startCronScheduler({ db, config, events: logged }, report);

      // Requests' services can build a webhook payload before a deletion (src/domain/webhook/snapshots.ts).
      const contextFor = (viewer: Viewer, cache?: CacheView, browser?: BrowserCookies) =>
        createGraphQLContext({ db, config, events: logged, viewer, cache, hookPayloads: payloads }, url, { browser });
      const secureCookies = () => url.startsWith('https:');
      const trustedContextFor = (viewer: Viewer, res: express.Response) =>
        createGraphQLContext({ db, config, events: logged, viewer, cache: cacheOf(res), hookPayloads: payloads }, url, { trustedDocument: true, notFound: 'error' });
      const graphqlDeps = {
        config,
        contextOf: (req: express.Request) => contextFor(viewerOf(req.res!), cacheOf(req.res!), browserCookies(req.res!, secureCookies())),
        // Websocket operations: the token comes through the cache; the operation itself reads the database.
        authenticate: async (credentials: Parameters<typeof authenticate>[1]) =>
          (await authenticate({ ...authDeps, cache: await caches!.view() }, credentials)).viewer,
        contextFor: (viewer: Viewer) => contextFor(viewer),
        onAccessChange: (listener: () => void, signal: AbortSignal) =>
          bus.onEvent?.((topic) => {
            if (topic === 'token.revoked' || topic === 'session.ended' || topic === 'user.updated' || topic === 'user.deleted') listener();
          }, signal),
      };
      graphql = createGraphQLHandler(graphqlDeps);

      const web = express();
      web.disable('x-powered-by');
      // No automatic ETag (a hash of every JSON body): API answers are not cached by validators, as in Gitea.
      web.set('etag', false);
      web.set('trust proxy', 'loopback');
      const logger = (log = createLogger(config.log.LEVEL, options.logDestination));
      const authenticateApi = authenticateRequests(authDeps, caches);
      // The front door (below) runs the common middleware, the docs and the REST operations; express the rest.
      web.use('/api', authenticateApi);
      web.use(GRAPHQL_PATH, graphql.handle);
      web.use(createGitRouter({ ...authDeps, events: logged, caches }));
      web.use(createAttachmentDownloads({ ...authDeps, events: logged, caches }));
      web.use(createRepoAvatars({ config }));
      web.use(createAccountAvatars({ db, config, caches }));
      // The web interface's raw file and archive links (signed in by the session cookie).
      web.use(createCodeDownloads({ db, config, events: logged }, authenticateApi, createDownloads({ config })));
      // The OAuth2 / OpenID Connect provider (its consent page is a page of the web interface, below).
      web.use(createOAuth2Provider({ db, config, events: logged, rootUrl: () => url }, authenticateApi));
      // The web interface (src/web, built into dist/web): its assets, and the HTML shell for its pages.
      web.use(createWebInterface({ db, config, events: logged }, authenticateApi));
      web.use((req, res) => sendError(res, 404, `nothing at ${req.method} ${req.path}`));
      const onError: ErrorRequestHandler = (err, _req, res, _next) => {
        const status = (err as { status?: number; type?: string }).status;
        if (status && status >= 400 && status < 500) {
          const message = (err as { type?: string }).type === 'entity.parse.failed' ? 'request body is not valid JSON' : (err as Error).message;
          return sendError(res, status, message);
        }
        console.error('unexpected error', err);
        sendError(res, 500, 'internal error');
      };
      web.use(onError);

      server = http.createServer(
        expressMessages(web),
        frontDoor({
          web,
          before: inSequence(collapseSlashes, requestLog(logger), cors),
          pages: createDocsRouter(() => url, reportedVersion(config)),
          api: {
            prefix: '/api/v1',
            authenticate: authenticateApi,
            operations: createRestRouter({ schema, config, rootUrl: () => url, viewerOf, contextFor: trustedContextFor, streams: createDownloads({ config }) }),
          },
          onError,
        }),
      );
      const webSocket = attachGraphQLWebSocket(server, graphql, graphqlDeps);
      closeWebSocket = webSocket.close;
      subscriptionFanOut = webSocket.fanOut;
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(config.server.HTTP_PORT, config.server.HTTP_ADDR, () => resolve());
      });
      const port = (server.address() as AddressInfo).port;
      url = configuredRootUrl(config, port);
      web.locals.rootUrl = url;
    },

    /** Graceful: stop accepting, let open requests finish (up to SHUTDOWN_TIMEOUT), then release resources. */
    async stop() {
      if (server) {
        const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
        await closeWebSocket?.();
        // Keep-alive connections become idle as their last response ends; close them as they do.
        const drain = setInterval(() => server?.closeIdleConnections(), 50);
        server.closeIdleConnections();
        const timeout = setTimeout(() => server?.closeAllConnections(), config.server.SHUTDOWN_TIMEOUT * 1000);
        await closed;
        clearInterval(drain);
        clearTimeout(timeout);
        server = undefined;
      }
      await cron?.stop();
      closeAllReaders();
      passwordCache?.close();
      await eventReader?.stop();
      await pushReferences?.stop();
      await notifier?.stop();
      await autoMerger?.stop();
      await pullChecker?.stop();
      await activityWriter?.stop();
      await webhookEvents?.stop();
      await webhookWorker?.stop();
      await mailEvents?.stop();
      await mailWorker?.stop();
      await events?.close();
      await generations?.close();
      log?.flush();
      await database?.close();
    },
  };
  return app;
}
