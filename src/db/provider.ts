import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../config/defaults.ts';

export type Provider = 'sqlite' | 'postgresql';

export interface DatabaseTarget {
  provider: Provider;
  /** SQLite: a file: URL. PostgreSQL: the connection string without Graft's own `schema` parameter. */
  url: string;
  /** PostgreSQL schema (search_path) to use; lets several instances share one database. */
  schema?: string;
}

/** Reads DATABASE_URL (database.URL): empty means the embedded SQLite file in the data directory. */
export function databaseTarget(config: Config): DatabaseTarget {
  const url = config.database.URL;
  if (!url) return { provider: 'sqlite', url: `file:${path.join(config.server.DATA_DIR, 'graft.db')}` };
  if (url.startsWith('file:')) return { provider: 'sqlite', url };
  if (/^postgres(ql)?:\/\//.test(url)) {
    const parsed = new URL(url);
    const schema = parsed.searchParams.get('schema') ?? undefined;
    parsed.searchParams.delete('schema');
    return { provider: 'postgresql', url: parsed.toString(), schema };
  }
  throw new Error(`DATABASE_URL must start with file:, postgres:// or postgresql:// (got "${url.split(':')[0]}:")`);
}

/** A short name of a target's database, the same for every instance of one deployment (they share the database). */
export function databaseNamespace(target: DatabaseTarget): string {
  return createHash('sha256').update(`${target.provider}\n${target.url}\n${target.schema ?? ''}`).digest('hex').slice(0, 16);
}
