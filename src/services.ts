import type { Config } from './config/defaults.ts';
import type { Db } from './db/client.ts';
import type { EventBus } from './events/bus.ts';
import type { Viewer } from './auth/viewer.ts';

/** What every service call gets: storage, settings, the bus, and who is asking. */
export interface ServiceContext {
  db: Db;
  config: Config;
  events: EventBus;
  viewer: Viewer;
}
