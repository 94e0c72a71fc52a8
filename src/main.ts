import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/load.ts';

/** Entry point: `npm start`. */
let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`graft: ${err.message}`);
    process.exit(2);
  }
  throw err;
}
const app = buildApp(config);
try {
  await app.start();
} catch (err) {
  // What the configuration names but cannot be used (the signing key file) stops the start as a bad setting does.
  if (err instanceof ConfigError) {
    console.error(`graft: ${err.message}`);
    process.exit(2);
  }
  throw err;
}
console.log(`graft listening on ${app.url} (database: ${config.database.URL ? config.database.URL.split(':')[0] : 'sqlite'})`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log(`graft: ${signal}, shutting down`);
    await app.stop();
    process.exit(0);
  });
}
