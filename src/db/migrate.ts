import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { withSchemaEngine } from './schema-engine.ts';
import { datamodelFor, migrationList } from './migrations.ts';
import type { DatabaseTarget } from './provider.ts';

const noFilters = { externalTables: [], externalEnums: [] };

/** Applies every pending migration of the target's provider; returns the names applied. */
export async function migrate(target: DatabaseTarget): Promise<string[]> {
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
