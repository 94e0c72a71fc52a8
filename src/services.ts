import type { Config } from './config/defaults.ts';
import type { Db } from './db/client.ts';
import type { EventBus } from './events/bus.ts';
import type { Viewer } from './auth/viewer.ts';
import type { CacheView } from './cache/cache.ts';
import type { PayloadBuilder } from './domain/webhook/webhook.rules.ts';

/** What every service call gets: storage, settings, the bus, who is asking, and the request's cache view. */
export interface ServiceContext {
  db: Db;
  config: Config;
  events: EventBus;
  viewer: Viewer;
  /** Rows kept between requests (src/cache); absent: every read goes to the database. */
  cache?: CacheView;
  /**
   * Builds a webhook payload now (the app sets it from the facade's converters): a deletion's payload is built
   * before its rows go (src/domain/webhook/snapshots.ts). Absent: deletions are delivered to no hook.
   */
  hookPayloads?: PayloadBuilder;
}
