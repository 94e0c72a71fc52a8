/**
 * What a running PostgreSQL does on its own a minute after a bulk write, done at once before the bench measures:
 * autovacuum's VACUUM ANALYZE (planner statistics, and the visibility map that index-only scans need). Without it
 * the planner takes 100,000 fresh rows for a few hundred and sorts a whole repository's issues for one page.
 * SQLite keeps no statistics unless asked, and a server never asks: nothing to do there.
 */
import type { Db } from '../../src/db/client.ts';
import type { Provider } from '../../src/db/provider.ts';

export async function settleAfterBulkWrite(db: Db, provider: Provider, tables: readonly string[]): Promise<void> {
  if (provider !== 'postgresql') return;
  for (const table of tables) await db.$executeRawUnsafe(`VACUUM (ANALYZE) "${table}"`);
}
