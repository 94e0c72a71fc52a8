import type BetterSqlite3 from 'better-sqlite3';
import type { PrismaClient as SqliteClient } from '../../prisma/__generated__/sqlite/client.ts';
import { adapterFactory, cacheSqliteStatements } from './adapter.ts';
import type { DatabaseTarget } from './provider.ts';
import { trackedFactory, type Written } from './tracking.ts';
import { outsideWrites, type OutsideWrites } from './outside-writes.ts';

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
  /** The SQL of the last RECENT_STATEMENTS statements, oldest first: tests read what a request ran. */
  recentStatements(): string[];
  /**
   * SQLite: whether another connection (another process on the same file: the CLI, a second instance)
   * committed since the last call. Always false on PostgreSQL, where other writers are heard through Redis or
   * their NOTIFY announcements (src/cache/postgres-generations.ts).
   */
  changedElsewhere(): boolean;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Called after every committed write, before the writer goes on (see tracking.ts). */
  onCommit?(written: Written): void | Promise<void>;
}

/** How many statements recentStatements() keeps. */
const RECENT_STATEMENTS = 50;

/** Opens the target's database with only its provider's client and driver loaded. */
export async function openDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): Promise<Database> {
  let queries = 0;
  const recent: string[] = [];
  // GRAFT_DEBUG_SQL=1 prints every statement: the quickest way to see where a request's queries go.
  const printQueries = process.env.GRAFT_DEBUG_SQL === '1';
  let sqlite: BetterSqlite3.Database | undefined;
  const adapter = trackedFactory(
    await adapterFactory(target),
    {
      onStatement: (sql) => {
        queries++;
        if (recent.push(sql) > RECENT_STATEMENTS) recent.shift();
      },
      onCommit: options.onCommit,
    },
    (driverAdapter) => {
      if (target.provider === 'sqlite') sqlite = cacheSqliteStatements(driverAdapter);
    },
  );
  const clientOptions = { adapter, ...(printQueries ? { log: [{ emit: 'event' as const, level: 'query' as const }] } : {}) };
  const { PrismaClient } =
    target.provider === 'sqlite'
      ? await import('../../prisma/__generated__/sqlite/client.ts')
      : ((await import('../../prisma/__generated__/postgresql/client.ts')) as unknown as typeof import('../../prisma/__generated__/sqlite/client.ts'));
  const db = new PrismaClient(clientOptions as never) as unknown as Db;
  if (printQueries) {
    (db as unknown as { $on(e: 'query', cb: (e: { query: string; params?: string }) => void): void }).$on('query', (event) => console.error(`sql: ${event.query} -- PARAMS ${(event as { params?: string }).params}`));
  }
  let outside: OutsideWrites | undefined;
  return {
    db,
    target,
    queryCount: () => queries,
    recentStatements: () => [...recent],
    changedElsewhere() {
      if (!sqlite?.open) return false;
      outside ??= outsideWrites(sqlite);
      return outside.changed();
    },
    close: () => {
      outside?.close();
      return db.$disconnect();
    },
  };
}
