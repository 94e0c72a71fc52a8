import { PrismaClient as SqliteClient } from '../../prisma/__generated__/sqlite/client.ts';
import { PrismaClient as PostgresClient } from '../../prisma/__generated__/postgresql/client.ts';
import { adapterFactory } from './adapter.ts';
import type { DatabaseTarget } from './provider.ts';

/**
 * The two generated clients share one data model, so the application is typed against the SQLite
 * client and the PostgreSQL one is used through the same type.
 */
export type Db = SqliteClient;
export type Tx = Omit<Db, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

export interface Database {
  db: Db;
  target: DatabaseTarget;
  /** Number of SQL statements run since start; tests use it to prove batching. */
  queryCount(): number;
  close(): Promise<void>;
}

export function openDatabase(target: DatabaseTarget): Database {
  const adapter = adapterFactory(target);
  const options = { adapter, log: [{ emit: 'event' as const, level: 'query' as const }] };
  const db = (target.provider === 'sqlite'
    ? new SqliteClient(options as never)
    : new PostgresClient(options as never)) as unknown as Db;
  let queries = 0;
  // GRAFT_DEBUG_SQL=1 prints every statement: the quickest way to see where a request's queries go.
  const printQueries = process.env.GRAFT_DEBUG_SQL === '1';
  (db as unknown as { $on(e: 'query', cb: (e: { query: string }) => void): void }).$on('query', (event) => {
    queries++;
    if (printQueries) console.error(`sql: ${event.query}`);
  });
  return {
    db,
    target,
    queryCount: () => queries,
    close: () => db.$disconnect(),
  };
}
