import { mkdirSync } from 'node:fs';
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
 * worker thread that ends with the migration, so a server does not carry it for the rest of its life.
 */
export function migrate(target: DatabaseTarget): Promise<string[]> {
  // From source (under tsx: a shim that loads the .ts) or from the build (dist/, .js).
  const entry = new URL(import.meta.url.endsWith('.ts') ? './migrate-worker.mjs' : './migrate-worker.js', import.meta.url);
  const worker = new Worker(entry, { workerData: target });
  return new Promise((resolve, reject) => {
    let answer: { applied?: string[]; error?: string } | undefined;
    worker.once('message', (message) => (answer = message));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (answer?.applied) resolve(answer.applied);
      else reject(new Error(answer?.error ?? `the migration worker exited with code ${code}`));
    });
  });
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
