import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from '@prisma/driver-adapter-utils';
import { getDatamodel } from '../../prisma/__generated__/pothos-types.ts';

/** Tables a committed write changed; 'all' when they cannot be named (statements not understood). */
export type Written = ReadonlySet<string> | 'all';

export interface StatementHooks {
  /** Every statement sent to the database (BEGIN included), with its SQL. */
  onStatement?(sql: string): void;
  /**
   * After a write is committed (a statement outside a transaction, or a transaction's commit), before
   * Prisma hands its result back: whatever this waits for happens before the writer can answer anyone.
   */
  onCommit?(written: Written): void | Promise<void>;
}

const READ = /^\s*(SELECT|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|PRAGMA)\b/i;
// INSERT INTO `main`.`User` …, UPDATE "schema"."Repository" …: the last quoted name is the table.
const WRITE = /^\s*(INSERT(?:\s+OR\s+\w+)?\s+INTO|UPDATE|REPLACE\s+INTO|DELETE\s+FROM)\s+(?:[`"]?[\w-]+[`"]?\.)?[`"]?(\w+)[`"]?/i;
// UPDATE … SET `a` = ?, "b" = $2 WHERE …: the columns set.
const SET_COLUMNS = /\sSET\s+(.*?)\s+WHERE\s/is;

/**
 * Columns that no cached read relies on, so that writing only them changes nothing a cache holds: a token's
 * last use, written as requests authenticate (at most once a minute per token), would otherwise evict it.
 */
const UNCACHED_COLUMNS: Record<string, ReadonlySet<string>> = { AccessToken: new Set(['lastUsedAt']) };

let referrers: Map<string, ReadonlySet<string>> | undefined;

/**
 * The tables a delete from `table` may change: itself and, through foreign keys (cascades, set-null),
 * every table referring to it, directly or not. Read from the data model, so new tables are covered.
 */
function deletedWith(table: string): ReadonlySet<string> {
  if (!referrers) {
    const models = getDatamodel().datamodel.models as Record<string, { fields: readonly { kind: string; type: string; relationFromFields?: readonly string[] }[] }>;
    const direct = new Map<string, Set<string>>();
    for (const [name, model] of Object.entries(models)) {
      for (const field of model.fields) {
        if (field.kind === 'object' && field.relationFromFields?.length) {
          if (!direct.has(field.type)) direct.set(field.type, new Set());
          direct.get(field.type)!.add(name);
        }
      }
    }
    referrers = new Map();
    for (const name of Object.keys(models)) {
      const reached = new Set([name]);
      for (const t of reached) for (const r of direct.get(t) ?? []) reached.add(r);
      referrers.set(name, reached);
    }
  }
  return referrers.get(table) ?? new Set([table]);
}

/** What a statement writes: nothing, some tables (a delete's cascades included), or possibly anything. */
export function writtenBy(sql: string): ReadonlySet<string> | 'all' | null {
  if (READ.test(sql)) return null;
  const match = WRITE.exec(sql);
  if (!match) return 'all';
  const [, verb, table] = match;
  if (/^DELETE/i.test(verb)) return deletedWith(table);
  const uncached = UNCACHED_COLUMNS[table];
  if (uncached && /^UPDATE$/i.test(verb)) {
    const columns = SET_COLUMNS.exec(sql)?.[1].split(',').map((part) => part.split('=')[0].trim().replace(/[`"]/g, ''));
    if (columns && columns.every((column) => uncached.has(column))) return null;
  }
  return new Set([table]);
}

function merge(into: Set<string> | 'all', written: ReadonlySet<string> | 'all'): Set<string> | 'all' {
  if (into === 'all' || written === 'all') return 'all';
  for (const table of written) into.add(table);
  return into;
}

class TrackedTransaction implements Transaction {
  private written: Set<string> | 'all' = new Set();
  createSavepoint?: (name: string) => Promise<void>;
  rollbackToSavepoint?: (name: string) => Promise<void>;
  releaseSavepoint?: (name: string) => Promise<void>;
  constructor(
    private readonly inner: Transaction,
    private readonly hooks: StatementHooks,
  ) {
    // Optional in the adapter interface: offered only where the driver offers them.
    if (inner.createSavepoint) this.createSavepoint = (name) => inner.createSavepoint!(name);
    if (inner.rollbackToSavepoint) this.rollbackToSavepoint = (name) => inner.rollbackToSavepoint!(name);
    if (inner.releaseSavepoint) this.releaseSavepoint = (name) => inner.releaseSavepoint!(name);
  }
  get provider() {
    return this.inner.provider;
  }
  get adapterName() {
    return this.inner.adapterName;
  }
  get options() {
    return this.inner.options;
  }
  private note(query: SqlQuery) {
    this.hooks.onStatement?.(query.sql);
    const written = writtenBy(query.sql);
    if (written) this.written = merge(this.written, written);
  }
  queryRaw(query: SqlQuery) {
    this.note(query);
    return this.inner.queryRaw(query);
  }
  executeRaw(query: SqlQuery) {
    this.note(query);
    return this.inner.executeRaw(query);
  }
  async commit() {
    await this.inner.commit();
    if (this.written === 'all' || this.written.size > 0) await this.hooks.onCommit?.(this.written);
  }
  rollback() {
    return this.inner.rollback();
  }
}

class TrackedAdapter implements SqlDriverAdapter {
  getConnectionInfo?: SqlDriverAdapter['getConnectionInfo'];
  constructor(
    private readonly inner: SqlDriverAdapter,
    private readonly hooks: StatementHooks,
  ) {
    if (inner.getConnectionInfo) this.getConnectionInfo = () => inner.getConnectionInfo!();
  }
  get provider() {
    return this.inner.provider;
  }
  get adapterName() {
    return this.inner.adapterName;
  }
  private async run<T>(query: SqlQuery, send: (q: SqlQuery) => Promise<T>): Promise<T> {
    this.hooks.onStatement?.(query.sql);
    const written = writtenBy(query.sql);
    const result = await send(query);
    if (written) await this.hooks.onCommit?.(written);
    return result;
  }
  queryRaw(query: SqlQuery) {
    return this.run(query, (q) => this.inner.queryRaw(q));
  }
  executeRaw(query: SqlQuery) {
    return this.run(query, (q) => this.inner.executeRaw(q));
  }
  async executeScript(script: string) {
    this.hooks.onStatement?.(script);
    await this.inner.executeScript(script);
    await this.hooks.onCommit?.('all');
  }
  async startTransaction(isolationLevel?: Parameters<SqlDriverAdapter['startTransaction']>[0]) {
    this.hooks.onStatement?.('BEGIN');
    return new TrackedTransaction(await this.inner.startTransaction(isolationLevel), this.hooks);
  }
  dispose() {
    return this.inner.dispose();
  }
}

/**
 * A driver adapter factory whose connections report every statement and every committed write: the
 * statement count tests read, and the change counters the caches are checked against (src/cache).
 * `onConnect` sees the driver's own adapter first (the SQLite one gets its statement cache there).
 */
export function trackedFactory(
  factory: SqlDriverAdapterFactory,
  hooks: StatementHooks,
  onConnect?: (adapter: SqlDriverAdapter) => void,
): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    async connect() {
      const adapter = await factory.connect();
      onConnect?.(adapter);
      return new TrackedAdapter(adapter, hooks);
    },
  };
}
