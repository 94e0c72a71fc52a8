import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type App } from '../../src/app.ts';
import { loadConfig, type ConfigOverrides } from '../../src/config/load.ts';
import { databaseTarget } from '../../src/db/provider.ts';
import { createFromTemplate } from './database-template.ts';

export const ADMIN = { login: 'root', password: 'root-password-1', email: 'root@example.test' };

/**
 * A real Graft on 127.0.0.1 with a random port and its own data: a temporary SQLite file, or, when
 * DATABASE_URL names PostgreSQL, a schema of its own in that database (dropped on stop). Its database starts
 * migrated, from a template (database-template.ts), unless the overrides name the data folder or the database.
 */
export interface TestServer {
  app: App;
  url: string;
  stop(): Promise<void>;
}

export async function startServer(overrides: ConfigOverrides = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'graft-test-'));
  const baseUrl = process.env.DATABASE_URL ?? '';
  let pgSchema: string | undefined;
  let databaseUrl = '';
  if (/^postgres/.test(baseUrl)) {
    pgSchema = `graft_test_${randomBytes(6).toString('hex')}`;
    const url = new URL(baseUrl);
    url.searchParams.set('schema', pgSchema);
    databaseUrl = url.toString();
  }
  const config = loadConfig({
    env: {},
    file: null,
    overrides: {
      ...overrides,
      server: { HTTP_ADDR: '127.0.0.1', HTTP_PORT: 0, DATA_DIR: dataDir, SHUTDOWN_TIMEOUT: 2, ...overrides.server },
      database: { URL: databaseUrl, ...overrides.database },
      security: { PASSWORD_HASH_COST: 1024, ...overrides.security },
      admin: { USERNAME: ADMIN.login, PASSWORD: ADMIN.password, EMAIL: ADMIN.email, ...overrides.admin },
      log: { LEVEL: 'silent' },
    },
  });
  if (!overrides.server?.DATA_DIR && overrides.database?.URL === undefined) await createFromTemplate(databaseTarget(config));
  const app = buildApp(config);
  await app.start();
  return {
    app,
    url: app.url,
    async stop() {
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
      if (pgSchema) {
        const client = new pg.Client({ connectionString: baseUrl });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`);
        await client.end();
      }
    },
  };
}
