import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import pg from 'pg';
import { isUpToDate, migrate } from '../../src/db/migrate.ts';
import { migrationList } from '../../src/db/migrations.ts';
import type { DatabaseTarget } from '../../src/db/provider.ts';
import { tempDir } from '../testkit/git.ts';

const work = tempDir('graft-migrate-');
const postgresUrl = /^postgres/.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL! : undefined;
const schemas: string[] = [];
after(async () => {
  work.remove();
  if (schemas.length) await sql(`DROP SCHEMA IF EXISTS ${schemas.map((s) => `"${s}"`).join(', ')} CASCADE`);
});

/** A database that does not exist yet, of the provider the suite runs on. */
function freshTarget(): DatabaseTarget {
  const name = `graft_migrate_${randomBytes(6).toString('hex')}`;
  if (!postgresUrl) return { provider: 'sqlite', url: `file:${path.join(work.dir, `${name}.db`)}` };
  schemas.push(name);
  return { provider: 'postgresql', url: postgresUrl, schema: name };
}

/** Runs one statement on the target (or, with none, on the PostgreSQL database itself). */
async function sql(statement: string, target?: DatabaseTarget): Promise<void> {
  if (target?.provider === 'sqlite') {
    const db = new Database(target.url.replace(/^file:/, ''));
    db.exec(statement);
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: postgresUrl, ...(target?.schema ? { options: `-c search_path="${target.schema}"` } : {}) });
  await client.connect();
  await client.query(statement);
  await client.end();
}

/** The worker threads started while `work` runs (the schema engine runs in one), and when each first answered. */
async function watchingWorkers<T>(work: () => Promise<T>): Promise<{ result: T; workers: { answeredAt?: number }[] }> {
  const threads = createRequire(import.meta.url)('node:worker_threads') as typeof import('node:worker_threads');
  const original = threads.Worker;
  const workers: { answeredAt?: number }[] = [];
  threads.Worker = class extends original {
    constructor(...args: ConstructorParameters<typeof original>) {
      super(...args);
      const started: { answeredAt?: number } = {};
      workers.push(started);
      this.once('message', () => (started.answeredAt = performance.now()));
    }
  };
  syncBuiltinESMExports();
  try {
    return { result: await work(), workers };
  } finally {
    threads.Worker = original;
    syncBuiltinESMExports();
  }
}

const allMigrations = migrationList(postgresUrl ? 'postgresql' : 'sqlite').migrationDirectories.map((dir) => dir.path);
const firstMigration = allMigrations[0];

describe('migrations', () => {
  it('are applied by the schema engine, in a worker thread, to a new database', async () => {
    const target = freshTarget();
    const { result, workers } = await watchingWorkers(() => migrate(target));
    assert.deepEqual(result, allMigrations);
    assert.equal(workers.length, 1);
  });

  it('leave a database that has them all, unchanged and finished, to a read: the engine is not started', async () => {
    const target = freshTarget();
    await migrate(target);
    const { result, workers } = await watchingWorkers(() => migrate(target));
    assert.deepEqual(result, []);
    assert.equal(workers.length, 0);
  });

  it('go to the engine when one is missing, failed or changed since it was applied', async () => {
    const target = freshTarget();
    await migrate(target);
    assert.equal(await isUpToDate(target), true);
    const changes = [
      `UPDATE _prisma_migrations SET checksum = 'changed' WHERE migration_name = '${firstMigration}'`,
      `UPDATE _prisma_migrations SET finished_at = NULL WHERE migration_name = '${firstMigration}'`,
      `DELETE FROM _prisma_migrations WHERE migration_name = '${firstMigration}'`,
    ];
    for (const change of changes) {
      await sql('CREATE TABLE kept AS SELECT * FROM _prisma_migrations', target);
      await sql(change, target);
      assert.equal(await isUpToDate(target), false, change);
      await sql('DELETE FROM _prisma_migrations; INSERT INTO _prisma_migrations SELECT * FROM kept; DROP TABLE kept', target);
      assert.equal(await isUpToDate(target), true);
    }
    assert.equal(await isUpToDate(freshTarget()), false, 'a database that does not exist yet');
  });

  it('answer as soon as the engine is done, whatever timers it leaves in its thread', async () => {
    const { workers } = await watchingWorkers(() => migrate(freshTarget()));
    // On PostgreSQL the engine leaves a ten-second lock timeout behind, which kept its thread alive that long.
    assert.ok(performance.now() - workers[0].answeredAt! < 2000);
  });
});
