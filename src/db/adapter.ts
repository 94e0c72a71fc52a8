import type BetterSqlite3 from 'better-sqlite3';
import type { SqlDriverAdapter, SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { DatabaseTarget } from './provider.ts';

/** The driver adapter factory for a target; shared by the client and the migrator. Loads only that driver. */
export async function adapterFactory(target: DatabaseTarget): Promise<SqlDriverAdapterFactory> {
  if (target.provider === 'sqlite') {
    const { PrismaBetterSqlite3 } = await import('@prisma/adapter-better-sqlite3');
    return new PrismaBetterSqlite3({ url: target.url });
  }
  const { PrismaPg } = await import('@prisma/adapter-pg');
  // search_path puts unqualified migration SQL in the schema; the adapter option tells Prisma which one it is.
  // join_collapse_limit=1: PostgreSQL joins in the order Prisma writes the joins (the filtered table first, then
  // the relations its filter names) instead of searching every order. The access condition of a search across
  // repositories joins nine tables: planning them took 11 to 20 ms, running them under one; now about 1.4 ms.
  const settings = ['-c join_collapse_limit=1', ...(target.schema ? [`-c search_path="${target.schema}"`] : [])];
  return new PrismaPg(
    {
      connectionString: target.url,
      max: 10,
      options: settings.join(' '),
    },
    target.schema ? { schema: target.schema } : undefined,
  );
}

/** Statements kept prepared per connection; the least recently added go first beyond this. */
const MAX_PREPARED = 500;

/**
 * Prisma's better-sqlite3 adapter prepares every statement anew for each query (`client.prepare(sql)`,
 * then `bind`, which a prepared statement allows only once). This puts a connection in front of it that
 * prepares each SQL text once and binds the arguments at each run instead; what the adapter sees is
 * otherwise the same. Returns the driver's connection for the reads Graft runs on it directly.
 */
export function cacheSqliteStatements(adapter: SqlDriverAdapter): BetterSqlite3.Database {
  const holder = adapter as unknown as { client: BetterSqlite3.Database };
  const db = holder.client;
  const statements = new Map<string, BetterSqlite3.Statement>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= MAX_PREPARED) statements.delete(statements.keys().next().value!);
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const connection = {
    prepare(sql: string) {
      const statement = prepared(sql);
      return {
        run: () => statement.run(),
        bind: (args: unknown[]) => ({
          reader: statement.reader,
          columns: () => statement.columns(),
          run: () => statement.run(args),
          raw: () => ({ all: () => statement.raw(true).all(args) }),
        }),
      };
    },
    exec: (script: string) => db.exec(script),
    close: () => db.close(),
  };
  holder.client = connection as unknown as BetterSqlite3.Database;
  return db;
}
