import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getDatamodel } from '../../prisma/__generated__/pothos-types.ts';
import { useServer } from '../testkit/use-server.ts';

interface ModelField {
  name: string;
  kind: string;
  dbName?: string | null;
}

/**
 * The migrations, applied in order, make every column the data model declares. Two changes made side by side can
 * each be right and still lose a column together (SQLite rebuilds a table to change it: the later rebuild, written
 * without the earlier change, drops its column); the server then fails at its first read of that column.
 */
describe('the migrated database', () => {
  const server = useServer();

  it('has every column of every model of the data model', async () => {
    const models = getDatamodel().datamodel.models as Record<string, { dbName?: string | null; fields: readonly ModelField[] }>;
    const missing: string[] = [];
    for (const [name, model] of Object.entries(models)) {
      const columns = model.fields.filter((f) => f.kind === 'scalar' || f.kind === 'enum').map((f) => f.dbName ?? f.name);
      const table = model.dbName ?? name;
      try {
        await server.app.database.db.$queryRawUnsafe(`SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${table}" LIMIT 0`);
      } catch (err) {
        missing.push(`${table}: ${(err as Error).message.split('\n').find((line) => /column|no such/i.test(line)) ?? (err as Error).message}`);
      }
    }
    assert.deepEqual(missing, []);
  });
});
