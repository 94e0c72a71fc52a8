import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import type { DatabaseTarget } from './provider.ts';

/** The driver adapter factory for a target; shared by the client and the migrator. */
export function adapterFactory(target: DatabaseTarget) {
  if (target.provider === 'sqlite') return new PrismaBetterSqlite3({ url: target.url });
  // search_path puts unqualified migration SQL in the schema; the adapter option tells Prisma which one it is.
  return new PrismaPg(
    {
      connectionString: target.url,
      max: 10,
      ...(target.schema ? { options: `-c search_path="${target.schema}"` } : {}),
    },
    target.schema ? { schema: target.schema } : undefined,
  );
}
