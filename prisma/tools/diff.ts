/**
 * npm run db:diff -- <name>
 * Writes a new migration for each provider: the SQL that takes the data model as of the last migration
 * (prisma/migrations/datamodel.snapshot.prisma) to the current prisma/schema.prisma, then updates the
 * snapshot. Diffing two data models needs no database introspection, which the WebAssembly engine cannot
 * do on PostgreSQL. The engine still wants a connection: SQLite gets a throw-away file, PostgreSQL a
 * throw-away schema of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { withSchemaEngine } from '../../src/db/schema-engine.ts';
import { datamodelFor, migrationsDir, prismaDir } from '../../src/db/migrations.ts';
import type { DatabaseTarget, Provider } from '../../src/db/provider.ts';

const name = (process.argv[2] ?? '').replace(/[^a-z0-9_]/gi, '_');
if (!name) {
  console.error('usage: npm run db:diff -- <migration_name>');
  process.exit(2);
}
const noFilters = { externalTables: [], externalEnums: [] };
const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
const pgUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : 'postgres://postgres@127.0.0.1:5432/postgres';
const snapshotPath = path.join(prismaDir, 'migrations', 'datamodel.snapshot.prisma');
const snapshot = existsSync(snapshotPath) ? readFileSync(snapshotPath, 'utf8') : undefined;

for (const provider of ['sqlite', 'postgresql'] as Provider[]) {
  const scratch = `graft_diff_${process.pid}`;
  const target: DatabaseTarget =
    provider === 'sqlite'
      ? { provider, url: `file:${path.join(os.tmpdir(), `${scratch}.db`)}` }
      : { provider, url: pgUrl, schema: scratch };
  let admin: pg.Client | undefined;
  if (provider === 'postgresql') {
    admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${scratch}"`);
  }
  try {
    const datamodel = datamodelFor(provider);
    const previous = snapshot?.replace(/provider\s*=\s*"sqlite"/, `provider = "${provider}"`);
    const result = (await withSchemaEngine(target, datamodel, (engine) =>
      engine.diff({
        from: previous ? { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: previous }] } : { tag: 'empty' },
        to: { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: datamodel }] },
        script: true,
        exitCode: null,
        filters: noFilters,
      } as never),
    )) as { stdout: string };
    // search_path selects the schema at run time; the migration must not name one.
    const sql = result.stdout.replace(/-- CreateSchema\nCREATE SCHEMA IF NOT EXISTS "[^"]+";\n*/g, '').trim();
    if (!sql || /^-- This is an empty migration/.test(sql)) {
      console.log(`${provider}: no changes`);
      continue;
    }
    const dir = path.join(migrationsDir(provider), `${stamp}_${name}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'migration.sql'), sql + '\n');
    const lock = path.join(migrationsDir(provider), 'migration_lock.toml');
    if (!existsSync(lock)) writeFileSync(lock, `# Written by prisma/tools/diff.ts\nprovider = "${provider}"\n`);
    console.log(`${provider}: wrote ${path.relative(process.cwd(), dir)}/migration.sql`);
  } finally {
    rmSync(path.join(os.tmpdir(), `${scratch}.db`), { force: true });
    if (admin) {
      await admin.query(`DROP SCHEMA "${scratch}" CASCADE`);
      await admin.end();
    }
  }
}
writeFileSync(snapshotPath, readFileSync(path.join(prismaDir, 'schema.prisma'), 'utf8'));
