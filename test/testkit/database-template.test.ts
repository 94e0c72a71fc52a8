import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { after, it } from 'node:test';
import Database from 'better-sqlite3';
import pg from 'pg';
import { isUpToDate, migrate } from '../../src/db/migrate.ts';
import type { DatabaseTarget } from '../../src/db/provider.ts';
import { createFromTemplate } from './database-template.ts';
import { tempDir } from './git.ts';

const work = tempDir('graft-template-');
const postgresUrl = /^postgres/.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL! : undefined;
const schemas: string[] = [];
after(async () => {
  work.remove();
  if (schemas.length) await withPg((client) => client.query(`DROP SCHEMA IF EXISTS ${schemas.map((s) => `"${s}"`).join(', ')} CASCADE`));
});

function freshTarget(): DatabaseTarget {
  const name = `graft_test_copy_${randomBytes(6).toString('hex')}`;
  if (!postgresUrl) return { provider: 'sqlite', url: `file:${path.join(work.dir, `${name}.db`)}` };
  schemas.push(name);
  return { provider: 'postgresql', url: postgresUrl, schema: name };
}

async function withPg<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Everything the migrations made, as text, with the schema's own name left out, and the migrations recorded. */
async function describeDatabase(target: DatabaseTarget): Promise<{ definitions: string[]; recorded: unknown[] }> {
  const recordedQuery = 'SELECT migration_name, checksum, applied_steps_count FROM _prisma_migrations ORDER BY migration_name';
  if (target.provider === 'sqlite') {
    const db = new Database(target.url.replace(/^file:/, ''), { readonly: true });
    try {
      const definitions = db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY type, name').all().map((row) => JSON.stringify(row));
      return { definitions, recorded: db.prepare(recordedQuery).all() };
    } finally {
      db.close();
    }
  }
  return withPg(async (client) => {
    const schema = target.schema!;
    const catalog = [
      `SELECT table_name, column_name, data_type, column_default, is_nullable, ordinal_position::int FROM information_schema.columns WHERE table_schema = $1`,
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1`,
      `SELECT c.conname, t.relname, pg_get_constraintdef(c.oid) AS def FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace WHERE n.nspname = $1`,
      `SELECT sequence_name, data_type FROM information_schema.sequences WHERE sequence_schema = $1`,
    ];
    const definitions: string[] = [];
    for (const query of catalog) {
      for (const row of (await client.query(query, [schema])).rows) definitions.push(JSON.stringify(row).replaceAll(schema, '<schema>'));
    }
    const recorded = (await client.query(recordedQuery.replace('_prisma_migrations', `"${schema}"._prisma_migrations`))).rows;
    return { definitions: definitions.sort(), recorded };
  });
}

it('makes a database with the same tables, columns, indexes, constraints and record of migrations as the engine makes', async () => {
  const migrated = freshTarget();
  await migrate(migrated);
  const copied = freshTarget();
  await createFromTemplate(copied);
  assert.equal(await isUpToDate(copied), true);
  const expected = await describeDatabase(migrated);
  assert.ok(expected.definitions.length > 20);
  assert.deepEqual(await describeDatabase(copied), expected);
});
