import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { withSchemaEngine } from './schema-engine.ts';
import { datamodelFor, migrationList } from './migrations.ts';
import type { DatabaseTarget } from './provider.ts';

const noFilters = { externalTables: [], externalEnums: [] };

/**
 * Applies every pending migration of the target's provider; returns the names applied. The schema engine
 * (WebAssembly, tens of MB once instantiated, and never released by the module that holds it) runs in a
 * worker thread that ends with the migration, so a server does not carry it for the rest of its life. A
 * database that already has every migration, unchanged and finished, is only read, and the engine not loaded.
 */
export async function migrate(target: DatabaseTarget): Promise<string[]> {
  if (await isUpToDate(target)) return [];
  // From source (under tsx: a shim that loads the .ts) or from the build (dist/, .js).
  const entry = new URL(import.meta.url.endsWith('.ts') ? './migrate-worker.mjs' : './migrate-worker.js', import.meta.url);
  const worker = new Worker(entry, { workerData: target });
  return new Promise((resolve, reject) => {
    let answer: { applied?: string[]; error?: string } | undefined;
    worker.once('message', (message) => {
      answer = message;
      // The engine leaves timers behind (on PostgreSQL, its lock's ten-second timeout) that would keep the
      // thread alive after its work is done.
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (answer?.applied) resolve(answer.applied);
      else reject(new Error(answer?.error ?? `the migration worker exited with code ${code}`));
    });
  });
}

/** A row of Prisma's own table of applied migrations. */
interface AppliedMigration {
  migration_name: string;
  checksum: string;
  finished_at: unknown;
  rolled_back_at: unknown;
}

/**
 * Whether the database records every migration of the folder as applied, finished and with the checksum of
 * its file as it is now (Prisma's: the SHA-256 of migration.sql), and nothing more. Anything else, the table
 * missing included, is the engine's to apply or to report.
 */
export async function isUpToDate(target: DatabaseTarget): Promise<boolean> {
  const rows = await appliedMigrations(target).catch(() => undefined);
  if (!rows) return false;
  const current = rows.filter((row) => row.rolled_back_at == null);
  const expected = migrationList(target.provider).migrationDirectories;
  if (current.length !== expected.length) return false;
  const checksums = new Map(current.map((row) => [row.migration_name, row.finished_at == null ? undefined : row.checksum]));
  return expected.every(
    (dir) => checksums.get(dir.path) === createHash('sha256').update(dir.migrationFile.content.value).digest('hex'),
  );
}

async function appliedMigrations(target: DatabaseTarget): Promise<AppliedMigration[] | undefined> {
  const query = 'SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations';
  if (target.provider === 'sqlite') {
    const file = target.url.replace(/^file:/, '');
    if (file === ':memory:' || !existsSync(file)) return undefined;
    const { default: Sqlite } = await import('better-sqlite3');
    const db = new Sqlite(file, { readonly: true, fileMustExist: true });
    try {
      return db.prepare(query).all() as AppliedMigration[];
    } finally {
      db.close();
    }
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const table = target.schema ? `"${target.schema.replace(/"/g, '')}"._prisma_migrations` : '_prisma_migrations';
    return (await client.query<AppliedMigration>(query.replace('_prisma_migrations', table))).rows;
  } finally {
    await client.end();
  }
}

/** What the migration worker runs (migrate-worker.ts). */
export async function applyMigrations(target: DatabaseTarget): Promise<string[]> {
  const { default: pg } = await import('pg');
  if (target.provider === 'sqlite') {
    const file = target.url.replace(/^file:/, '');
    if (file !== ':memory:') mkdirSync(path.dirname(fileURLToPath(new URL(`file://${path.resolve(file)}`))), { recursive: true });
  } else if (target.schema) {
    // A named schema must exist before anything can be created in it.
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${target.schema.replace(/"/g, '')}"`);
    } finally {
      await client.end();
    }
  }
  const result = await withSchemaEngine(target, datamodelFor(target.provider), (engine) =>
    engine.applyMigrations({ migrationsList: migrationList(target.provider), filters: noFilters } as never),
  );
  return (result as { appliedMigrationNames: string[] }).appliedMigrationNames;
}
