import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { isUpToDate, migrate } from '../../src/db/migrate.ts';
import { migrationList } from '../../src/db/migrations.ts';
import type { DatabaseTarget, Provider } from '../../src/db/provider.ts';
import { fromProjectRoot } from '../../src/paths.ts';

/**
 * Test servers start on a database that already has every migration, copied from a template migrated once
 * (by the schema engine, as any database is), so no server starts the engine: its start finds nothing to
 * apply. The template is named after what makes it (the migrations' files and the engine's version), so a
 * changed or added migration makes a new one, never a stale copy.
 */
function templateKey(provider: Provider): string {
  const hash = createHash('sha256');
  const engine = path.dirname(createRequire(import.meta.url).resolve('@prisma/schema-engine-wasm/schema_engine_bg'));
  hash.update(JSON.parse(readFileSync(path.join(engine, 'package.json'), 'utf8')).version);
  const migrations = migrationList(provider);
  hash.update(migrations.lockfile.content ?? '');
  for (const dir of migrations.migrationDirectories) hash.update(`\0${dir.path}\0${dir.migrationFile.content.value}`);
  return hash.digest('hex').slice(0, 16);
}

/** Creates the target's database (which must not exist yet) with every migration applied. */
export async function createFromTemplate(target: DatabaseTarget): Promise<void> {
  if (target.provider === 'sqlite') await copySqliteTemplate(target.url.replace(/^file:/, ''));
  else if (target.schema) await createPgSchemaFromTemplate(target.url, target.schema);
  else throw new Error('createFromTemplate: a PostgreSQL target needs a schema of its own');
}

let sqliteTemplate: string | undefined;

async function copySqliteTemplate(file: string): Promise<void> {
  sqliteTemplate ??= await sqliteTemplateFile();
  copyFileSync(sqliteTemplate, file);
}

async function sqliteTemplateFile(): Promise<string> {
  const dir = fromProjectRoot('.tmp', 'test-templates');
  const template = path.join(dir, `sqlite-${templateKey('sqlite')}.db`);
  if (existsSync(template)) return template;
  // Made aside and renamed into place: processes racing to make it each rename a complete file.
  const making = path.join(dir, `making-${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(making, { recursive: true });
  try {
    await migrate({ provider: 'sqlite', url: `file:${path.join(making, 'graft.db')}` });
    renameSync(path.join(making, 'graft.db'), template);
  } finally {
    rmSync(making, { recursive: true, force: true });
  }
  return template;
}

const pgTemplates = new Map<string, Promise<string>>();

/**
 * Creates the PostgreSQL schema `schema` with every migration, in one round trip: the migrations' own SQL
 * (what the engine runs), then Prisma's table of applied migrations copied from the template schema.
 */
async function createPgSchemaFromTemplate(url: string, schema: string): Promise<void> {
  let template = pgTemplates.get(url);
  if (!template) pgTemplates.set(url, (template = pgTemplateSchema(url)));
  const from = quoted(await template);
  const to = quoted(schema);
  const script = [
    `CREATE SCHEMA ${to}`,
    `SET LOCAL search_path TO ${to}`,
    ...migrationList('postgresql').migrationDirectories.map((dir) => dir.migrationFile.content.value),
    `CREATE TABLE ${to}._prisma_migrations (LIKE ${from}._prisma_migrations INCLUDING ALL)`,
    `INSERT INTO ${to}._prisma_migrations SELECT * FROM ${from}._prisma_migrations`,
  ].join(';\n');
  await withPgClient(url, (client) => client.query(`BEGIN;\n${script};\nCOMMIT`));
}

/** The template schema for these migrations, migrated by the engine if no process has yet. */
async function pgTemplateSchema(url: string): Promise<string> {
  const schema = `graft_template_${templateKey('postgresql')}`;
  const target: DatabaseTarget = { provider: 'postgresql', url, schema };
  await withPgClient(url, async (client) => {
    // Other test processes wait here for the one making it.
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [schema]);
    try {
      if (!(await isUpToDate(target))) {
        await client.query(`DROP SCHEMA IF EXISTS ${quoted(schema)} CASCADE`);
        await migrate(target);
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [schema]);
    }
  });
  return schema;
}

async function withPgClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
