import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { databaseTarget } from '../../src/db/provider.ts';
import { useServer } from '../testkit/use-server.ts';

/** The settings Graft gives its PostgreSQL connections (src/db/adapter.ts); SQLite has none of them. */
describe('PostgreSQL connection settings', () => {
  const server = useServer();

  it('PostgreSQL joins in the order Prisma writes the joins: join_collapse_limit is 1 on every connection', async (t) => {
    if (databaseTarget(server.app.config).provider !== 'postgresql') return t.skip('the suite runs on SQLite');
    const db = server.app.database.db;
    // Several at once, so that more than one connection of the pool answers.
    const answers = await Promise.all(Array.from({ length: 4 }, () => db.$queryRawUnsafe<{ join_collapse_limit: string }[]>('SHOW join_collapse_limit')));
    assert.deepEqual(answers.map((rows) => rows[0].join_collapse_limit), ['1', '1', '1', '1']);
  });
});
